"""What can happen to a game: player actions and chance actions (dice, spins, time).

Actions are small frozen values so that a game is exactly its list of actions: replaying the list
gives the same game, and undo is just forgetting the tail.

Every action has a one-line text form: `str(action)` writes it and `parse_action` reads it back.
Squares are named a1..h16, pawns red-gk, red-d1..d4, red-m1..m4, red-s1..s2 (same for blue), teams
red and blue. The grammar, one action per line, words separated by spaces:

    roll TEAM FACE              Roll: TEAM's die shows FACE (1..6)        roll red 4
    spin OUTCOME                Spin: goal, corner or goal_kick           spin goal
    PAWN SQUARE                 MovePawn                                  red-s2 c10
    ball SQUARE                 MoveBall                                  ball d12
    dribble SQUARE              Dribble                                   dribble d9
    lift PAWN                   RemovePawn (off the pitch)                lift blue-d3
    press BUTTON                Press: confirm, decline, pause, resume    press confirm
    tick SECONDS                Tick                                      tick 1.5
    foul TEAM REASON [TOKEN SQUARE]
                                MinorFoul by TEAM; TOKEN a pawn or ball   foul red illegal_place red-m1 e7
    PAWN SQUARE ; PAWN SQUARE ...
                                Batch: placements of one board change     red-m2 c13 ; red-s1 e13

>>> parse_action("red-s2 c10")
MovePawn(Pawn("red-s2"), Square("c10"))
>>> str(MovePawn(10, 73))
'red-s2 b10'
>>> [str(parse_action(t)) for t in ("roll blue 6", "spin goal_kick", "tick 0.5", "press confirm")]
['roll blue 6', 'spin goal_kick', 'tick 0.5', 'press confirm']
>>> parse_action("roll red 7")
Traceback (most recent call last):
...
ValueError: 'roll red 7': a die shows 1..6
"""
from __future__ import annotations

from dataclasses import dataclass

from ...notation import Roll as Roll  # the dice and time of both games (controller/notation.py)
from ...notation import Tick as Tick
from ...notation import check_arity, parse_roll, read
from .geometry import Square, name, parse
from .pieces import PAWN_IDS, TEAMS, Pawn, parse_pawn, parse_team

OUTCOMES = ("goal", "corner", "goal_kick")
BUTTONS = ("confirm", "decline", "pause", "resume")


@dataclass(frozen=True, slots=True, repr=False)
class Spin:
    """The outcome of a shot: 'goal', 'corner' or 'goal_kick'."""
    outcome: str

    def __str__(self) -> str:
        return f"spin {self.outcome}"

    def __repr__(self) -> str:
        return f"Spin({self.outcome!r})"


@dataclass(frozen=True, slots=True, repr=False)
class MovePawn:
    """A pawn goes to a square: a move after a roll, a keeper step, or a set-piece placement.

    >>> MovePawn(Pawn("blue-m2"), Square("e9"))
    MovePawn(Pawn("blue-m2"), Square("e9"))
    """
    pawn: int
    to: int

    def __str__(self) -> str:
        return f"{PAWN_IDS[self.pawn]} {name(self.to)}"

    def __repr__(self) -> str:
        return f"MovePawn({Pawn(self.pawn)!r}, {Square(self.to)!r})"


@dataclass(frozen=True, slots=True, repr=False)
class MoveBall:
    """The ball goes to a square: a ball play after a roll, or placing it for a restart."""
    to: int

    def __str__(self) -> str:
        return f"ball {name(self.to)}"

    def __repr__(self) -> str:
        return f"MoveBall({Square(self.to)!r})"


@dataclass(frozen=True, slots=True, repr=False)
class Dribble:
    """The holder moves one square together with the ball (rule 4C, a ball roll of 1)."""
    to: int

    def __str__(self) -> str:
        return f"dribble {name(self.to)}"

    def __repr__(self) -> str:
        return f"Dribble({Square(self.to)!r})"


@dataclass(frozen=True, slots=True, repr=False)
class RemovePawn:
    """A pawn is lifted off the pitch: a sent-off pawn, or the corner kicker stepping off."""
    pawn: int

    def __str__(self) -> str:
        return f"lift {PAWN_IDS[self.pawn]}"

    def __repr__(self) -> str:
        return f"RemovePawn({Pawn(self.pawn)!r})"


@dataclass(frozen=True, slots=True, repr=False)
class Press:
    """A player's button: 'confirm', 'decline', 'pause', 'resume'."""
    button: str

    def __str__(self) -> str:
        return f"press {self.button}"

    def __repr__(self) -> str:
        return f"Press({self.button!r})"


@dataclass(frozen=True, slots=True, repr=False)
class MinorFoul:
    """A minor violation noticed outside the engine (strict_minor_fouls: an illegal placement left on the
    board). pawn and square, when known, name the misplaced token (pawn -1: the ball) and where it stood.

    >>> str(MinorFoul(1, "illegal_place", -1, Square("d4")))
    'foul blue illegal_place ball d4'
    """
    offender: int
    reason: str
    pawn: int = -1
    square: int = -1

    def __str__(self) -> str:
        text = f"foul {TEAMS[self.offender]} {self.reason}"
        if self.square >= 0:
            text += f" {PAWN_IDS[self.pawn] if self.pawn >= 0 else 'ball'} {name(self.square)}"
        return text

    def __repr__(self) -> str:
        token = repr(Pawn(self.pawn)) if self.pawn >= 0 else "-1"
        square = repr(Square(self.square)) if self.square >= 0 else "-1"
        return f"MinorFoul({TEAMS[self.offender].upper()}, {self.reason!r}, {token}, {square})"


@dataclass(frozen=True, slots=True, repr=False)
class Batch:
    """Several pawns put down in one board change (a set-up's or the corner's placements with pawns of one
    colour in hand at once), applied in order, all or none.

    >>> str(parse_action("red-m2 c13 ; red-s1 e13"))
    'red-m2 c13 ; red-s1 e13'
    """
    moves: tuple[MovePawn, ...]

    def __str__(self) -> str:
        return " ; ".join(str(m) for m in self.moves)

    def __repr__(self) -> str:
        return f"Batch({', '.join(repr(m) for m in self.moves)})"


Action = Roll | Spin | MovePawn | MoveBall | Dribble | RemovePawn | Press | Tick | MinorFoul | Batch


def parse_action(text: str) -> Action:
    """The action a line of the notation above stands for; ValueError with the reason otherwise."""
    return read(text, _parse_line, __name__)


def _parse_line(text: str) -> Action:
    parts = [p.split() for p in text.split(";")]
    if len(parts) == 1:
        return _parse(parts[0])
    moves = [_parse(p) for p in parts]
    if not all(isinstance(m, MovePawn) for m in moves):
        raise ValueError("a batch holds pawn moves only")
    return Batch(tuple(m for m in moves if isinstance(m, MovePawn)))


def _parse(words: list[str]) -> Action:
    if not words:
        raise ValueError("empty")
    verb, args = words[0], words[1:]
    check_arity(verb, args, {"roll": 2, "spin": 1, "ball": 1, "dribble": 1, "lift": 1, "press": 1, "tick": 1})
    if verb == "roll":
        return parse_roll(args, parse_team)
    if verb == "spin":
        if args[0] not in OUTCOMES:
            raise ValueError(f"a spin is one of {', '.join(OUTCOMES)}")
        return Spin(args[0])
    if verb == "ball":
        return MoveBall(parse(args[0]))
    if verb == "dribble":
        return Dribble(parse(args[0]))
    if verb == "lift":
        return RemovePawn(parse_pawn(args[0]))
    if verb == "press":
        if args[0] not in BUTTONS:
            raise ValueError(f"a button is one of {', '.join(BUTTONS)}")
        return Press(args[0])
    if verb == "tick":
        return Tick(float(args[0]))
    if verb == "foul":
        if len(args) not in (2, 4):
            raise ValueError("foul takes a team, a reason and optionally a token and its square")
        if len(args) == 2:
            return MinorFoul(parse_team(args[0]), args[1])
        pawn = -1 if args[2] == "ball" else parse_pawn(args[2])
        return MinorFoul(parse_team(args[0]), args[1], pawn, parse(args[3]))
    if len(words) == 2:
        return MovePawn(parse_pawn(verb), parse(args[0]))
    raise ValueError("not an action (see controller.games.stw.actions)")

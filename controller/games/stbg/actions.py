"""What can happen in a game of Soccer The Board Game: player actions and chance actions.

Actions are small frozen values, so a game is exactly its list of actions. Each has a one-line text
form: `str(action)` writes it, `parse_action` reads it back. Pawns are red-p1..red-p6, blue-p1..blue-p6.

    roll TEAM FACE              Roll: TEAM's die shows FACE (1..6)             roll red 4
    card KIND                   Card: the referee card drawn (red, yellow, blank)   card yellow
    PAWN SQUARE                 Step: a pawn moves (its holder carries the ball)    red-p2 c10
    ball SQUARE                 Kick: the holder kicks the ball (or it is placed)   ball d12
    done TEAM                   Done: the team ends its turn or its set-up          done red
    star TEAM KIND              Star: a star card instead of a roll                 star blue pass
    substitution PAWN           Substitution: a yellow card discarded               substitution red-p3
    leave PAWN                  Leave: a sent-off pawn lifted off the board         leave blue-p4
    hand TEAM KIND...           Hand: a team's six star cards declared              hand red pass pass shoot ...
    tick SECONDS                Tick: time passes                                   tick 1.5
    ACTION ; ACTION ...         Batch: several moves read from one board change     red-p2 c9 ; ball c12

>>> parse_action("red-p2 c10")
Step(Pawn("red-p2"), Square("c10"))
>>> [str(parse_action(t)) for t in ("roll blue 6", "card yellow", "star red steal", "done blue", "tick 0.5")]
['roll blue 6', 'card yellow', 'star red steal', 'done blue', 'tick 0.5']
>>> str(parse_action("red-p2 d9 ; ball d12"))
'red-p2 d9 ; ball d12'
>>> parse_action("roll red 7")
Traceback (most recent call last):
...
ValueError: 'roll red 7': a die shows 1..6
"""
from __future__ import annotations

from dataclasses import dataclass

from controller.notation import Roll as Roll  # the dice and time of both games
from controller.notation import Tick as Tick
from controller.notation import check_arity, parse_roll, read
from hal.board import TEAMS

from .board import KINDS, PAWN_IDS, REFEREE_CARDS, name, parse, parse_pawn, parse_team


@dataclass(frozen=True, slots=True, repr=False)
class Card:
    """The referee card drawn after a fault: 'red', 'yellow' or 'blank' (a chance action)."""
    kind: str

    def __str__(self) -> str:
        return f"card {self.kind}"

    def __repr__(self) -> str:
        return f"Card({self.kind!r})"


@dataclass(frozen=True, slots=True, repr=False)
class Step:
    """A pawn goes to a square: a move in a turn (a holder takes the ball along) or a set-up placement."""
    pawn: int
    to: int

    def __str__(self) -> str:
        return f"{PAWN_IDS[self.pawn]} {name(self.to)}"

    def __repr__(self) -> str:
        return f'Step(Pawn("{PAWN_IDS[self.pawn]}"), Square("{name(self.to)}"))'


@dataclass(frozen=True, slots=True, repr=False)
class Kick:
    """The ball goes to a square: a kick, a star card's pass or shot, or placing it at a set-up."""
    to: int

    def __str__(self) -> str:
        return f"ball {name(self.to)}"

    def __repr__(self) -> str:
        return f'Kick(Square("{name(self.to)}"))'


@dataclass(frozen=True, slots=True, repr=False)
class Done:
    """A team's `done` button: the end of its turn or of its set-up."""
    team: int

    def __str__(self) -> str:
        return f"done {TEAMS[self.team]}"

    def __repr__(self) -> str:
        return f"Done({TEAMS[self.team].upper()})"


@dataclass(frozen=True, slots=True, repr=False)
class Star:
    """A star card played instead of the turn's roll: 'pass', 'shoot' or 'steal'."""
    team: int
    kind: str

    def __str__(self) -> str:
        return f"star {TEAMS[self.team]} {self.kind}"

    def __repr__(self) -> str:
        return f"Star({TEAMS[self.team].upper()}, {self.kind!r})"


@dataclass(frozen=True, slots=True, repr=False)
class Substitution:
    """A booked pawn's yellow card discarded; its team's next ordinary turn is skipped."""
    pawn: int

    def __str__(self) -> str:
        return f"substitution {PAWN_IDS[self.pawn]}"

    def __repr__(self) -> str:
        return f'Substitution(Pawn("{PAWN_IDS[self.pawn]}"))'


@dataclass(frozen=True, slots=True, repr=False)
class Leave:
    """A sent-off pawn lifted off the board."""
    pawn: int

    def __str__(self) -> str:
        return f"leave {PAWN_IDS[self.pawn]}"

    def __repr__(self) -> str:
        return f'Leave(Pawn("{PAWN_IDS[self.pawn]}"))'


@dataclass(frozen=True, slots=True, repr=False)
class Hand:
    """A team's hand of star cards, declared before the first kick-off."""
    team: int
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return " ".join(("hand", TEAMS[self.team], *self.cards))

    def __repr__(self) -> str:
        return f"Hand({TEAMS[self.team].upper()}, {self.cards!r})"


@dataclass(frozen=True, slots=True, repr=False)
class Batch:
    """Several moves made in one board change (a split turn read from the sensors), applied in order,
    all or none."""
    actions: tuple[Step | Kick, ...]

    def __str__(self) -> str:
        return " ; ".join(str(a) for a in self.actions)

    def __repr__(self) -> str:
        return f"Batch({', '.join(repr(a) for a in self.actions)})"


Action = Roll | Card | Step | Kick | Done | Star | Substitution | Leave | Hand | Tick | Batch


def parse_action(text: str) -> Action:
    """The action a line of the notation above stands for; ValueError with the reason otherwise."""
    return read(text, _parse_line, __name__)


def _parse_line(text: str) -> Action:
    parts = [p.split() for p in text.split(";")]
    if len(parts) == 1:
        return _parse(parts[0])
    moves = [_parse(p) for p in parts]
    if not all(isinstance(m, (Step, Kick)) for m in moves):
        raise ValueError("a batch holds pawn and ball moves only")
    return Batch(tuple(m for m in moves if isinstance(m, (Step, Kick))))


def _parse(words: list[str]) -> Action:
    if not words:
        raise ValueError("empty")
    verb, args = words[0], words[1:]
    check_arity(verb, args, {"roll": 2, "card": 1, "ball": 1, "done": 1, "star": 2, "substitution": 1, "leave": 1,
                             "tick": 1})
    if verb == "roll":
        return parse_roll(args, parse_team)
    if verb == "card":
        if args[0] not in REFEREE_CARDS:
            raise ValueError(f"a referee card is one of {', '.join(REFEREE_CARDS)}")
        return Card(args[0])
    if verb == "ball":
        return Kick(parse(args[0]))
    if verb == "done":
        return Done(parse_team(args[0]))
    if verb == "star":
        if args[1] not in KINDS:
            raise ValueError(f"a star card is one of {', '.join(KINDS)}")
        return Star(parse_team(args[0]), args[1])
    if verb == "substitution":
        return Substitution(parse_pawn(args[0]))
    if verb == "leave":
        return Leave(parse_pawn(args[0]))
    if verb == "hand":
        if not args or any(k not in KINDS for k in args[1:]):
            raise ValueError(f"a hand is a team and star cards ({', '.join(KINDS)})")
        return Hand(parse_team(args[0]), tuple(args[1:]))
    if verb == "tick":
        return Tick(float(args[0]))
    if len(words) == 2:
        return Step(parse_pawn(verb), parse(args[0]))
    raise ValueError("not an action (see controller.games.stbg.actions)")

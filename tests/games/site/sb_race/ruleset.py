"""Race to the far rank's rules: red rolls first, then moves its token up file a by the roll (lifting it and
putting it down on the square the roll allows); then blue rolls and moves down file b. A token stops at the
far rank, and the first to reach it wins. `undo` takes back the last roll or move."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from controller.scenario import ClockLine, GameLine, RollLine, Setup, Signal
from controller.seam import Fix, Illegal, Reading, Result
from hal.board import N_SQUARES, TEAM_BIT, square_name

TEAMS = ("red", "blue")
FILE = (0, 1)                     # red runs up file a, blue down file b
START, GOAL = (1, 16), (16, 1)    # each token's first and far rank


def square(team: int, rank: int) -> int:
    return (rank - 1) * 8 + FILE[team]


@dataclass(frozen=True)
class Roll:
    team: int
    value: int


@dataclass(frozen=True)
class Step:
    team: int
    rank: int


@dataclass(frozen=True)
class Wait:
    seconds: float


@dataclass(frozen=True)
class Position:
    ranks: tuple[int, int] = START
    turn: int = 0
    roll: int | None = None
    winner: int | None = None


@dataclass(frozen=True)
class Cheer:
    """A supporter's cheer: a line of this game's own (GameInfo.lines), changing nothing."""
    team: int
    words: str


@dataclass
class RaceGame:
    now: Position = field(default_factory=Position)
    past: list[Position] = field(default_factory=list)
    banner: str = ""                # the set-up key of this game's own (GameInfo.setup_keys)

    def target(self) -> int:
        """The rank the token to move may go to on the roll."""
        p = self.now
        assert p.roll is not None
        rank = p.ranks[p.turn]
        return min(16, rank + p.roll) if p.turn == 0 else max(1, rank - p.roll)

    def apply(self, action: Any) -> list[dict[str, Any]]:
        p = self.now
        if isinstance(action, Wait):
            return []
        if isinstance(action, Cheer):
            return [{"event": "cheered", "team": TEAMS[action.team], "words": action.words}]
        if p.winner is not None:
            raise Illegal("not_expected", "the race is over")
        if not isinstance(action, Roll | Step):
            raise Illegal("bad_input", f"{action!r} is no action of this game")
        if action.team != p.turn:
            raise Illegal("not_your_turn", f"it is {TEAMS[p.turn]}'s turn")
        if isinstance(action, Roll):
            if p.roll is not None:
                raise Illegal("not_expected", f"{TEAMS[p.turn]} moves its token first")
            self.past.append(p)
            self.now = replace(p, roll=action.value)
            return [{"event": "rolled", "team": TEAMS[p.turn], "value": action.value}]
        if p.roll is None or action.rank != self.target():
            raise Illegal("wrong_square", f"{TEAMS[p.turn]} rolls first" if p.roll is None else
                          f"on a roll of {p.roll} the token goes to {square_name(square(p.turn, self.target()))}")
        ranks = (action.rank, p.ranks[1]) if p.turn == 0 else (p.ranks[0], action.rank)
        self.past.append(p)
        events: list[dict[str, Any]] = [{"event": "advanced", "team": TEAMS[p.turn],
                                         "to": square_name(square(p.turn, action.rank))}]
        if action.rank == GOAL[p.turn]:
            self.now = Position(ranks, p.turn, None, p.turn)
            events.append({"event": "full_time", "winner": TEAMS[p.turn]})
        else:
            self.now = Position(ranks, 1 - p.turn)
        return events

    def undo(self) -> object:
        if not self.past:
            raise Illegal("nothing_to_undo", "nothing to take back")
        self.now = self.past.pop()
        return self.now

    def take_back(self) -> object:
        return self.undo()

    def expects(self) -> dict[str, Any]:
        p = self.now
        if p.winner is not None:
            return {"input": "none", "team": None}
        return {"input": "roll" if p.roll is None else "move", "team": TEAMS[p.turn]}

    def legal_actions(self) -> list[Step]:
        p = self.now
        return [] if p.winner is not None or p.roll is None else [Step(p.turn, self.target())]

    def chance_outcomes(self) -> list[tuple[Roll, float]]:
        """Each face of the die of the team to roll; none while a token is to move or once the race is won."""
        p = self.now
        return [] if p.winner is not None or p.roll is not None else [(Roll(p.turn, v), 1 / 6) for v in range(1, 7)]

    def is_terminal(self) -> bool:
        return self.now.winner is not None

    def result(self) -> Result:
        """The score is the ranks each token has run."""
        p = self.now
        return Result(p.winner is not None, None if p.winner is None else TEAMS[p.winner],
                      (p.ranks[0] - START[0], START[1] - p.ranks[1]))

    def events_of_setup(self) -> list[dict[str, Any]]:
        return []

    # the sensed board's questions: one token a team
    def pawn_square(self, pawn: int) -> int:
        return square(pawn, self.now.ranks[pawn])

    def team_of(self, pawn: int) -> int:
        return pawn

    def team_pawns(self, team: int) -> range:
        return range(team, team + 1)

    def pawn_name(self, pawn: int) -> str:
        return f"{TEAMS[pawn]}-runner"

    def pawn_on(self, team: int, square_: int) -> int:
        return team if self.pawn_square(team) == square_ else -1

    def interchangeable(self, pawn: int) -> bool:
        return True

    def restart_fixes(self) -> list[Fix]:
        return []                   # no restarts to set up


class Race:
    """The ruleset, with the sensed-board capability: where the tokens should be, and what a difference means."""
    name = "race"

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = dict(options or {})

    def prepare(self) -> None:
        """Nothing to build."""

    def new_game(self, setup: Setup) -> RaceGame:
        unknown = sorted(set({**self.options, **(setup.options or {})}))
        if unknown:
            raise ValueError(f"options.{unknown[0]}: this game has no options")
        if setup.pawns is not None or setup.ball is not None:
            raise ValueError("the race always starts from a1 and b16")
        banner = setup.game.get("banner", "")
        if not isinstance(banner, str):
            raise ValueError("setup line, banner: a text")
        return RaceGame(banner=banner)

    def action_for(self, line: Signal) -> Roll | Wait:
        if isinstance(line, RollLine):
            return Roll(TEAMS.index(line.die), line.value)
        if isinstance(line, ClockLine):
            return Wait(line.advance)
        if isinstance(line, GameLine) and line.type == "cheer":
            team, words = line.fields.get("team"), line.fields.get("words")
            if team not in TEAMS or not isinstance(words, str) or set(line.fields) != {"type", "team", "words"}:
                raise Illegal("bad_input", "a cheer line has a team (red or blue) and its words")
            return Cheer(TEAMS.index(team), words)
        raise Illegal("not_expected", f"{line.type} lines mean nothing in this game")

    def due_in(self, snapshot: dict[str, Any]) -> float | None:
        """No clock in this game: time never decides anything."""
        return None

    def expected_occupancy(self, game: Any) -> bytearray:
        assert isinstance(game, RaceGame)
        board = bytearray(N_SQUARES)
        for team in (0, 1):
            board[square(team, game.now.ranks[team])] |= TEAM_BIT[team]
        return board

    def read_difference(self, game: Any, missing: list[tuple[int, str]], extra: list[tuple[int, str]],
                        final: bool = False) -> Reading:
        assert isinstance(game, RaceGame)
        if not missing and not extra:
            return Reading("exact")                     # lifted and put back: nothing happened
        p = game.now
        mover = TEAMS[p.turn]
        if p.winner is not None:
            return Reading("wrong", error=Illegal("not_expected", "the race is over"))
        if any(token != mover for _, token in missing + extra):
            return Reading("wrong", error=Illegal("not_your_turn", f"only the {mover} token moves now"))
        if p.roll is None:
            return Reading("wrong", error=Illegal("roll_first", f"{mover} rolls first"))
        start, goal = square(p.turn, p.ranks[p.turn]), square(p.turn, game.target())
        if missing == [(start, mover)] and not extra:
            return Reading("pending")                   # the token is in a hand
        if missing == [(start, mover)] and extra == [(goal, mover)]:
            return Reading("exact", Step(p.turn, game.target()))
        return Reading("wrong", error=Illegal("wrong_square", f"on a roll of {p.roll} the {mover} token goes from "
                                              f"{square_name(start)} to {square_name(goal)}"))

    def snapshot(self, game: Any) -> dict[str, Any]:
        assert isinstance(game, RaceGame)
        p = game.now
        return {"ruleset": self.name, "phase": "won" if p.winner is not None else
                "rolling" if p.roll is None else "moving",
                "turn": None if p.winner is not None else TEAMS[p.turn], "roll": p.roll,
                "tokens": {TEAMS[t]: square_name(square(t, p.ranks[t])) for t in (0, 1)},
                "winner": None if p.winner is None else TEAMS[p.winner], "expects": game.expects(),
                "banner": game.banner}

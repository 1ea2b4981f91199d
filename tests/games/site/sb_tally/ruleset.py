"""Tally to twelve's rules: red rolls first (or the set-up's `kickoff` team), the teams alternate, a roll adds
to the roller's total, the first total to reach the target (12, option `target`) wins. `undo` takes back the
last roll. No token is ever on the board. Each coach may enter its team's rolls from a phone (TeamLines), and
sees its own rolls listed in its team's view."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from controller.scenario import ClockLine, RollLine, Setup, Signal
from controller.seam import Illegal, Result

TEAMS = ("red", "blue")
FACES = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True)
class Roll:
    team: int
    value: int


@dataclass(frozen=True)
class Wait:
    """Time passing: nothing in this game depends on it."""
    seconds: float


@dataclass
class TallyGame:
    target: int
    turn: int = 0
    totals: list[int] = field(default_factory=lambda: [0, 0])
    rolls: list[Roll] = field(default_factory=list)
    winner: int | None = None

    def apply(self, action: Any) -> list[dict[str, Any]]:
        if isinstance(action, Wait):
            return []
        if not isinstance(action, Roll):
            raise Illegal("bad_input", f"{action!r} is no action of this game")
        if self.winner is not None:
            raise Illegal("not_expected", "the match is over")
        if action.team != self.turn:
            raise Illegal("not_your_turn", f"it is {TEAMS[self.turn]}'s roll")
        self.rolls.append(action)
        self.totals[action.team] += action.value
        events: list[dict[str, Any]] = [{"event": "tallied", "team": TEAMS[action.team], "value": action.value,
                                         "total": self.totals[action.team]}]
        if self.totals[action.team] >= self.target:
            self.winner = action.team
            events.append({"event": "full_time", "winner": TEAMS[action.team], "totals": self.score()})
        else:
            self.turn = 1 - self.turn
        return events

    def undo(self) -> object:
        if not self.rolls:
            raise Illegal("nothing_to_undo", "no roll to take back")
        last = self.rolls.pop()
        self.totals[last.team] -= last.value
        self.turn, self.winner = last.team, None
        return last

    def take_back(self) -> object:
        return self.undo()

    def score(self) -> dict[str, int]:
        return {TEAMS[t]: self.totals[t] for t in (0, 1)}

    def expects(self) -> dict[str, Any]:
        if self.winner is not None:
            return {"input": "none", "team": None}
        return {"input": "roll", "team": TEAMS[self.turn]}

    def legal_actions(self) -> list[Roll]:
        return []                   # a roll is chance, not a choice: no player action is ever listed

    def chance_outcomes(self) -> list[tuple[Roll, float]]:
        """Each face of the roller's die, while the match goes on."""
        return [] if self.winner is not None else [(Roll(self.turn, v), 1 / len(FACES)) for v in FACES]

    def is_terminal(self) -> bool:
        return self.winner is not None

    def result(self) -> Result:
        return Result(self.winner is not None, None if self.winner is None else TEAMS[self.winner],
                      (self.totals[0], self.totals[1]))

    def events_of_setup(self) -> list[dict[str, Any]]:
        return [{"event": "tally_started", "first": TEAMS[self.turn], "target": self.target}]


class Tally:
    """The ruleset: no board, so no expected occupancy and no reading of board differences."""
    name = "tally"

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = dict(options or {})

    def prepare(self) -> None:
        """Nothing to build."""

    def new_game(self, setup: Setup) -> TallyGame:
        options = {**self.options, **(setup.options or {})}
        unknown = set(options) - {"target"}
        if unknown:
            raise ValueError(f"options.{sorted(unknown)[0]}: not an option of this game (allowed: target)")
        target = options.get("target", 12)
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise ValueError(f"options.target: a whole number of at least 1, not {target!r}")
        if setup.pawns is not None or setup.ball is not None:
            raise ValueError("this game has no tokens on the board")
        return TallyGame(target, turn=TEAMS.index(setup.kickoff) if setup.kickoff else 0)

    def action_for(self, line: Signal) -> Roll | Wait:
        if isinstance(line, RollLine):
            return Roll(TEAMS.index(line.die), line.value)
        if isinstance(line, ClockLine):
            return Wait(line.advance)
        raise Illegal("not_expected", f"{line.type} lines mean nothing in this game")

    def team_of(self, line: Signal) -> str | None:
        """A coach enters its own team's die rolls (TeamLines); nothing else comes from a phone."""
        if isinstance(line, RollLine):
            return line.die
        raise Illegal("not_a_coach_line", f"{line.type} lines are not entered by a coach in this game")

    def team_view(self, game: Any, team: str) -> dict[str, Any]:
        """The snapshot and, for the team alone, its own rolls so far (what a game hides from the other team)."""
        assert isinstance(game, TallyGame)
        side = TEAMS.index(team)
        return {**self.snapshot(game), "team": team,
                "private": {"rolls": [r.value for r in game.rolls if r.team == side]}}

    def due_in(self, snapshot: dict[str, Any]) -> float | None:
        """No clock in this game: time never decides anything."""
        return None

    def snapshot(self, game: Any) -> dict[str, Any]:
        assert isinstance(game, TallyGame)
        return {"ruleset": self.name, "phase": "won" if game.winner is not None else "rolling",
                "turn": None if game.winner is not None else TEAMS[game.turn], "totals": game.score(),
                "target": game.target, "winner": None if game.winner is None else TEAMS[game.winner],
                "expects": game.expects()}

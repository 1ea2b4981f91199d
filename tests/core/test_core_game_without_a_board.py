"""A game with no sensed board goes through the core on what every game has (controller/seam.py GameState): its
rolls, buttons and time reach the game through its ruleset's `action_for`, its events come out, the referee's
undo takes its last action back, and lift, place and move lines are refused, since it has no board to sense.
The game is written here, a few lines of rules (first to roll a total of 10), so nothing of a grid game is
needed for it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from controller.core import Core
from controller.leds import planner_for
from controller.scenario import ClockLine, PressLine, RollLine, Setup, Signal
from controller.seam import GameState, Illegal, Result, Ruleset, SensedGrid
from tests.core.core_helpers import feed

TEAMS = ("red", "blue")
TARGET = 10


@dataclass
class FirstToTen:
    """The teams roll in turn, red first; each roll adds to the team's total; the first to reach 10 wins."""
    totals: list[int] = field(default_factory=lambda: [0, 0])
    turn: int = 0
    winner: int = -1
    history: list[tuple[list[int], int, int]] = field(default_factory=list)

    def expects(self) -> dict[str, Any]:
        if self.winner >= 0:
            return {"input": "none", "team": None}
        return {"input": "roll", "team": TEAMS[self.turn]}

    def apply(self, action: Any) -> list[dict[str, Any]]:
        kind, *args = action
        if kind == "tick":
            return []                           # no clock in this game: time decides nothing
        if self.winner >= 0:
            raise Illegal("game_over", "the match is over")
        if kind != "roll":
            raise Illegal("not_expected", f"{kind} means nothing in this game")
        team, value = args
        if team != self.turn:
            raise Illegal("not_your_turn", f"{TEAMS[self.turn]} rolls")
        self.history.append((self.totals[:], self.turn, self.winner))
        self.totals[team] += value
        events = [{"event": "rolled", "team": TEAMS[team], "value": value, "total": self.totals[team]}]
        if self.totals[team] >= TARGET:
            self.winner = team
            events.append({"event": "full_time", "winner": TEAMS[team]})
        self.turn = 1 - team
        return events

    def undo(self) -> object:
        if not self.history:
            raise Illegal("nothing_to_undo", "no action to take back")
        self.totals, self.turn, self.winner = self.history.pop()
        return self

    def take_back(self) -> object:
        return self.undo()                      # a mistyped roll may be taken back in this game

    def legal_actions(self) -> list[object]:
        return []                               # only chance actions here

    def chance_outcomes(self) -> list[tuple[object, float]]:
        return [] if self.is_terminal() else [(("roll", self.turn, v), 1 / 6) for v in range(1, 7)]

    def is_terminal(self) -> bool:
        return self.winner >= 0

    def result(self) -> Result:
        final = self.is_terminal()
        return Result(final, TEAMS[self.winner] if final else None, (self.totals[0], self.totals[1]))

    def events_of_setup(self) -> list[dict[str, Any]]:
        return [{"event": "kick_off", "team": "red"}]


class FirstToTenRules:
    name = "first_to_ten"

    def prepare(self) -> None:
        """Nothing to build."""

    def new_game(self, setup: Setup) -> GameState:
        return FirstToTen()

    def action_for(self, line: Signal) -> Any:
        if isinstance(line, RollLine):
            return ("roll", TEAMS.index(line.die), line.value)
        if isinstance(line, ClockLine):
            return ("tick", line.advance)
        if isinstance(line, PressLine):
            return ("press", line.button)
        raise Illegal("bad_input", f"{line.type} lines mean nothing in this game")

    def snapshot(self, game: GameState) -> dict[str, Any]:
        assert isinstance(game, FirstToTen)
        return {"ruleset": self.name, "totals": list(game.totals), "expects": game.expects()}

    def due_in(self, snapshot: dict[str, Any]) -> float | None:
        return None


def _core() -> Core:
    core = Core(FirstToTenRules())
    out = feed(core, type="setup")
    assert out.verdict == {"ok": True} and out.events == [{"event": "kick_off", "team": "red"}]
    return core


def test_the_test_game_meets_the_game_neutral_protocol_and_has_no_sensed_board():
    rules = FirstToTenRules()
    assert isinstance(rules, Ruleset) and not isinstance(rules, SensedGrid)
    assert isinstance(FirstToTen(), GameState)


def test_rolls_go_through_to_the_game_and_its_events_come_out():
    core = _core()
    out = feed(core, type="roll", die="red", value=6)
    assert out.verdict == {"ok": True}
    assert out.events == [{"event": "rolled", "team": "red", "value": 6, "total": 6}]
    assert feed(core, type="roll", die="blue", value=3).events[0]["total"] == 3
    out = feed(core, type="roll", die="red", value=4)
    assert out.events[-1] == {"event": "full_time", "winner": "red"}
    assert core.game is not None and core.game.result() == Result(True, "red", (10, 3))
    assert core.dice == {"red": 4, "blue": 3}


def test_the_games_refusals_come_back_as_verdicts_with_the_game_unchanged():
    core = _core()
    out = feed(core, type="roll", die="blue", value=2)
    assert out.verdict == {"ok": False, "reason": "not_your_turn", "detail": "red rolls"}
    out = feed(core, type="press", button="confirm")
    assert out.verdict["reason"] == "not_expected"
    assert core.snapshot() == {"ruleset": "first_to_ten", "totals": [0, 0],
                               "expects": {"input": "roll", "team": "red"},
                               "board": {"consistent": True, "mismatch": None, "question": None},
                               "dice": {"red": None, "blue": None}}


def test_time_goes_to_the_game_and_nothing_falls_due():
    core = _core()
    feed(core, type="roll", die="red", value=1)
    out = core.feed(ClockLine(type="clock", advance=90.0))
    assert out.verdict == {"ok": True} and out.events == []
    assert core.due_in() is None


def test_lift_place_and_move_lines_are_refused_as_the_game_has_no_sensed_board():
    core = _core()
    for line in ({"type": "lift", "square": "a1", "token": "red"},
                 {"type": "place", "square": "c3", "token": "ball"},
                 {"type": "move", "from_": "a1", "to": "a2", "token": "blue"}):
        out = feed(core, **line)
        assert out.verdict["ok"] is False and out.verdict["reason"] == "bad_input"
        assert "first_to_ten has no sensed board" in out.verdict["detail"], out.verdict
        assert out.events == [] and out.settled == []
    assert core.board == bytearray(len(core.board)) and core.mismatch is None and core.pending is None
    assert feed(core, type="roll", die="red", value=2).verdict == {"ok": True}     # play goes on


def test_the_board_part_says_consistent_and_there_is_nothing_to_show_or_light():
    core = _core()
    core.set_board(b"\x01" * len(core.board))          # a resync of a board this game does not have: ignored
    snap = core.snapshot()
    assert snap is not None and snap["board"] == {"consistent": True, "mismatch": None, "question": None}
    view = core.board_view()
    assert (view.lifted, view.extra, view.missing, view.ambiguous, view.mismatch) == ((), (), (), 0, False)
    assert core.expected_occupancy() == bytearray(len(core.board))
    assert planner_for(core.ruleset) is None


def test_the_referees_undo_takes_the_last_roll_back():
    core = _core()
    feed(core, type="roll", die="red", value=5)
    feed(core, type="roll", die="blue", value=6)
    out = feed(core, type="press", button="undo")
    assert out.verdict == {"ok": True} and out.events == [{"event": "undone"}]
    assert core.game is not None and core.game.expects() == {"input": "roll", "team": "blue"}
    assert core.game.result().score == (5, 0)
    assert feed(core, type="roll", die="blue", value=1).events[0]["total"] == 1


def test_the_game_neutral_protocol_lists_the_chance_outcomes():
    game = FirstToTen()
    assert [p for _, p in game.chance_outcomes()] == [1 / 6] * 6
    assert game.legal_actions() == [] and not game.is_terminal()

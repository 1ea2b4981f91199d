"""The sensed-grid capability is all the core needs to referee a game on the board: a game written here, one red
token racing along rank 1 by a die's roll (a1 to h1), is played through the core with lift and place lines,
its ruleset reading each board difference. It has no LED layers, so its LEDs are not planned."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from controller.core import Core
from controller.leds import planner_for
from controller.scenario import ClockLine, RollLine, Setup, Signal
from controller.seam import (
    Fix,
    GameState,
    GridGame,
    Illegal,
    LedLayers,
    LitGrid,
    Reading,
    Result,
    SensedGrid,
)
from hal.board import N_SQUARES, TOKEN_BIT, square_index, square_name
from tests.core.core_helpers import feed, lift, place

GOAL = square_index("h1")


@dataclass
class Race:
    """The red token (pawn 0) starts on a1; each roll moves it that many squares along rank 1, never past h1."""
    square: int = square_index("a1")
    roll: int = 0
    history: list[tuple[int, int]] = field(default_factory=list)

    def expects(self) -> dict[str, Any]:
        if self.is_terminal():
            return {"input": "none", "team": None}
        return {"input": "move", "team": "red", "roll": self.roll} if self.roll else {"input": "roll", "team": "red"}

    def apply(self, action: Any) -> list[dict[str, Any]]:
        kind, value = action
        if kind == "tick":
            return []
        if self.is_terminal():
            raise Illegal("game_over", "the race is over")
        if kind == "roll" and not self.roll:
            self.history.append((self.square, self.roll))
            self.roll = min(value, GOAL - self.square)
            return [{"event": "rolled", "value": value}]
        if kind == "step" and self.roll and value == self.square + self.roll:
            self.history.append((self.square, self.roll))
            self.square, self.roll = value, 0
            return [{"event": "moved", "to": square_name(value)}] + \
                ([{"event": "full_time", "winner": "red"}] if self.is_terminal() else [])
        raise Illegal("not_expected", f"{kind} {value} is not the move now")

    def undo(self) -> object:
        if not self.history:
            raise Illegal("nothing_to_undo", "no action to take back")
        self.square, self.roll = self.history.pop()
        return self

    def take_back(self) -> object:
        return self.undo()

    def legal_actions(self) -> list[object]:
        return [("step", self.square + self.roll)] if self.roll else []

    def chance_outcomes(self) -> list[tuple[object, float]]:
        return [] if self.roll or self.is_terminal() else [(("roll", v), 1 / 6) for v in range(1, 7)]

    def is_terminal(self) -> bool:
        return self.square == GOAL

    def result(self) -> Result:
        return Result(self.is_terminal(), "red" if self.is_terminal() else None, (0, 0))

    def events_of_setup(self) -> list[dict[str, Any]]:
        return []

    # the grid: one pawn, red's
    def pawn_square(self, pawn: int) -> int:
        return self.square

    def pawn_on(self, team: int, square: int) -> int:
        return 0 if team == 0 and square == self.square else -1

    def team_of(self, pawn: int) -> int:
        return 0

    def team_pawns(self, team: int) -> range:
        return range(1) if team == 0 else range(0)

    def pawn_name(self, pawn: int) -> str:
        return "red-runner"

    def interchangeable(self, pawn: int) -> bool:
        return False

    def restart_fixes(self) -> list[Fix]:
        return []


class RaceRules:
    name = "race"

    def prepare(self) -> None:
        """Nothing to build."""

    def new_game(self, setup: Setup) -> GameState:
        return Race()

    def action_for(self, line: Signal) -> Any:
        if isinstance(line, RollLine):
            return ("roll", line.value)
        if isinstance(line, ClockLine):
            return ("tick", line.advance)
        raise Illegal("bad_input", f"{line.type} lines mean nothing in this game")

    def snapshot(self, game: GameState) -> dict[str, Any]:
        assert isinstance(game, Race)
        return {"ruleset": self.name, "runner": square_name(game.square), "expects": game.expects()}

    def due_in(self, snapshot: dict[str, Any]) -> float | None:
        return None

    def expected_occupancy(self, game: GridGame) -> bytearray:
        board = bytearray(N_SQUARES)
        board[game.pawn_square(0)] |= TOKEN_BIT["red"]
        return board

    def read_difference(self, game: GridGame, missing: list[tuple[int, str]], extra: list[tuple[int, str]],
                        final: bool = False) -> Reading:
        assert isinstance(game, Race)
        if not missing and not extra:
            return Reading("exact")                    # put back where it stood: nothing happened
        if missing == [(game.square, "red")] and not extra:
            return Reading("pending")                  # in a hand
        if missing == [(game.square, "red")] and len(extra) == 1 and extra[0][1] == "red":
            to = extra[0][0]
            if game.roll and to == game.square + game.roll:
                return Reading("exact", ("step", to))
            return Reading("wrong", error=Illegal("illegal_move", f"the runner goes {game.roll} squares along rank 1"))
        return Reading("wrong", error=Illegal("board_mismatch", "only the runner moves in this game"))


def _core(sensed: bool = True) -> Core:
    core = Core(RaceRules(), board_follows_game=not sensed)
    assert feed(core, type="setup").verdict == {"ok": True}
    return core


def test_the_test_game_has_the_sensed_grid_and_no_led_layers():
    rules = RaceRules()
    assert isinstance(rules, SensedGrid) and not isinstance(rules, LitGrid)
    assert isinstance(Race(), GridGame) and not isinstance(Race(), LedLayers)
    assert planner_for(rules) is None


def test_the_core_keeps_the_board_the_game_expects_after_the_set_up():
    core = _core()
    assert core.board[square_index("a1")] == TOKEN_BIT["red"] and sum(core.board) == TOKEN_BIT["red"]
    assert core.expected_occupancy() == core.board


def test_a_lift_and_a_place_are_read_as_the_games_move():
    core = _core()
    assert feed(core, type="roll", die="red", value=3).events == [{"event": "rolled", "value": 3}]
    out = lift(core, "a1")
    assert out.verdict == {"ok": True, "pending": True}
    assert core.board_view().lifted == ((square_index("a1"), "red"),)
    out = place(core, "d1")
    assert out.verdict == {"ok": True} and out.events == [{"event": "moved", "to": "d1"}]
    snap = core.snapshot()
    assert snap is not None and snap["runner"] == "d1" and snap["board"]["consistent"] is True


def test_a_token_put_on_the_wrong_square_is_refused_and_corrected():
    core = _core()
    feed(core, type="roll", die="red", value=2)
    lift(core, "a1")
    out = place(core, "e1")
    assert out.verdict["ok"] is False and out.verdict["reason"] == "illegal_move"
    snap = core.snapshot()
    assert snap is not None and snap["board"]["consistent"] is False and snap["runner"] == "a1"
    assert core.board_view().mismatch
    assert feed(core, type="roll", die="red", value=1).verdict["reason"] == "board_mismatch"
    lift(core, "e1")
    out = place(core, "c1")
    assert out.verdict == {"ok": True} and out.events == [{"event": "moved", "to": "c1"}]


def test_a_move_line_plays_the_race_to_its_end_and_undo_takes_the_last_move_back():
    core = _core(sensed=False)
    events: list[dict[str, Any]] = []
    for value, frm, to in ((6, "a1", "g1"), (5, "g1", "h1")):
        events += feed(core, type="roll", die="red", value=value).events
        events += feed(core, type="move", from_=frm, to=to, token="red").events
    assert events[-1] == {"event": "full_time", "winner": "red"}
    assert core.game is not None and core.game.result() == Result(True, "red", (0, 0))
    assert feed(core, type="press", button="undo").events == [{"event": "undone"}]
    assert core.game.expects() == {"input": "move", "team": "red", "roll": 1}
    assert core.board[square_index("g1")] == TOKEN_BIT["red"]       # a board that follows the game went back too

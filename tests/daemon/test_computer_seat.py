"""The computer's seat and hints in a real daemon on the simulated board (controller/daemon/computer_seat.py):
its configuration and `new_game` keys, its die (rolled by a person, or drawn by the daemon), the hint command,
and `sim --computer`'s path, where its lines go on the queue."""
from __future__ import annotations

import json
import time

import pytest

from controller.daemon.computer_seat import ComputerSeat, describe
from controller.daemon.inputs.commands import CommandError, command_seat, parse_command
from controller.daemon.match_seat import MatchSeat
from controller.daemon.operations.config import ConfigError, load_settings
from controller.daemon.service import Daemon
from controller.games import get_ruleset
from controller.leds import RGB
from controller.scenario import parse_obj
from controller.seam import expected_occupancy
from hal.backends import open_hardware
from hal.board import N_SQUARES, square_name
from hal.sim import SimBoard
from tests.daemon.daemon_helpers import SIM_OPTIONS, wait_for

OPTIONS = SIM_OPTIONS["soccer_tactics_world"]


def test_the_match_section_seats_the_computer_and_names_a_wrong_value(tmp_path):
    assert load_settings(None, env=False).match.seat() == MatchSeat("none", 3, "die")
    seat = load_settings(None, env=False, match__computer="blue", match__level=5,
                         match__computer_dice="virtual").match.seat()
    assert (seat.computer, seat.team, seat.level, seat.computer_dice) == ("blue", 1, 5, "virtual")
    for key, value, said in (("computer", "green", "match.computer = 'green': allowed: 'red', 'blue' or 'none'"),
                             ("level", 6, "match.level = 6: Input should be less than or equal to 5"),
                             ("level", 0, "match.level = 0: Input should be greater than or equal to 1"),
                             ("computer_dice", "thrown", "match.computer_dice = 'thrown': allowed: 'die' or "
                                                         "'virtual'")):
        with pytest.raises(ConfigError) as e:
            load_settings(None, env=False, **{f"match__{key}": value})
        assert said in str(e.value)
    toml = tmp_path / "board.toml"
    toml.write_text('[match]\ncomputer = "red"\nlevel = true\n')
    with pytest.raises(ConfigError) as e:
        load_settings(str(toml), env=False)
    assert "board.toml: match.level = True: must be a number, not true or false" in str(e.value)


def test_new_game_takes_the_computers_seat_and_refuses_a_wrong_one():
    payload = b'{"computer": "blue", "level": 4, "computer_dice": "virtual", "kickoff": "red", "id": 3}'
    assert parse_command("new_game", payload) == ({"type": "setup", "formation": "standard", "kickoff": "red"}, 3)
    assert command_seat("new_game", payload) == {"computer": "blue", "level": 4, "computer_dice": "virtual"}
    assert command_seat("new_game", b"") == {} and command_seat("pause", b"") == {}
    for body, said in (({"computer": "green"}, 'new_game: computer must be red, blue or none, not "green"'),
                       ({"level": 6}, "new_game: level must be a whole number from 1 to 5, not 6"),
                       ({"level": True}, "new_game: level must be a whole number from 1 to 5, not true"),
                       ({"level": "3"}, 'new_game: level must be a whole number from 1 to 5, not "3"'),
                       ({"computer_dice": "d6"}, 'new_game: computer_dice must be die or virtual, not "d6"')):
        with pytest.raises(CommandError) as e:
            parse_command("new_game", json.dumps({**body, "id": "r"}).encode())
        assert str(e.value) == said and e.value.request_id == "r"


def test_an_action_is_told_as_the_page_shows_it():
    assert describe([{"type": "move", "from": "d9", "to": "b7", "token": "ball"}]) == "lift d9, put on b7"
    assert describe([{"type": "move", "from": "d9", "to": "d10", "token": "ball"},
                     {"type": "move", "from": "d9", "to": "d10", "token": "blue"}]) == \
        "lift d9, put on d10; then lift d9, put on d10"
    assert describe([{"type": "roll", "die": "blue", "value": 4}]) == "roll the blue die"


class Board:
    """A daemon refereeing the simulated board as a sensed one (no hands move its tokens but the test's), with
    the computer's seat attached, and what it published."""

    def __init__(self, tmp_path, kickoff: str = "blue", new_game: bool = True, options: dict | None = None,
                 **match) -> None:
        settings = load_settings(None, env=False, board_id="seat", journal__dir=str(tmp_path / "journal"),
                                 game__auto_setup=False, game__options={**OPTIONS, **(options or {})},
                                 **{f"match__{k}": v for k, v in match.items()})
        self.hw = open_hardware({"backend": "sim", "clock": "wall"})
        assert isinstance(self.hw.leds, SimBoard)
        self.board: SimBoard = self.hw.leds
        ruleset = get_ruleset()                 # the tokens stand in the kick-off formation from the start
        setup = parse_obj({"type": "setup", "formation": "standard", "kickoff": kickoff})
        self.board.set_frame(bytes(expected_occupancy(ruleset, ruleset.new_game(setup))))
        self.daemon = Daemon(settings, self.hw, board_follows_game=False)
        self.msgs: list = []
        self.daemon.observers.append(self.msgs.extend)
        self.seat = ComputerSeat(self.daemon, seed=7, think=0.0).attach()
        if new_game:
            self.daemon.on_command("new_game", json.dumps({"kickoff": kickoff}).encode())
        self.daemon.start(self.seat)
        wait_for(lambda: self.core.game is not None, 10, "the set-up")

    @property
    def core(self):
        assert self.daemon.referee is not None
        return self.daemon.referee.core

    def last(self, topic: str):
        found = [m.payload for m in list(self.msgs) if m.topic == topic]
        return found[-1] if found else None

    def journaled(self) -> list[dict]:
        path = wait_for(lambda: self.daemon.journal_path, 5, "the match's journal")   # opened after the set-up
        self.daemon.journal.flush(2)
        return [json.loads(t) for t in path.read_text().splitlines() if t.startswith("{")]

    def lit(self, meaning: str) -> list[str]:
        frame, rgb = self.board.led_frame, bytes(RGB[meaning])
        return [square_name(s) for s in range(N_SQUARES) if frame[3 * s:3 * s + 3] == rgb]

    def lift(self, square: str, token: str) -> None:
        self._felt({"type": "lift", "square": square, "token": token}, self.board.lift)

    def place(self, square: str, token: str) -> None:
        self._felt({"type": "place", "square": square, "token": token}, self.board.place)

    def _felt(self, line: dict, hand) -> None:
        """A hand's change, and the wait until the board has reported it (the referee journaled it)."""
        before = self.journaled().count(line)
        hand(line["square"], line["token"])
        wait_for(lambda: self.journaled().count(line) > before, 5, f"the board to report {line}")

    def close(self) -> None:
        self.daemon.stop()
        self.hw.close()


@pytest.fixture
def board(tmp_path, request):
    made = Board(tmp_path, **getattr(request, "param", {}))
    yield made
    made.close()


def action(board: Board) -> dict | None:
    doc = board.last("computer")
    return doc["action"] if doc else None


def lit_move(board: Board) -> dict:
    """The computer's move, once lit and published: its first step."""
    wait_for(lambda: board.lit("computer_put") and ((action(board) or {}).get("steps") or [{}])[0].get("put"), 10,
             "the computer's move, lit and published")
    return action(board)["steps"][0]


@pytest.mark.parametrize("board", [{"computer": "blue", "computer_dice": "die"}], indirect=True)
def test_the_computer_waits_for_a_person_to_roll_its_die_then_lights_its_move(board):
    wait_for(lambda: (action(board) or {}).get("text") == "roll the blue die", 10, "the computer to ask for its die")
    time.sleep(0.3)
    assert not [line for line in board.journaled() if line["type"] == "roll"], "the seat rolled a die a person rolls"
    board.board.roll("blue", 3)
    step = lit_move(board)
    assert board.lit("computer_lift") == [step["lift"]] and board.lit("computer_put") == [step["put"]]
    assert board.last("leds")["squares"][step["put"]]["meaning"] == "computer_put"
    assert not board.lit("legal_destination") and not board.lit("ball_destination")   # its step alone is lit
    board.lift(step["lift"], step["token"])
    wait_for(lambda: board.lit("computer_put") and not board.lit("computer_lift"), 5, "the put square alone")
    board.place(step["put"], step["token"])
    wait_for(lambda: any(line.get("square") == step["put"] for line in board.journaled()), 5, "the move journaled")
    assert step["token"] == "ball"                      # a kick-off plays the ball
    wait_for(lambda: board.core.snapshot()["ball"] == step["put"], 5, "the ball where the computer played it")


@pytest.mark.parametrize("board", [{"computer": "blue", "computer_dice": "virtual"}], indirect=True)
def test_the_daemon_rolls_the_computers_virtual_die_as_a_journaled_input(board):
    wait_for(lambda: any(line["type"] == "roll" for line in board.journaled()), 10, "the computer's roll")
    rolls = [line for line in board.journaled() if line["type"] == "roll"]
    assert rolls[0]["die"] == "blue" and 1 <= rolls[0]["value"] <= 6
    assert board.core.dice["blue"] == rolls[0]["value"]
    wait_for(lambda: board.lit("computer_put"), 10, "the computer's move after its roll")


@pytest.mark.parametrize("board", [{"computer": "blue", "computer_dice": "virtual"}], indirect=True)
def test_a_move_other_than_the_computers_is_taken_back_and_the_board_guided_back(board):
    step = lit_move(board)
    assert step["token"] == "ball"
    legal = board.core.game.ball_destinations()          # where the rules let the ball go on this roll
    other = next(square_name(s) for s in range(N_SQUARES) if legal >> s & 1 and square_name(s) != step["put"])
    board.lift(step["lift"], step["token"])
    board.place(other, step["token"])
    wait_for(lambda: any(line == {"type": "press", "button": "undo"} for line in board.journaled()), 10,
             "the seat to refuse the move")
    wait_for(lambda: board.lit("correction_lift") == [other], 5, "the correction: lift it from where it went")
    board.lift(other, step["token"])
    board.place(step["lift"], step["token"])
    wait_for(lambda: board.lit("computer_put") == [step["put"]], 5, "the computer's move lit again")
    assert action(board)["refused"] == 1


@pytest.mark.parametrize("board", [{"computer": "blue", "computer_dice": "virtual"}], indirect=True)
def test_the_same_different_move_made_again_before_the_board_is_set_back_is_undone_only_once(board):
    """An undo takes back one move: the seat presses it once for a board it refused. The same board made again
    without the action's first board in between is what hands following the LEDs make when the seat misjudged
    them, and a second undo would take back one move more each time round."""
    step = lit_move(board)
    legal = board.core.game.ball_destinations()
    other = next(square_name(s) for s in range(N_SQUARES) if legal >> s & 1 and square_name(s) != step["put"])
    board.lift(step["lift"], step["token"])
    board.place(other, step["token"])
    wait_for(lambda: board.lit("correction_lift") == [other], 10, "the refusal and its correction")
    board.lift(other, step["token"])
    board.place(other, step["token"])                   # the same board again, not the one the LEDs ask for
    wait_for(lambda: board.core.snapshot()["ball"] == other, 5, "the move to stand")
    time.sleep(0.5)
    assert board.journaled().count({"type": "press", "button": "undo"}) == 1
    assert board.core.mismatch is None


@pytest.mark.parametrize("board", [{"computer": "blue", "computer_dice": "virtual", "options": {"move_seconds": 2.0}}],
                         indirect=True)
def test_the_computers_move_clock_running_out_mid_action_is_not_taken_back(board):
    """Rule: the move clock's expiry is a minor foul (RULES.md). Time decided it, not a person's different move:
    the seat leaves it standing (an undo would bring back a move clock that runs out again, and again)."""
    step = lit_move(board)
    board.lift(step["lift"], step["token"])             # the ball in hand when blue's time runs out
    wait_for(lambda: any(m.payload.get("event") == "move_clock_expired" for m in list(board.msgs)
                         if m.topic == "events"), 10, "blue's move clock to run out")
    time.sleep(1.0)                                      # the seat has seen it (and the clock has ticked on)
    assert {"type": "press", "button": "undo"} not in board.journaled()
    assert not any(m.payload.get("event") == "undone" for m in list(board.msgs) if m.topic == "events")


@pytest.mark.parametrize("board", [{"computer": "blue", "computer_dice": "virtual", "options": {"half_minutes": 0.05}}],
                         indirect=True)
def test_a_half_ending_while_the_computers_token_is_in_hand_voids_its_action(board):
    """The half ends with the ball in hand: the game now awaits the other team's kick-off roll, so the action
    the computer chose before is no longer lit nor published (hands following it would make a move the game
    refuses, again and again)."""
    step = lit_move(board)
    board.lift(step["lift"], step["token"])
    wait_for(lambda: any(m.payload.get("event") == "half_time" for m in list(board.msgs) if m.topic == "events"),
             10, "the half to end")
    assert board.core.snapshot()["expects"] == {"input": "roll", "team": "red"}
    wait_for(lambda: action(board) is None, 5, "the computer's action to be withdrawn")
    board.place(step["lift"], step["token"])            # the ball put back: the correction to the kick-off leads
    time.sleep(0.3)
    assert action(board) is None and not board.lit("computer_put")


@pytest.mark.parametrize("board", [{"computer": "none"}], indirect=True)
def test_hint_lights_the_best_action_for_the_side_to_act_until_the_game_moves_on(board):
    board.board.roll("blue", 4)
    wait_for(lambda: board.core.snapshot()["expects"].get("input") == "ball", 10, "blue to play the ball")
    board.daemon.on_command("hint", b'{"id": "h1"}')
    wait_for(lambda: (board.last("response") or {}).get("request") == "hint", 10, "the hint's answer")
    assert board.last("response") == {"request": "hint", "status": "ok", "detail": None, "id": "h1"}
    hint = board.last("computer")["hint"]
    assert hint["team"] == "blue" and hint["level"] == 5 and board.last("computer")["action"] is None
    step = hint["steps"][0]
    wait_for(lambda: board.lit("computer_put") == [step["put"]], 5, "the hint lit")
    board.lift(step["lift"], step["token"])
    board.place(step["put"], step["token"])
    wait_for(lambda: board.last("computer")["hint"] is None, 5, "the hint to go once the game moved on")
    assert not board.lit("computer_put")
    board.daemon.on_command("hint", b'{"id": "h2", "team": "red"}')
    wait_for(lambda: (board.last("response") or {}).get("id") == "h2", 5, "the refusal")
    assert board.last("response")["status"] == "error" and "hint takes no arguments" in board.last("response")["detail"]


def test_a_new_games_seat_is_the_matchs_and_kept_in_its_journal(tmp_path):
    board = Board(tmp_path, kickoff="red", computer="none")
    try:
        board.board.roll("red", 2)      # an input, so the next set-up begins a journal of its own
        wait_for(lambda: any(line["type"] == "roll" for line in board.journaled()), 5, "the roll")
        board.daemon.on_command("new_game", b'{"kickoff": "red", "computer": "red", "level": 2}')
        wait_for(lambda: board.daemon.match_seat.computer == "red", 10, "the seat of the new game")
        assert board.daemon.match_seat == MatchSeat("red", 2, "die")
        board.journaled()               # the journal thread has written the new match's header
        header = json.loads(board.daemon.journal_path.read_text().splitlines()[0].split(" ", 2)[2])
        assert header["match"] == {"computer": "red", "level": 2, "computer_dice": "die"}
        wait_for(lambda: (board.last("computer") or {}).get("computer") == "red", 5, "the seat published")
        board.daemon.on_command("new_game", b'{"kickoff": "red"}')      # no keys: the config's seat again
        wait_for(lambda: board.daemon.match_seat.computer == "none", 10, "the config's seat")
    finally:
        board.close()


def test_the_console_tells_the_computers_action_and_a_hint_once_each():
    import io

    from controller.daemon.main import Console
    from controller.daemon.outputs.publisher import Msg
    out = io.StringIO()
    console = Console(out=out, status_line=False)
    doc = {"computer": "blue", "action": {"team": "blue", "text": "lift d9, put on b6"}, "hint": None}
    console([Msg("computer", doc)])
    console([Msg("computer", doc)])
    console([Msg("computer", {**doc, "action": None, "hint": {"team": "red", "text": "roll the red die"}})])
    assert out.getvalue().splitlines() == ["computer (blue): lift d9, put on b6", "hint (red): roll the red die"]


def test_a_resumed_match_keeps_the_computer_it_was_set_up_with(tmp_path):
    board = Board(tmp_path, kickoff="red", computer="none")
    try:
        board.board.roll("red", 2)
        wait_for(lambda: any(line["type"] == "roll" for line in board.journaled()), 5, "the roll")
        board.daemon.on_command("new_game", b'{"kickoff": "red", "computer": "blue", "computer_dice": "virtual"}')
        wait_for(lambda: board.daemon.match_seat.computer == "blue", 10, "the seat of the new game")
        board.board.roll("red", 3)          # an input of the new match: it is unfinished when the daemon stops
        wait_for(lambda: [line["type"] for line in board.journaled()][-1:] == ["roll"], 5, "the new match's roll")
    finally:
        board.close()
    again = Board(tmp_path, new_game=False, computer="none")     # the config says none; the journal says blue
    try:
        assert again.daemon.resumed is not None
        assert again.daemon.match_seat == MatchSeat("blue", 3, "virtual")
    finally:
        again.close()

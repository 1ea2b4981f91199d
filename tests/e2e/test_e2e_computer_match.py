"""A whole short match against the computer on the emulated serial board (a pseudo-terminal speaking the bridge
protocol, the serial backend, the poller, the core, the journal): the computer plays blue and has no hands.

Emulated hands play both sides of the table. For the computer they read the LEDs: the square lit in the
computer's lift colour, then the one in its put colour (the token is the one the `<base>/computer` document
names, as the page shows it), one step at a time. For the person (red) they play the game's casual bot, and
they follow the LEDs' corrections whenever the board is out of step. Once, they carry out a different move
than the lit one: the core takes it as any legal move, the seat refuses it (undo), the correction guides the
token back, and the computer's action is then carried out as lit. The match is refereed to full time and
its journal replays to the daemon's final position.
"""
from __future__ import annotations

import copy
import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from controller.daemon.computer_seat import ComputerSeat
from controller.daemon.operations.config import load_settings
from controller.games import get_ruleset
from controller.leds import RGB
from controller.players import players_for
from controller.replay import replay_lines
from controller.scenario import parse_obj
from controller.seam import expected_occupancy
from hal.backends import open_hardware
from hal.board import N_SQUARES, square_name
from hal.frames import tokens_at
from simulator.bench.serial_match import SENSED, RecordingDaemon, game
from simulator.bench.waits import wait_for
from simulator.board_emulator import BoardEmulator

OPTIONS = {"half_minutes": 0.5, "extra_time": False, "shooting_die": True}
SETTLE = 0.09            # a change settles on the board in 50 ms; the hands wait a little longer
MATCH_SECONDS = 300      # a 2 x 30 s match, every hand's move settling, on a loaded machine: well inside this


def lit(frame: bytes | None, meaning: str) -> list[str]:
    """The squares the LED frame shows in a meaning's colour."""
    if frame is None:
        return []
    rgb = bytes(RGB[meaning])
    return [square_name(s) for s in range(N_SQUARES) if frame[3 * s:3 * s + 3] == rgb]


class Table:
    """What the hands see: the published documents (the computer's, the LEDs', the state) and the board."""

    def __init__(self, daemon: RecordingDaemon) -> None:
        self.daemon = daemon
        self.docs: dict[str, Any] = {}
        self.events: list[dict] = []
        self._lock = threading.Lock()
        self.at_full_time: dict | None = None
        daemon.observers.append(self._observe)
        daemon.after_step.append(self._note_full_time)

    def _note_full_time(self, ref) -> None:
        """The game as the whistle left it: a token the hands were still moving then reaches the live board
        (and its LEDs guide it back), but no journal, since the finished match's journal is closed."""
        if ref.finished and self.at_full_time is None:
            self.at_full_time = ref.core.snapshot()

    def _observe(self, msgs) -> None:
        with self._lock:
            for m in msgs:
                if m.topic == "events":
                    self.events.append(m.payload)
                elif m.topic in ("computer", "leds", "state"):
                    self.docs[m.topic] = m.payload

    def doc(self, topic: str) -> Any:
        with self._lock:
            return self.docs.get(topic)

    def position(self) -> tuple[int, Any, bool, bool]:
        """(seq, a copy of the game, whether the board is out of step or a move pending, finished), read on the
        core thread between two inputs."""
        box: list[tuple[int, Any, bool, bool]] = []
        done = threading.Event()

        def look(ref, _step):
            core = ref.core
            box.append((ref.seq, copy.deepcopy(core.game),
                        core.mismatch is not None or core.pending is not None or core.question is not None,
                        ref.finished))
            done.set()
        self.daemon.read(look)
        assert done.wait(5), "the core thread did not answer"
        return box[0]


class Hands:
    """Both sides' hands on the emulated board."""

    def __init__(self, emulator: BoardEmulator, table: Table, seed: int) -> None:
        self.emulator, self.table = emulator, table
        self.person = players_for("soccer_tactics_world").opponent(0, seed)
        self.rng = random.Random(seed)
        self.wrong_done = False
        self.computer_steps = 0

    def settle(self) -> None:
        time.sleep(SETTLE)

    def move(self, frm: str, to: str, token: str) -> None:
        self.emulator.lift(frm, token)
        self.settle()
        self.emulator.place(to, token)
        self.settle()

    def carry_out(self, lines: list[dict]) -> None:
        for line in lines:
            kind = line["type"]
            if kind == "move":
                self.move(line["from"], line["to"], line["token"])
            elif kind == "lift":
                self.emulator.lift(line["square"], line["token"])
                self.settle()
            elif kind == "place":
                self.emulator.place(line["square"], line["token"])
                self.settle()
            elif kind == "roll":
                self.emulator.roll(line["die"], line["value"])
                self.settle()
            elif kind == "press":
                self.emulator.press(line["button"])
                self.settle()

    def correct(self, leds: dict) -> bool:
        """Follow the LEDs' correction step, if the board is out of step."""
        step = leds.get("correction") if leds else None
        if not step:
            return False
        if step["from"] and step["to"]:
            self.move(step["from"], step["to"], step["token"])
        elif step["from"]:
            self.emulator.lift(step["from"], step["token"])
            self.settle()
        else:
            self.emulator.place(step["to"], step["token"])
            self.settle()
        return True

    def computer_step(self) -> bool:
        """Carry out the step the LEDs light in the computer's colours (the first computer move: another)."""
        frame = self.emulator.led_frame
        lift, put = lit(frame, "computer_lift"), lit(frame, "computer_put")
        action = (self.table.doc("computer") or {}).get("action")
        if not put or action is None:
            return False
        step = next((s for s in action["steps"] if s["put"] == put[0]), None)
        if step is None:
            return False
        token = step["token"]
        if not self.wrong_done and lift and token == "ball" and len(action["steps"]) == 1:
            other = self.other_ball_square(lift[0], put[0])
            if other is not None:
                self.wrong_done = True
                self.move(lift[0], other, token)
                return True
        board = self.emulator.occupancy
        if token in tokens_at(board, put[0]):
            return False                                # carried out already: the LEDs have not caught up
        if step["lift"] and token in tokens_at(board, step["lift"]):
            self.emulator.lift(step["lift"], token)     # the hands see the token still there: lifted first
            self.settle()
        self.emulator.place(put[0], token)
        self.settle()
        self.computer_steps += 1
        return True

    def other_ball_square(self, frm: str, lit_put: str) -> str | None:
        """A legal ball square other than the lit one (the blue bot of another mind would play it there)."""
        _, position, _, _ = self.table.position()
        for seed in range(40):
            lines = players_for("soccer_tactics_world").opponent(1, seed).plan(copy.deepcopy(position))
            if lines and len(lines) == 1 and lines[0]["type"] == "move" and lines[0]["token"] == "ball" \
                    and lines[0]["from"] == frm and lines[0]["to"] != lit_put:
                return str(lines[0]["to"])
        return None

    def put_back(self) -> bool:
        """A token in hand that the LEDs say to put back (its square lit as lifted-from, nothing else to do): the
        token the game has on that square."""
        squares = lit(self.emulator.led_frame, "lifted_from")
        state = self.table.doc("state") or {}
        for square in squares:
            token = "ball" if state.get("ball") == square else next(
                (name.split("-")[0] for name, pawn in state.get("pawns", {}).items() if pawn["square"] == square), None)
            if token is not None:
                self.emulator.place(square, token)
                self.settle()
                return True
        return False

    def computer_die(self) -> bool:
        """A person rolls the computer's die when the seat waits for it (computer_dice = "die")."""
        action = (self.table.doc("computer") or {}).get("action")
        if not action or action["lines"][0]["type"] != "roll":
            return False
        self.emulator.roll(action["lines"][0]["die"], self.rng.randint(1, 6))
        self.settle()
        return True

    def persons_turn(self) -> bool:
        """The person's hands (red): the casual bot's action, when red has one."""
        _, position, busy, finished = self.table.position()
        if busy or finished or position is None:
            return False
        lines = self.person.plan(position)
        if not lines:
            return False
        self.carry_out(lines)
        return True


@pytest.fixture
def board(tmp_path):
    """The emulated board on a pseudo-terminal, its tokens in the standard kick-off formation."""
    emulator = BoardEmulator(str(tmp_path / "usb-Soccerboard_Board_Computer-if00"), seed=5).start()
    try:
        ruleset = get_ruleset()
        setup = parse_obj({"type": "setup", "formation": "standard", "kickoff": "red"})
        emulator.set_frame(bytes(expected_occupancy(ruleset, ruleset.new_game(setup))))
        assert emulator.wait_settled(2)
        yield emulator, tmp_path
    finally:
        emulator.stop()


def play(emulator: BoardEmulator, tmp_path: Path, dice: str) -> tuple[RecordingDaemon, Table, Hands, Any]:
    settings = load_settings(None, env=False, board_id="cpu", journal__dir=str(tmp_path / "journal"),
                             hardware__backend="serial", hardware__port=emulator.port, game__auto_setup=False,
                             game__options=OPTIONS, match__computer="blue", match__level=3,
                             match__computer_dice=dice)
    hw = open_hardware(settings.hardware.hal_config())
    wait_for(lambda: hw.leds.connected, 5, "the serial backend to connect to the emulator")
    daemon = RecordingDaemon(settings, hw, board_follows_game=False)
    table = Table(daemon)
    seat = ComputerSeat(daemon, seed=11).attach()
    daemon.on_command("new_game", b'{"kickoff": "red"}')
    daemon.start(seat)
    return daemon, table, Hands(emulator, table, seed=3), hw


def run_to_full_time(daemon: RecordingDaemon, table: Table, hands: Hands, dice: str) -> None:
    started = time.monotonic()
    while not any(e.get("event") == "full_time" for e in table.events):
        if time.monotonic() - started > MATCH_SECONDS:
            core = daemon.referee.core
            raise AssertionError(f"no full time; last events {table.events[-3:]}; expects "
                                 f"{core.snapshot()['expects']}, mismatch {core.mismatch}, pending {core.pending}, "
                                 f"question {core.question}; computer {table.doc('computer')}; "
                                 f"leds {table.doc('leds')}; last inputs {[r[1:3] for r in daemon.record[-6:]]}")
        leds = table.doc("leds")
        if hands.correct(leds) or hands.computer_step():
            continue
        if dice == "die" and hands.computer_die():
            continue
        if not hands.persons_turn() and not hands.put_back():
            time.sleep(0.03)


@pytest.mark.parametrize("dice", ["virtual"])
def test_a_match_against_the_computer_is_refereed_to_full_time_with_its_moves_carried_out_as_lit(board, dice):
    emulator, tmp_path = board
    daemon, table, hands, hw = play(emulator, tmp_path, dice)
    try:
        run_to_full_time(daemon, table, hands, dice)
        assert hands.wrong_done, "the hands never made the one different move"
        assert hands.computer_steps > 5
        record = list(daemon.record)
        journaled = [(line, verdict) for _, line, verdict, _, j in record if j and line.get("type") != "clock"]
        undone = [i for i, (line, _) in enumerate(journaled) if line == {"type": "press", "button": "undo"}]
        assert len(undone) == 1, ("the different move was refused once", [journaled[i - 6:i + 3] for i in undone])
        assert journaled[undone[0]][1] == {"ok": True}
        assert any(e.get("event") == "undone" for e in table.events)
        assert daemon.journal.flush(5)
        journals = sorted((tmp_path / "journal").glob("*.jsonl"))
        assert len(journals) == 1
        replayed = replay_lines([SENSED, *journals[0].read_text(encoding="utf-8").splitlines()])
        assert table.at_full_time is not None
        assert game(replayed[-1]["snapshot"]) == game(table.at_full_time)
    finally:
        daemon.stop()
        hw.close()

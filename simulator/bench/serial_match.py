"""A match over a serial line: `soccerboard emulate-board` (a subprocess) plays a scenario on a pseudo-terminal
behind a stable link name, as a board would, and the daemon (in-process, no broker) referees it on the serial
backend. The end-to-end test and benchmarks/bench_resume.py play it alike: what the daemon ended with, when the
link went and came back, and the checks that it ended as `soccerboard replay` of the scenario says."""
from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from controller.daemon.operations.config import load_settings
from controller.daemon.service import Daemon
from controller.replay import replay_lines
from hal.backends import open_hardware
from hal.serial_board import SerialBoard
from simulator.bench.mosquitto import CHECKOUT
from simulator.bench.process import stop_process
from simulator.bench.waits import wait_for

SENSED = '# soccerboard-journal {"board_follows_game": false}'   # a sensed board, as the daemon runs
PHYSICAL = ("lift", "place", "move", "roll", "press")
INTERVAL = 0.15          # seconds between scenario lines: each change settles (50 ms) before the next
UNPLUG_AFTER = 17        # the scenario line after which the cable is pulled (the direct pass to red-s1)


def scenario_lines(scenario: Path) -> list[str]:
    return scenario.read_text(encoding="utf-8").splitlines()


def physical_lines(scenario: Path) -> list[dict]:
    """What the board can sense, in order: every line the daemon's journal must hold after its set-up."""
    out = []
    for text in scenario_lines(scenario):
        if text.strip() and not text.startswith("#"):
            line = json.loads(text)
            if line["type"] in PHYSICAL:
                out.append(line)
    return out


def game(snapshot: dict) -> dict:
    """The game in a snapshot: everything but the clock (the daemon's clock runs on real time)."""
    assert snapshot is not None
    return {k: v for k, v in snapshot.items() if k not in ("clock", "seq")}


def events_of(outputs: list[dict]) -> list[dict]:
    return [{k: v for k, v in o.items() if k != "seq"} for o in outputs if "event" in o]


class RecordingDaemon(Daemon):
    """The daemon, noting when the core finished each input, what it said, and whether it was journaled."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.record: list[tuple[float, dict, dict, list, bool]] = []

    def _emit(self, line, step, request=None, answer=None):
        self.record.append((time.monotonic(), step.line, step.verdict, list(step.events), line is not None))
        super()._emit(line, step, request, answer)


class LinkWatch(threading.Thread):
    """Notes when the board's stable port name disappears (unplug) and comes back, to the millisecond."""

    def __init__(self, path: Path):
        super().__init__(name="e2e-link-watch", daemon=True)
        self.path, self._halt = path, threading.Event()
        self.changes: list[tuple[float, bool]] = []

    def run(self) -> None:
        present = os.path.lexists(self.path)
        while not self._halt.wait(0.001):
            now = os.path.lexists(self.path)
            if now != present:
                self.changes.append((time.monotonic(), now))
                present = now

    def stop(self) -> None:
        self._halt.set()
        self.join(2)


class EmulatedBoard:
    """`soccerboard emulate-board` as a subprocess; its stderr is read by a thread."""

    def __init__(self, scenario: Path, link: Path, *faults: str, seed: int = 4):
        self.proc: subprocess.Popen[str] = subprocess.Popen(
            [sys.executable, "-m", "controller.cli", "emulate-board", str(scenario), "--link", str(link),
             "--interval", str(INTERVAL), "--wait-for-host", "10", "--exit-after", "30", "--seed", str(seed), *faults],
            cwd=CHECKOUT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})
        assert self.proc.stdout is not None and self.proc.stderr is not None
        self.out, self.err = self.proc.stdout, self.proc.stderr
        self.stderr: list[str] = []
        self.played = threading.Event()
        self._reader = threading.Thread(target=self._read, name="e2e-emulator-stderr", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        for text in self.err:
            self.stderr.append(text.rstrip("\n"))
            if text.startswith("# played"):
                self.played.set()

    def port(self, timeout: float) -> str:
        result: list[str] = []
        reader = threading.Thread(target=lambda: result.append(self.out.readline().strip()), daemon=True)
        reader.start()
        reader.join(timeout)
        if not result or not result[0]:
            raise AssertionError(f"the emulator printed no port within {timeout} s: {self.stderr}")
        return result[0]

    def stop(self) -> None:
        stop_process(self.proc, timeout=5)
        self._reader.join(2)
        self.out.close()
        self.err.close()


def journaled_physical(daemon: RecordingDaemon) -> list[dict]:
    return [line for _, line, _, _, journaled in list(daemon.record) if journaled and line.get("type") in PHYSICAL]


def play_match(tmp_path: Path, scenario: Path, *faults: str, seed: int = 4) -> dict:
    """Play the scenario through the emulator into a serial-backend daemon; what the daemon ended with."""
    link = tmp_path / "usb-Soccerboard_Board_E2E-if00"
    board = EmulatedBoard(scenario, link, *faults, seed=seed)
    watch = daemon = hw = None
    started = time.monotonic()
    try:
        assert board.port(10) == str(link)
        watch = LinkWatch(link)
        watch.start()
        settings = load_settings(None, env=False, board_id="e2e", journal__dir=str(tmp_path / "journal"),
                                 hardware__backend="serial", hardware__port=str(link), game__auto_setup=False)
        hw = open_hardware(settings.hardware.hal_config())
        assert hw.backend == "serial"
        daemon = RecordingDaemon(settings, hw, board_follows_game=False)
        # The command is queued before the daemon starts: the board plays from the moment the link is up,
        # and start-up (building the rule tables) takes seconds, so a command sent after start() raced the
        # board's first inputs queued meanwhile, which the core then refused (no game yet): a journal short
        # of its first lines. Board inputs queued behind the set-up are what a referee sees in real play.
        daemon.on_command("new_game", b'{"kickoff": "red"}')
        daemon.start()
        wanted = physical_lines(scenario)
        wait_for(board.played.is_set, 30, f"the emulator to play the scenario (stderr: {board.stderr})", 0.01)
        with contextlib.suppress(AssertionError):     # compared below, where the difference shows
            wait_for(lambda: len(journaled_physical(daemon)) >= len(wanted), 10,
                     "the daemon's core to take every physical input", 0.01)
        time.sleep(0.3)                   # anything arriving late (a duplicate, a stray line) shows too
        assert daemon.journal.flush(5)
        assert daemon.referee is not None and daemon.journal_path is not None
        assert isinstance(hw.leds, SerialBoard)
        record = list(daemon.record)
        result = {
            "snapshot": daemon.referee.core.snapshot(),
            "record": record,
            "physical": journaled_physical(daemon),
            "events": [{k: v for k, v in e.items() if k != "seq"} for _, _, _, events, _ in record for e in events],
            "journal": Path(daemon.journal_path).read_text(encoding="utf-8").splitlines(),
            "stats": hw.leds.stats(),
            "link_changes": list(watch.changes),
            "emulator": list(board.stderr),
            "played_at": time.monotonic(),
            "seconds": time.monotonic() - started,
        }
    finally:
        if daemon is not None:
            daemon.stop()
        if hw is not None:
            hw.close()
        if watch is not None:
            watch.stop()
        board.stop()
    return result


def assert_same_match(result: dict, expected: dict, scenario: Path) -> None:
    assert result["physical"] == physical_lines(scenario), "the core did not get exactly the inputs the board played"
    assert game(result["snapshot"]) == game(expected["snapshot"])
    assert result["events"] == expected["events"], "game events differ from the replay's"
    journal = result["journal"]
    assert journal[0].startswith("# soccerboard-journal ")
    replayed = replay_lines(journal)
    assert game(replayed[-1]["snapshot"]) == game(expected["snapshot"]), "the journal does not replay to it"


def resume_after_unplug(result: dict) -> float:
    """Seconds from the port coming back to the core's next accepted physical input."""
    changes = result["link_changes"]
    assert [present for _, present in changes] == [False, True], changes
    gone, back = changes[0][0], changes[1][0]
    assert 0.9 <= back - gone <= 1.5, changes
    accepted_after = [t for t, line, verdict, _, journaled in result["record"]
                      if t > back and journaled and line.get("type") in PHYSICAL and verdict.get("ok")]
    assert accepted_after, "no input accepted after the port came back"
    return accepted_after[0] - back

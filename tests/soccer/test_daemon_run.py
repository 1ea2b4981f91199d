"""Soccer!! refereed by `soccerboard run` as installed: a real Mosquitto, the emulated board on a real
pseudo-terminal (the serial backend: no token is sensed, its dice are), the coaches' phones on the page port.
The coaches enter their teams' lines, the board's dice reach the match as `roll` lines, the board's LEDs show whose
turn it is, and a daemon killed with SIGKILL goes on with the same match: no roll lost (one rolled while it was
down comes in after), none twice; its journal is told by `soccerboard report` (text, JSON) and as an HTML replay."""
from __future__ import annotations

import http.client
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from controller.leds import RGB
from controller.web.replay import decode
from hal.board import N_RANKS
from simulator.bench.mosquitto import BOARD, DAEMON_PASS, DAEMON_USER, Mosquitto, free_port
from simulator.bench.process import stop_process
from simulator.bench.waits import wait_for
from simulator.board_emulator import BoardEmulator
from tests.daemon.daemon_helpers import Watcher, retained_state

ROOT = Path(__file__).resolve().parents[2]
RED_ROSTER = {"type": "roster", "team": "red",
              "models": [{"shirt": 9, "name": "Striker", "P": 2, "S": 3, "H": 1, "INT": 1, "A": 2, "PC": 1}]}
BLUE_ROSTER = {"type": "roster", "team": "blue",
               "models": [{"shirt": 4, "name": "Stopper", "P": 2, "S": 1, "H": 2, "INT": 3, "A": 2, "PC": 1}]}


@pytest.fixture
def broker(tmp_path):
    m = Mosquitto(tmp_path / "mosquitto").start()
    yield m
    m.stop()


@pytest.fixture
def board(tmp_path):
    emulator = BoardEmulator(str(tmp_path / "usb-Soccerboard_Board-if00"), seed=7).start()
    yield emulator
    emulator.stop()


class Table:
    """The daemon under test (`soccerboard run --config`), restartable, and the coaches' phones."""

    def __init__(self, tmp_path: Path, broker: Mosquitto, board: BoardEmulator):
        self.journal = tmp_path / "journal"
        self.log = tmp_path / "run.log"
        self.port = free_port()
        self.config = tmp_path / "soccerboard.toml"
        self.config.write_text(
            f'board_id = "{BOARD}"\n[hardware]\nbackend = "serial"\nport = "{board.port}"\n'
            f'[mqtt]\nurl = "{broker.url(None, None)}"\nusername = "{DAEMON_USER}"\npassword = "{DAEMON_PASS}"\n'
            f'[journal]\ndir = "{self.journal}"\n[game]\nruleset = "soccer"\nkickoff = "red"\n'
            f'[daemon]\nwatchdog = false\n[web]\nenabled = true\nport = {self.port}\n')
        self.proc: subprocess.Popen | None = None

    def start(self) -> dict[str, str]:
        """The daemon started; the match's codes as the board's own machine reads them."""
        with open(self.log, "ab") as f:
            self.proc = subprocess.Popen([sys.executable, "-m", "controller.cli", "run", "--config", str(self.config)],
                                         cwd=ROOT, stdout=f, stderr=subprocess.STDOUT, start_new_session=True)

        def codes() -> dict[str, str] | None:
            assert self.proc is not None and self.proc.poll() is None, self.log.read_text()[-2000:]
            try:
                status, doc = self.request("GET", "/coach/codes")
            except OSError:
                return None
            return doc["codes"] if status == 200 and doc.get("codes") else None
        return wait_for(codes, 30, "the match's codes on the page port")

    def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict[str, Any]]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=15)
        try:
            conn.request(method, path, body=None if body is None else json.dumps(body),
                         headers={"Content-Type": "application/json"})
            res = conn.getresponse()
            return res.status, json.loads(res.read())
        finally:
            conn.close()

    def enter(self, code: str, line: dict) -> dict[str, Any]:
        status, doc = self.request("POST", "/coach/input", {"code": code, "line": line})
        assert status == 200 and doc["ok"], (line, status, doc)
        return doc

    def view(self, code: str) -> dict[str, Any]:
        status, doc = self.request("POST", "/coach/view", {"code": code})
        assert status == 200, doc
        return doc["view"]

    def inputs(self) -> list[dict]:
        return [json.loads(t) for p in sorted(self.journal.glob("*.jsonl"))
                for t in p.read_text().splitlines() if t.startswith("{")]

    def rolls(self) -> list[dict]:
        return [line for line in self.inputs() if line["type"] == "roll"]

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait(10)

    def stop(self) -> int | None:
        return stop_process(self.proc) if self.proc is not None else None


def soccerboard(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "controller.cli", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)


def goal_line_lit(frame: bytes | None) -> dict[str, bool]:
    """Whether each team's goal line shows its to-act colour, and whether anything else is lit."""
    assert frame is not None
    squares = [tuple(frame[3 * s:3 * s + 3]) for s in range(len(frame) // 3)]
    red, blue = squares[:8], squares[8 * (N_RANKS - 1):]
    return {"red": all(c == RGB["red_to_act"] for c in red), "blue": all(c == RGB["blue_to_act"] for c in blue),
            "else": any(c != (0, 0, 0) for c in squares[8:8 * (N_RANKS - 1)])}


def test_run_referees_soccer_from_coaches_phones_and_the_boards_dice_across_a_kill(tmp_path, broker, board):
    table = Table(tmp_path, broker, board)
    watcher = Watcher(broker.port)
    try:
        codes = table.start()
        red, blue = codes["red"], codes["blue"]
        table.enter(red, RED_ROSTER)
        table.enter(blue, BLUE_ROSTER)
        table.enter(red, {"type": "kick_off", "from": "red-9", "to": "red-10"})
        table.enter(red, {"type": "pass", "model": "red-10", "to": "red-6", "cm": 30, "height": "low"})
        assert table.view(red)["awaiting"] == {"what": "roll", "for": "pass", "team": "red", "model": "red-10",
                                               "dice": {"red": 1, "blue": 0}, "may": []}
        wait_for(lambda: goal_line_lit(board.led_frame) == {"red": True, "blue": False, "else": False}, 10,
                 "red's goal line lit: red is to roll")
        board.roll("red", 4)
        wait_for(lambda: table.view(blue)["ball"]["holder"] == "red-6", 10, "the pass decided by the board's die")
        table.enter(red, {"type": "end_phase"})
        wait_for(lambda: goal_line_lit(board.led_frame) == {"red": False, "blue": True, "else": False}, 10,
                 "blue's goal line lit: blue's phase")
        assert table.view(red)["team"] == "blue"

        table.kill()                                      # SIGKILL: no goodbye, no flush but what was durable
        board.roll("blue", 2)                             # rolled while nobody listens: the board keeps it
        assert table.start() == codes                     # the resumed match keeps its codes
        assert "resumed the unfinished match" in table.log.read_text()
        wait_for(lambda: len(table.rolls()) == 2, 15, "the roll made while the daemon was down")
        table.enter(blue, {"type": "dispute", "a": "it went out", "b": "it stayed in"})
        board.roll("blue", 5)
        wait_for(lambda: table.view(red)["awaiting"]["what"] == "play", 10, "the dispute settled by blue's die")
        state = wait_for(lambda: (s := retained_state(broker.port))["awaiting"]["what"] == "play" and s, 10,
                         "the published state")
        assert (state["ruleset"], state["team"], state["models"]["red-9"]["name"]) == ("soccer", "blue", "Striker")
        assert "S" not in state["models"]["red-9"]["levels"]          # hidden from the spectators (P30)
        assert table.view(red)["models"]["red-9"]["levels"]["S"] == 3   # not from its own coach
        assert "S" not in table.view(blue)["models"]["red-9"]["levels"]
        assert table.stop() == 0, table.log.read_text()[-2000:]
    finally:
        table.stop()
        watcher.close()

    assert "Traceback" not in table.log.read_text(), table.log.read_text()[-3000:]
    assert table.rolls() == [{"type": "roll", "die": "red", "value": 4}, {"type": "roll", "die": "blue", "value": 2},
                             {"type": "roll", "die": "blue", "value": 5}]     # nothing lost, nothing twice
    [journal] = table.journal.glob("*.jsonl")
    replayed = soccerboard("replay", str(journal))
    assert replayed.returncode == 0, replayed.stderr
    out = [json.loads(t) for t in replayed.stdout.splitlines()]
    refused = [o for o in out if "line" in o and not o["ok"]]
    assert [r["reason"] for r in refused] == ["not_expected"]           # blue's roll while nothing was rolled
    events = [o["event"] for o in out if "event" in o]
    assert events[:4] == ["roster", "roster", "kick_off", "phase"] and "dispute" in events
    published = [json.loads(p)["event"] for t, p, _ in watcher.messages if t.endswith("/events")]
    assert {"kick_off", "pass", "dispute"} <= set(published)

    told = soccerboard("report", str(table.journal))
    assert told.returncode == 0 and "Soccer!!" in told.stdout and "Traceback" not in told.stderr, told.stderr
    assert "Red kicks off" in told.stdout
    as_json = soccerboard("report", "--json", str(table.journal))
    assert as_json.returncode == 0, as_json.stderr
    report = json.loads(as_json.stdout)
    assert report["ruleset"] == "soccer" and report["finished"] is False
    html = tmp_path / "match.html"
    made = soccerboard("report", "--html", "-o", str(html), str(journal))
    assert made.returncode == 0, made.stderr
    replay = decode(re.search(r'id="match-data"[^>]*>([^<]+)</script>', html.read_text()).group(1))
    states = [f["state"] for f in replay["frames"]]
    assert {s["ruleset"] for s in states} == {"soccer"} and states[-1]["awaiting"]["what"] == "play"
    assert [e["event"] for f in replay["frames"] for e in f["events"]] == events     # each event once, in order
    lit = {f["state"]["team"]: {sq["meaning"] for sq in f["leds"]["squares"].values()} for f in replay["frames"]
           if f["state"]["awaiting"]["what"] == "play"}
    assert lit == {"red": {"red_to_act"}, "blue": {"blue_to_act"}}   # the replay's board lit as the board was

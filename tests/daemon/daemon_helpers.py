"""Helpers for the daemon tests: MQTT watchers, the in-process sim daemon, kills and resumes. The real Mosquitto
on a free port, the seeded matches and the daemon processes are simulator.bench's (the benchmarks and the soak
start the same ones), re-exported here.
"""
from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import paho.mqtt.client as mqtt

from controller.daemon.operations.config import load_settings
from controller.daemon.service import Daemon
from hal.backends import open_hardware
from hal.sim import SimBoard
from simulator.bench.daemon import start_daemon as start_daemon
from simulator.bench.matches import expected_run as expected_run
from simulator.bench.matches import scenario_lines as scenario_lines
from simulator.bench.matches import write_scenario as write_scenario
from simulator.bench.mosquitto import BASE as BASE
from simulator.bench.mosquitto import BOARD as BOARD
from simulator.bench.mosquitto import DAEMON_PASS as DAEMON_PASS
from simulator.bench.mosquitto import DAEMON_USER as DAEMON_USER
from simulator.bench.mosquitto import REFEREE_PASS as REFEREE_PASS
from simulator.bench.mosquitto import REFEREE_USER as REFEREE_USER
from simulator.bench.mosquitto import Mosquitto as Mosquitto
from simulator.bench.mosquitto import free_port as free_port
from simulator.bench.mosquitto import publish_once as publish_once
from simulator.bench.process import stop_process as stop_process
from simulator.bench.waits import wait_for as wait_for
from simulator.players import BotOpponent

# the broker, accounts, seeded matches and processes above are re-exported: the tests import them from here

ROOT = Path(__file__).resolve().parents[2]


class Watcher:
    """An MQTT client that records what arrives under <base>/#; reconnects by itself."""

    def __init__(self, port: int, user: str | None = None, password: str | None = None,
                 client_id: str | None = None, persistent: bool = False, topic: str = f"{BASE}/#"):
        self.messages: list[tuple[str, bytes, bool]] = []
        self.lock = threading.Lock()
        self.subscribed = threading.Event()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id or "",
                                  clean_session=not persistent)
        if user:
            self.client.username_pw_set(user, password)
        # paho annotates whole seconds but waits any number of them: the tests reconnect within a second
        self.client.reconnect_delay_set(0.05, 0.5)  # type: ignore[arg-type]
        self.topic = topic

        def on_connect(client, userdata, flags, reason_code, properties) -> None:
            client.subscribe(topic, qos=1)
            self.subscribed.set()
        self.client.on_connect = on_connect
        self.client.on_message = self._message
        self.client.connect("127.0.0.1", port, keepalive=10)
        self.client.loop_start()
        if not self.subscribed.wait(5):
            raise AssertionError("the watcher could not connect")
        time.sleep(0.1)

    def _message(self, client, userdata, msg) -> None:
        with self.lock:
            self.messages.append((msg.topic, msg.payload, msg.retain))

    def of(self, name: str) -> list:
        with self.lock:
            return [(json.loads(p) if p[:1] in (b"{", b"[") else p.decode()) for t, p, r in self.messages
                    if t == f"{BASE}/{name}"]

    def last(self, name: str):
        found = self.of(name)
        return found[-1] if found else None

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


def comparable(snapshot: dict) -> dict:
    """A snapshot without its seq (a resumed run numbers the same way, but compare the game itself too)."""
    return {k: v for k, v in snapshot.items() if k != "seq"}


def sim_args(broker: Mosquitto, journal: Path, *extra: str) -> list[str]:
    return ["sim", "--broker", broker.url(), "--board-id", BOARD, "--journal-dir", str(journal), *extra]


# short matches for the in-process simulator daemon, per game
SIM_OPTIONS = {"soccer_tactics_world": {"half_minutes": 3.0, "extra_time": False}, "stbg": {"half_minutes": 15.0}}


class SimDaemon:
    """A sim-mode daemon with the browser's entry point (`send`) and what it answered."""

    def __init__(self, tmp_path, clock: str = "sim", sim_mode: bool = True, options: dict | None = None,
                 bot: str | None = None, ruleset: str = "soccer_tactics_world"):
        settings = load_settings(None, env=False, journal__dir=str(tmp_path / "journal"), board_id="t1",
                                 game__ruleset=ruleset, game__options=dict(options or SIM_OPTIONS[ruleset]))
        self.hw = open_hardware({"backend": "sim", "clock": clock})
        assert isinstance(self.hw.leds, SimBoard)
        self.board = self.hw.leds
        self.daemon = Daemon(settings, self.hw, board_follows_game=True, tick=0.01, auto_setup=True,
                             sim_mode=sim_mode)
        self.responses: list[dict] = []
        self.events: list[dict] = []
        self.daemon.observers.append(self._observe)
        self.bot = (BotOpponent(bot, 3, self.daemon.put, think=0.0, ruleset=ruleset).attach(self.daemon)
                    if bot else None)
        self.daemon.start(self.bot)
        wait_for(lambda: self.state() is not None, 10, "the set-up")

    def _observe(self, msgs) -> None:
        for m in msgs:
            if m.topic == "response":
                self.responses.append(m.payload)
            elif m.topic == "events":
                self.events.append(m.payload)

    def send(self, line: dict | bytes) -> None:
        self.daemon.on_sim_input(line if isinstance(line, bytes) else json.dumps(line).encode())

    def settle(self) -> None:
        """Let the sim clock pass the settle window and the core take what settled."""
        time.sleep(0.05)                        # the poller takes the new frame (it waits 2 ms at most)
        self.board.advance(0.06)
        time.sleep(0.05)
        wait_for(lambda: self.daemon.inputs.empty(), 5, "the inputs")
        time.sleep(0.05)

    def state(self) -> dict | None:
        assert self.daemon.referee is not None
        return self.daemon.referee.state_doc

    def journal_lines(self) -> list[str]:
        self.daemon.journal.flush(2)
        assert self.daemon.journal_path is not None
        return self.daemon.journal_path.read_text().splitlines()

    def close(self) -> None:
        self.daemon.stop()
        self.hw.close()


def journaled_inputs(journal_dir: Path) -> int:
    """Input lines in the journals of a directory so far."""
    return sum(1 for path in journal_dir.glob("*.jsonl")
               for text in path.read_text().splitlines() if text.startswith("{"))


def kill_9_mid_match_and_resume(args: list[str], log: Path, journal_dir: Path, kill_at: int, total: int) -> None:
    """The `soccerboard` daemon of `args` killed with SIGKILL (no stop code runs, as at a power cut) once `kill_at`
    of the match's `total` inputs are journaled, then started again: it must resume the match from its journal
    and play it to the end (exit 0)."""
    proc = start_daemon(args, log)
    try:
        wait_for(lambda: journal_dir.exists() and journaled_inputs(journal_dir) >= kill_at, 30,
                 f"{kill_at} journaled inputs")
        proc.kill()
        proc.wait(10)
        assert 0 < journaled_inputs(journal_dir) < total, "the kill should land mid-match"
        proc = start_daemon(args, log)
        assert proc.wait(60) == 0, log.read_text()[-2000:]
    finally:
        stop_process(proc)
    assert "resumed the unfinished match" in log.read_text()


def retained_state(port: int) -> dict:
    """The state document the broker keeps for a newcomer."""
    watcher = Watcher(port)
    try:
        return wait_for(lambda: [json.loads(p) for t, p, r in watcher.messages if t.endswith("/state")],
                        5, "the retained state")[-1]
    finally:
        watcher.close()

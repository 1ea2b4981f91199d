"""Helpers for the daemon tests: a real Mosquitto on a free port, MQTT watchers, daemon processes.

Mosquitto is required, not optional: if the binary is missing the tests fail and say how to install
it (deploy/test.sh does it through SOCCERBOARD_APT).
"""
from __future__ import annotations

import getpass
import json
import os
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path
from typing import Self

import paho.mqtt.client as mqtt
import pytest

from controller.daemon.config import load_settings
from controller.daemon.service import Daemon
from hal.backends import open_hardware
from hal.sim import SimBoard
from simulator.bench.daemon import start_daemon as start_daemon  # re-exported: the tests import it from here
from simulator.bench.process import stop_process as stop_process  # re-exported: the tests import it from here
from simulator.players import BotOpponent

ROOT = Path(__file__).resolve().parents[2]
BOARD = "t1"
BASE = f"soccerboard/{BOARD}"
DAEMON_USER, DAEMON_PASS = BOARD, "daemon-secret"
REFEREE_USER, REFEREE_PASS = "referee", "referee-secret"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(predicate, timeout: float, what: str, step: float = 0.02):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


class Mosquitto:
    """A private Mosquitto 2.x: password file, the ACL of deploy/, persistence in its directory."""

    def __init__(self, directory: Path, port: int | None = None):
        binary = shutil.which("mosquitto") or ("/usr/sbin/mosquitto" if os.path.exists("/usr/sbin/mosquitto") else None)
        passwd = shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd"
        if binary is None or not os.path.exists(passwd):
            pytest.fail("the daemon tests need Mosquitto: run `apt-get install -y mosquitto` "
                        "(bash deploy/test.sh installs it on a fresh machine)", pytrace=False)
        self.binary, self.dir, self.port = binary, directory, port or free_port()
        self.dir.mkdir(parents=True, exist_ok=True)
        pw = self.dir / "passwd"
        subprocess.run([passwd, "-b", "-c", str(pw), DAEMON_USER, DAEMON_PASS], check=True, timeout=10,
                       capture_output=True)
        subprocess.run([passwd, "-b", str(pw), REFEREE_USER, REFEREE_PASS], check=True, timeout=10,
                       capture_output=True)
        acl = (ROOT / "deploy/mosquitto/soccerboard.acl").read_text().replace("user board1", f"user {BOARD}") \
            .replace("soccerboard/board1/#", f"{BASE}/#")
        (self.dir / "acl").write_text(acl)
        (self.dir / "mosquitto.conf").write_text(
            f"listener {self.port} 127.0.0.1\nallow_anonymous true\npassword_file {pw}\n"
            f"acl_file {self.dir / 'acl'}\npersistence true\npersistence_location {self.dir}/\n"
            f"user {getpass.getuser()}\nlog_dest file {self.dir / 'mosquitto.log'}\n")
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Self:
        self.proc = subprocess.Popen([self.binary, "-c", str(self.dir / "mosquitto.conf")],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        wait_for(self._listening, 10, f"mosquitto on port {self.port}")
        return self

    def _check_running(self) -> None:
        """Fail with mosquitto's own words once it has exited."""
        if self.proc is None:
            raise AssertionError("mosquitto was not started")
        if self.proc.poll() is not None:
            err = self.proc.communicate()[1] or b""
            raise AssertionError(f"mosquitto exited: {err.decode(errors='replace')}")

    def _listening(self) -> bool:
        self._check_running()
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                return True
        except OSError:
            return False

    def stop(self) -> None:
        if self.proc:
            stop_process(self.proc, timeout=10)

    def url(self, user: str | None = DAEMON_USER, password: str | None = DAEMON_PASS) -> str:
        auth = f"{user}:{password}@" if user else ""
        return f"mqtt://{auth}127.0.0.1:{self.port}"


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


def publish_once(port: int, topic: str, payload: str, user: str | None = None, password: str | None = None) -> bool:
    """Publish one QoS 1 message; False when the broker refused the login (it silently drops what the ACL denies)."""
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
    if user:
        c.username_pw_set(user, password)
    result: dict = {}
    done = threading.Event()
    def on_connect(client, userdata, flags, reason_code, properties) -> None:
        result.setdefault("rc", reason_code)
        done.set()
    c.on_connect = on_connect
    c.connect("127.0.0.1", port)
    c.loop_start()
    try:
        if not done.wait(5) or result["rc"].is_failure:
            return False
        info = c.publish(topic, payload, qos=1)
        info.wait_for_publish(5)
        return True
    finally:
        c.disconnect()
        c.loop_stop()


def scenario_lines(seed: int, options: dict) -> list[dict]:
    from simulator.autoplay import simulate
    lines: list[dict] = []
    simulate(seed, options, on_line=lambda line, out: lines.append(line))
    return lines


def expected_run(lines: list[dict], options: dict):
    """What an uninterrupted daemon ends with: the Referee after the (normalised) lines."""
    from controller.daemon.referee import Referee
    ref = Referee(options, board_follows_game=True)
    events = []
    for line in lines:
        events += ref.feed(ref.normalise(line)).events
    step = ref.finish_pending()
    events += step.events
    return ref, events


def comparable(snapshot: dict) -> dict:
    """A snapshot without its seq (a resumed run numbers the same way, but compare the game itself too)."""
    return {k: v for k, v in snapshot.items() if k != "seq"}


def write_scenario(path: Path, lines: list[dict]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


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

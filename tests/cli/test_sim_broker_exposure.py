"""`soccerboard sim`'s embedded broker: open to the LAN only with a warning that says what that exposes, and a
flood of bad simulator inputs does not fill the disk with the broker's log."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import paho.mqtt.client as mqtt

from simulator.live import lan_warning
from tests.cli.cli_helpers import ROOT

BASE = "soccerboard/board1"


def test_only_a_loopback_listener_goes_without_a_lan_warning():
    for local in ("127.0.0.1", "127.0.0.2", "::1", "localhost"):
        assert lan_warning(local, 1883, 9001) is None, local
    for lan in ("0.0.0.0", "::", "", "192.168.1.20"):
        warning = lan_warning(lan, 1883, 9001)
        assert warning is not None and "anyone" in warning and "inputs" in warning, lan
        assert "1883" in warning and "9001" in warning


def start_sim(tmp_path: Path, *args: str) -> tuple[subprocess.Popen[str], Path, int]:
    """`soccerboard sim --manual` with its stderr in a file: (process, stderr file, broker port)."""
    err = tmp_path / "stderr.log"
    proc = subprocess.Popen([sys.executable, "-m", "controller.cli", "sim", "--manual", "--no-web",
                             "--journal-dir", str(tmp_path / "journal"), *args], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=err.open("w"), env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert proc.stdout is not None
    for line in proc.stdout:
        found = re.search(r"^broker\s+mqtt://[^:]+:(\d+)", line)
        if found:
            return proc, err, int(found.group(1))
    proc.wait(30)
    raise AssertionError(f"sim did not start: {err.read_text()[-2000:]}")


def stop(proc: subprocess.Popen[str]) -> None:
    proc.terminate()
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)


def test_sim_listening_on_the_whole_lan_warns_that_anyone_there_can_send_inputs(tmp_path):
    proc, err, _ = start_sim(tmp_path, "--listen", "0.0.0.0")
    try:
        deadline = time.monotonic() + 30
        while "warning" not in err.read_text() and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        stop(proc)
    text = err.read_text()
    assert "warning: the embedded broker listens on 0.0.0.0" in text and "anyone" in text, text


class Watcher:
    """A subscriber to the board's state and responses, on its own connection."""

    def __init__(self, port: int):
        self.states: list[dict] = []
        self.responses: list[dict] = []
        self.changed = threading.Condition()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="watcher")
        self.client.on_message = self._on_message
        self.client.connect("127.0.0.1", port)
        self.client.subscribe([(f"{BASE}/state", 1), (f"{BASE}/response", 1)])
        self.client.loop_start()

    def _on_message(self, _client, _userdata, message) -> None:
        with self.changed:
            doc = json.loads(message.payload)
            (self.states if message.topic.endswith("/state") else self.responses).append(doc)
            self.changed.notify_all()

    def wait_for(self, test, timeout: float, docs: str = "states") -> dict | None:
        with self.changed:
            seen = getattr(self, docs)
            self.changed.wait_for(lambda: any(test(s) for s in seen), timeout)
            return next((s for s in reversed(seen) if test(s)), None)

    def wait_quiet(self, quiet: float, timeout: float) -> None:
        """Until no response has come for `quiet` seconds (a flood's backlog delivered), at most `timeout`."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self.changed:
                count = len(self.responses)
                self.changed.wait(quiet)
                if len(self.responses) == count:
                    return

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


# bad JSON, one byte over the 4,096 a simulator input may have, 70 KB, NaN, deep nesting
FLOOD = [b"{bad", b"x" * 4_097, b"x" * 70_000, b'{"type": "roll", "die": "red", "value": NaN}', b"[" * 200]


def flood(port: int, seconds: float) -> None:
    """Bad simulator inputs and commands for `seconds`, a few hundred a second, at QoS 0: every one refused."""
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="flood")
    client.connect("127.0.0.1", port)
    client.loop_start()
    end, n = time.monotonic() + seconds, 0
    while time.monotonic() < end:
        for _ in range(10):
            client.publish(f"{BASE}/sim/input", FLOOD[n % len(FLOOD)], qos=0)
            client.publish(f"{BASE}/cmd/{('pause', 'new_game', 'nonsense')[n % 3]}", FLOOD[n % len(FLOOD)], qos=0)
            n += 1
        time.sleep(0.05)
    client.loop_stop()
    client.disconnect()


def test_after_a_flood_of_bad_inputs_and_commands_the_sim_still_referees_and_logs_little(tmp_path):
    """The sim's stdout is left unread after start (as a paused terminal or a stalled pipe leaves it): the
    refusals it prints must not hold up the referee."""
    proc, err, port = start_sim(tmp_path, "-v")       # -v: the most the command ever logs
    watcher = Watcher(port)
    try:
        assert watcher.wait_for(lambda s: s.get("expects", {}).get("input") == "roll", 30) is not None
        flood(port, 12.0)
        assert proc.poll() is None, "the sim stopped"
        watcher.wait_quiet(2.0, 60.0)
        sender = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="referee")
        sender.connect("127.0.0.1", port)
        sender.loop_start()
        try:
            sender.publish(f"{BASE}/sim/input", json.dumps({"type": "roll", "die": "red", "value": 4}), qos=1)
            rolled = watcher.wait_for(lambda s: "red" not in s.get("expects", {}).get("waiting", ["red"]), 10)
            assert rolled is not None, f"the roll was not refereed: {watcher.states[-1:]}"
            sender.publish(f"{BASE}/cmd/pause", json.dumps({"id": "after-flood"}), qos=1)
            answer = watcher.wait_for(lambda r: r.get("id") == "after-flood", 10, "responses")
            assert answer is not None, f"the command was not answered: {watcher.responses[-1:]}"
        finally:
            sender.loop_stop()
            sender.disconnect()
    finally:
        watcher.close()
        stop(proc)
    size = err.stat().st_size
    assert size < 100_000, f"{size} bytes of log: {err.read_text()[:3000]}"

def test_the_brokers_per_message_warnings_are_told_once_a_minute_without_tracebacks():
    import io
    import logging

    from controller.daemon.outputs.broker import BROKER_LOGGERS, quiet_broker_logging
    out = io.StringIO()
    handler = quiet_broker_logging(out)
    try:
        log = logging.getLogger("amqtt.mqtt.protocol.handler")
        for n in range(5000):        # what amqtt logs for each message of a flood it cannot pass on
            try:
                raise TimeoutError(f"packet {n}")
            except TimeoutError:
                log.warning("Timeout waiting for PUBACK for packet ID %s", n, exc_info=True)
            logging.getLogger("amqtt.broker").error("Task failed and will be skipped: %s", "x" * 10_000)
            logging.getLogger("amqtt.broker").info("a client connected")
    finally:
        for name in BROKER_LOGGERS:
            logging.getLogger(name).removeHandler(handler)
            logging.getLogger(name).propagate = True
    text = out.getvalue()
    assert len(text) < 2_000 and "Traceback" not in text, text
    assert "Timeout waiting for PUBACK for packet ID 0" in text and "Task failed" in text
    assert "a client connected" not in text

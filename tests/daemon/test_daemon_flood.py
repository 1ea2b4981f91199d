"""On a real Mosquitto, the sim-mode daemon still referees after a flood of bad simulator inputs and commands,
with its stdout a pipe that nobody reads (a paused terminal): each refused input is answered or counted, and
none of it holds up the next good one."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import paho.mqtt.client as mqtt

from tests.daemon.daemon_helpers import (
    BASE,
    DAEMON_PASS,
    DAEMON_USER,
    REFEREE_PASS,
    REFEREE_USER,
    Watcher,
    sim_args,
    stop_process,
    wait_for,
)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BAD = [b"{bad", b"x" * 4_097, b"x" * 70_000, b'{"type": "roll", "die": "red", "value": NaN}', b"[" * 200]


def _client(port: int, user: str, password: str) -> mqtt.Client:
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
    c.username_pw_set(user, password)
    c.connect("127.0.0.1", port)
    c.loop_start()
    return c


def _flood(port: int, seconds: float) -> int:
    """Bad simulator inputs (as the board's user, the one the ACL lets write them) and bad commands (as the
    referee) for `seconds`, a few hundred a second at QoS 0; how many were sent."""
    board, referee = _client(port, DAEMON_USER, DAEMON_PASS), _client(port, REFEREE_USER, REFEREE_PASS)
    end, n = time.monotonic() + seconds, 0
    while time.monotonic() < end:
        for _ in range(10):
            board.publish(f"{BASE}/sim/input", BAD[n % len(BAD)], qos=0)
            referee.publish(f"{BASE}/cmd/{('pause', 'new_game', 'nonsense')[n % 3]}", BAD[n % len(BAD)], qos=0)
            n += 1
        time.sleep(0.05)
    for c in (board, referee):
        c.loop_stop()
        c.disconnect()
    return 2 * n


def test_after_a_flood_on_mosquitto_a_roll_is_refereed_and_a_command_answered(broker, tmp_path):
    watcher = Watcher(broker.port, REFEREE_USER, REFEREE_PASS, topic=f"{BASE}/+")   # not the flood itself
    err = tmp_path / "daemon.log"
    proc = subprocess.Popen([sys.executable, "-m", "controller.cli",
                             *sim_args(broker, tmp_path / "j", "--manual", "-v")], cwd=ROOT,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"}, stdout=subprocess.PIPE,
                            stderr=err.open("wb"), start_new_session=True)
    try:
        wait_for(lambda: (watcher.last("state") or {}).get("expects", {}).get("input") == "roll", 30,
                 "the roll-off")
        sent = _flood(broker.port, 12.0)
        assert proc.poll() is None, "the daemon stopped"
        quiet_since, count = time.monotonic(), -1
        while time.monotonic() - quiet_since < 2.0 and time.monotonic() < quiet_since + 60:   # the backlog
            time.sleep(0.5)
            now = len(watcher.of("response"))
            if now != count:
                quiet_since, count = time.monotonic(), now
        assert 0 < count < sent                        # answered up to the refusal rate, the rest counted
        board = _client(broker.port, DAEMON_USER, DAEMON_PASS)
        try:
            board.publish(f"{BASE}/sim/input", json.dumps({"type": "roll", "die": "red", "value": 4}), qos=1)
            wait_for(lambda: "red" not in (watcher.last("state") or {}).get("expects", {}).get("waiting", ["red"]),
                     10, "the roll to be refereed")
        finally:
            board.loop_stop()
            board.disconnect()
        referee = _client(broker.port, REFEREE_USER, REFEREE_PASS)
        try:
            referee.publish(f"{BASE}/cmd/pause", json.dumps({"id": "after-flood"}), qos=1)
            wait_for(lambda: any(r.get("id") == "after-flood" for r in watcher.of("response")), 10,
                     "the command to be answered")
        finally:
            referee.loop_stop()
            referee.disconnect()
    finally:
        stop_process(proc)
        watcher.close()
    assert err.stat().st_size < 100_000, err.read_text()[:3000]

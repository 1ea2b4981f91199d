"""The shipped broker configuration (deploy/mosquitto/soccerboard.acl, unchanged, and a password file made
here with mosquitto_passwd): an anonymous WebSocket client, such as a spectator's browser, can drive
neither the simulator (sim/input) nor the referee (cmd/new_game); the daemon never receives them."""
from __future__ import annotations

import json
import shutil
import subprocess
import threading
from typing import Literal

import paho.mqtt.client as mqtt
import pytest

from tests.web.web_helpers import ROOT, InProcessDaemon, WebMosquitto, wait_for

BOARD = "board1"                                   # the account the shipped ACL names
DAEMON_PASS, REFEREE_PASS = "daemon-secret", "referee-secret"


@pytest.fixture
def shipped_broker(tmp_path):
    passwd_tool = shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd"
    passwd = tmp_path / "passwd"
    for args in (["-c", str(passwd), BOARD, DAEMON_PASS], [str(passwd), "referee", REFEREE_PASS]):
        subprocess.run([passwd_tool, "-b", *args], check=True, capture_output=True, timeout=10)
    broker = WebMosquitto(tmp_path / "mosquitto", acl=ROOT / "deploy" / "mosquitto" / "soccerboard.acl",
                          passwd=passwd).start()
    yield broker
    broker.stop()


def _client(port: int, transport: Literal["tcp", "websockets"] = "tcp", user: str | None = None,
            password: str | None = None):
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, transport=transport)
    if user:
        c.username_pw_set(user, password)
    up = threading.Event()
    c.on_connect = lambda cl, u, f, rc, p: up.set() if not rc.is_failure else None
    c.connect("127.0.0.1", port)
    c.loop_start()
    assert up.wait(5), f"could not connect over {transport}"
    return c


def _send(client, topic: str, payload: dict) -> None:
    info = client.publish(topic, json.dumps(payload), qos=1)
    info.wait_for_publish(5)       # acknowledged: the broker has decided whom to deliver it to


def _responses(d: InProcessDaemon) -> list[dict]:
    return d.outputs("response")


def test_an_anonymous_websocket_client_can_drive_neither_the_simulator_nor_the_referee(shipped_broker, tmp_path):
    d = InProcessDaemon(shipped_broker.port, BOARD, tmp_path / "journal", user=BOARD, password=DAEMON_PASS,
                        sim_mode=True).start()
    referee = _client(shipped_broker.port, user="referee", password=REFEREE_PASS)
    spectator = _client(shipped_broker.ws_port, transport="websockets")
    try:
        d.put({"type": "setup", "formation": "standard", "kickoff": "red"})
        d.settle()
        before = d.state
        assert before["phase"] == "kick_off"

        base = f"soccerboard/{BOARD}"
        _send(spectator, f"{base}/sim/input", {"type": "roll", "die": "red", "value": 3})
        _send(spectator, f"{base}/cmd/new_game", {"kickoff": "blue", "id": "spectator"})
        _send(spectator, f"{base}/cmd/pause", {"id": "spectator"})
        # a marker from an account that may send commands: once the daemon answers it, anything the broker
        # had passed on before it would have been handled
        _send(referee, f"{base}/cmd/confirm", {"id": "marker"})
        wait_for(lambda: any(r.get("id") == "marker" for r in _responses(d)), 10, "the daemon to answer the marker")
        d.settle()
        assert not any(r.get("id") == "spectator" or r.get("request") == "sim/input" for r in _responses(d)), \
            _responses(d)
        after = d.state
        assert after["seq"] == before["seq"] and after["phase"] == "kick_off" and after["roll"] is None, after
        assert len(d.daemon.store.journals()) == 1, "a new game was started"

        # the same messages from the accounts the ACL allows do arrive (the test can tell)
        owner = _client(shipped_broker.port, user=BOARD, password=DAEMON_PASS)
        try:
            _send(owner, f"{base}/sim/input", {"type": "roll", "die": "red", "value": 3})
            wait_for(lambda: d.state["roll"] == 3, 10, "the owner's roll")
        finally:
            owner.loop_stop()
            owner.disconnect()
        _send(referee, f"{base}/cmd/new_game", {"kickoff": "blue", "id": "referee"})
        wait_for(lambda: any(r.get("id") == "referee" and r["status"] == "ok" for r in _responses(d)), 10,
                 "the referee's new game")
    finally:
        spectator.loop_stop()
        spectator.disconnect()
        referee.loop_stop()
        referee.disconnect()
        d.stop()

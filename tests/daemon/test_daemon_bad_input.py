"""What a wire or a person may send the daemon is bounded at the edge: oversized or deeply nested payloads,
integers too long to convert, NaN and Infinity, huge or odd request ids, match options that would overflow a
clock, floods of commands, and retained commands each get a clear refusal (with the request id when there is
a usable one) or are ignored, and nothing reaches the core or the published JSON that could break it."""
from __future__ import annotations

import json
import math

import pytest

from controller.daemon.inputs.commands import MAX_ID, CommandError, RateLimit, parse_command, response
from controller.daemon.inputs.siminput import SimInputError, parse_payload
from controller.daemon.outputs.publisher import _json, clock_document
from controller.daemon.referee import Referee
from tests.daemon.daemon_helpers import (
    BASE,
    DAEMON_PASS,
    REFEREE_PASS,
    REFEREE_USER,
    Watcher,
    sim_args,
    start_daemon,
    stop_process,
    wait_for,
)

HOSTILE = [
    b'{"id": ' + b"9" * 5000 + b"}",                      # more digits than Python converts
    b"[" * 100_000 + b"]" * 100_000,                     # nested far beyond any recursion limit
    b'{"id": NaN}', b'{"id": Infinity}', b'{"kickoff": -Infinity}',
    b'{"options": ' + b'{"a": ' * 20 + b"1" + b"}" * 20 + b"}",
    b'{"id": "' + b"x" * 20_000_000 + b'"}',              # a 20 MB id
]


@pytest.mark.parametrize("payload", HOSTILE, ids=["long-int", "deep", "nan-id", "inf-id", "inf-kickoff", "nested",
                                                  "huge-id"])
def test_a_hostile_command_payload_is_one_clear_refusal(payload):
    with pytest.raises(CommandError) as e:
        parse_command("new_game", payload)
    assert len(str(e.value)) < 300 and e.value.request_id is None


@pytest.mark.parametrize("payload", HOSTILE[:6], ids=["long-int", "deep", "nan-id", "inf-id", "inf-kickoff",
                                                      "nested"])
def test_a_hostile_simulator_input_is_one_clear_refusal(payload):
    with pytest.raises(SimInputError):
        parse_payload(payload)


def test_request_ids_are_bounded_and_echoed_on_errors_too():
    assert parse_command("pause", b'{"id": "r-1"}')[1] == "r-1"
    assert parse_command("pause", b'{"id": 12}')[1] == 12
    for bad in ('"' + "x" * (MAX_ID + 1) + '"', "1e300", "2e16", "true", "[1]", "{}"):
        with pytest.raises(CommandError, match="id must be"):
            parse_command("pause", f'{{"id": {bad}}}'.encode())
    with pytest.raises(CommandError) as e:
        parse_command("new_game", b'{"kickoff": "green", "id": "r-2"}')
    doc = response("new_game", error=str(e.value), request_id=e.value.request_id)
    assert doc["id"] == "r-2" and doc["status"] == "error" and "green" in doc["detail"]


@pytest.mark.parametrize("options", [{"move_seconds": 1e12}, {"half_minutes": 1e308}, {"reset_seconds": 0},
                                     {"shootout_kicks": 10 ** 6}, {"extra_time_minutes": -1}])
def test_match_options_that_would_overflow_a_clock_are_refused(options):
    ref = Referee()
    step = ref.feed({"type": "setup", "formation": "standard", "options": options})
    assert not step.verdict["ok"] and ref.core.game is None
    ok = ref.feed({"type": "setup", "formation": "standard"})
    assert ok.verdict["ok"]


def test_published_json_never_carries_nan_or_infinity():
    doc = json.loads(_json({"a": math.nan, "b": [1.5, math.inf], "c": {"d": -math.inf}, "e": "x"}))
    assert doc == {"a": None, "b": [1.5, None], "c": {"d": None}, "e": "x"}
    view = {"paused": False, "running": True, "period": 1, "phase": "kick_off", "elapsed": 0.0, "length": 2700.0,
            "time_up": False, "move_remaining": 1e12, "reset_remaining": None}
    assert clock_document(view)["move_deadline"] is None            # no overflow, no deadline that far away


def test_a_flood_is_limited_and_logged_once_a_second():
    now = [0.0]
    limit = RateLimit(20, 40, clock=lambda: now[0])
    assert sum(limit.allow() for _ in range(100)) == 40             # the burst
    assert limit.tell() and not limit.tell()
    now[0] += 0.5
    assert sum(limit.allow() for _ in range(100)) == 10             # 20 a second after that
    now[0] += 1.0
    assert limit.tell()


def test_each_command_over_the_rate_is_refused_under_its_id(tmp_path):
    from controller.daemon.operations.config import load_settings
    from controller.daemon.service import COMMAND_RATE, Daemon
    from hal.backends import open_hardware

    settings = load_settings(None, env=False, journal__dir=str(tmp_path / "journal"), board_id="t1")
    daemon = Daemon(settings, open_hardware({"backend": "sim"}), board_follows_game=True, tick=0.01,
                    auto_setup=False)
    answers: list[dict] = []
    daemon.observers.append(lambda msgs: answers.extend(m.payload for m in msgs if m.topic == "response"))
    daemon.start()
    try:
        sent = 2 * COMMAND_RATE + 30                   # the burst, then 30 more at once
        for n in range(sent):
            daemon.on_command("pause", json.dumps({"id": n}).encode())
        wait_for(lambda: len(answers) >= sent, 10, "an answer to every command")
        refused = [a for a in answers if str(a.get("detail", "")).startswith("refused: more than")]
        assert sorted(a["id"] for a in refused) == list(range(2 * COMMAND_RATE, sent))
        assert sorted(a["id"] for a in answers) == list(range(sent))    # none dropped, none answered twice
    finally:
        daemon.stop()
        daemon.hw.close()


def test_a_retained_command_is_never_carried_out_and_is_cleared(broker, tmp_path):
    import paho.mqtt.client as mqtt
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
    c.username_pw_set(REFEREE_USER, REFEREE_PASS)
    c.connect("127.0.0.1", broker.port)
    c.loop_start()
    c.publish(f"{BASE}/cmd/new_game", '{"kickoff": "blue"}', qos=1, retain=True).wait_for_publish(5)
    c.disconnect()
    c.loop_stop()
    watcher = Watcher(broker.port, REFEREE_USER, REFEREE_PASS)
    proc = start_daemon(sim_args(broker, tmp_path / "j", "--manual"), tmp_path / "daemon.log")
    try:
        wait_for(lambda: watcher.last("state"), 20, "the first state")
        wait_for(lambda: any(t == f"{BASE}/cmd/new_game" and p == b"" for t, p, _ in watcher.messages), 10,
                 "the retained command to be cleared")
        assert not watcher.of("response")                           # not carried out, not answered
        assert len(list((tmp_path / "j").glob("*.jsonl"))) == 1     # the daemon's own set-up only
        late = Watcher(broker.port, REFEREE_USER, REFEREE_PASS, topic=f"{BASE}/cmd/#")
        try:
            assert not late.messages                                # nothing retained any more
        finally:
            late.close()
    finally:
        assert stop_process(proc) == 0
        watcher.close()
    printed = (tmp_path / "daemon.log").read_text()
    assert "broker   mqtt://t1:********@" in printed and DAEMON_PASS not in printed    # the password is not shown


def test_config_shows_no_password(monkeypatch, capsys):
    from controller.cli import main as cli
    monkeypatch.setenv("SOCCERBOARD_MQTT__PASSWORD", "hunter2")
    monkeypatch.setenv("SOCCERBOARD_MQTT__URL", "mqtts://board1:s3cret@broker.example:8883")
    assert cli(["config"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert "hunter2" not in json.dumps(shown) and "s3cret" not in json.dumps(shown)
    assert shown["mqtt"]["password"] == "********"
    assert shown["mqtt"]["url"] == "mqtts://board1:********@broker.example:8883"

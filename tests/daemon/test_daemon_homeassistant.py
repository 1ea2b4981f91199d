"""Home Assistant MQTT discovery against a real Mosquitto with the shipped ACL: the retained configs, their
value templates read against the daemon's own retained state, re-sent after a broker restart, absent when
off; and the config section's validation."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import threading
import time
from collections import Counter
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest

from controller.daemon.operations.config import ConfigError, load_settings
from controller.daemon.outputs.homeassistant import SENSORS, discovery_messages, package_version
from controller.daemon.referee import Referee
from controller.games.stw.pieces import TEAMS
from tests.daemon.daemon_helpers import (
    BASE,
    BOARD,
    ROOT,
    Mosquitto,
    Watcher,
    expected_run,
    scenario_lines,
    sim_args,
    start_daemon,
    stop_process,
    wait_for,
    write_scenario,
)

HA_USER, HA_PASS = "homeassistant", "ha-secret"
PREFIX = "homeassistant"
OPTIONS = {"half_minutes": 20.0, "extra_time": False}
OBJECTS = {s.object_id for s in SENSORS}
TOPICS = {f"{PREFIX}/sensor/{BOARD}/{o}/config" for o in OBJECTS}

# What the value templates may use: plain field reads of the snapshot, `default(..., true)` for a null
# field, `tojson`. The test renders exactly that subset (Jinja is not installed here) and fails on anything else.
EXPR = re.compile(r"\{\{ value_json((?:\.[a-z_]+)+)(?: \| (?:default\('([a-z]+)', true\)|(tojson)))? \}\}")


def render(template: str, state: dict) -> str:
    """A value template rendered as Home Assistant's Jinja would, checking each field path against `state`."""
    out, pos = [], 0
    for m in EXPR.finditer(template):
        literal = template[pos:m.start()]
        assert "{" not in literal and "}" not in literal, f"unsupported template syntax in {template!r}"
        value = state
        for key in m.group(1).split(".")[1:]:
            assert not hasattr(dict, key), f"Jinja would read dict.{key}, not the field"
            assert isinstance(value, dict) and key in value, f"{m.group(1)} is not in the retained state"
            value = value[key]
        if m.group(3):
            text = json.dumps(value, sort_keys=True)
        elif m.group(2):
            text = str(value) if value else m.group(2)
        else:
            text = str(value)
        out += [literal, text]
        pos = m.end()
    assert "{" not in template[pos:] and "}" not in template[pos:], f"unsupported template syntax in {template!r}"
    return "".join(out) + template[pos:]


@pytest.fixture
def ha_broker(tmp_path):
    """The suite's Mosquitto plus a `homeassistant` account (the ACL's Home Assistant user)."""
    m = Mosquitto(tmp_path / "mosquitto")
    passwd = shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd"
    subprocess.run([passwd, "-b", str(m.dir / "passwd"), HA_USER, HA_PASS], check=True, timeout=10,
                   capture_output=True)
    m.start()
    yield m
    m.stop()


def _ha(broker) -> Watcher:
    """What Home Assistant sees: its account, everything it may read."""
    return Watcher(broker.port, HA_USER, HA_PASS, topic="#")


def _configs(watcher: Watcher) -> dict[str, tuple[dict, bool]]:
    with watcher.lock:
        return {t: (json.loads(p), r) for t, p, r in watcher.messages if t.startswith(f"{PREFIX}/") and p}


def _retained(watcher: Watcher, name: str):
    with watcher.lock:
        found = [json.loads(p) if p[:1] == b"{" else p.decode()
                 for t, p, r in watcher.messages if t == f"{BASE}/{name}"]
    return found[-1] if found else None


def _config_file(tmp_path: Path, enabled: bool) -> Path:
    path = tmp_path / "ha.toml"
    path.write_text(f"[game.options]\nextra_time = false\n[homeassistant]\nenabled = {str(enabled).lower()}\n")
    return path


def _publish_retained(port: int, topics, payload: bytes) -> None:
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
    c.username_pw_set(HA_USER, HA_PASS)
    up = threading.Event()
    c.on_connect = lambda *a: up.set()
    c.connect("127.0.0.1", port)
    c.loop_start()
    try:
        assert up.wait(5)
        for t in topics:
            c.publish(t, payload, qos=1, retain=True).wait_for_publish(5)
    finally:
        c.disconnect()
        c.loop_stop()


def _until_after_the_second_goal() -> list[dict]:
    """The first seeded match (at 20-minute halves) with two goals, cut a little after the second: mid-match,
    so clock and phase are live and the score is not 0-0."""
    for seed in range(1, 20):
        lines = scenario_lines(seed, OPTIONS)
        ref = Referee(OPTIONS, board_follows_game=True)
        for i, line in enumerate(lines):
            scored = any(e["event"] == "goal" for e in ref.feed(ref.normalise(line)).events)
            if scored and sum(ref.snapshot["score"].values()) == 2:
                return lines[:i + 12]
    raise AssertionError("no seeded match of 1-19 at 20-minute halves scores twice")


def test_retained_configs_read_score_possession_and_clock_from_the_retained_state(ha_broker, tmp_path):
    lines = _until_after_the_second_goal()
    ref, _ = expected_run(lines, OPTIONS)
    live = Watcher(ha_broker.port)
    scenario = write_scenario(tmp_path / "m.jsonl", lines)
    proc = start_daemon(sim_args(ha_broker, tmp_path / "j", "--scenario", str(scenario), "--speed", "0",
                                 "--half-minutes", "20", "--config", str(_config_file(tmp_path, True))),
                        tmp_path / "daemon.log")
    try:
        assert proc.wait(60) == 0, (tmp_path / "daemon.log").read_text()[-2000:]
    finally:
        stop_process(proc)
    time.sleep(0.2)
    goals = Counter(e["team"] for e in live.of("events") if e["event"] == "goal")
    live.close()

    ha = _ha(ha_broker)                                   # Home Assistant starting later: all of it is retained
    configs = wait_for(lambda: len(c := _configs(ha)) == len(TOPICS) and c, 5, "the discovery configs")
    state = wait_for(lambda: _retained(ha, "state"), 5, "the retained state")
    clock = _retained(ha, "clock")
    status = _retained(ha, "status")
    ha.close()
    assert set(configs) == TOPICS
    assert all(retained for _, retained in configs.values())
    cfg = {t.split("/")[3]: c for t, (c, _) in configs.items()}
    devices = {json.dumps(c["device"], sort_keys=True) for c in cfg.values()}
    assert len(devices) == 1, "one device for all sensors"
    device = cfg["score"]["device"]
    assert device == {"identifiers": [f"soccerboard_{BOARD}"], "name": f"Soccerboard {BOARD}",
                      "manufacturer": "Soccerboard", "model": device["model"], "sw_version": package_version()}
    assert len({c["unique_id"] for c in cfg.values()}) == len(cfg)
    assert all(c["unique_id"].startswith(f"soccerboard_{BOARD}_") for c in cfg.values())
    for c in cfg.values():
        assert (c["state_topic"], c["availability_topic"]) == (f"{BASE}/state", f"{BASE}/status")
        assert (c["payload_available"], c["payload_not_available"]) == ("online", "offline")
        assert c["name"] and c["origin"]["name"] == "soccerboard"
    assert status == cfg["score"]["payload_not_available"]    # a clean stop: Home Assistant shows it unavailable

    assert state == ref.state_doc
    red, blue = goals["red"], goals["blue"]
    assert red + blue == 2 and (red, blue) == (ref.snapshot["score"]["red"], ref.snapshot["score"]["blue"])
    assert render(cfg["score"]["value_template"], state) == f"{red}-{blue}"
    assert render(cfg["red_goals"]["value_template"], state) == str(red)
    assert render(cfg["blue_goals"]["value_template"], state) == str(blue)
    assert render(cfg["possession"]["value_template"], state) == TEAMS[ref.core.game.state.offense]
    assert render(cfg["period"]["value_template"], state) == str(clock["period"]) == str(state["clock"]["period"])
    assert render(cfg["phase"]["value_template"], state) == clock["phase"] != "full_time"
    elapsed = float(render(cfg["match_clock"]["value_template"], state))
    assert 0 < elapsed <= state["clock"]["length"] and cfg["match_clock"]["unit_of_measurement"] == "s"
    assert cfg["match_clock"]["json_attributes_topic"] == f"{BASE}/state"
    attributes = json.loads(render(cfg["match_clock"]["json_attributes_template"], state))
    assert attributes["period"] == clock["period"] and attributes["elapsed"] == elapsed


def test_configs_are_sent_again_after_a_broker_restart_and_possession_reads_none_before_kick_off(ha_broker, tmp_path):
    proc = start_daemon(sim_args(ha_broker, tmp_path / "j", "--manual", "--config", str(_config_file(tmp_path, True))),
                        tmp_path / "daemon.log")
    try:
        ha = _ha(ha_broker)
        wait_for(lambda: len(_configs(ha)) == len(TOPICS), 20, "the discovery configs")
        state = wait_for(lambda: _retained(ha, "state"), 10, "the first state")
        ha.close()
        cfg = {t.split("/")[3]: c for t, (c, _) in _configs(ha).items()}
        assert render(cfg["score"]["value_template"], state) == "0-0"
        expected = state["offense"] or "none"                  # null until the roll-off decides the kick-off
        assert render(cfg["possession"]["value_template"], state) == expected

        _publish_retained(ha_broker.port, TOPICS, b"")        # removed, as Home Assistant's docs describe
        empty = _ha(ha_broker)
        time.sleep(0.3)
        assert _configs(empty) == {}
        empty.close()
        ha_broker.stop()
        ha_broker.start()
        again = _ha(ha_broker)
        configs = wait_for(lambda: len(c := _configs(again)) == len(TOPICS) and c, 20, "the configs sent again")
        again.close()
        assert {t.split("/")[3]: c for t, (c, _) in configs.items()} == cfg     # the very same configs
        assert proc.poll() is None
    finally:
        assert stop_process(proc) == 0


def test_nothing_under_the_prefix_when_discovery_is_off(ha_broker, tmp_path):
    ha = _ha(ha_broker)
    proc = start_daemon(sim_args(ha_broker, tmp_path / "j", "--manual"), tmp_path / "daemon.log")
    try:
        wait_for(lambda: _retained(ha, "state"), 20, "the first state")
        wait_for(lambda: _retained(ha, "status") == "online", 5, "status online")
        time.sleep(0.5)
    finally:
        assert stop_process(proc) == 0
    time.sleep(0.2)
    with ha.lock:
        under = [t for t, _, _ in ha.messages if t.startswith(f"{PREFIX}/")]
    ha.close()
    assert under == []


def test_the_section_is_validated_like_the_others_and_follows_the_environment(tmp_path, monkeypatch):
    bad = tmp_path / "bad.toml"
    bad.write_text('[homeassistant]\nenabled = "maybe"\ndiscovery_prefix = "home/#"\ndevice_name = ""\n')
    with pytest.raises(ConfigError) as e:
        load_settings(bad)
    text = str(e.value)
    assert "homeassistant.enabled = 'maybe': Input should be a valid boolean" in text
    assert "homeassistant.discovery_prefix = 'home/#': must be an MQTT topic prefix without wildcards" in text
    assert "homeassistant.device_name = ''" in text
    with pytest.raises(ConfigError, match=r"homeassistant.prefix: unknown key"):
        load_settings(None, env=False, homeassistant__prefix="ha")
    with pytest.raises(ConfigError, match=r"homeassistant.discovery_prefix = 'a//b'"):
        load_settings(None, env=False, homeassistant__discovery_prefix="a//b")

    s = load_settings(None)
    assert not s.homeassistant.enabled and discovery_messages(s) == []
    monkeypatch.setenv("SOCCERBOARD_HOMEASSISTANT__ENABLED", "true")
    monkeypatch.setenv("SOCCERBOARD_HOMEASSISTANT__DISCOVERY_PREFIX", "home/ha")
    s = load_settings(None, board_id="pitch2", homeassistant__device_name="Garage pitch")
    msgs = discovery_messages(s)
    assert {t for t, _ in msgs} == {f"home/ha/sensor/pitch2/{o}/config" for o in OBJECTS}
    assert {p["device"]["name"] for _, p in msgs} == {"Garage pitch"}
    assert {p["state_topic"] for _, p in msgs} == {"soccerboard/pitch2/state"}


def test_the_example_config_block_works_once_uncommented(tmp_path):
    text = (ROOT / "deploy/soccerboard.example.toml").read_text()
    start = text.index("# [homeassistant]")
    block = text[start:].split("\n\n")[0]
    uncommented = "\n".join(line.removeprefix("# ") for line in block.splitlines())
    path = tmp_path / "example.toml"
    path.write_text(text[:start] + uncommented + "\n")
    s = load_settings(path, env=False)
    assert s.homeassistant.enabled and s.homeassistant.discovery_prefix == PREFIX
    assert len(discovery_messages(s)) == len(SENSORS)

"""The daemon's parts in-process: inputs, config, journal and resume, report, commands, systemd."""
from __future__ import annotations

import json
import socket
import time

import pytest

from controller.cli import main as cli
from controller.daemon.inputs.commands import CommandError, parse_command
from controller.daemon.inputs.hardware import HardwarePoller
from controller.daemon.journal import read_journal
from controller.daemon.operations.config import ConfigError, load_settings
from controller.daemon.operations.report import analyse, report
from controller.daemon.service import Daemon
from controller.daemon.systemd import Notifier, Watchdog
from controller.replay import replay_lines
from controller.tracking import change_lines
from hal.backends import open_hardware
from hal.frames import empty_frame, with_token
from tests.daemon.daemon_helpers import expected_run, scenario_lines, wait_for

OPTIONS = {"half_minutes": 3.0, "extra_time": False}


def test_a_frame_change_becomes_lifts_then_places():
    before = with_token(with_token(empty_frame(), "c6", "red", True), "d8", "ball", True)
    after = with_token(with_token(before, "c6", "red", False), "c10", "red", True)
    after = with_token(with_token(after, "d8", "ball", False), "a1", "ball", True)
    lines = change_lines(before, after)
    assert [line["type"] for line in lines] == ["lift", "lift", "place", "place"]
    assert {(line["square"], line["token"]) for line in lines[:2]} == {("c6", "red"), ("d8", "ball")}


def test_the_poller_turns_dice_buttons_and_frames_into_lines():
    hw = open_hardware({"backend": "sim"})
    got = []
    poller = HardwarePoller(hw, lambda src, line: got.append(line))
    board = hw.leds
    board.place("c6", "red")
    board.roll("blue", 5)
    board.press("decline")
    assert poller.poll_once() == 2              # the new frame waits for the settle window
    assert got == [{"type": "roll", "die": "blue", "value": 5}, {"type": "press", "button": "decline"}]
    board.advance(0.06)
    assert poller.poll_once() == 1
    assert got[-1] == {"type": "place", "square": "c6", "token": "red"}


def test_a_board_that_settles_its_own_changes_is_heard_in_its_order_however_late_they_arrive():
    """The serial board settles each change on its own clock (bridge protocol v2). Changes it resends after
    a damaged frame reach the Pi close together: they must stay separate changes, in the board's order,
    with a roll after them (merged by arrival time, "place c12, lift c11" became "lift c11, place c12")."""
    from hal.interfaces import Hardware
    from hal.queues import ButtonFeed, DiceFeed, FrameFeed, InputOrder, MonotonicClock
    order = InputOrder()
    occupancy = FrameFeed(order, settled=True)
    hw = Hardware(occupancy=occupancy, dice=DiceFeed(order=order), leds=None, buttons=ButtonFeed(order),
                  buzzer=None, clock=MonotonicClock(), backend="serial")
    start = with_token(with_token(empty_frame(), "c10", "blue", True), "c11", "blue", True)
    got = []
    poller = HardwarePoller(hw, lambda src, line: got.append(line))
    occupancy.publish(start)
    poller.poll_once()
    got.clear()
    placed = with_token(start, "c12", "blue", True)
    occupancy.publish(placed)                          # resent late: 20 ms before the next change arrives
    time.sleep(0.02)
    occupancy.publish(with_token(placed, "c11", "blue", False))
    hw.dice.publish_roll("red", 6)
    assert poller.poll_once() == 3
    assert got == [{"type": "place", "square": "c12", "token": "blue"},
                   {"type": "lift", "square": "c11", "token": "blue"},
                   {"type": "roll", "die": "red", "value": 6}]


def test_config_errors_name_the_key_the_value_and_what_is_allowed(tmp_path, monkeypatch):
    bad = tmp_path / "bad.toml"
    bad.write_text('[hardware]\nbackend = "usb"\n[mqtt]\nkeepalive = 1\nurl = "http://x"\n')
    with pytest.raises(ConfigError) as e:
        load_settings(bad)
    text = str(e.value)
    assert "hardware.backend = 'usb': allowed: 'sim', 'gpio' or 'serial'" in text
    assert "mqtt.keepalive = 1" in text and "greater than or equal to 5" in text
    assert "mqtt.url" in text
    (tmp_path / "broken.toml").write_text("board_id = \n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_settings(tmp_path / "broken.toml")
    monkeypatch.setenv("SOCCERBOARD_MQTT__URL", "mqtt://broker.example:1999")
    monkeypatch.setenv("SOCCERBOARD_GAME__OPTIONS", '{"half_minutes": 20}')
    s = load_settings(None)
    assert (s.mqtt.host, s.mqtt.port, s.game.options) == ("broker.example", 1999, {"half_minutes": 20})
    monkeypatch.setenv("SOCCERBOARD_GAME__OPTIONS", '{"half_minutes": -3}')
    with pytest.raises(ConfigError, match=r"game.options.half_minutes = -3"):
        load_settings(None)


def test_config_check_reports_a_missing_serial_port(tmp_path, capsys):
    cfg = tmp_path / "serial.toml"
    cfg.write_text(f'[hardware]\nbackend = "serial"\nport = "/dev/ttyNOPE9"\n[journal]\ndir = "{tmp_path}/j"\n')
    assert cli(["config", "--check", str(cfg)]) == 1
    err = capsys.readouterr().err
    assert "hardware.port = '/dev/ttyNOPE9': /dev/ttyNOPE9 does not exist" in err
    ok = tmp_path / "ok.toml"
    ok.write_text(f'[journal]\ndir = "{tmp_path}/j"\n')
    assert cli(["config", "--check", str(ok)]) == 0
    assert cli(["config", "--check", "deploy/soccerboard.example.toml"]) in (0, 1)   # valid; may lack the port


def _daemon(tmp_path, **kw):
    settings = load_settings(None, env=False, journal__dir=str(tmp_path / "journal"), board_id="t1",
                             game__options=dict(OPTIONS))
    hw = open_hardware({"backend": "sim"})
    return Daemon(settings, hw, board_follows_game=True, tick=0.01, **kw), hw


def _run_lines(tmp_path, lines):
    daemon, hw = _daemon(tmp_path, auto_setup=False)
    daemon.observers.append(lambda msgs: None)
    daemon.start()
    for line in lines:
        daemon.put("test", line)
    wait_for(lambda: daemon.inputs.empty() and daemon.journal.flush(2), 20, "the inputs")
    daemon.stop()
    hw.close()
    return daemon


def test_a_power_cut_mid_write_keeps_everything_before_it_and_resumes(tmp_path):
    lines = scenario_lines(2, OPTIONS)
    half = len(lines) // 2
    first = _run_lines(tmp_path, lines[:half])
    path = first.journal_path
    with open(path, "a") as f:
        f.write('{"type":"move","from":"c')                   # the write the power cut interrupted
    jf = read_journal(path)
    assert jf.truncated > 0 and len(jf.lines) == half
    second = _run_lines(tmp_path, lines[half:])
    assert second.resumed["truncated_bytes"] > 0 and second.resumed["lines"] == half
    ref, _ = expected_run(lines, {"half_minutes": 45.0, **OPTIONS})
    assert second.referee.snapshot == ref.snapshot
    assert second.referee.seq == ref.seq
    text = path.read_text()
    assert text.rstrip().endswith("}") or "# finished" in text
    replayed = replay_lines(path.read_text().splitlines())      # `soccerboard replay` reads journals as they are
    assert replayed[-1]["snapshot"]["score"] == ref.snapshot["score"]
    r = analyse(path)
    assert r["finished"] and r["score"] == ref.snapshot["score"]
    assert "Score: red" in report(path) and "Possession" in report(path)


def test_a_finished_match_is_kept_and_the_next_start_begins_a_new_one(tmp_path):
    lines = scenario_lines(1, OPTIONS)
    first = _run_lines(tmp_path, lines)
    assert first.journal_path is None                           # closed with "# finished"
    daemon, hw = _daemon(tmp_path)
    daemon.start()
    try:
        assert daemon.resumed is None
        wait_for(lambda: daemon.journal_path is not None, 5, "the new match (auto set-up)")
        assert daemon.referee.seq > first.referee.seq           # seq keeps rising across matches
    finally:
        daemon.stop()
        hw.close()
    assert len(list((tmp_path / "journal").glob("*.jsonl"))) == 2


def test_a_sensor_change_reaches_the_core_through_the_hal(tmp_path):
    daemon, hw = _daemon(tmp_path)
    states = []
    daemon.observers.append(lambda msgs: states.extend(m.payload for m in msgs if m.topic == "state"))
    daemon.start()
    try:
        wait_for(lambda: states, 5, "the first state")
        hw.leds.roll("red", 4)
        wait_for(lambda: states[-1]["expects"].get("waiting") == ["blue"], 5, "the roll to be seen")
    finally:
        daemon.stop()
        hw.close()


def test_commands_parse_or_say_what_is_wrong():
    assert parse_command("pause", b"") == ({"type": "press", "button": "pause"}, None)
    assert parse_command("new_game", b'{"kickoff": "blue", "id": "x"}') == (
        {"type": "setup", "formation": "standard", "kickoff": "blue"}, "x")
    for name, payload, fragment in [("undo", b"[1]", "JSON object"), ("fly", b"", "unknown command"),
                                    ("pause", b'{"now": 1}', "takes no arguments"),
                                    ("new_game", b'{"options": 3}', "options must be"),
                                    ("decline", b"\xff\xfe", "JSON object")]:
        with pytest.raises(CommandError, match=fragment):
            parse_command(name, payload)


def test_systemd_ready_and_a_watchdog_that_stops_when_the_core_stalls(tmp_path):
    path = str(tmp_path / "notify")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    sock.settimeout(2)
    n = Notifier(path)
    n.ready("refereeing")
    assert sock.recv(100) == b"READY=1\nSTATUS=refereeing"
    alive = {"yes": True}
    dog = Watchdog(n, lambda: alive["yes"], 0.02).start()
    assert sock.recv(100) == b"WATCHDOG=1"
    alive["yes"] = False
    time.sleep(0.1)
    pings = dog.pings
    time.sleep(0.1)
    dog.stop()
    assert dog.pings == pings                                  # no ping while the core is stuck
    assert not Notifier("").enabled
    sock.close()


def test_the_journal_header_makes_a_replay_exact(tmp_path):
    lines = scenario_lines(4, OPTIONS)
    daemon = _run_lines(tmp_path, lines)
    path = sorted((tmp_path / "journal").glob("*.jsonl"))[-1]
    header = json.loads(path.read_text().splitlines()[0].split(" ", 2)[2])
    assert header["options"] == OPTIONS and header["board_follows_game"] is True
    assert json.loads(path.read_text().splitlines()[1])["options"] == OPTIONS
    assert daemon.referee.snapshot["phase"] == "full_time"


def test_autoplay_goes_on_with_the_next_seed_when_a_bot_match_breaks(tmp_path):
    from controller.players import players_for
    from simulator.players import AutoplaySource
    real = players_for("soccer_tactics_world").play_match

    def simulate(seed, options, on_line=None, **kw):
        if seed == 2:                    # a bot line the core refuses, 50 lines into the match
            fed = []

            def breaking(line, out):
                if len(fed) == 50:
                    raise RuntimeError("the core refused a bot's line")
                fed.append(line)
                on_line(line, out)
            return real(seed, options, on_line=breaking, **kw)
        return real(seed, options, on_line=on_line, **kw)
    settings = load_settings(None, env=False, board_id="a1", journal__dir=str(tmp_path / "j"))
    settings.game.options = dict(OPTIONS)
    hw = open_hardware({"backend": "sim"})
    daemon = Daemon(settings, hw, board_follows_game=True, tick=0.05, auto_setup=False)
    source = AutoplaySource(1, dict(OPTIONS), daemon.put, matches=3, speed=0, backlog=daemon.inputs.qsize,
                            on_end=daemon.end_of_source)
    source.play_match = simulate
    daemon.start(source)
    try:
        assert daemon.wait(60)
    finally:
        daemon.stop()
        hw.close()
    ends = [read_journal(p).end for p in daemon.store.journals()]
    assert ends == ["finished", "abandoned", "finished"]
    assert [read_journal(p).header["source"] for p in daemon.store.journals()] == [{"seed": s} for s in (1, 2, 3)]

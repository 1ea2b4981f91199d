"""The dice role from the configuration to the owner's commands: `[dice]` checked by `config --check`, `soccerboard
dice scan` and the doctor's dice line with emulated GoDice (behind bleak's scanner and client,
tests/hal/dice_emulated_godice.py; no Bluetooth controller exists here), and the page's rolls taken by a daemon
on a real board whose dice role is `page`."""
from __future__ import annotations

import json
import subprocess
import sys
from contextlib import redirect_stdout
from io import StringIO

import pytest

from controller.cli import main
from controller.daemon.operations.config import load_settings
from controller.daemon.operations.dice import check_dice
from controller.daemon.operations.doctor import diagnose
from hal.backends import open_hardware
from hal.dice_page import PageDice
from hal.dice_roles import open_dice
from simulator.bench.serial_match import RecordingDaemon
from simulator.bench.waits import wait_for
from tests.daemon.daemon_helpers import (
    BASE,
    BOARD,
    DAEMON_PASS,
    ROOT,
    Watcher,
    free_port,
    publish_once,
    start_daemon,
    stop_process,
)
from tests.hal.dice_emulated_godice import Air

RED, BLUE = "C0:00:00:00:00:01", "C0:00:00:00:00:02"


@pytest.fixture
def air(monkeypatch):
    air = Air()
    air.add("GoDice_AA01_R_v04", RED, battery=64, rssi=-61)
    air.add("GoDice_BB02_B_v04", BLUE, battery=90, rssi=-48)
    monkeypatch.setattr("hal.dice_godice.BLE", air.stack())
    return air


def godice_config(tmp_path, red="GoDice_AA01", blue=BLUE):
    path = tmp_path / "soccerboard.toml"
    path.write_text(f'[journal]\ndir = "{tmp_path / "journal"}"\n[dice]\nrole = "godice"\nred = "{red}"\n'
                    f'blue = "{blue}"\n')
    return path


def run_cli(*argv):
    out = StringIO()
    with redirect_stdout(out):
        code = main(list(argv))
    return code, out.getvalue()


# ---- the configuration ----------------------------------------------------------------------------------
def soccerboard(*argv):
    return subprocess.run([sys.executable, "-m", "controller.cli", *argv], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)


def test_config_check_says_which_die_godice_lack(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('[dice]\nrole = "godice"\nred = "GoDice_AA01"\n')
    done = soccerboard("config", "--check", str(path))
    assert done.returncode == 2
    assert done.stderr.strip() == (f"soccerboard config: {path}: dice with role = 'godice' needs blue: each die's "
                                   "name or address (soccerboard dice scan lists the dice in reach)")


def test_config_check_names_the_dice_roles(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('[dice]\nrole = "bluetooth"\n')
    done = soccerboard("config", "--check", str(path))
    assert done.returncode == 2
    assert "dice.role = 'bluetooth': allowed: 'board', 'godice', 'page' or 'uart'" in done.stderr


def test_config_check_finds_a_missing_dice_receiver(tmp_path):
    path = tmp_path / "uart.toml"
    path.write_text(f'[journal]\ndir = "{tmp_path}"\n[dice]\nrole = "uart"\nport = "{tmp_path / "ttyDICE"}"\n')
    done = soccerboard("config", "--check", str(path))
    assert done.returncode == 1
    assert f"problem: dice.port = '{tmp_path / 'ttyDICE'}' does not exist" in done.stderr


def test_the_dice_role_is_the_boards_own_by_default():
    assert load_settings(None, env=False).dice.hal_config() == {"role": "board", "baudrate": 9600}


# ---- dice scan --------------------------------------------------------------------------------------------
def test_dice_scan_lists_the_dice_in_reach_with_batteries_and_teams(air, tmp_path):
    air.add("GoDice_CC03_G_v04", "C0:00:00:00:00:03", battery=40, rssi=-70)
    code, out = run_cli("dice", "scan", "--seconds", "0.1", "--config", str(godice_config(tmp_path)))
    assert code == 0
    assert out.splitlines() == [
        "GoDice_BB02_B_v04        C0:00:00:00:00:02   -48 dBm  battery 90%  blue team's die",
        "GoDice_AA01_R_v04        C0:00:00:00:00:01   -61 dBm  battery 64%  red team's die",
        "GoDice_CC03_G_v04        C0:00:00:00:00:03   -70 dBm  battery 40%",
        "3 GoDice in reach"]


def test_dice_scan_as_json(air, tmp_path):
    code, out = run_cli("dice", "scan", "--seconds", "0.1", "--json", "--no-battery",
                        "--config", str(godice_config(tmp_path)))
    assert code == 0
    assert json.loads(out) == {"dice": [
        {"name": "GoDice_BB02_B_v04", "address": BLUE, "rssi": -48, "battery": None, "team": "blue"},
        {"name": "GoDice_AA01_R_v04", "address": RED, "rssi": -61, "battery": None, "team": "red"}]}


def test_dice_scan_with_no_die_awake_says_how_to_wake_them(air, tmp_path):
    for die in air.dice.values():
        die.sleep()
    code, out = run_cli("dice", "scan", "--seconds", "0.1", "--config", str(godice_config(tmp_path)))
    assert code == 1
    assert out.strip() == "no GoDice in reach (roll each die to wake it, charge it if its battery is low)"


# ---- doctor -----------------------------------------------------------------------------------------------
def test_doctor_shows_both_dice_and_their_batteries(air, tmp_path):
    settings = load_settings(godice_config(tmp_path), env=False)
    assert check_dice(settings, 0.5) == (
        "pass", "red GoDice_AA01_R_v04 battery 64%; blue GoDice_BB02_B_v04 battery 90%", "")


def test_doctor_fails_a_die_out_of_reach_and_says_how_to_find_it(air, tmp_path):
    air.dice[RED].sleep()
    settings = load_settings(godice_config(tmp_path), env=False)
    status, detail, fix = check_dice(settings, 0.5)
    assert (status, detail) == ("fail", "not in reach: red (GoDice_AA01); blue GoDice_BB02_B_v04 battery 90%")
    assert "soccerboard dice scan" in fix


def test_doctor_fails_a_die_that_needs_charging(air, tmp_path):
    air.dice[BLUE].battery = 9
    settings = load_settings(godice_config(tmp_path), env=False)
    assert check_dice(settings, 0.5) == (
        "fail", "red GoDice_AA01_R_v04 battery 64%; blue GoDice_BB02_B_v04 battery 9%", "charge the blue die")


def test_doctor_leaves_dice_the_running_daemon_holds(air, tmp_path):
    for die in air.dice.values():
        die.sleep()                                   # connected to the daemon: not advertising
    settings = load_settings(godice_config(tmp_path), env=False)
    status, detail, _ = check_dice(settings, 0.5, {"ActiveState": "active"})
    assert status == "skip" and "the running daemon holds the dice" in detail


def test_doctor_lists_the_dice_line_among_its_checks(air, tmp_path):
    path = godice_config(tmp_path)
    path.write_text(path.read_text() + f'[mqtt]\nurl = "mqtt://127.0.0.1:{free_port()}"\n')
    results = {r.check: r for r in diagnose(str(path), spectators=f"mqtt://127.0.0.1:{free_port()}", timeout=0.5)}
    assert results["dice"].status == "pass"
    assert results["dice"].line().startswith("PASS  dice     red GoDice_AA01_R_v04 battery 64%")


# ---- the page's rolls on a real board ------------------------------------------------------------------------
@pytest.fixture
def page_daemon(tmp_path):
    settings = load_settings(None, env=False, journal__dir=str(tmp_path / "journal"), board_id="page",
                             dice__role="page")
    hw = open_dice(open_hardware({"backend": "sim"}), settings.dice.hal_config())
    assert isinstance(hw.dice, PageDice)
    daemon = RecordingDaemon(settings, hw, board_follows_game=False, tick=0.01, auto_setup=True, sim_mode=False)
    responses: list[dict] = []
    daemon.observers.append(lambda msgs: responses.extend(m.payload for m in msgs if m.topic == "response"))
    daemon.start()
    wait_for(lambda: daemon.referee is not None and daemon.referee.state_doc is not None, 10, "the set-up")
    yield daemon, responses
    daemon.stop()
    hw.close()


def journaled_rolls(daemon):
    daemon.journal.flush(2)
    lines = [json.loads(t) for t in daemon.journal_path.read_text().splitlines() if not t.startswith("#")]
    return [(line["die"], line["value"]) for line in lines if line.get("type") == "roll"]


def test_a_page_roll_on_a_real_board_is_journaled_as_a_roll(page_daemon):
    daemon, _ = page_daemon
    daemon.on_sim_input(b'{"type": "roll", "die": "red", "value": 3}')
    daemon.on_sim_input(b'{"type": "roll", "die": "blue", "value": 5}')
    wait_for(lambda: len(journaled_rolls(daemon)) == 2, 5, "both rolls journaled")
    assert journaled_rolls(daemon) == [("red", 3), ("blue", 5)]


def test_a_page_roll_no_game_awaits_is_refused_by_the_game(page_daemon):
    daemon, _ = page_daemon
    daemon.on_sim_input(b'{"type": "roll", "die": "red", "value": 3}')
    daemon.on_sim_input(b'{"type": "roll", "die": "blue", "value": 5}')     # the roll-off is decided: red kicks off
    daemon.on_sim_input(b'{"type": "roll", "die": "red", "value": 2}')
    daemon.on_sim_input(b'{"type": "roll", "die": "red", "value": 6}')      # the 2 is not used yet
    wait_for(lambda: len(journaled_rolls(daemon)) == 4, 5, "the four rolls journaled")
    said = [verdict for _, line, verdict, _, _ in list(daemon.record) if line.get("type") == "roll"]
    assert [v["ok"] for v in said] == [True, True, True, False]
    assert said[-1]["reason"] == "not_expected"


def test_a_real_board_takes_only_rolls_from_the_page(page_daemon):
    daemon, responses = page_daemon
    daemon.on_sim_input(b'{"type": "lift", "square": "d8", "token": "ball"}')
    daemon.on_sim_input(b'{"type": "roll", "die": "red", "value": 7}')
    wait_for(lambda: len(responses) == 2, 5, "two refusals")
    assert [r["detail"] for r in responses] == [
        "refused: this daemon referees a real board; only the page's rolls come in here (dice.role = 'page')",
        "roll: value must be a face 1..6, not 7"]
    assert journaled_rolls(daemon) == []


def test_run_with_page_dice_takes_the_pages_rolls_over_mqtt(broker, tmp_path):
    """`soccerboard run` (a process) on a board whose dice are the page's, with a real Mosquitto: a roll
    published on sim/input is journaled as the board's roll, anything else is refused with a response."""
    cfg = tmp_path / "board.toml"
    cfg.write_text(f'board_id = "{BOARD}"\n[hardware]\nbackend = "sim"\n[dice]\nrole = "page"\n'
                   f'[mqtt]\nurl = "mqtt://127.0.0.1:{broker.port}"\nusername = "{BOARD}"\npassword = "{DAEMON_PASS}"\n'
                   f'[journal]\ndir = "{tmp_path / "j"}"\n')
    watcher = Watcher(broker.port)
    proc = start_daemon(["run", "--config", str(cfg)], tmp_path / "daemon.log")
    try:
        wait_for(lambda: watcher.of("status")[-1:] == ["online"], 20, "status online")
        wait_for(lambda: watcher.last("state"), 10, "the state of the waiting match")
        for payload in ('{"type": "roll", "die": "red", "value": 3}',
                        '{"type": "place", "square": "a1", "token": "red"}'):
            assert publish_once(broker.port, f"{BASE}/sim/input", payload, BOARD, DAEMON_PASS)
        [answer] = wait_for(lambda: watcher.of("response"), 10, "the refusal of the place")
        assert answer["status"] == "error" and "only the page's rolls come in here" in answer["detail"]
        journal = tmp_path / "j"
        wait_for(lambda: any('"type":"roll"' in p.read_text().replace(" ", "") for p in journal.glob("*.jsonl")),
                 10, "the page's roll in the journal")
        [path] = journal.glob("*.jsonl")
        lines = [json.loads(t) for t in path.read_text().splitlines() if t.startswith("{")]
        assert [(line["die"], line["value"]) for line in lines if line["type"] == "roll"] == [("red", 3)]
        assert not any(line["type"] == "place" for line in lines)
    finally:
        assert stop_process(proc) == 0
        watcher.close()

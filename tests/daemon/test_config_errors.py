"""Every mistake in the configuration, in the TOML file or in a SOCCERBOARD_* environment variable, is one line
that names where it is (the file, or the variable) and the key, with exit status 2 (a usage or configuration
error; `config --check` finding something that validates but cannot work on this machine is status 1), never a
traceback."""
from __future__ import annotations

from pathlib import Path

import pytest

from controller.daemon.operations.config import ConfigError, load_settings
from tests.cli.cli_helpers import one_line_error, soccerboard


def toml(tmp_path: Path, text: str, name: str = "board.toml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


NESTED = {
    "array": "x = " + "[" * 100_000 + "]" * 100_000 + "\n",
    "inline table": "x = " + "{a = " * 5_000 + "1" + "}" * 5_000 + "\n",
    "options array": "[game.options]\nhalf_minutes = " + "[" * 200 + "]" * 200 + "\n",
    "gpio tables": "[hardware.gpio" + ".a" * 3_000 + "]\nb = 1\n",
}


@pytest.mark.parametrize("what", NESTED)
def test_a_config_nested_too_deeply_is_one_line_naming_the_file(tmp_path, what):
    path = toml(tmp_path, NESTED[what])
    err = one_line_error(soccerboard("config", "--check", str(path)), 2)
    assert err.startswith(f"soccerboard config: {path}:") and "nested" in err and len(err) < 300, err
    assert "RecursionError" not in err and "report it" not in err


def test_an_integer_too_long_to_convert_in_the_config_is_one_line_naming_the_file(tmp_path):
    path = toml(tmp_path, "[mqtt]\nkeepalive = " + "9" * 5_000 + "\n")
    err = one_line_error(soccerboard("config", str(path)), 2)
    assert err.startswith(f"soccerboard config: {path}: config file is not valid TOML") and "4300" in err, err


def test_bad_json_in_an_environment_variable_names_the_variable(tmp_path):
    done = soccerboard("config", "--check", str(toml(tmp_path, "[game]\n")),
                       env={"SOCCERBOARD_GAME__OPTIONS": "{bad"})
    err = one_line_error(done, 2)
    assert "environment variable SOCCERBOARD_GAME__OPTIONS" in err and "game.options" in err
    assert "not valid JSON" in err and "report it" not in err


@pytest.mark.parametrize("value", ['{"a": ' * 5_000 + "1" + "}" * 5_000, '{"half_minutes": NaN}',
                                   '{"half_minutes": ' + "9" * 5_000 + "}", "[1, 2]"])
def test_hostile_json_in_an_environment_variable_names_the_variable(value):
    err = one_line_error(soccerboard("config", env={"SOCCERBOARD_GAME__OPTIONS": value}), 2)
    assert "environment variable SOCCERBOARD_GAME__OPTIONS: game.options" in err and len(err) < 400, err


def test_a_bad_environment_value_is_blamed_on_its_variable_not_the_file(tmp_path):
    path = toml(tmp_path, "[mqtt]\nurl = \"mqtt://localhost:1883\"\n")
    err = one_line_error(soccerboard("config", "--check", str(path), env={"SOCCERBOARD_MQTT__KEEPALIVE": "abc"}), 2)
    assert err.startswith("soccerboard config: environment variable SOCCERBOARD_MQTT__KEEPALIVE: mqtt.keepalive = "
                          "'abc':"), err
    assert str(path) not in err


def test_mistakes_in_the_file_and_the_environment_are_each_blamed_on_their_own_source(tmp_path, monkeypatch):
    path = toml(tmp_path, "[mqtt]\nkeepalive = 1\n[game]\nkickoff = \"green\"\n")
    monkeypatch.setenv("SOCCERBOARD_GAME__KICKOFF", "purple")
    monkeypatch.setenv("SOCCERBOARD_WEB", '{"port": 0}')
    monkeypatch.setenv("soccerboard_daemon__nosuchkey", "1")
    with pytest.raises(ConfigError) as e:
        load_settings(path)
    lines = sorted(str(e.value).splitlines())
    assert lines == sorted([
        f"{path}: mqtt.keepalive = 1: Input should be greater than or equal to 5",
        "environment variable SOCCERBOARD_GAME__KICKOFF: game.kickoff = 'purple': allowed: 'red' or 'blue'",
        "environment variable SOCCERBOARD_WEB: web.port = 0: Input should be greater than or equal to 1",
        "environment variable soccerboard_daemon__nosuchkey: daemon.nosuchkey: unknown key (check the spelling; "
        "the keys are in deploy/soccerboard.example.toml)"]), lines


def test_the_environment_still_overrides_the_file_key_by_key(tmp_path, monkeypatch):
    path = toml(tmp_path, "[mqtt]\nkeepalive = 60\nurl = \"mqtt://a:1\"\n[game.options]\nhalf_minutes = 10\n")
    monkeypatch.setenv("SOCCERBOARD_MQTT__KEEPALIVE", "90")
    monkeypatch.setenv("SOCCERBOARD_GAME__OPTIONS", '{"extra_time": false}')
    monkeypatch.setenv("SOCCERBOARD_HOMEASSISTANT__ENABLED", "true")
    monkeypatch.setenv("SOCCERBOARD_HARDWARE__DICE__RED", "3")
    monkeypatch.setenv("SOCCERBOARD_HAL", "sim")                 # another tool's variable: not a configuration key
    s = load_settings(path)
    assert (s.mqtt.keepalive, s.mqtt.url) == (90, "mqtt://a:1")
    assert s.game.options == {"half_minutes": 10, "extra_time": False}
    assert s.homeassistant.enabled is True and s.hardware.dice == {"red": 3}


def test_a_directory_given_as_the_config_is_named_a_directory(tmp_path):
    err = one_line_error(soccerboard("config", "--check", str(tmp_path)), 2)
    assert f"{tmp_path}: is a directory" in err and "no such file" not in err
    err = one_line_error(soccerboard("run", "--config", str(tmp_path)), 2)
    assert f"{tmp_path}: is a directory" in err


@pytest.mark.parametrize("journal, why", [("/proc/nope", "cannot be created"), ("/proc", "cannot be written"),
                                          ("FILE", "not a directory")])
def test_config_check_finds_a_journal_dir_the_daemon_cannot_use(tmp_path, journal, why):
    if journal == "FILE":
        journal = str(toml(tmp_path, "", "a-file"))
    path = toml(tmp_path, f'[journal]\ndir = "{journal}"\n')
    done = soccerboard("config", "--check", str(path))
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.strip() == done.stderr.strip().splitlines()[0]
    assert f"journal.dir = '{journal}': {why}" in done.stderr, done.stderr


def test_config_check_leaves_no_folder_behind_when_it_tries_the_journal_dir(tmp_path):
    path = toml(tmp_path, f'[journal]\ndir = "{tmp_path}/new/journal"\n')
    done = soccerboard("config", "--check", str(path))
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "new").exists()


def test_run_stops_with_the_journal_stop_on_a_journal_dir_it_cannot_create(tmp_path):
    """A card that refuses the journal folder is the journal's documented stop (status 1, systemd restarts the
    daemon), named in one line, not a configuration mistake (status 2)."""
    path = toml(tmp_path, '[journal]\ndir = "/proc/nope"\n[mqtt]\nurl = "mqtt://127.0.0.1:9"\n')
    err = one_line_error(soccerboard("run", "--config", str(path), timeout=60), 1)
    assert err.startswith("soccerboard run: stopping: the journal folder '/proc/nope' cannot be created"), err


def test_sim_stops_with_the_journal_stop_on_a_journal_dir_it_cannot_create():
    err = one_line_error(soccerboard("sim", "--no-web", "--journal-dir", "/proc/nope", timeout=60), 1)
    assert err.startswith("soccerboard sim: stopping: the journal folder '/proc/nope' cannot be created"), err


BOOLEANS = {
    "game.options.half_minutes": "[game.options]\nhalf_minutes = true\n",
    "game.options.shootout_kicks": "[game.options]\nshootout_kicks = false\n",
    "game.options.hand_size": "[game]\nruleset = \"stbg\"\n[game.options]\nhand_size = true\n",
    "game.options.star_cards.pass": "[game]\nruleset = \"stbg\"\n[game.options.star_cards]\n"
                                    "pass = true\nshoot = 4\nsteal = 4\n",
    "mqtt.keepalive": "[mqtt]\nkeepalive = true\n",
    "mqtt.connect_timeout": "[mqtt]\nconnect_timeout = true\n",
    "hardware.baudrate": "[hardware]\nbaudrate = true\n",
    "hardware.dice.red": "[hardware.dice]\nred = true\n",
    "daemon.tick_seconds": "[daemon]\ntick_seconds = true\n",
    "web.port": "[web]\nport = true\n",
    "web.enabled": "[web]\nenabled = 1\n",
    "game.options.extra_time": "[game.options]\nextra_time = 0\n",
}


@pytest.mark.parametrize("key", BOOLEANS)
def test_a_boolean_is_not_a_number_in_the_config_nor_a_number_a_boolean(tmp_path, key):
    path = toml(tmp_path, BOOLEANS[key])
    err = one_line_error(soccerboard("config", "--check", str(path)), 2)
    assert err.startswith(f"soccerboard config: {path}: {key} = "), err
    assert "true or false" in err or "a number" in err, err


def test_a_boolean_in_environment_json_is_not_a_number():
    err = one_line_error(soccerboard("config", env={"SOCCERBOARD_GAME__OPTIONS": '{"half_minutes": true}'}), 2)
    assert err.startswith("soccerboard config: environment variable SOCCERBOARD_GAME__OPTIONS: "
                          "game.options.half_minutes = True"), err

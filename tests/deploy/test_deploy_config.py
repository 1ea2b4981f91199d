"""A bad configuration never crashes `soccerboard run`: each mistake is one line naming the file and what to do,
and the exit status is 2 (no traceback). The example config, tried as a new user would, says what is missing."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from controller.daemon.operations.config import ConfigError, load_settings
from tests.daemon.daemon_helpers import ROOT

EXAMPLE = ROOT / "deploy/soccerboard.example.toml"


def run(config: Path | str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "controller.cli", "run", "--config", str(config)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def config(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "soccerboard.toml"
    path.write_text(f'[journal]\ndir = "{tmp_path / "journal"}"\n[hardware]\nbackend = "sim"\n' + text)
    return path


def secret(tmp_path: Path, mode: int = 0o640, content: str = "s3cret\n") -> Path:
    path = tmp_path / "mqtt.password"
    path.write_text(content)
    path.chmod(mode)
    return path


def cases(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """name: (config file, what its one line must say)"""
    dirs = {name: tmp_path / name for name in ("toml", "key", "missing", "world")}
    for d in dirs.values():
        d.mkdir()
    return {
        "example as shipped": (EXAMPLE, "mqtt.password_file = '/etc/soccerboard/mqtt.password': no such file"),
        "no config file": (tmp_path / "nope.toml", "config file does not exist (copy deploy/soccerboard.example"),
        "not TOML": (config(dirs["toml"], "board_id = \n"), "not valid TOML"),
        "unknown key": (config(dirs["key"], '[mqtt]\nusernme = "board1"\n'), "mqtt.usernme: unknown key"),
        "password file missing": (config(dirs["missing"], f'[mqtt]\npassword_file = "{tmp_path / "none"}"\n'),
                                  "no such file (create it: mode 0640"),
        "password file for all": (config(dirs["world"], f'[mqtt]\npassword_file = "{secret(dirs["world"], 0o644)}"\n'),
                                  "readable by every user on this machine (chmod 0640 it)"),
    }


def test_each_bad_config_is_one_line_naming_the_file_and_exit_status_2(tmp_path):
    for name, (path, says) in cases(tmp_path).items():
        done = run(path)
        assert done.returncode == 2, (name, done.returncode, done.stderr)
        assert "Traceback" not in done.stderr, (name, done.stderr)
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        assert len(lines) == 1, (name, lines)
        assert str(path) in lines[0] and says in lines[0], (name, lines[0])


def test_every_problem_gets_its_own_line(tmp_path):
    path = config(tmp_path, '[mqtt]\nusernme = "x"\nkeepalive = 1\n[daemon]\nwatchdog = "sometimes"\n')
    with pytest.raises(ConfigError) as e:
        load_settings(path, env=False)
    lines = str(e.value).splitlines()
    assert len(lines) == 3 and all(line.startswith(f"{path}: ") for line in lines), lines


def test_an_unreadable_or_empty_password_file(tmp_path, monkeypatch):
    empty = secret(tmp_path, content="\n")
    with pytest.raises(ConfigError, match=r"is empty \(put the account's password on its one line\)"):
        load_settings(config(tmp_path, f'[mqtt]\npassword_file = "{empty}"\n'), env=False, check_files=True)
    ok = secret(tmp_path)
    path = config(tmp_path, f'[mqtt]\npassword_file = "{ok}"\n')
    assert load_settings(path, env=False).mqtt.secret() == "s3cret"
    real_open = open

    def refuse(file, *args, **kw):       # root reads any file: make this one unreadable as for another user
        if str(file) == str(ok):
            raise PermissionError(13, "Permission denied")
        return real_open(file, *args, **kw)
    monkeypatch.setattr("builtins.open", refuse)
    with pytest.raises(ConfigError, match=r"mqtt.password_file = '.*': cannot be read by user \S+ \(mode 0640"):
        load_settings(path, env=False, check_files=True)


def test_an_unreadable_config_file(tmp_path, monkeypatch):
    path = config(tmp_path, "")

    def refuse(self, *args, **kw):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(Path, "read_text", refuse)
    with pytest.raises(ConfigError, match=r"config file cannot be read by user \S+ \(it should be mode 0640"):
        load_settings(path, env=False)

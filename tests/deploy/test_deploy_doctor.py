"""`soccerboard doctor` against a good installation and a broken one: every check passes on the good one (exit
0), and on the broken one each broken part has its own failing line with what to fix (exit 1); --json says the
same for scripts.

The installation is the real thing where this machine has it: the shipped broker configs on real Mosquittos,
the board emulator on a pseudo-terminal answering the bridge handshake, a journal directory. systemd is not PID 1
here, so `systemctl` and `timedatectl` are stand-ins on PATH printing what systemd prints.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from contextlib import redirect_stdout
from io import StringIO
from pathlib import Path

import pytest

from controller.daemon.operations.doctor import add_doctor_command, run_doctor
from tests.daemon.daemon_helpers import ROOT, free_port
from tests.deploy.deploy_helpers import ACCOUNTS, BOARD, BoardBroker, Broker, EmulatedBoard


def stand_ins(bin_dir: Path, synchronised: bool, service: dict[str, str]) -> None:
    bin_dir.mkdir(exist_ok=True)
    (bin_dir / "timedatectl").write_text(f"#!/bin/sh\necho {'yes' if synchronised else 'no'}\n")
    props = "\n".join(f"{k}={v}" for k, v in service.items())
    (bin_dir / "systemctl").write_text(f"#!/bin/sh\ncat <<'EOF'\n{props}\nEOF\n")
    for tool in ("timedatectl", "systemctl"):
        (bin_dir / tool).chmod(0o755)


def running_service(pinged_seconds_ago: float = 1.0) -> dict[str, str]:
    last = time.monotonic_ns() // 1000 - int(pinged_seconds_ago * 1e6)
    return {"UnitFileState": "enabled", "ActiveState": "active", "SubState": "running", "WatchdogUSec": "10s",
            "WatchdogTimestampMonotonic": str(last), "NRestarts": "0"}


def write_config(path: Path, port: str, broker_port: int, password_file: Path, journal: Path) -> Path:
    path.write_text(f'board_id = "{BOARD}"\n[hardware]\nbackend = "serial"\nport = "{port}"\n'
                    f'[mqtt]\nurl = "mqtt://127.0.0.1:{broker_port}"\nusername = "{BOARD}"\n'
                    f'password_file = "{password_file}"\n[journal]\ndir = "{journal}"\n')
    return path


def doctor(config: Path, spectators_port: int, *extra: str) -> tuple[int, str]:
    parser = argparse.ArgumentParser(prog="soccerboard")
    add_doctor_command(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["doctor", "--config", str(config), "--spectators",
                              f"mqtt://127.0.0.1:{spectators_port}", "--timeout", "2", *extra])
    out = StringIO()
    with redirect_stdout(out):
        code = run_doctor(args)
    return code, out.getvalue()


@pytest.fixture
def bin_dir(tmp_path, monkeypatch):
    d = tmp_path / "bin"
    d.mkdir()
    monkeypatch.setenv("PATH", f"{d}{os.pathsep}{os.environ['PATH']}")
    return d


def test_doctor_passes_a_good_installation(tmp_path, deploy_broker, spectator_broker, bin_dir):
    stand_ins(bin_dir, synchronised=True, service=running_service())
    scenario = tmp_path / "empty.jsonl"
    scenario.write_text("")
    board = EmulatedBoard(tmp_path / "soccerboard", scenario)
    try:
        secret = tmp_path / "mqtt.password"
        secret.write_text(ACCOUNTS[BOARD] + "\n")
        secret.chmod(0o640)
        journal = tmp_path / "journal"
        journal.mkdir()
        config = write_config(tmp_path / "soccerboard.toml", str(board.link), deploy_broker.port, secret, journal)
        code, out = doctor(config, spectator_broker.port)
        assert code == 0, out
        lines = out.splitlines()
        checks = {line.split()[1]: line.split()[0] for line in lines[:-1]}
        assert checks == {"config": "PASS", "serial": "PASS", "gpio": "SKIP", "dice": "SKIP", "broker": "PASS",
                          "acl": "PASS", "journal": "PASS", "clock": "PASS", "service": "PASS"}, out
        assert "answered the handshake" in out and lines[-1] == "all checks passed"

        code, out = doctor(config, spectator_broker.port, "--json")
        report = json.loads(out)
        assert code == 0 and report["ok"] and len(report["checks"]) == 9
    finally:
        board.stop()


def test_doctor_names_each_broken_part(tmp_path, bin_dir):
    """A wrong MQTT password, no board plugged in, a journal path that is a file, a broker that lets anonymous
    clients in and publish, an unsynchronised clock, a service whose watchdog went quiet."""
    stand_ins(bin_dir, synchronised=False, service=running_service(pinged_seconds_ago=60))
    board = BoardBroker(tmp_path).start()
    # a spectator broker with no ACL at all: anyone may publish anything
    open_broker = Broker(tmp_path, "open")
    open_broker.ports = [free_port()]
    open_broker.conf.write_text(open_broker.base(persistence=False).replace("persistence true\n", "")
                                + f"listener {open_broker.ports[0]} 127.0.0.1\nallow_anonymous true\n")
    open_broker.start()
    try:
        secret = tmp_path / "mqtt.password"
        secret.write_text("not-the-password\n")
        secret.chmod(0o640)
        journal = tmp_path / "journal-is-a-file"
        journal.write_text("")
        config = write_config(tmp_path / "soccerboard.toml", str(tmp_path / "no-board"), board.port, secret, journal)
        code, out = doctor(config, open_broker.ports[0])
        assert code == 1, out
        lines = {line.split()[1]: line for line in out.splitlines()[:-1]}
        assert lines["config"].startswith("PASS"), out     # the journal folder is the journal check's, once
        expected = {"serial": "does not exist", "broker": "refuses board1", "acl": "spectator's publish was delivered",
                    "journal": "is not a directory", "clock": "not synchronised", "service": "has not pinged"}
        for check, says in expected.items():
            assert lines[check].startswith("FAIL") and says in lines[check] and " -> " in lines[check], lines[check]
        assert out.splitlines()[-1] == "6 check(s) failed"

        bad = tmp_path / "bad.toml"
        bad.write_text('[mqtt]\nusernme = "x"\n')
        code, out = doctor(bad, open_broker.ports[0], "--json")
        report = json.loads(out)
        statuses = {c["check"]: c["status"] for c in report["checks"]}
        assert code == 1 and statuses["config"] == "fail" and statuses["broker"] == "skip", report
        assert "usernme: unknown key" in report["checks"][0]["detail"]
    finally:
        open_broker.stop()
        board.stop()


def test_soccerboard_doctor_from_the_command_line(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[mqtt]\nusernme = "x"\n')
    done = subprocess.run([sys.executable, "-m", "controller.cli", "doctor", "--config", str(bad), "--json",
                           "--timeout", "1", "--spectators", f"mqtt://127.0.0.1:{free_port()}"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stdout + done.stderr
    report = json.loads(done.stdout)
    assert not report["ok"] and report["checks"][0]["check"] == "config" and report["checks"][0]["status"] == "fail"
    assert "usernme: unknown key" in report["checks"][0]["detail"]

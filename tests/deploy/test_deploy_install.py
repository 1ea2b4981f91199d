"""deploy/install.sh in a throwaway root (--root): a dry run changes nothing and names every action; the install
puts each piece in place with its owner and mode; a second run changes nothing and says so; the passwords it
generated open the brokers it configured; --uninstall removes what it installed and keeps the journals. The
scripts are shellcheck-clean.

The script runs from a snapshot of this checkout (others may be editing the working tree meanwhile).
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from controller.daemon.config import load_settings
from tests.daemon.daemon_helpers import ROOT, free_port, wait_for
from tests.deploy.deploy_helpers import Broker, Client, tool

BOARD = "pitch7"
INSTALLED = ["/opt/soccerboard/.venv/bin/soccerboard", "/opt/soccerboard/src/pyproject.toml",
             "/etc/soccerboard/soccerboard.toml", "/etc/soccerboard/mqtt.password",
             "/etc/soccerboard/referee.password", "/etc/mosquitto/conf.d/soccerboard.conf",
             "/etc/mosquitto/soccerboard.acl", "/etc/mosquitto/soccerboard.passwd",
             "/etc/mosquitto/soccerboard-spectators.conf", "/etc/systemd/system/soccerboard.service",
             "/etc/systemd/system/soccerboard-spectators.service",
             "/etc/systemd/system/multi-user.target.wants/soccerboard.service",
             "/etc/udev/rules.d/99-soccerboard.rules", "/var/lib/soccerboard/journal"]
MODES = {"/etc/soccerboard": (0o750, "root", "soccerboard"),
         "/etc/soccerboard/soccerboard.toml": (0o640, "root", "soccerboard"),
         "/etc/soccerboard/mqtt.password": (0o640, "root", "soccerboard"),
         "/etc/soccerboard/referee.password": (0o600, "root", "root"),
         "/etc/mosquitto/soccerboard.passwd": (0o640, "root", "mosquitto"),
         "/etc/mosquitto/soccerboard-spectators.conf": (0o640, "root", "mosquitto"),
         "/var/lib/soccerboard": (0o750, "soccerboard", "soccerboard"),
         "/var/lib/soccerboard/journal": (0o750, "soccerboard", "soccerboard")}


@pytest.fixture(scope="module")
def checkout(tmp_path_factory) -> Path:
    """A copy of what install.sh installs from."""
    dest = tmp_path_factory.mktemp("checkout")
    for name in ("pyproject.toml", "README.md", "controller", "hal", "simulator", "firmware_bridge", "deploy",
                 "docs"):
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        elif src.exists():
            shutil.copy2(src, dest / name)
    return dest


def install(checkout: Path, *args: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(["bash", str(checkout / "deploy/install.sh"), *args], capture_output=True, text=True,
                          timeout=600)
    return done


def tree(root: Path) -> dict[str, tuple]:
    """Every path under root with its type, mode, owner, and content digest or link target."""
    out: dict[str, tuple] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            st = p.lstat()
            if p.is_symlink():
                what: str = "-> " + os.readlink(p)
            elif p.is_file():
                what = hashlib.sha256(p.read_bytes()).hexdigest()
            else:
                what = "dir"
            out[str(p.relative_to(root))] = (st.st_mode, st.st_uid, st.st_gid, what)
    return out


def names(root: Path, kind: str) -> dict[int, str]:
    lines = (root / "etc" / kind).read_text().splitlines()
    return {int(line.split(":")[2]): line.split(":")[0] for line in lines if line}


def test_install_dry_run_twice_uninstall(checkout, tmp_path):
    root = tmp_path / "root"

    dry = install(checkout, "--root", str(root), "--board-id", BOARD, "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert not root.exists(), "a dry run changed something"
    would = [line for line in dry.stdout.splitlines() if line.startswith("would")]
    for action in ("create system user soccerboard", "pip install", "/etc/soccerboard/soccerboard.toml",
                   "mosquitto_passwd", "/etc/systemd/system/soccerboard.service", "99-soccerboard.rules",
                   "enable soccerboard.service"):
        assert any(action in line for line in would), (action, dry.stdout)
    assert "nothing was changed" in dry.stdout.splitlines()[-1]

    first = install(checkout, "--root", str(root), "--board-id", BOARD)
    assert first.returncode == 0, first.stdout + first.stderr
    for path in INSTALLED:
        assert os.path.lexists(root / path.lstrip("/")), path
    users, groups = names(root, "passwd"), names(root, "group")
    for path, (mode, user, group) in MODES.items():
        st = (root / path.lstrip("/")).stat()
        assert (st.st_mode & 0o777, users[st.st_uid], groups[st.st_gid]) == (mode, user, group), path
    group_lines = (root / "etc/group").read_text()
    for g in ("gpio", "dialout"):
        assert any(line.startswith(f"{g}:") and "soccerboard" in line.split(":")[3]
                   for line in group_lines.splitlines()), g
    settings = load_settings(root / "etc/soccerboard/soccerboard.toml", env=False)
    assert (settings.board_id, settings.mqtt.username, settings.hardware.port) == (BOARD, BOARD, "/dev/soccerboard")
    assert settings.web.enabled and settings.web.listen == "0.0.0.0" and settings.web.ws_port == 9001
    help_text = subprocess.run([str(root / "opt/soccerboard/.venv/bin/soccerboard"), "--help"], capture_output=True,
                               text=True, timeout=60)
    assert help_text.returncode == 0 and "soccerboard" in help_text.stdout
    assert len({(root / "etc/soccerboard" / f).read_text() for f in
                ("mqtt.password", "referee.password", "spectators.password")}) == 3, "passwords repeat"

    before = tree(root)
    second = install(checkout, "--root", str(root))
    assert second.returncode == 0, second.stderr
    assert not [line for line in second.stdout.splitlines() if line.startswith("do ")], second.stdout
    assert second.stdout.splitlines()[-1].startswith("nothing to change"), second.stdout
    assert tree(root) == before, "the second run changed files"
    again = install(checkout, "--root", str(root), "--dry-run")
    assert again.stdout.splitlines()[-1].startswith("nothing to change"), again.stdout

    brokers_accept_the_generated_passwords(root, tmp_path)

    journal = root / "var/lib/soccerboard/journal/pitch7-20261123T100000-0.jsonl"
    journal.write_text('{"type": "setup"}\n')
    gone = install(checkout, "--root", str(root), "--uninstall")
    assert gone.returncode == 0, gone.stderr
    for path in INSTALLED[:-1]:
        assert not os.path.lexists(root / path.lstrip("/")), path
    assert journal.read_text() == '{"type": "setup"}\n', "the journals must stay"
    assert "kept" in gone.stdout
    twice = install(checkout, "--root", str(root), "--uninstall")
    assert twice.stdout.splitlines()[-2].startswith("kept") and "nothing to change" in twice.stdout


def brokers_accept_the_generated_passwords(root: Path, tmp_path: Path) -> None:
    """The board's broker and the spectator broker as installed (ports and directories aside): the daemon logs
    in with /etc/soccerboard/mqtt.password, and what it publishes reaches an anonymous spectator."""
    etc = root / "etc/mosquitto"
    board = Broker(tmp_path, "installed-board")
    board.port = free_port()              # type: ignore[attr-defined]
    board.ports = [board.port]            # type: ignore[attr-defined]
    board.conf.write_text(board.base() + (etc / "conf.d/soccerboard.conf").read_text()
                          .replace("listener 1883 127.0.0.1", f"listener {board.port} 127.0.0.1")  # type: ignore
                          .replace("/etc/mosquitto/", f"{etc}/"))
    spectators = Broker(tmp_path, "installed-spectators")
    tcp, ws = free_port(), free_port()
    spectators.ports = [tcp, ws]
    spectators.conf.write_text(spectators.base(persistence=False).replace("persistence true\n", "") +
                               (etc / "soccerboard-spectators.conf").read_text()
                               .replace("log_dest stderr", "")
                               .replace("listener 1884 127.0.0.1", f"listener {tcp} 127.0.0.1")
                               .replace("listener 9001", f"listener {ws} 127.0.0.1")
                               .replace("127.0.0.1:1883", f"127.0.0.1:{board.port}")      # type: ignore
                               .replace("/etc/mosquitto/", f"{etc}/"))
    board.start()
    spectators.start()
    try:
        secret = (root / "etc/soccerboard/mqtt.password").read_text().strip()
        daemon = Client(board.port, user=BOARD, password=secret)   # type: ignore[attr-defined]
        spectator = Client(tcp)
        try:
            spectator.subscribe(f"soccerboard/{BOARD}/#")
            daemon.publish(f"soccerboard/{BOARD}/state", json.dumps({"seq": 1}), retain=True)
            wait_for(lambda: spectator.received(f"soccerboard/{BOARD}/state"), 10,
                     f"the state at the spectator broker ({spectators.log_text()[-1500:]})")
        finally:
            daemon.close()
            spectator.close()
    finally:
        spectators.stop()
        board.stop()


def test_the_scripts_are_shellcheck_clean():
    scripts = sorted(str(p) for p in (ROOT / "deploy").glob("*.sh"))
    done = subprocess.run([tool("shellcheck"), "--severity=style", *scripts], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_install_refuses_an_unknown_option_and_a_bad_board_id(tmp_path):
    done = install(ROOT, "--frobnicate")
    assert done.returncode == 2 and "unknown option --frobnicate" in done.stderr
    done = install(ROOT, "--root", str(tmp_path / "r"), "--board-id", "a b", "--dry-run")
    assert done.returncode == 2 and "--board-id" in done.stderr

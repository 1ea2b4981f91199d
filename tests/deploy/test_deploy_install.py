"""deploy/install.sh in a throwaway root (--root): a dry run changes nothing and names every action; the install
puts each piece in place with its owner and mode, and leaves a program that has the daemon's packages: its
`config --check` passes on the installed config and its `soccerboard run` starts and connects to the installed
broker; no generated password ever appears on a command line; a second run changes nothing and says so, but
repairs a program that lost a package; the passwords it generated open the brokers it configured; --uninstall
removes what it installed and keeps the journals. The scripts are shellcheck-clean.

The script runs from a snapshot of this checkout (others may be editing the working tree meanwhile); the slow
install (pip, the daemon's packages) runs once for the module, under strace, which records every program it runs
with its arguments; its pip installs from a kept set of wheels (tests/deploy/wheelhouse.py) rather than the index.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import socket
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from controller.daemon.operations.config import load_settings
from tests.daemon.daemon_helpers import ROOT, free_port, wait_for
from tests.deploy.deploy_helpers import Broker, Client, EmulatedBoard, tool
from tests.deploy.wheelhouse import offline_pip_env

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
SECRETS = ("mqtt.password", "referee.password", "spectators.password")


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


def install(checkout: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", str(checkout / "deploy/install.sh"), *args], capture_output=True, text=True,
                          timeout=900, env=env)


@dataclass
class Installed:
    root: Path
    first: subprocess.CompletedProcess[str]
    trace: Path                 # strace's record of every program the install ran, with its arguments

    def path(self, name: str) -> Path:
        return self.root / name.lstrip("/")

    @property
    def soccerboard(self) -> Path:
        return self.path("/opt/soccerboard/.venv/bin/soccerboard")

    @property
    def config(self) -> Path:
        return self.path("/etc/soccerboard/soccerboard.toml")

    def secret(self, name: str) -> str:
        return self.path(f"/etc/soccerboard/{name}").read_text().strip()


@pytest.fixture(scope="module")
def installed(checkout, tmp_path_factory) -> Installed:
    """One real install into a throwaway root, its programs recorded by strace."""
    base = tmp_path_factory.mktemp("installed")
    root, trace = base / "root", base / "execve.trace"
    done = subprocess.run([tool("strace"), "-f", "--seccomp-bpf", "-qq", "-e", "trace=execve", "-s", "65536",
                           "-o", str(trace), "bash", str(checkout / "deploy/install.sh"), "--root", str(root),
                           "--board-id", BOARD], capture_output=True, text=True, timeout=900, env=offline_pip_env())
    assert done.returncode == 0, done.stdout + done.stderr
    return Installed(root, done, trace)


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


def test_a_dry_run_names_every_action_and_changes_nothing(checkout, tmp_path):
    root = tmp_path / "root"
    dry = install(checkout, "--root", str(root), "--board-id", BOARD, "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert not root.exists(), "a dry run changed something"
    would = [line for line in dry.stdout.splitlines() if line.startswith("would")]
    for action in ("create system user soccerboard", "pip install the package with its extras [daemon,gpio,dice]",
                   "/etc/soccerboard/soccerboard.toml", "mosquitto_passwd", "/etc/systemd/system/soccerboard.service",
                   "99-soccerboard.rules", "enable soccerboard.service"):
        assert any(action in line for line in would), (action, dry.stdout)
    assert "nothing was changed" in dry.stdout.splitlines()[-1]


def test_the_install_puts_each_piece_in_place(installed):
    root = installed.root
    for path in INSTALLED:
        assert os.path.lexists(installed.path(path)), path
    users, groups = names(root, "passwd"), names(root, "group")
    for path, (mode, user, group) in MODES.items():
        st = installed.path(path).stat()
        assert (st.st_mode & 0o777, users[st.st_uid], groups[st.st_gid]) == (mode, user, group), path
    group_lines = (root / "etc/group").read_text()
    for g in ("gpio", "dialout", "bluetooth"):
        assert any(line.startswith(f"{g}:") and "soccerboard" in line.split(":")[3]
                   for line in group_lines.splitlines()), g
    settings = load_settings(installed.config, env=False)
    assert (settings.board_id, settings.mqtt.username, settings.hardware.port) == (BOARD, BOARD, "/dev/soccerboard")
    assert settings.web.enabled and settings.web.listen == "0.0.0.0" and settings.web.ws_port == 9001
    assert len({installed.secret(name) for name in SECRETS}) == 3, "passwords repeat"


def test_the_installed_program_has_the_daemons_packages(installed):
    python = installed.path("/opt/soccerboard/.venv/bin/python")
    probe = subprocess.run([str(python), "-I", "-c", "import controller.daemon.main, hal.serial_board, hal.gpio, paho, "
                            "pydantic_settings, serial, gpiozero"], capture_output=True, text=True, timeout=60)
    assert probe.returncode == 0, probe.stderr
    help_text = subprocess.run([str(installed.soccerboard), "run", "--help"], capture_output=True, text=True,
                               timeout=60)
    assert help_text.returncode == 0 and "--config" in help_text.stdout, help_text.stderr
    stamp = installed.path("/opt/soccerboard/.installed").read_text()
    assert "extras daemon,gpio,dice" in stamp and "version 0.1.0" in stamp, stamp
    assert "soccerboard config --check /etc/soccerboard/soccerboard.toml" in installed.first.stdout


def test_the_installed_program_reads_godice_when_the_config_asks(installed, tmp_path):
    """The dice extra is always installed: a board whose config turns to GoDice needs no second install, and
    the service user may talk to BlueZ (group bluetooth, in the unit's groups too)."""
    python = installed.path("/opt/soccerboard/.venv/bin/python")
    probe = subprocess.run([str(python), "-I", "-c", "import bleak, hal.dice_godice"], capture_output=True, text=True,
                           timeout=60)
    assert probe.returncode == 0, probe.stderr
    godice = tmp_path / "godice.toml"
    godice.write_text(installed.config.read_text() + '\n[dice]\nrole = "godice"\nred = "GoDice_CE03C9"\n'
                      'blue = "GoDice_A1F204"\n')
    device = tmp_path / "soccerboard"
    device.touch()
    done = subprocess.run([str(installed.soccerboard), "config", "--check", str(godice)], capture_output=True,
                          text=True, timeout=60, env=inside_root(installed, SOCCERBOARD_HARDWARE__PORT=str(device)))
    assert done.returncode == 0 and done.stdout.strip().endswith(": OK"), done.stdout + done.stderr
    scan = subprocess.run([str(installed.soccerboard), "dice", "scan", "--help"], capture_output=True, text=True,
                          timeout=60)
    assert scan.returncode == 0, scan.stderr
    unit = installed.path("/etc/systemd/system/soccerboard.service").read_text()
    assert re.search(r"(?m)^SupplementaryGroups=.*\bbluetooth\b", unit), unit


def inside_root(installed: Installed, **more: str) -> dict[str, str]:
    """The environment that points the installed config's files inside the throwaway root."""
    return {**os.environ, "SOCCERBOARD_MQTT__PASSWORD_FILE": str(installed.path("/etc/soccerboard/mqtt.password")),
            "SOCCERBOARD_JOURNAL__DIR": str(installed.path("/var/lib/soccerboard/journal")), **more}


def test_the_installed_config_checks_out(installed, tmp_path):
    device = tmp_path / "soccerboard"                      # the board's device, as udev names it
    device.touch()
    done = subprocess.run([str(installed.soccerboard), "config", "--check", str(installed.config)],
                          capture_output=True, text=True, timeout=60,
                          env=inside_root(installed, SOCCERBOARD_HARDWARE__PORT=str(device)))
    assert done.returncode == 0 and done.stdout.strip().endswith(": OK"), done.stdout + done.stderr


def installed_board_broker(installed: Installed, directory: Path) -> Broker:
    """The board's broker as installed (its port and directories aside)."""
    etc = installed.path("/etc/mosquitto")
    board = Broker(directory, "installed-board")
    port = free_port()
    board.ports = [port]
    board.conf.write_text(board.base() + (etc / "conf.d/soccerboard.conf").read_text()
                          .replace("listener 1883 127.0.0.1", f"listener {port} 127.0.0.1")
                          .replace("/etc/mosquitto/", f"{etc}/"))
    return board


def test_the_installed_daemon_starts_on_the_installed_config(installed, tmp_path):
    board = installed_board_broker(installed, tmp_path).start()
    scenario = tmp_path / "empty.jsonl"
    scenario.write_text("")
    device = EmulatedBoard(tmp_path / "soccerboard", scenario)
    notify = tmp_path / "notify"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(notify))
    sock.settimeout(30)
    env = inside_root(installed, SOCCERBOARD_MQTT__URL=f"mqtt://127.0.0.1:{board.ports[0]}",
                      SOCCERBOARD_HARDWARE__PORT=str(device.link), SOCCERBOARD_JOURNAL__DIR=str(tmp_path / "j"),
                      SOCCERBOARD_WEB__LISTEN="127.0.0.1", SOCCERBOARD_WEB__PORT=str(free_port()),
                      NOTIFY_SOCKET=str(notify))
    log = tmp_path / "daemon.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([str(installed.soccerboard), "run", "--config", str(installed.config)], env=env,
                                stdout=out, stderr=subprocess.STDOUT, cwd=tmp_path, start_new_session=True)
    try:
        try:
            ready = sock.recv(4096).decode()
        except TimeoutError:
            ready = ""
        assert ready.startswith("READY=1") and "broker connected" in ready, (ready, log.read_text())
    finally:
        proc.terminate()
        proc.wait(15)
        sock.close()
        device.stop()
        board.stop()
    assert proc.returncode == 0, log.read_text()


def test_no_password_is_ever_on_a_command_line(installed):
    trace = installed.trace.read_text(errors="replace")
    programs = {line.split('"')[1].rsplit("/", 1)[-1] for line in trace.splitlines() if "execve(" in line}
    assert {"mosquitto_passwd", "pip", "python3"} & programs, "strace recorded nothing of the install"
    assert "mosquitto_passwd" in programs
    for name in SECRETS:
        assert installed.secret(name) not in trace, f"{name}'s password was on a command line"


def test_the_generated_passwords_open_the_installed_brokers(installed, tmp_path):
    """The daemon logs in with /etc/soccerboard/mqtt.password, the referee with its own, and what the daemon
    publishes reaches an anonymous spectator through the bridge (the spectators account)."""
    etc = installed.path("/etc/mosquitto")
    board = installed_board_broker(installed, tmp_path)
    spectators = Broker(tmp_path, "installed-spectators")
    tcp, ws = free_port(), free_port()
    spectators.ports = [tcp, ws]
    spectators.conf.write_text(spectators.base(persistence=False).replace("persistence true\n", "") +
                               (etc / "soccerboard-spectators.conf").read_text()
                               .replace("log_dest stderr", "")
                               .replace("listener 1884 127.0.0.1", f"listener {tcp} 127.0.0.1")
                               .replace("listener 9001", f"listener {ws} 127.0.0.1")
                               .replace("127.0.0.1:1883", f"127.0.0.1:{board.ports[0]}")
                               .replace("/etc/mosquitto/", f"{etc}/"))
    board.start()
    spectators.start()
    try:
        Client(board.ports[0], user="referee", password=installed.secret("referee.password")).close()
        daemon = Client(board.ports[0], user=BOARD, password=installed.secret("mqtt.password"))
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


def test_a_second_run_changes_nothing(checkout, installed):
    before = tree(installed.root)
    second = install(checkout, "--root", str(installed.root))
    assert second.returncode == 0, second.stderr
    assert not [line for line in second.stdout.splitlines() if line.startswith("do ")], second.stdout
    assert second.stdout.splitlines()[-1].startswith("nothing to change"), second.stdout
    assert tree(installed.root) == before, "the second run changed files"
    again = install(checkout, "--root", str(installed.root), "--dry-run")
    assert again.stdout.splitlines()[-1].startswith("nothing to change"), again.stdout


def test_a_second_run_repairs_a_program_that_lost_a_package(checkout, installed):
    python = installed.path("/opt/soccerboard/.venv/bin/python")
    subprocess.run([str(python), "-m", "pip", "uninstall", "-y", "-q", "pydantic-settings"], check=True,
                   capture_output=True, timeout=120)
    broken = subprocess.run([str(installed.soccerboard), "run", "--help"], capture_output=True, text=True,
                            timeout=60)
    assert broken.returncode != 0 and "daemon extra" in broken.stderr
    repair = install(checkout, "--root", str(installed.root), env=offline_pip_env())
    assert repair.returncode == 0, repair.stdout + repair.stderr
    assert any(line.startswith("do     pip install") for line in repair.stdout.splitlines()), repair.stdout
    fixed = subprocess.run([str(installed.soccerboard), "run", "--help"], capture_output=True, text=True,
                           timeout=60)
    assert fixed.returncode == 0, fixed.stderr


def test_an_install_whose_config_does_not_check_out_fails_loudly(checkout, installed):
    config = installed.config
    kept = config.read_bytes()
    try:
        config.write_text(config.read_text().replace("[journal]", "[journal]\nfrobnicate = 1"))
        done = install(checkout, "--root", str(installed.root))
        assert done.returncode == 1, done.stdout + done.stderr
        assert "FAILED: soccerboard config --check" in done.stderr and "frobnicate" in done.stderr, done.stderr
    finally:
        config.write_bytes(kept)


def test_uninstall_removes_what_it_installed_and_keeps_the_journals(checkout, installed):
    journal = installed.path("/var/lib/soccerboard/journal/pitch7-20261123T100000-0.jsonl")
    journal.write_text('{"type": "setup"}\n')
    gone = install(checkout, "--root", str(installed.root), "--uninstall")
    assert gone.returncode == 0, gone.stderr
    for path in INSTALLED[:-1]:
        assert not os.path.lexists(installed.path(path)), path
    assert journal.read_text() == '{"type": "setup"}\n', "the journals must stay"
    assert installed.path("/var/lib/soccerboard/journal").is_dir()
    assert "kept" in gone.stdout
    twice = install(checkout, "--root", str(installed.root), "--uninstall")
    assert twice.stdout.splitlines()[-2].startswith("kept") and "nothing to change" in twice.stdout


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

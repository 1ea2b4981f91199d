"""Fixtures of the VM tests: the cached Debian image, one owner's install of the checkout on it (shut down
cleanly and kept as a copy-on-write base), and a fresh VM on that base per test.

Run them with `bash tests/vm/run.sh` (docs/deploy.md, "Tested in a VM"); the default pytest run deselects
the `vm` marker. Figures go to $SOCCERBOARD_VM_OUT/figures.json (default /tmp/soccerboard-vm).
"""
from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.vm.host_side import EmulatedBoard
from tests.vm.vm import Vm, checkout_copy, image_dir, use_wheelhouse, wheelhouse

OUT = Path(os.environ.get("SOCCERBOARD_VM_OUT", "/tmp/soccerboard-vm"))
# The board's serial device in the guest: qemu's second UART (ttyS1) wired to the emulated board on a host
# pty, named by udev as the shipped rule names the Pico's USB serial device.
BOARD_RULE = ('KERNEL=="ttyS1", SYMLINK+="soccerboard", GROUP="dialout", MODE="0660"')
UNITS = ("soccerboard.service", "soccerboard-spectators.service")
# Software emulation runs Python 10-30 times slower than a Pi's CPU: the daemon's start (imports, journal,
# broker) takes longer than the unit's TimeoutStartSec=30 there. A drop-in the install leaves alone gives it
# time; the start-to-READY figure says how much it took.
SLOW_CPU_DROP_IN = "[Service]\nTimeoutStartSec=300\n"
DIAGNOSE = ("systemctl --no-pager status soccerboard.service soccerboard-spectators.service mosquitto.service; "
            "journalctl --no-pager -n 80 -u soccerboard.service")


@pytest.fixture(scope="session")
def figures() -> Iterator[dict]:
    found: dict = {}
    yield found
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / "figures.json"
    old = json.loads(path.read_text()) if path.exists() else {}
    path.write_text(json.dumps({**old, **found}, indent=2, sort_keys=True) + "\n")


@pytest.fixture(scope="session")
def vm_image() -> Path:
    return image_dir()


def wait_ready(vm: Vm, timeout: float = 300) -> None:
    """Both units active: for the Type=notify daemon that means systemd has its READY=1. (One is-active per
    unit: with several units it succeeds when any one is active.)"""
    vm.wait_until(" && ".join(f"systemctl is-active {unit}" for unit in UNITS), timeout, "both units active")


def doctor_failures(output: str) -> list[str]:
    """doctor's failed checks but the clock's: the VM has no NTP server to reach (only the package registries
    are), so its clock, set from the host's, is never marked synchronised."""
    return [line for line in output.splitlines() if line.startswith("FAIL")
            and not (line.split()[1:2] == ["clock"] and "not synchronised" in line)]


def ready_figures(vm: Vm) -> dict:
    """From systemd's own clocks (µs since the kernel started): boot to READY, and the daemon's start to READY."""
    out = vm.wait_until("systemctl show soccerboard.service -p ActiveEnterTimestampMonotonic "
                        "-p ExecMainStartTimestampMonotonic -p StatusText -p NRestarts -p ActiveState "
                        "| tee /dev/stderr | grep -qx ActiveState=active && systemctl show soccerboard.service "
                        "-p ActiveEnterTimestampMonotonic -p ExecMainStartTimestampMonotonic -p StatusText "
                        "-p NRestarts", 300, "the daemon active")
    props = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
    ready = int(props["ActiveEnterTimestampMonotonic"]) / 1e6
    started = int(props["ExecMainStartTimestampMonotonic"]) / 1e6
    return {"boot_to_ready_s": round(ready, 1), "start_to_ready_s": round(ready - started, 1),
            "status": props.get("StatusText", ""), "restarts": int(props.get("NRestarts", "0") or 0)}


@dataclass
class Installed:
    """What the owner's install left: the overlay (a clean shutdown's disk) and what was seen on the way."""
    overlay: Path
    install_seconds: float
    install_output: str
    install_rc: int
    again_output: str
    doctor_rc: int
    doctor_output: str
    ready: dict
    reboot_ready: dict
    notes: dict = field(default_factory=dict)


def add_board_rule(vm: Vm) -> None:
    vm.run(f"echo '{BOARD_RULE}' > /etc/udev/rules.d/98-vm-board.rules && udevadm control --reload && "
           "udevadm trigger --action=add --sysname-match=ttyS1 && udevadm settle && test -e /dev/soccerboard")


@pytest.fixture(scope="session")
def installed(vm_image, tmp_path_factory, figures) -> Iterator[Installed]:
    """The checkout copied into a fresh guest and installed as an owner would: `bash deploy/install.sh`."""
    work = tmp_path_factory.mktemp("installed")
    board = EmulatedBoard(work / "board.log")
    vm = Vm(vm_image, work, board_tty=board.tty)
    try:
        figures["first_boot_to_agent_s"] = round(vm.boot(), 1)
        vm.wait_until("getent hosts pypi.org deb.debian.org", 300, "the guest's network (qemu's NAT)", every=2)
        use_wheelhouse(vm, wheelhouse(OUT))
        add_board_rule(vm)
        vm.run("mkdir -p /etc/systemd/system/soccerboard.service.d && printf '" + SLOW_CPU_DROP_IN +
               "' > /etc/systemd/system/soccerboard.service.d/vm-slow-cpu.conf")
        src = checkout_copy(vm)
        start = time.monotonic()
        rc, out = vm.run(f"cd {src} && bash deploy/install.sh", timeout=1800, check=False)
        seconds = time.monotonic() - start
        figures["install_seconds"] = round(seconds, 1)
        if rc != 0:
            pytest.fail(f"install.sh exited {rc}:\n{out}")
        wait_ready(vm)
        ready = ready_figures(vm)
        again = vm.out(f"cd {src} && bash deploy/install.sh", timeout=600)
        doctor_rc, doctor = vm.run("/opt/soccerboard/.venv/bin/soccerboard doctor", timeout=120, check=False)
        vm.shutdown()
        boot = vm.boot()
        wait_ready(vm)
        reboot_ready = {**ready_figures(vm), "qemu_start_to_agent_s": round(boot, 1)}
        if reboot_ready["restarts"]:
            reboot_ready["log"] = vm.run(DIAGNOSE, check=False)[1][-3000:]
        figures["ready_after_install"] = ready
        figures["ready_after_reboot"] = reboot_ready
        vm.shutdown()
    except BaseException:
        vm.close()
        board.stop()
        raise
    board.stop()
    yield Installed(vm.overlay, seconds, out, rc, again, doctor_rc, doctor, ready, reboot_ready)


@pytest.fixture
def installed_vm(vm_image, installed, tmp_path) -> Iterator[Callable[..., Vm]]:
    """A factory of VMs on copy-on-write overlays of the installed disk; each test starts from it clean."""
    made: list[tuple[Vm, EmulatedBoard | None]] = []

    def make(board: bool = True) -> Vm:
        work = tmp_path / f"vm{len(made)}"
        work.mkdir()
        emulated = EmulatedBoard(work / "board.log") if board else None
        vm = Vm(vm_image, work, board_tty=emulated.tty if emulated else None, backing=installed.overlay)
        made.append((vm, emulated))
        return vm
    yield make
    for vm, emulated in made:
        vm.close()
        if emulated is not None:
            emulated.stop()


def pytest_collection_modifyitems(config, items) -> None:
    """The VM tests take many minutes and root: deselected (not skipped) unless SOCCERBOARD_VM=1."""
    if os.environ.get("SOCCERBOARD_VM", "") == "1":
        return
    chosen = [item for item in items if item.get_closest_marker("vm") is None]
    if len(chosen) != len(items):
        config.hook.pytest_deselected(items=[item for item in items if item.get_closest_marker("vm") is not None])
        items[:] = chosen

"""A Debian VM under qemu (TCG) for the VM tests: a copy-on-write overlay of the cached image, a 9p share the
guest agent (tests/vm/guest-agent.sh) runs scripts from, forwarded loopback ports, and power cuts.

The guest boots its own kernel with systemd as PID 1. `run` hands a shell script to the agent and waits
for its exit status; `power_cut` kills qemu with no shutdown (the guest's page cache and the unflushed part
of the virtual disk are lost, as in a real power cut) and `boot` starts the same overlay again.
"""
from __future__ import annotations

import hashlib
import itertools
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from tests.deploy.wheelhouse import install_extras

REPO = Path(__file__).resolve().parents[2]
BUILD_SCRIPT = Path(__file__).with_name("build-image.sh")
GUEST_PORTS = {"http": 8080, "ws": 9001}


class GuestError(AssertionError):
    """A guest command failed or did not finish in time."""


def image_dir() -> Path:
    """The cached image (built on first use: a few minutes of debootstrap)."""
    out = subprocess.run(["bash", str(BUILD_SCRIPT)], check=True, capture_output=True, text=True)
    return Path(out.stdout.strip().splitlines()[-1])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Vm:
    """One VM on its own overlay; `workdir` holds the overlay, the share and the console logs."""

    def __init__(self, image: Path, workdir: Path, board_tty: str | None = None, memory_mb: int = 2048,
                 backing: Path | None = None):
        self.image = image
        self.dir = workdir
        self.share = workdir / "share"
        self.board_tty = board_tty
        self.memory_mb = memory_mb
        self.ports = {name: free_port() for name in GUEST_PORTS}
        self.proc: subprocess.Popen | None = None
        self.boots = 0
        self._names = itertools.count(1)
        (self.share / "cmd").mkdir(parents=True, exist_ok=True)
        (self.share / "out").mkdir(exist_ok=True)
        self.overlay = workdir / "overlay.qcow2"
        base, fmt = (backing, "qcow2") if backing is not None else (image / "base.raw", "raw")
        subprocess.run(["qemu-img", "create", "-q", "-f", "qcow2", "-F", fmt, "-b", str(base), str(self.overlay)],
                       check=True)

    # ---- power --------------------------------------------------------------------------------------------
    def boot(self, timeout: float = 240) -> float:
        """Start qemu and wait for the guest agent; returns the seconds from qemu's start to the agent."""
        assert self.proc is None, "the VM is running"
        up = self.share / "out" / "agent-up"
        up.unlink(missing_ok=True)
        self.boots += 1
        fwd = ",".join(f"hostfwd=tcp:127.0.0.1:{self.ports[n]}-:{p}" for n, p in GUEST_PORTS.items())
        cmd = [
            "qemu-system-x86_64", "-accel", "tcg", "-smp", "2", "-m", str(self.memory_mb),
            "-nodefaults", "-display", "none",
            "-kernel", str(self.image / "vmlinuz"), "-initrd", str(self.image / "initrd.img"),
            "-append", "root=/dev/vda console=ttyS0 rw quiet systemd.show_status=1",
            "-drive", f"file={self.overlay},if=virtio,format=qcow2,cache=writeback",
            "-virtfs", f"local,path={self.share},mount_tag=host,security_model=none,id=host",
            "-netdev", f"user,id=n0,{fwd}", "-device", "virtio-net-pci,netdev=n0",
            "-serial", f"file:{self.dir / f'console-{self.boots}.log'}",
            "-serial", self.board_tty or "null",
            "-monitor", "none",
        ]
        start = time.monotonic()
        with open(self.dir / f"qemu-{self.boots}.log", "w") as err:
            self.proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
        while not up.exists():
            if self.proc.poll() is not None:
                raise GuestError(f"qemu exited {self.proc.returncode}: {self.log_tail()}")
            if time.monotonic() - start > timeout:
                raise GuestError(f"the guest agent did not start in {timeout} s: {self.log_tail()}")
            time.sleep(0.2)
        return time.monotonic() - start

    def power_cut(self) -> None:
        """Pull the plug: qemu is killed, nothing in the guest is told."""
        if self.proc is not None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()
            self.proc = None

    def shutdown(self, timeout: float = 120) -> None:
        """A clean power-off (systemctl poweroff), then qemu is gone."""
        if self.proc is None:
            return
        self.run_detached("systemctl poweroff")
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc = None

    def reboot(self, timeout: float = 240) -> float:
        """A clean reboot: shut down, start again; returns the boot's seconds to the agent."""
        self.shutdown()
        return self.boot(timeout)

    def close(self) -> None:
        self.power_cut()

    def log_tail(self, lines: int = 30) -> str:
        log = self.dir / f"console-{self.boots}.log"
        text = log.read_text(errors="replace") if log.exists() else ""
        return "\n".join(text.splitlines()[-lines:])

    # ---- commands -----------------------------------------------------------------------------------------
    def _submit(self, script: str) -> str:
        name = f"c{self.boots:03d}-{next(self._names):05d}"
        tmp = self.share / "cmd" / f"{name}.part"
        tmp.write_text("set -e\n" + script + "\n")
        tmp.rename(tmp.with_suffix(".sh"))
        return name

    def run_detached(self, script: str) -> str:
        """Start a script in the guest and return without waiting (its output lands in out/NAME.out)."""
        return self._submit(script)

    def run(self, script: str, timeout: float = 120, check: bool = True) -> tuple[int, str]:
        """Run a shell script in the guest as root; its exit status and output (stdout and stderr)."""
        name = self._submit(script)
        rc_file = self.share / "out" / f"{name}.rc"
        end = time.monotonic() + timeout
        while not rc_file.exists():
            if self.proc is None or self.proc.poll() is not None:
                raise GuestError(f"the VM stopped while running {script!r}")
            if time.monotonic() > end:
                raise GuestError(f"{script!r} did not finish in {timeout} s")
            time.sleep(0.1)
        rc = int(rc_file.read_text().strip())
        out = (self.share / "out" / f"{name}.out").read_text(errors="replace")
        if check and rc != 0:
            raise GuestError(f"{script!r} exited {rc}:\n{out}")
        return rc, out

    def out(self, script: str, timeout: float = 120) -> str:
        return self.run(script, timeout)[1]

    def wait_until(self, script: str, timeout: float, what: str, every: float = 0.5) -> str:
        """Run `script` until it exits 0; its output."""
        end = time.monotonic() + timeout
        while True:
            rc, out = self.run(script, timeout=max(5.0, end - time.monotonic()), check=False)
            if rc == 0:
                return out
            if time.monotonic() > end:
                raise GuestError(f"{what}: not within {timeout} s; last output:\n{out}")
            time.sleep(every)

    def copy_in(self, src: Path, name: str) -> str:
        """Put a host folder into the share; its path in the guest."""
        dest = self.share / name
        if dest.exists():
            shutil.rmtree(dest)
        shutil.copytree(src, dest, symlinks=True, ignore=shutil.ignore_patterns(
            ".git", ".venv", "__pycache__", "*.pyc", "*.egg-info", ".mypy_cache", ".ruff_cache", ".pytest_cache",
            "node_modules", "build"))
        return f"/host/{name}"

    def host_path(self, guest_path: str) -> Path:
        """The host side of a path under /host in the guest."""
        assert guest_path.startswith("/host/")
        return self.share / guest_path[len("/host/"):]


def checkout_copy(vm: Vm) -> str:
    """The checkout as an owner would have it in the guest: copied into /root/soccerboard (not a share)."""
    staged = vm.copy_in(REPO, "checkout")
    vm.run(f"rm -rf /root/soccerboard && cp -a {staged} /root/soccerboard", timeout=300)
    return "/root/soccerboard"


def wheelhouse(cache: Path) -> Path:
    """The package's wheels for the guest, fetched on the host with pip download (kept per pyproject.toml).

    The guest reaches the package index's address through qemu's NAT, but not over TLS where the host's
    own trust store is what makes that work; the wheels stand in for the index."""
    extras = install_extras()
    key = hashlib.sha256((REPO / "pyproject.toml").read_bytes() + extras.encode()).hexdigest()[:16]
    dest = cache / f"wheels-{key}"
    if not (dest / "ready").exists():
        shutil.rmtree(dest, ignore_errors=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--dest",
                        str(dest), "setuptools>=68", "wheel", f"{REPO}[{extras}]"], check=True)
        (dest / "ready").touch()
    return dest


def use_wheelhouse(vm: Vm, wheels: Path) -> None:
    """pip in the guest installs from the wheels only."""
    staged = vm.copy_in(wheels, "wheels")
    vm.run(f"rm -rf /var/cache/soccerboard-wheels && cp -a {staged} /var/cache/soccerboard-wheels && "
           "printf '[global]\\nno-index = true\\nfind-links = /var/cache/soccerboard-wheels\\n' > /etc/pip.conf")

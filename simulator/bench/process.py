"""The processes a benchmark starts and measures, whatever they run: their CPU, wakeups (context switches) and
memory read from /proc, per thread under the names the threads have in Python, and the time from their start
to systemd's READY=1. Only Linux has the /proc these read."""
from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

CLK_TCK = os.sysconf("SC_CLK_TCK")

# Runs the soccerboard command with each Python thread's name given to the kernel (top -H, /proc/<pid>/task).
LAUNCHER = r"""
import ctypes, sys, threading
libc = ctypes.CDLL(None, use_errno=True)
def _name(name):
    name = name.removeprefix("soccerboard-")[:15].encode()
    libc.prctl(15, ctypes.c_char_p(name), 0, 0, 0)
_inner = threading.Thread._bootstrap_inner
def _bootstrap_inner(self):
    try:
        _name(self.name)
    except Exception:
        pass
    _inner(self)
threading.Thread._bootstrap_inner = _bootstrap_inner
_name("main")
sys.argv = ["soccerboard", *sys.argv[1:]]
from controller.cli import main
sys.exit(main())
"""


# ---- /proc --------------------------------------------------------------------------------------------------
def read_proc(path: str) -> str:
    """The text of a /proc file; "" once the process (or thread) is gone."""
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


def cpu_ticks(stat_text: str) -> int:
    fields = stat_text.rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])        # utime, stime (fields 14 and 15 of stat)


def sample(pid: int) -> dict:
    """The process's CPU ticks and, per thread, (name, CPU ticks, context switches)."""
    threads = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        base = f"/proc/{pid}/task/{tid}"
        status, stat = read_proc(f"{base}/status"), read_proc(f"{base}/stat")
        if not status or not stat:
            continue
        switches = sum(int(m) for m in re.findall(r"(?:non)?voluntary_ctxt_switches:\s+(\d+)", status))
        threads[tid] = (read_proc(f"{base}/comm").strip(), cpu_ticks(stat), switches)
    return {"at": time.monotonic(), "cpu": cpu_ticks(read_proc(f"/proc/{pid}/stat")), "threads": threads}


def idle_figures(pid: int, seconds: float) -> dict:
    """CPU % of one core, wakeups/s and the per-thread breakdown over `seconds` of a live process."""
    a = sample(pid)
    time.sleep(seconds)
    b = sample(pid)
    wall = b["at"] - a["at"]
    per: dict[str, list[float]] = {}
    for tid, (name, ticks, switches) in b["threads"].items():
        _, ticks0, switches0 = a["threads"].get(tid, (name, 0, 0))
        row = per.setdefault(name, [0.0, 0.0])
        row[0] += (switches - switches0) / wall
        row[1] += (ticks - ticks0) / CLK_TCK / wall * 100
    return {"cpu": (b["cpu"] - a["cpu"]) / CLK_TCK / wall * 100, "wakeups": sum(r[0] for r in per.values()),
            "threads": per}


def rss_mb(pid: int) -> float:
    for text in Path(f"/proc/{pid}/status").read_text().splitlines():
        if text.startswith("VmRSS:"):
            return int(text.split()[1]) / 1024
    return 0.0


# ---- processes ----------------------------------------------------------------------------------------------
class NotifySocket:
    """A NOTIFY_SOCKET as systemd gives one: READY=1 arrives here."""

    def __init__(self, directory: Path):
        self.path = str(directory / f"notify-{os.getpid()}-{time.monotonic_ns()}")
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(self.path)

    def wait_ready(self, timeout: float) -> float | None:
        """The monotonic time READY=1 arrived, or None."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            self.sock.settimeout(left)
            try:
                data = self.sock.recv(4096)
            except TimeoutError:
                return None
            if b"READY=1" in data:
                return time.monotonic()
        return None

    def close(self) -> None:
        self.sock.close()
        with contextlib.suppress(OSError):
            os.unlink(self.path)


def start_command(args: list[str], tmp: Path, notify: NotifySocket, log_name: str,
                  root: Path) -> tuple[subprocess.Popen, float]:
    """`soccerboard ARGS` of the code tree `root` under LAUNCHER, told of `notify`; and when it started."""
    env = {**os.environ, "NOTIFY_SOCKET": notify.path, "PYTHONUNBUFFERED": "1", "PYTHONPATH": str(root),
           "XDG_CACHE_HOME": str(tmp / "cache")}
    env.pop("WATCHDOG_USEC", None)
    log = open(tmp / log_name, "ab")  # noqa: SIM115 - the child keeps its own copy
    started = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-c", LAUNCHER, *args], cwd=tmp, env=env, stdout=log,
                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
    log.close()
    return proc, started


def stop_process(proc: subprocess.Popen, sig: int = signal.SIGTERM, timeout: float = 15) -> int:
    """Send `sig` and wait `timeout` seconds; kill what is still running then. The exit status."""
    if proc.poll() is None:
        proc.send_signal(sig)
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
    return proc.returncode


def measure_process(args: list[str], tmp: Path, seconds: float, settle: float, log_name: str, root: Path) -> dict:
    """Start the command, time READY=1, let it settle, then read its idle figures."""
    notify = NotifySocket(tmp)
    proc, started = start_command(args, tmp, notify, log_name, root)
    try:
        ready = notify.wait_ready(60)
        if ready is None:
            raise RuntimeError(f"{args[0]} never said READY=1: see {tmp / log_name}")
        if seconds <= 0:
            return {"ready": ready - started}
        time.sleep(settle)
        figures = idle_figures(proc.pid, seconds)
        figures["ready"] = ready - started
        return figures
    finally:
        stop_process(proc, timeout=10)
        notify.close()


def baseline_idle(seconds: float) -> dict:
    """The idle figures of a Python process that only sleeps: the floor of the interpreter."""
    proc = subprocess.Popen([sys.executable, "-c", "import time\nwhile True: time.sleep(3600)"])
    try:
        time.sleep(0.3)
        return idle_figures(proc.pid, seconds)
    finally:
        stop_process(proc, timeout=10)


def thread_rows(runs: list[dict]) -> dict[str, tuple[float, float]]:
    """Per thread name, the median wakeups/s and CPU % of several runs' idle figures (0 where it did not run)."""
    names = sorted({n for r in runs for n in r["threads"]})
    return {n: (statistics.median(r["threads"].get(n, [0.0, 0.0])[0] for r in runs),
                statistics.median(r["threads"].get(n, [0.0, 0.0])[1] for r in runs)) for n in names}

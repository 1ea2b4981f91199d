"""Daemon figures through a real Mosquitto on loopback: a sensor change to the retained state at a subscriber
(against a bare paho publish -> receive round trip through the same broker), and resident memory over
autoplayed matches (against an idle Python that imported the daemon)."""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt

from hal.board import SETTLE_SECONDS
from simulator.bench.common import Row, median, median_and_p99, skipped
from simulator.bench.mosquitto import mosquitto_binary
from simulator.bench.process import rss_mb, stop_process

BOARD = "bench"
RESUME = "daemon: restart after kill -9 -> resumed state at a subscriber"


class Broker:
    """A private anonymous Mosquitto on a free loopback port, its files in `directory`."""

    def __init__(self, binary: str, directory: Path):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        directory.mkdir(parents=True, exist_ok=True)
        conf = directory / "mosquitto.conf"
        conf.write_text(f"listener {self.port} 127.0.0.1\nallow_anonymous true\npersistence false\n"
                        f"log_dest file {directory / 'mosquitto.log'}\n")
        self.proc = subprocess.Popen([binary, "-c", str(conf)], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        end = time.monotonic() + 10
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"mosquitto exited with {self.proc.returncode}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.02)
        self.stop()
        raise RuntimeError("mosquitto did not listen")

    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    def stop(self) -> None:
        stop_process(self.proc)


# The folder that holds this simulator package: `python -m controller.cli` started there runs the controller
# beside it, whatever folder the caller is in.
TREE = Path(__file__).resolve().parents[2]


def start_daemon(args: list[str], log: Path) -> subprocess.Popen:
    """`soccerboard ARGS` of this tree in a child process of its own session, its output appended to `log`; it
    is told of no NOTIFY_SOCKET the caller may have, so it does not speak to the caller's systemd."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop("NOTIFY_SOCKET", None)
    with open(log, "ab") as f:       # the child has its own copy of the descriptor once started
        return subprocess.Popen([sys.executable, "-m", "controller.cli", *args], cwd=TREE, env=env, stdout=f,
                                stderr=subprocess.STDOUT, start_new_session=True)


def idle_rss_mb() -> float:
    """Baseline: the resident memory of a Python that imported the daemon and did nothing."""
    code = ("import controller.daemon.main, controller.daemon.service, pathlib\n"
            "print([ln for ln in pathlib.Path('/proc/self/status').read_text().splitlines()"
            " if ln.startswith('VmRSS:')][0].split()[1])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    return int(out.stdout.strip()) / 1024


class Timed:
    """A subscriber that notes when each message on a topic arrives."""

    def __init__(self, port: int, topic: str, user: str | None = None, password: str | None = None):
        self.arrived = threading.Event()
        self.payload = b""
        self.c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
        if user:
            self.c.username_pw_set(user, password)
        ok = threading.Event()

        def on_connect(c, u, f, rc, p):
            c.subscribe(topic, 1)
            ok.set()
        self.c.on_connect = on_connect
        self.c.on_message = self._msg
        self.c.connect("127.0.0.1", port)
        self.c.loop_start()
        ok.wait(5)
        time.sleep(0.2)

    def _msg(self, c, u, m):
        self.payload = m.payload
        self.arrived.set()

    def close(self):
        self.c.disconnect()
        self.c.loop_stop()



def latency(port: int, url: str, board_id: str, samples: int, tmp: Path, user: str | None = None,
            password: str | None = None) -> tuple[list[float], list[float], int]:
    """Milliseconds from a token lifted or placed on the sim board (HAL) to the new retained `state` at a
    subscriber (journal fsync included), and of a bare paho publish -> receive of a same-sized payload through
    the same broker (as `user`, whom the broker's ACL may require); and the state's size in bytes."""
    base = f"soccerboard/{board_id}"
    from controller.daemon.main import make_publisher
    from controller.daemon.operations.config import load_settings
    from controller.daemon.service import Daemon
    from hal.backends import open_hardware

    settings = load_settings(None, env=False, board_id=board_id, journal__dir=str(tmp / "lat"))
    hw: Any = open_hardware({"backend": "sim"})      # the sim backend: its board and clock are driven here
    daemon: Any = Daemon(settings, hw, board_follows_game=False, tick=0.1)
    make_publisher(settings, daemon, url)
    daemon.start()
    if not daemon.publisher.connected.wait(10):
        raise RuntimeError("the daemon did not reach the broker")
    sub = Timed(port, f"{base}/state")
    board = hw.leds
    board.set_frame(bytes(daemon.referee.core.board))        # the sensed board matches the set-up
    time.sleep(0.1)
    hw.clock.advance(SETTLE_SECONDS + 0.001)                    # ... once it has settled
    time.sleep(0.3)
    tracker = daemon._poller._tracker
    lat = []
    for i in range(samples):
        sub.arrived.clear()
        seen = tracker._candidate
        t0 = time.perf_counter()
        (board.lift if i % 2 == 0 else board.place)("a6", "red")   # a midfielder lifted, put back
        # the frame tracker passes a change on once it has held for the settle window of HAL time: the sim
        # clock skips that window as soon as the poller has the frame (on a real board it adds those 50 ms)
        while tracker._candidate is seen and time.perf_counter() - t0 < 2:
            time.sleep(0.0001)
        hw.clock.advance(SETTLE_SECONDS + 0.001)
        if not sub.arrived.wait(2):
            raise RuntimeError("no state arrived")
        lat.append((time.perf_counter() - t0) * 1000)
        time.sleep(0.005)
    size = len(sub.payload)
    sub.close()
    daemon.stop()
    hw.close()

    bare = []
    sub = Timed(port, f"{base}/bench", user, password)
    pub = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
    if user:
        pub.username_pw_set(user, password)
    pub.connect("127.0.0.1", port)
    pub.loop_start()
    time.sleep(0.2)
    payload = b"x" * size
    for _ in range(samples):
        sub.arrived.clear()
        t0 = time.perf_counter()
        pub.publish(f"{base}/bench", payload, qos=1, retain=True)
        if not sub.arrived.wait(2):
            raise RuntimeError("the baseline message did not arrive")
        bare.append((time.perf_counter() - t0) * 1000)
        time.sleep(0.005)
    pub.publish(f"{base}/bench", b"", qos=1, retain=True).wait_for_publish(2)
    pub.disconnect()
    pub.loop_stop()
    sub.close()
    return lat, bare, size



def _finished(path: Path) -> bool:
    with open(path, "rb") as f:
        f.seek(0, 2)
        f.seek(max(0, f.tell() - 200))
        return b"# finished" in f.read()


def memory(url: str, board_id: str, matches: int, tmp: Path, half_minutes: float = 45.0,
           progress: bool = True) -> tuple[list[float], float]:
    """RSS after each finished match (journals that ended are looked at once, by their last bytes only)."""
    journal = tmp / "mem"
    proc = start_daemon(["sim", "--broker", url, "--board-id", board_id, "--journal-dir", str(journal), "--speed", "0",
                         "--matches", str(matches), "--half-minutes", str(half_minutes), "--quiet"], tmp / "mem.log")
    samples: list[float] = []
    done: set[Path] = set()
    started = time.monotonic()
    try:
        while proc.poll() is None:
            if journal.exists():
                for p in sorted(journal.glob("*.jsonl")):
                    if p not in done and _finished(p):
                        done.add(p)
            if len(done) > len(samples):
                samples.append(rss_mb(proc.pid))
                if progress and len(samples) % 50 == 0:
                    print(f"  match {len(samples)}: {samples[-1]:.1f} MB ({time.monotonic() - started:.0f} s)",
                          file=sys.stderr, flush=True)
            time.sleep(0.05)
    finally:
        stop_process(proc)
    return samples, time.monotonic() - started




def resume(port: int, url: str, board_id: str, samples: int, tmp: Path, play_seconds: float = 1.5,
           ) -> tuple[list[float], list[float], int]:
    """Seconds from starting `soccerboard sim` to its first retained `state` at a subscriber: on a journal that a
    kill -9 left mid-match (a fresh copy each time), and, the baseline, on an empty journal folder; and the
    number of inputs the killed journal holds."""
    from controller.daemon.journal import JournalStore, read_journal
    killed = tmp / "killed"

    def sim(journal: Path, speed: str) -> subprocess.Popen:
        return start_daemon(["sim", "--broker", url, "--board-id", board_id, "--journal-dir", str(journal),
                             "--speed", speed, "--half-minutes", "45", "--quiet"], tmp / "resume.log")

    proc = sim(killed, "0.002")
    end = time.monotonic() + 60
    while not list(killed.glob("*.jsonl")) and time.monotonic() < end and proc.poll() is None:
        time.sleep(0.05)
    time.sleep(play_seconds)                    # then some of the match, and kill -9
    stop_process(proc, sig=signal.SIGKILL)
    inputs = len(read_journal(JournalStore(killed, board_id).journals()[-1]).lines)
    sub = Timed(port, f"soccerboard/{board_id}/state")
    times: dict[str, list[float]] = {"resume": [], "fresh": []}
    try:
        for i in range(samples):
            for kind in times:                  # interleaved, so that machine load hits both alike
                journal = tmp / f"{kind}{i}"
                if kind == "resume":
                    shutil.copytree(killed, journal)
                sub.arrived.clear()
                t0 = time.perf_counter()
                proc = sim(journal, "1")
                try:
                    if not sub.arrived.wait(60):
                        raise RuntimeError("no state arrived from the started daemon")
                    times[kind].append(time.perf_counter() - t0)
                finally:
                    stop_process(proc)
                time.sleep(0.2)                 # its last messages arrive before the next start
    finally:
        sub.close()
    return times["resume"], times["fresh"], inputs


def figures(quick: bool) -> list[Row]:
    samples, matches, half, restarts = (40, 10, 10.0, 3) if quick else (300, 100, 45.0, 15)
    lat_name, mem_name = "daemon: sensor change -> state at a subscriber", "daemon: resident memory"
    binary = mosquitto_binary()
    if binary is None:
        why = "no mosquitto binary"
        return [skipped(f"{lat_name}, median", why), skipped(f"{lat_name}, p99", why), skipped(mem_name, why),
                skipped(RESUME, why)]
    with tempfile.TemporaryDirectory(prefix="bench-daemon-") as name:
        tmp = Path(name)
        broker = Broker(binary, tmp / "mosquitto")
        try:
            lat, bare, size = latency(broker.port, broker.url(), BOARD, samples, tmp)
            mem, took = memory(broker.url(), BOARD, matches, tmp, half_minutes=half, progress=False)
            resumed, fresh, inputs = resume(broker.port, broker.url(), BOARD, restarts, tmp)
        finally:
            broker.stop()
    what = f"{samples} samples, state {size} bytes, Mosquitto on loopback, journal fsync included"
    idle = idle_rss_mb()
    rows = median_and_p99(lat_name, lat, bare, "ms", ("< 10 ms", "p99 < 20 ms"), "bare paho publish -> receive", what)
    if mem:
        growth = mem[-1] - mem[0]
        rows.append(Row(f"{mem_name} after {len(mem)} autoplayed matches", mem[-1], "MB", "< 80 MB, no growth",
                        idle, "an idle Python that imported the daemon",
                        f"{half:g}-minute halves in {took:.0f} s; after the first {mem[0]:.1f} MB, "
                        f"growth {growth:+.1f} MB, max {max(mem):.1f} MB"))
    else:
        rows.append(skipped(mem_name, "no match finished"))
    rows.append(Row(RESUME, median(resumed), "s", "< 5 s", median(fresh), "the same start on no journal",
                    f"median of {restarts}; a journal of {inputs} inputs left by kill -9; max {max(resumed):.2f} s"))
    return rows

"""The moving parts of one soak lane: a private Mosquitto, a subscriber that records every `seq`, and the
daemon (`soccerboard sim` against that broker) as a real subprocess, restarted the way systemd would.

The daemon runs without the capabilities that let root ignore file modes (CAP_DAC_OVERRIDE and
CAP_DAC_READ_SEARCH, dropped from its bounding set) when the suite runs as root, as the installed service runs
as an unprivileged user: otherwise a read-only journal directory would be no fault at all. It runs with
SIGXFSZ ignored, so a file-size limit (RLIMIT_FSIZE, set on the running process with prlimit) makes its
writes fail with EFBIG, which is what a full card does to the writer.
"""
from __future__ import annotations

import ctypes
import json
import os
import resource
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import paho.mqtt.client as mqtt

from controller.daemon.main import FAILED
from simulator.bench.mosquitto import BASE, BOARD, CHECKOUT, REFEREE_PASS, REFEREE_USER, Mosquitto

PR_CAPBSET_DROP = 24
MODE_BYPASSING_CAPS = (1, 2)   # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH (linux/capability.h)
JOURNAL_STOP = "stopping: the journal"   # what serve() logs when the card refuses the journal (daemon/main.py)


@dataclass
class Received:
    t: float                   # monotonic arrival time
    topic: str                 # "events" or "state"
    seq: int
    doc: dict
    retained: bool


class SeqRecorder:
    """A subscriber that records every `events` and `state` message with its seq and arrival time: logged in
    (as a club's bridge is), with a persistent session so the broker queues for it while it reconnects.
    Logged in, because Mosquitto (2.0.11, with an ACL file) queues nothing for an anonymous session it restored
    after a restart until that client has connected again: what this subscriber misses is the daemon's doing."""

    def __init__(self, port: int, name: str, user: str | None = REFEREE_USER, password: str | None = REFEREE_PASS):
        self.messages: list[Received] = []
        self.malformed: list[bytes] = []
        self.lock = threading.Lock()
        self.arrived = threading.Condition(self.lock)
        self.connected = threading.Event()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"soak-{name}", clean_session=False)
        self.client.reconnect_delay_set(0.05, 0.2)  # type: ignore[arg-type]   # paho waits fractions too
        if user:
            self.client.username_pw_set(user, password)

        def on_connect(client, userdata, flags, reason_code, properties) -> None:
            if not reason_code.is_failure:
                client.subscribe([(f"{BASE}/events", 1), (f"{BASE}/state", 1)])
                self.connected.set()

        def on_disconnect(client, userdata, flags, reason_code, properties) -> None:
            self.connected.clear()
        self.client.on_connect = on_connect
        self.client.on_disconnect = on_disconnect
        self.client.on_message = self._message
        self.client.connect("127.0.0.1", port, keepalive=5)
        self.client.loop_start()
        if not self.connected.wait(10):
            raise AssertionError("the soak subscriber could not connect")

    def _message(self, client, userdata, msg) -> None:
        now = time.monotonic()
        topic = msg.topic.rsplit("/", 1)[-1]
        try:
            doc = json.loads(msg.payload)
            seq = doc["seq"]
            if not isinstance(seq, int):
                raise TypeError(seq)
        except (ValueError, KeyError, TypeError):
            with self.lock:
                self.malformed.append(bytes(msg.payload))
            return
        with self.arrived:
            self.messages.append(Received(now, topic, seq, doc, bool(msg.retain)))
            self.arrived.notify_all()

    def forget(self) -> None:
        """Drop what was recorded so far (a lane's earlier matches: judged already)."""
        with self.lock:
            self.messages.clear()

    def snapshot(self) -> list[Received]:
        with self.lock:
            return list(self.messages)

    def max_seq(self, since: float = 0.0) -> int:
        with self.lock:
            return max((m.seq for m in self.messages if m.t >= since), default=0)

    def first_above(self, seq: int, after: float, timeout: float) -> float | None:
        """Arrival time of the first message with a seq above `seq` that arrived after `after`."""
        end = time.monotonic() + timeout
        with self.arrived:
            while True:
                found = [m.t for m in self.messages if m.t >= after and m.seq > seq]
                if found:
                    return min(found)
                left = end - time.monotonic()
                if left <= 0:
                    return None
                self.arrived.wait(min(left, 0.1))

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


@dataclass
class DaemonProcess:
    """`soccerboard sim` on one journal directory; each start is one incarnation, as systemd would start it."""

    broker: Mosquitto
    journal: Path
    log: Path
    options: dict
    speed: float
    proc: subprocess.Popen | None = None
    killed: bool = False                      # the harness killed the running incarnation on purpose
    starts: int = 0
    # (exit code, expected): killed on purpose, or the documented stop when the card refuses the journal
    exits: list[tuple[int, bool]] = field(default_factory=list)
    journal_stops: int = 0                    # the daemon's "journal thread stopped" lines seen in its log
    _copier: threading.Thread | None = None   # copies the running incarnation's output to the log

    def args(self, seed: int) -> list[str]:
        return ["sim", "--broker", self.broker.url(), "--board-id", BOARD, "--journal-dir", str(self.journal),
                "--seed", str(seed), "--half-minutes", str(self.options["half_minutes"]),
                "--extra-time-minutes", str(self.options.get("extra_time_minutes", 0)),
                "--speed", str(self.speed), "--quiet", "--no-web"]

    def start(self, seed: int) -> float:
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONDONTWRITEBYTECODE": "1"}
        env.pop("NOTIFY_SOCKET", None)
        with open(self.log, "ab") as f:
            f.write(f"--- start {self.starts} at {time.time():.3f}\n".encode())
        # its output goes through a pipe, as under systemd (journald): a file size limit put on the daemon to
        # fill its journal must not also stop it writing its log
        self.proc = subprocess.Popen([sys.executable, "-m", "controller.cli", *self.args(seed)], cwd=CHECKOUT,
                                     env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     start_new_session=True, preexec_fn=_daemon_preexec)
        self._copier = threading.Thread(target=_copy, args=(self.proc.stdout, self.log), daemon=True)
        self._copier.start()
        self.killed = False
        self.starts += 1
        return time.monotonic()

    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill9(self) -> None:
        assert self.proc is not None
        self.killed = True
        self.proc.send_signal(signal.SIGKILL)
        self.reap()

    def reap(self, timeout: float = 10) -> int | None:
        """Wait for the incarnation to end; record how it ended."""
        if self.proc is None:
            return None
        try:
            rc = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            return None
        if self._copier is not None:
            self._copier.join(5)                  # the whole log of this incarnation is on file
        self.exits.append((rc, self.killed or (rc == FAILED and self._new_journal_stop())))
        self.proc = None
        return rc

    def _new_journal_stop(self) -> bool:
        """Whether this incarnation ended with the documented stop of a journal the card refused (exit 1 and
        `stopping: the journal ...` in its log): a fault's consequence, not a crash."""
        stops = self.log.read_text(errors="replace").count(JOURNAL_STOP)
        new, self.journal_stops = stops > self.journal_stops, stops
        return new

    def set_file_size_limit(self, limit: int | None) -> None:
        """RLIMIT_FSIZE of the running daemon: writes past `limit` bytes of any file fail (None: no limit)."""
        assert self.proc is not None
        value = resource.RLIM_INFINITY if limit is None else limit
        resource.prlimit(self.proc.pid, resource.RLIMIT_FSIZE, (value, resource.RLIM_INFINITY))

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.killed = True
            self.proc.send_signal(signal.SIGKILL)
        self.reap()


def _copy(pipe, log: Path) -> None:
    with pipe, open(log, "ab") as f:
        for line in pipe:
            f.write(line)
            f.flush()


def _daemon_preexec() -> None:
    """In the child before exec: a full file is an error, not a signal; file modes bind it even as root."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    if os.geteuid() == 0:
        libc = ctypes.CDLL(None, use_errno=True)
        for cap in MODE_BYPASSING_CAPS:
            if libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
                raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")

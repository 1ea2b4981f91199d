"""The faults a soak injects into a running match, and what the harness does afterwards as systemd would.

Each fault returns once it is cleared, with the moment it cleared; the match runner then measures the
recovery (cleared -> the first message with a new seq at the subscriber). A kill records what was durable.
"""
from __future__ import annotations

import json
import os
import random
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from controller.daemon.journal import JournalStore
from simulator.bench.mosquitto import BOARD, Mosquitto
from simulator.bench.soak.checks import Durable, durable_at, final_journal
from simulator.bench.soak.stack import DaemonProcess, SeqRecorder

SETTLE = 0.3                 # after a kill, what the dead daemon had sent reaches the subscriber by then
FUTURE = "20991231T235959"   # a journal named while the clock was far ahead


@dataclass
class Match:
    """One match being played on a lane, as the faults see it."""
    seed: int
    daemon: DaemonProcess
    broker: Mosquitto
    recorder: SeqRecorder
    store: JournalStore
    started: float
    seq_base: int
    rng: random.Random
    durable: list[Durable] = field(default_factory=list)
    fault_exits: list[str] = field(default_factory=list)     # exits of the daemon while a fault was on

    def published_seq(self) -> int:
        return self.recorder.max_seq(since=self.started)

    def kill(self) -> None:
        """kill -9, then note what the journal directory holds against what was published."""
        self.daemon.kill9()
        time.sleep(SETTLE)
        found = durable_at(self.store, self.published_seq())
        if found is not None:
            self.durable.append(found)

    def restart(self) -> float:
        """Start the daemon again, as systemd would, unless its match is over (a `sim` that reached full time
        exits 0; started again it would begin another match)."""
        if final_journal(self.store, self.seed) is not None:
            return time.monotonic()
        return self.daemon.start(self.seed)

    def reap_fault_exit(self, during: str) -> None:
        """A daemon that exited by itself while a fault was on: note how (the runner restarts it later)."""
        if self.daemon.proc is not None and self.daemon.proc.poll() is not None:
            rc = self.daemon.reap()
            if rc != 0 or final_journal(self.store, self.seed) is None:      # not simply the match's end
                self.fault_exits.append(f"{during}: exit {rc}")


def broker_kill(m: Match) -> float:
    """The broker dies (SIGKILL) and comes back on the same port after a moment."""
    assert m.broker.proc is not None
    m.broker.proc.kill()
    m.broker.proc.wait(10)
    time.sleep(m.rng.uniform(0.2, 1.0))
    m.broker.start()
    return time.monotonic()


def daemon_kill(m: Match) -> float:
    """kill -9 of the daemon; systemd starts it again at once with the same journal directory."""
    m.kill()
    return m.restart()


def _journal_files(store: JournalStore) -> list[Path]:
    return [p for p in store.dir.iterdir() if p.is_file()]


def _read_only(m: Match, restart_during: bool) -> float:
    files = _journal_files(m.store)
    modes = {p: stat.S_IMODE(p.stat().st_mode) for p in files}
    dir_mode = stat.S_IMODE(m.store.dir.stat().st_mode)
    for p in files:
        os.chmod(p, 0o444)
    os.chmod(m.store.dir, 0o555)
    try:
        hold = m.rng.uniform(0.3, 1.0)
        if restart_during:
            time.sleep(hold / 2)
            m.kill()
            seen = m.published_seq()
            m.restart()
            # the fault lasts until the restarted daemon is up and refereeing (or has given up)
            end = time.monotonic() + 15
            while m.daemon.running() and m.published_seq() <= seen and time.monotonic() < end:
                time.sleep(0.05)
        time.sleep(hold)
        m.reap_fault_exit("journal read-only")
    finally:
        os.chmod(m.store.dir, dir_mode)
        for p, mode in modes.items():
            if p.exists():
                os.chmod(p, mode)
    cleared = time.monotonic()
    if not m.daemon.running():
        cleared = m.restart()
    return cleared


def journal_read_only(m: Match) -> float:
    """The journal directory and its files become read-only for a while, under the running daemon."""
    return _read_only(m, restart_during=False)


def journal_read_only_restart(m: Match) -> float:
    """The same, and the daemon is killed meanwhile and started again while it lasts (a reboot onto a card
    mounted read-only); then writable again, and a daemon that died is restarted."""
    return _read_only(m, restart_during=True)


STOP_SEEN = 2.5     # seconds: the daemon's supervisor looks once a second, and its stop takes a moment


def _full(m: Match, kill_during: bool) -> float:
    newest = m.store.journals()
    size = newest[-1].stat().st_size if newest else 0
    m.daemon.set_file_size_limit(size + m.rng.randint(0, 200))
    time.sleep(m.rng.uniform(0.3, 1.0))
    if kill_during:
        m.kill()
    else:
        m.reap_fault_exit("journal full")
        if m.daemon.running():
            m.daemon.set_file_size_limit(None)
            # a write the card refused meanwhile stops the daemon within the supervisor's second (exit 1,
            # docs/daemon.md): wait to see it, so that it is restarted as systemd would, before recovery is timed
            end = time.monotonic() + STOP_SEEN
            while m.daemon.running() and time.monotonic() < end:
                time.sleep(0.05)
            m.reap_fault_exit("journal full")
    cleared = time.monotonic()
    if not m.daemon.running():
        cleared = m.restart()
    return cleared


def journal_full(m: Match) -> float:
    """The journal cannot grow for a while (RLIMIT_FSIZE at its size plus a few bytes, set on the running
    daemon; SIGXFSZ ignored, so writes fail with EFBIG as on a full card); then the limit goes."""
    return _full(m, kill_during=False)


def journal_full_kill(m: Match) -> float:
    """The same, and the daemon is killed while the journal is full; restarted once space is back."""
    return _full(m, kill_during=True)


def clock_backwards(m: Match) -> float:
    """The clock steps back across a restart: the match's journal was named while the clock was far ahead
    (renamed to a stamp in 2099 while the daemon is down, the watermark with it, as the daemon would have
    written them), and the daemon starts again with today's clock."""
    m.kill()
    journals = m.store.journals()
    if journals:
        newest = journals[-1]
        taken = [p.name for p in journals if f"-{FUTURE}-" in p.name]
        future = newest.with_name(f"{BOARD}-{FUTURE}-{len(taken)}.jsonl") if f"-{FUTURE}-" not in newest.name \
            else newest
        if future != newest:
            os.replace(newest, future)
            mark = m.store.watermark_path()
            if mark.exists():
                data = json.loads(mark.read_text())
                if data.get("journal") == newest.name:
                    owner = mark.stat()
                    mark.write_text(json.dumps({**data, "journal": future.name}))
                    os.chown(mark, owner.st_uid, owner.st_gid)
    return m.restart()


FAULTS: dict[str, Callable[[Match], float]] = {
    "broker_kill": broker_kill,
    "daemon_kill9": daemon_kill,
    "clock_backwards": clock_backwards,
    "journal_read_only": journal_read_only,
    "journal_read_only_restart": journal_read_only_restart,
    "journal_full": journal_full,
    "journal_full_kill": journal_full_kill,
}
# the faults the daemon comes through: every kind (a refused journal stops the daemon, which a restart resumes)
SURVIVED = list(FAULTS)

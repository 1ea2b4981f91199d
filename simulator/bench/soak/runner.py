"""Play soak matches on a few lanes in parallel (each lane: its own Mosquitto, subscriber, journal directory
and daemon, matches one after another, so seq keeps rising across a lane's matches as on a real board) and
add up the figures."""
from __future__ import annotations

import itertools
import random
import shutil
import statistics
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from controller.daemon.journal import JournalStore
from simulator.bench.mosquitto import BOARD, Mosquitto
from simulator.bench.soak.checks import Verdict, durable_at, final_journal, judge, numbered, reference_lines
from simulator.bench.soak.faults import FAULTS, Match
from simulator.bench.soak.stack import DaemonProcess, SeqRecorder

OPTIONS = {"half_minutes": 3.0, "extra_time_minutes": 0.0}
MATCH_TIMEOUT = 120.0          # a match that has not ended by then counts as not completed
RECOVERY_TIMEOUT = 20.0


@dataclass
class Figures:
    matches: int = 0
    completed: int = 0
    events_published: int = 0
    lost: int = 0
    duplicated: int = 0
    wrong_accepted: int = 0
    spurious_inputs: int = 0       # the serial lane: board inputs sensed that no hand made
    crashes: int = 0
    silent_divergence: int = 0
    announced_divergence: int = 0
    delivery_gaps: int = 0
    final_undelivered: int = 0
    faults: dict[str, int] = field(default_factory=dict)
    recovery: dict[str, list[float]] = field(default_factory=dict)
    unrecovered: dict[str, int] = field(default_factory=dict)     # faults after which the match had ended
    kinds: list[str] = field(default_factory=lambda: list(FAULTS))    # the fault kinds of the table
    wire: dict[str, int] = field(default_factory=dict)   # the serial lane: what the emulated board's faults did
    fault_exits: list[str] = field(default_factory=list)
    gap_notes: list[str] = field(default_factory=list)           # which faults the delivery gaps followed
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def add(self, seed: int, v: Verdict) -> None:
        self.matches += 1
        self.completed += v.completed
        self.events_published += v.events_published
        self.lost += v.lost
        self.duplicated += v.duplicated
        self.wrong_accepted += v.wrong_accepted
        self.silent_divergence += v.silent_divergence
        self.announced_divergence += v.announced_divergence
        self.delivery_gaps += v.delivery_gaps
        self.final_undelivered += v.final_undelivered
        self.notes += [f"seed {seed}: {n}" for n in v.notes]

    def fault(self, kind: str, took: float | None) -> None:
        """A fault injected, and the seconds its recovery took (None: no new seq came, the match had ended)."""
        self.faults[kind] = self.faults.get(kind, 0) + 1
        if took is None:
            self.unrecovered[kind] = self.unrecovered.get(kind, 0) + 1
        else:
            self.recovery.setdefault(kind, []).append(took)

    def table(self) -> str:
        serial = any(k not in FAULTS for k in self.kinds)
        rows = [("segments played" if serial else "matches played", self.matches),
                ("segments completed (every input journaled)" if serial else "matches completed (full time)",
                 self.completed),
                ("events published", self.events_published), ("lost", self.lost),
                ("duplicated", self.duplicated), ("wrong actions accepted", self.wrong_accepted),
                *([("inputs sensed that no hand made", self.spurious_inputs)] if serial else []),
                ("crashes", self.crashes), ("silent divergences", self.silent_divergence),
                ("announced divergences (journal_damaged)", self.announced_divergence),
                ("events a subscriber missed mid-match", self.delivery_gaps),
                ("last events of a match never delivered", self.final_undelivered),
                *self.wire.items(), ("seconds", round(self.seconds, 1))]
        out = [f"{name:<44} {value}" for name, value in rows]
        out.append(f"{'fault':<26} {'injected':>8} {'p50 s':>7} {'p99 s':>7} {'max s':>7} {'match over':>10}")
        for kind in self.kinds:
            times = sorted(self.recovery.get(kind, []))
            out.append(f"{kind:<26} {self.faults.get(kind, 0):>8} {_pct(times, 50):>7} {_pct(times, 99):>7} "
                       f"{_pct(times, 100):>7} {self.unrecovered.get(kind, 0):>10}")
        return "\n".join(out)


def gap_note(seed: int, v: Verdict, injected: list[tuple[str, int]]) -> str:
    """The seqs a match's subscriber never received, those missed mid-match apart from the match's last ones,
    each with the fault injected last below its first seq: the fault a gap followed, which is not always the
    last one listed (each fault's seq is the highest the subscriber had received when it came)."""
    gaps = sorted(v.gaps)
    cut = len(gaps) - v.final_undelivered
    parts = []
    for what, seqs in (("missed mid-match", gaps[:cut]), ("last, never delivered", gaps[cut:])):
        if seqs:
            before = [kind for kind, at in injected if at < seqs[0]]
            parts.append(f"seqs {seqs} {what} (after {before[-1] if before else 'no fault'})")
    return f"seed {seed}: {'; '.join(parts)}; faults {injected}"


def _pct(values: list[float], p: int) -> str:
    if not values:
        return "-"
    if p >= 100 or len(values) == 1:
        return f"{values[-1]:.2f}"
    return f"{statistics.quantiles(values, n=100, method='inclusive')[p - 1]:.2f}"


def durable_broker(directory: Path) -> Mosquitto:
    """Mosquitto saving its state on every change, so that a persistent subscriber's session (its subscription
    and what is queued for it) outlives a SIGKILL of the broker; what the broker had acknowledged and not yet
    saved or delivered when killed is still lost with it."""
    broker = Mosquitto(directory)
    with open(directory / "mosquitto.conf", "a") as conf:
        conf.write("autosave_on_changes true\nautosave_interval 1\n")
    return broker


class Lane:
    """One broker, one subscriber, one journal directory; matches one after another."""

    def __init__(self, root: Path, name: str, speed: float, options: dict):
        self.dir = root / name
        self.dir.mkdir(parents=True)
        self.broker = durable_broker(self.dir / "mosquitto").start()
        self.recorder = SeqRecorder(self.broker.port, name)
        journal = self.dir / "journal"
        self.store = JournalStore(journal, BOARD)
        self.options = options
        self.daemon = DaemonProcess(self.broker, journal, self.dir / "daemon.log", options, speed)

    def play(self, seed: int, kinds: list[str], rng: random.Random, figures: Figures, lock: threading.Lock,
             window: tuple[float, float]) -> None:
        seq_base = self.store.last_seq()
        self.recorder.forget()
        total = numbered({"options": self.options, "seq_base": 0}, reference_lines(seed, self.options)).seq
        m = Match(seed, self.daemon, self.broker, self.recorder, self.store, time.monotonic(), seq_base, rng)
        exits_before = len(self.daemon.exits)
        self.daemon.start(seed)
        deadline = m.started + MATCH_TIMEOUT
        recoveries: list[tuple[str, float | None]] = []
        injected: list[tuple[str, int]] = []          # each fault and the seq published when it came
        for kind, at in sorted(zip(kinds, (rng.uniform(*window) for _ in kinds), strict=True), key=lambda x: x[1]):
            while (m.published_seq() - seq_base < at * total and self.daemon.running()
                   and time.monotonic() < deadline):
                time.sleep(0.02)
            if not self._keep_going(m):
                break
            before = m.published_seq()
            injected.append((kind, before))
            cleared = FAULTS[kind](m)
            arrived = self.recorder.first_above(before, cleared, RECOVERY_TIMEOUT)
            recoveries.append((kind, None if arrived is None else arrived - cleared))
        while time.monotonic() < deadline:
            if self.daemon.running():
                time.sleep(0.05)
                continue
            if not self._keep_going(m):
                break
        self.daemon.stop()
        time.sleep(0.2)                         # the last messages reach the subscriber
        verdict = judge(seed, self.options, self.store, self.recorder.snapshot(), seq_base, m.durable)
        crashes = [(rc, killed) for rc, killed in self.daemon.exits[exits_before:] if not killed and rc != 0]
        with lock:
            figures.add(seed, verdict)
            figures.crashes += len(crashes)
            figures.fault_exits += [f"seed {seed}: {e}" for e in m.fault_exits]
            if verdict.gaps:
                figures.gap_notes.append(gap_note(seed, verdict, injected))
            if crashes:
                figures.notes.append(f"seed {seed}: daemon exits {crashes} (log {self.daemon.log})")
            for kind, took in recoveries:
                figures.fault(kind, took)

    def _keep_going(self, m: Match) -> bool:
        """False once the match is over; a daemon that is down with the match unfinished is started again,
        as systemd would (Restart=always)."""
        if self.daemon.running():
            return True
        if self.daemon.proc is not None:
            self.daemon.reap()
        if final_journal(self.store, m.seed) is not None:
            return False
        # it ended by itself with the match unfinished in its journal: what it published must be durable
        found = durable_at(self.store, m.published_seq())
        if found is not None:
            m.durable.append(found)
        if time.monotonic() > m.started + MATCH_TIMEOUT:
            return False
        m.restart()
        return True

    def close(self) -> None:
        self.daemon.stop()
        self.recorder.close()
        self.broker.stop()


def run_soak(matches: int, lanes: int = 3, speed: float = 0.01, seed: int = 1, faults_per_match: int = 2,
             options: dict | None = None, keep: bool | None = None, progress=None,
             kinds: list[str] | None = None, window: tuple[float, float] = (0.1, 0.85)) -> Figures:
    """Play `matches` matches over `lanes` lanes, every fault kind (or those of `kinds`) in turn,
    `faults_per_match` a match, each when the published seq is at a random point of `window` (a fraction of
    the match's seqs)."""
    options = dict(options or OPTIONS)
    root = Path(tempfile.mkdtemp(prefix="soccerboard-soak-"))
    figures, lock = Figures(kinds=list(FAULTS)), threading.Lock()
    cycle = itertools.cycle(kinds or list(FAULTS))
    plan = [(seed + n, [next(cycle) for _ in range(faults_per_match)]) for n in range(matches)]
    todo = list(reversed(plan))
    started = time.monotonic()
    errors: list[Exception] = []

    def work(name: str) -> None:
        lane = None
        try:
            lane = Lane(root, name, speed, options)
            rng = random.Random(f"{seed}-{name}")
            while True:
                with lock:
                    if not todo:
                        return
                    match_seed, match_faults = todo.pop()
                lane.play(match_seed, match_faults, rng, figures, lock, window)
                if progress is not None:
                    with lock:
                        figures.seconds = time.monotonic() - started
                        progress(figures)
        except Exception as e:  # noqa: BLE001 - a lane's failure is raised again by the caller, files kept
            errors.append(e)
        finally:
            if lane is not None:
                lane.close()

    threads = [threading.Thread(target=work, args=(f"lane{n}",), name=f"soak-lane{n}") for n in range(lanes)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    figures.seconds = time.monotonic() - started
    if errors:
        raise RuntimeError(f"a soak lane failed (files kept in {root})") from errors[0]
    if keep or (keep is None and (figures.notes or figures.crashes)):     # None: kept when something is wrong
        figures.notes.append(f"files kept in {root}")
    else:
        shutil.rmtree(root, ignore_errors=True)
    return figures

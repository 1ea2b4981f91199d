"""The soak's serial lane: the daemon on the serial backend (`soccerboard run`, a real subprocess) referees what
an emulated board plays on a pseudo-terminal, while the sensors glitch, the wire corrupts and drops bytes, the
cable is pulled and the board reboots.

On a sensed board the match clock is the wall clock, so a match cannot be compared with a reference run to
full time; the lane plays segments instead: the first moves of each seeded match (`simulator.board_script`:
the bots' actions and the players' relocations as lifts, places and rolls), each started with `cmd/new_game`
on the same journal directory, so seq keeps rising across them as on a real board. A segment is judged by
its journal and by what the subscriber received: the script's inputs exactly (none lost, none sensed that the
hands did not make), the script's events and final game, and every published event in the journal's match.
"""
from __future__ import annotations

import difflib
import itertools
import json
import random
import shutil
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from controller.daemon.journal import JournalFile, JournalStore, read_journal
from controller.replay import replay_lines
from simulator.bench.mosquitto import (
    BASE,
    BOARD,
    DAEMON_PASS,
    DAEMON_USER,
    REFEREE_PASS,
    REFEREE_USER,
    publish_once,
)
from simulator.bench.soak.checks import (
    Verdict,
    count_gaps,
    input_line_numbers,
    numbered,
    received_contents,
    without,
)
from simulator.bench.soak.runner import Figures, durable_broker, gap_note
from simulator.bench.soak.serial_faults import SERIAL_FAULTS, Hands
from simulator.bench.soak.stack import DaemonProcess, Received, SeqRecorder
from simulator.bench.waits import wait_for
from simulator.board_emulator import BoardEmulator, board_actions
from simulator.board_script import board_script, physical

SERIAL_OPTIONS = {"half_minutes": 45.0, "extra_time_minutes": 0.0, "shooting_die": True}
INTERVAL = 0.05              # seconds from a change going out to the next: with the settle window, 100 ms a change
CATCH_UP = 20.0              # seconds the daemon gets to journal the last change after the script ends
RECOVERY_TIMEOUT = 10.0


class RunDaemon(DaemonProcess):
    """`soccerboard run` with the lane's configuration: the serial backend on the emulated board's link."""

    config: Path | None = None

    def args(self, seed: int) -> list[str]:
        assert self.config is not None
        return ["run", "--config", str(self.config), "--quiet"]


class SerialLane:
    """One broker, one subscriber, one emulated board and one daemon on the serial backend; segments in turn."""

    def __init__(self, root: Path, name: str, seed: int):
        self.dir = root / name
        self.dir.mkdir(parents=True)
        self.broker = durable_broker(self.dir / "mosquitto").start()
        self.recorder = SeqRecorder(self.broker.port, name)
        self.emulator = BoardEmulator(str(self.dir / "usb-Soccerboard_Board-if00"), seed=seed).start()
        journal = self.dir / "journal"
        self.store = JournalStore(journal, BOARD)
        self.daemon = RunDaemon(self.broker, journal, self.dir / "daemon.log", SERIAL_OPTIONS, speed=0.0)
        self.daemon.config = self._write_config(journal)
        self.done: Counter[str] = Counter()       # what the faults did, over every segment

    def _write_config(self, journal: Path) -> Path:
        password = self.dir / "mqtt.password"
        password.write_text(DAEMON_PASS + "\n")
        password.chmod(0o600)
        config = self.dir / "soccerboard.toml"
        config.write_text(
            f'board_id = "{BOARD}"\n[hardware]\nbackend = "serial"\nport = "{self.emulator.port}"\n'
            f'[mqtt]\nurl = "mqtt://127.0.0.1:{self.broker.port}"\nusername = "{DAEMON_USER}"\n'
            f'password_file = "{password}"\n[journal]\ndir = "{journal}"\n[game]\nauto_setup = false\n'
            f'[daemon]\nwatchdog = false\n')
        return config

    def play(self, seed: int, kinds: list[str], rng: random.Random, figures: Figures, lock: threading.Lock,
             actions: int) -> None:
        script = board_script(seed, SERIAL_OPTIONS, actions)
        setup, *moves = list(board_actions(json.dumps(line) for line in script))
        journals_before = len(self.store.journals())
        self.emulator.apply(setup)                      # the players set up the kick-off formation
        self.emulator.wait_settled()                    # ... before the referee starts the match
        time.sleep(INTERVAL)
        exits_before = len(self.daemon.exits)
        if not self.daemon.running():
            self.daemon.start(seed)
        self.recorder.forget()
        self._new_game(journals_before)
        seq_base = self._header_seq_base()
        queue = list(moves)

        def play_on(n: int) -> None:
            for _ in range(min(n, len(queue))):
                self.emulator.apply(queue.pop(0))
                self.emulator.wait_settled()          # two changes never fall in one settle window
                time.sleep(INTERVAL)

        def restart() -> float:
            self.daemon.kill9()
            return self.daemon.start(seed)

        hands = Hands(self.emulator, INTERVAL, rng, play_on, restart, self.done)
        at = sorted(rng.randrange(len(moves) // 10, len(moves) * 9 // 10) for _ in kinds)
        injected: list[tuple[str, int, float]] = []
        for kind, index in zip(kinds, at, strict=True):
            play_on(len(queue) - (len(moves) - index))
            before = self.recorder.max_seq()
            injected.append((kind, before, SERIAL_FAULTS[kind](hands)))
        play_on(len(queue))
        wanted = physical(script)
        jf = self._caught_up(len(wanted))
        time.sleep(0.3)                                   # the last messages reach the subscriber
        jf = read_journal(jf.path) if jf is not None else None
        verdict = judge_segment(script, jf, self.recorder.snapshot(), seq_base)
        crashes = [(rc, killed) for rc, killed in self.daemon.exits[exits_before:] if not killed]
        if not self.daemon.running() and not crashes:
            crashes = [(-1, False)]
        with lock:
            figures.add(seed, verdict)
            figures.spurious_inputs += verdict.spurious
            figures.crashes += len(crashes)
            if crashes:
                figures.notes.append(f"serial seed {seed}: daemon exits {crashes} (log {self.daemon.log})")
            if verdict.gaps:
                figures.gap_notes.append(gap_note(seed, verdict, [(k, s) for k, s, _ in injected]))
            for kind, before, cleared in injected:
                arrived = self.recorder.first_above(before, cleared, RECOVERY_TIMEOUT)
                figures.fault(kind, None if arrived is None else max(0.0, arrived - cleared))

    def _new_game(self, journals_before: int) -> None:
        """`cmd/new_game` as the referee sends it, once the daemon is up; the new journal is the segment's."""
        def started() -> bool:
            if not self.daemon.running():
                raise AssertionError(f"the daemon stopped (log {self.daemon.log})")
            return len(self.store.journals()) > journals_before
        payload = json.dumps({"options": SERIAL_OPTIONS})
        deadline = time.monotonic() + 30
        while not started():
            if time.monotonic() > deadline:
                raise AssertionError(f"no new game within 30 s (log {self.daemon.log})")
            publish_once(self.broker.port, f"{BASE}/cmd/new_game", payload, REFEREE_USER, REFEREE_PASS)
            try:
                wait_for(started, 2, "the new game's journal")
            except AssertionError:
                continue

    def _header_seq_base(self) -> int:
        jf = read_journal(self.store.journals()[-1])
        return int(jf.header.get("seq_base", 0) or 0)

    def _caught_up(self, wanted: int) -> JournalFile | None:
        """The segment's journal once it holds as many physical inputs as the script has (or the time is up)."""
        end = time.monotonic() + CATCH_UP
        jf = None
        while time.monotonic() < end:
            jf = read_journal(self.store.journals()[-1])
            if len(physical(jf.lines)) >= wanted:
                return jf
            time.sleep(0.1)
        return jf

    def close(self) -> None:
        self.daemon.stop()
        self.recorder.close()
        self.emulator.stop()
        self.broker.stop()


@dataclass
class SegmentVerdict(Verdict):
    """A segment's figures: a match's, and the board inputs sensed that no hand made (a glitch through the
    settle window, a frame mangled on the wire and taken for a change)."""

    spurious: int = 0


def judge_segment(script: list[dict], jf: JournalFile | None, seen: list[Received], seq_base: int) -> SegmentVerdict:
    """Compare a segment's journal with its script, and what the subscriber received with the journal's match."""
    v = SegmentVerdict()
    if jf is None or not jf.lines:
        v.notes.append("no journal of this segment")
        v.lost += 1
        return v
    wanted, got = physical(script), physical(jf.lines)
    matcher = difflib.SequenceMatcher(a=[json.dumps(x, sort_keys=True) for x in wanted],
                                      b=[json.dumps(x, sort_keys=True) for x in got], autojunk=False)
    matched = sum(block.size for block in matcher.get_matching_blocks())
    v.completed = matched == len(wanted) == len(got)
    v.lost += len(wanted) - matched
    v.spurious = len(got) - matched
    if not v.completed:
        v.notes.append(f"journal has {len(got)} board inputs, the script {len(wanted)}; {matched} in order")
    final = numbered(jf.header, jf.lines, jf.seq_floors)
    expected = numbered({**jf.header, "seq_base": seq_base}, [jf.lines[0], *script[1:]])
    same = (list(final.events.values()) == list(expected.events.values())
            and without(_last(final.states), "clock") == without(_last(expected.states), "clock"))
    if not same:
        v.silent_divergence += 1
        v.wrong_accepted += _accepted_extra(jf, matcher) if v.spurious else 0
        v.notes.append("the segment's journal plays another match than its script")
    contents = received_contents([m for m in seen if m.seq > seq_base])
    v.events_published = sum(1 for s in contents if any("event" in d for d in contents[s]))
    for s, docs in contents.items():
        if len(docs) > 1:
            v.duplicated += 1
            v.notes.append(f"seq {s} was published with {len(docs)} different contents")
        for doc in docs:
            if "event" in doc and final.events.get(s) != doc:
                v.lost += 1
                v.notes.append(f"event seq {s} ({doc.get('event')}) published, not in the journal's match")
    count_gaps(v, final.events, contents)
    return v


def _accepted_extra(jf: JournalFile, matcher: difflib.SequenceMatcher) -> int:
    """How many of the journal's board inputs that no hand made the referee accepted (replayed verdicts):
    asked only when the match went another way than the script's, so they are the wrong actions accepted."""
    matched = {j for block in matcher.get_matching_blocks() for j in range(block.b, block.b + block.size)}
    board_lines = [n for n, line in enumerate(jf.lines) if physical([line])]
    extra = {board_lines[j] for j in range(len(board_lines)) if j not in matched}
    verdicts = [o for o in replay_lines(jf.path.read_text(encoding="utf-8").splitlines()) if "line" in o]
    text_lines = input_line_numbers(jf.path)
    accepted = {o["line"] for o in verdicts if o.get("ok")}
    return sum(1 for i in extra if i < len(text_lines) and text_lines[i] in accepted)


def _last(states: dict[int, dict]) -> dict:
    return states[max(states)] if states else {}


def run_serial_soak(segments: int, seed: int = 1, faults_per_segment: int = 3, actions: int = 100,
                    kinds: list[str] | None = None, root: Path | None = None) -> Figures:
    """Play `segments` segments on one serial lane, the fault kinds (all, or `kinds`) in turn."""
    base = root or Path(tempfile.mkdtemp(prefix="soccerboard-serial-soak-"))
    figures, lock = Figures(kinds=list(SERIAL_FAULTS)), threading.Lock()
    cycle = itertools.cycle(kinds or list(SERIAL_FAULTS))
    rng = random.Random(f"serial-{seed}")
    started = time.monotonic()
    lane = SerialLane(base, "serial", seed)
    try:
        for n in range(segments):
            lane.play(seed + n, [next(cycle) for _ in range(faults_per_segment)], rng, figures, lock, actions)
    finally:
        lane.close()
    em = lane.emulator
    figures.wire = {"board bytes corrupted": em.bytes_corrupted, "board frames dropped": em.frames_dropped,
                    "board reboots": em.boots - 1, **lane.done}
    figures.seconds = time.monotonic() - started
    if figures.notes or figures.crashes:
        figures.notes.append(f"files kept in {base}")
    elif root is None:
        shutil.rmtree(base, ignore_errors=True)
    return figures

"""The soak: autoplayed matches through the whole stack with faults injected during play, and nothing lost,
duplicated or silently wrong (docs/reliability.md defines each figure).

Each match is `soccerboard sim` as a real subprocess against a Mosquitto the suite starts, watched by a
subscriber that checks every published seq; during play the broker is killed and restarted, the daemon is
killed with SIGKILL and started again on the same journal directory, the clock steps back across a restart,
and the journal directory turns read-only or full (with and without a restart meanwhile). After the match its
final journal is replayed and compared with the uninterrupted run of the same seed.

A serial lane (`soak/serial_lane.py`) does the same for the board's side: `soccerboard run` on the serial backend
referees segments of seeded matches that an emulated board plays on a pseudo-terminal, while the sensors
glitch, the wire corrupts and drops frames, the cable is pulled and the board reboots.

CI runs SOCCERBOARD_SOAK_MATCHES matches (50 by default, 4-5 minutes on two cores) and SOCCERBOARD_SOAK_SEGMENTS
serial segments (10, about 2.5 minutes); the full form is `SOCCERBOARD_SOAK_MATCHES=500`, or
`python benchmarks/soak.py --matches 500 --segments 100`, which prints the same figures.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from controller.daemon.journal import JournalStore
from simulator.bench.mosquitto import BOARD
from simulator.bench.soak.checks import final_journal, numbered
from simulator.bench.soak.faults import SURVIVED
from simulator.bench.soak.runner import OPTIONS, Figures, durable_broker, run_soak
from simulator.bench.soak.serial_faults import SERIAL_FAULTS
from simulator.bench.soak.serial_lane import run_serial_soak
from simulator.bench.soak.stack import DaemonProcess, SeqRecorder
from simulator.bench.waits import wait_for

pytestmark = pytest.mark.reliability
MATCHES = int(os.environ.get("SOCCERBOARD_SOAK_MATCHES", "50"))
SEGMENTS = int(os.environ.get("SOCCERBOARD_SOAK_SEGMENTS", "10"))


def assert_nothing_lost(figures: Figures) -> None:
    print("\n" + figures.table())
    problems = "\n".join(figures.notes[:30] + figures.fault_exits[:10] + figures.gap_notes[:10])
    assert figures.completed == figures.matches, problems
    assert (figures.lost, figures.duplicated, figures.wrong_accepted) == (0, 0, 0), problems
    assert (figures.crashes, figures.silent_divergence) == (0, 0), problems


def test_soak_matches_reach_full_time_through_every_fault_kind():
    figures = run_soak(MATCHES, lanes=3, speed=0.01, faults_per_match=2, kinds=SURVIVED)
    assert_nothing_lost(figures)
    assert figures.matches == MATCHES and figures.events_published > 20 * MATCHES
    for kind in SURVIVED:
        assert figures.faults.get(kind, 0) >= min(3, MATCHES // 2), (kind, figures.faults)
        assert figures.recovery.get(kind), f"no recovery after {kind} was measured"
    assert figures.announced_divergence == 0          # none of these faults damages a journal


def test_soak_serial_board_keeps_every_input_through_glitches_line_noise_unplugs_and_reboots():
    figures = run_serial_soak(SEGMENTS, faults_per_segment=3)
    assert_nothing_lost(figures)
    assert figures.spurious_inputs == 0, figures.notes
    assert figures.events_published > 20 * SEGMENTS
    for kind in SERIAL_FAULTS:
        assert figures.faults.get(kind, 0) >= min(3, SEGMENTS // 2), (kind, figures.faults)
        assert figures.recovery.get(kind), f"no recovery after {kind} was measured"
    wire = figures.wire                       # the faults did reach the wire and the sensors
    assert wire["board bytes corrupted"] > 0 and wire["board frames dropped"] > 0, wire
    assert wire["board reboots"] == figures.faults["board_reboot"], wire
    assert wire["cable pulls"] == figures.faults["unplug"] and wire["sensor flickers"] >= 3 * figures.faults[
        "sensor_glitch"], wire


@pytest.mark.parametrize("kind", ["journal_full_kill", "journal_read_only_restart"])
def test_soak_journal_that_cannot_be_written_loses_nothing_it_published(kind):
    figures = run_soak(3, lanes=3, speed=0.01, faults_per_match=1, kinds=[kind], window=(0.3, 0.5), keep=False)
    assert_nothing_lost(figures)


def test_soak_journal_full_under_a_running_daemon_keeps_every_input():
    figures = run_soak(3, lanes=3, speed=0.01, faults_per_match=1, kinds=["journal_full"], window=(0.3, 0.5),
                       keep=False)
    assert_nothing_lost(figures)


def test_soak_last_events_of_a_match_reach_spectators_after_the_broker_comes_back(tmp_path):
    root = Path(tempfile.mkdtemp(prefix="soccerboard-soak-"))
    broker = durable_broker(root / "mosquitto").start()
    recorder = SeqRecorder(broker.port, "tail")
    daemon = DaemonProcess(broker, root / "journal", root / "daemon.log", OPTIONS, speed=0.0)
    store = JournalStore(root / "journal", BOARD)
    try:
        assert broker.proc is not None
        broker.proc.kill()
        broker.proc.wait(10)
        daemon.start(5)
        wait_for(lambda: final_journal(store, 5) is not None, 60, "the match to reach full time in its journal")
        daemon.stop()               # exited at full time, or killed now: what systemd restarts either way
        jf = final_journal(store, 5)
        assert jf is not None
        ended = [s for s, e in numbered(jf.header, jf.lines, jf.seq_floors).events.items()
                 if e["event"] == "full_time"]
        broker.start()
        daemon.start(6)             # systemd starts it again: it begins the next match
        wait_for(lambda: any(m.seq == ended[0] for m in recorder.snapshot()), 15,
                 "the first match's full_time event at the subscriber")
    finally:
        daemon.stop()
        recorder.close()
        broker.stop()
        shutil.rmtree(root, ignore_errors=True)

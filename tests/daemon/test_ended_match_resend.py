"""The last events of a match reach spectators even when the broker was away at the final whistle: at its
next start the daemon sends the events of the newest, ended match that the broker never acknowledged (full
time included), with their original seq, and sends nothing twice once they are acknowledged."""
from __future__ import annotations

import time

from controller.daemon.journal import read_journal
from controller.daemon.main import make_publisher
from controller.daemon.operations.config import load_settings
from controller.daemon.service import Daemon
from hal.backends import open_hardware
from tests.daemon.daemon_helpers import (
    REFEREE_PASS,
    REFEREE_USER,
    Watcher,
    expected_run,
    scenario_lines,
    wait_for,
)

OPTIONS = {"half_minutes": 3.0, "extra_time": False}


def _daemon(tmp_path, broker=None) -> Daemon:
    settings = load_settings(None, env=False, journal__dir=str(tmp_path / "journal"), board_id="t1",
                             game__options=dict(OPTIONS))
    daemon = Daemon(settings, open_hardware({"backend": "sim"}), board_follows_game=True, tick=0.01,
                    auto_setup=False)
    if broker is not None:
        make_publisher(settings, daemon, broker.url())
    return daemon


def _full_time_seqs(watcher: Watcher) -> list[int]:
    return [e["seq"] for e in watcher.of("events") if isinstance(e, dict) and e.get("event") == "full_time"]


def test_the_ended_match_events_the_broker_never_acknowledged_go_out_at_the_next_start(tmp_path, broker):
    lines = scenario_lines(4, OPTIONS)
    _, events = expected_run(lines, OPTIONS)
    whistle = next(e["seq"] for e in events if e["event"] == "full_time")
    played = _daemon(tmp_path)                       # the broker was away for the whole match
    played.start()
    try:
        for line in lines:
            played.put("test", line)
        wait_for(lambda: played.inputs.empty() and played.journal.flush(2), 30, "the match")
    finally:
        played.stop()
        played.hw.close()
    assert read_journal(played.store.journals()[-1]).end     # the match ended on the card
    watcher = Watcher(broker.port, REFEREE_USER, REFEREE_PASS)
    try:
        again = _daemon(tmp_path, broker)
        again.start()
        try:
            wait_for(lambda: _full_time_seqs(watcher) == [whistle], 15, "full time at the spectator")
            wait_for(lambda: again.store.acknowledged_seq() >= whistle, 10, "the broker's acknowledgement")
            told = [e["seq"] for e in watcher.of("events") if isinstance(e, dict)]
            assert told == [e["seq"] for e in events]        # every event of the match, in order, numbers kept
        finally:
            again.stop()
            again.hw.close()
        third = _daemon(tmp_path, broker)                    # acknowledged now: nothing is sent twice
        third.start()
        try:
            time.sleep(1.0)
            assert _full_time_seqs(watcher) == [whistle]
        finally:
            third.stop()
            third.hw.close()
    finally:
        watcher.close()

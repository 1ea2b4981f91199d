"""Time in the journal without a line per tick: the core loop feeds time only with an input or when time itself
decides something (a move, reset or turn clock running out, a period's end, a settle window closing), so an
idle board journals nothing, and the journal still replays to the very same snapshot, events and seq, through
the daemon's resume and through `soccerboard replay`. Journals written with a clock line per 0.1 s tick still
resume and replay. The loop sleeps, yet turns often enough to feed the systemd watchdog."""
from __future__ import annotations

import time

from controller.daemon.journal import read_journal
from controller.daemon.operations.config import load_settings
from controller.daemon.referee import Referee
from controller.daemon.service import Daemon
from controller.replay import replay_lines
from hal.backends import open_hardware
from hal.queues import MonotonicClock
from tests.daemon.daemon_helpers import wait_for

BOARD = "t1"
OPTIONS = {"half_minutes": 3.0, "extra_time": False}


def _daemon(tmp_path, ruleset: str = "soccer_tactics_world", options: dict | None = None, clock=None) -> Daemon:
    settings = load_settings(None, env=False, journal__dir=str(tmp_path / "journal"), board_id=BOARD,
                             game__options=dict(options or OPTIONS), game__ruleset=ruleset)
    hw = open_hardware({"backend": "sim"})
    if clock is not None:
        hw.clock = clock
    return Daemon(settings, hw, board_follows_game=True, tick=0.01, auto_setup=False)


def _bot_lines(seed: int, ruleset: str = "soccer_tactics_world", options: dict | None = None) -> list[dict]:
    from controller.games.stbg.bot import simulate as stbg_simulate
    from controller.games.stw.autoplay import simulate
    lines: list[dict] = []
    (stbg_simulate if ruleset == "stbg" else simulate)(seed, options or OPTIONS,
                                                       on_line=lambda line, out: lines.append(line))
    return lines


def _until_a_clock_runs(ruleset: str, options: dict) -> list[dict]:
    """A match's opening inputs (its clock lines left out) up to the first one after which a clock runs."""
    lines = _bot_lines(2, ruleset, options)
    ref = Referee(options, True, ruleset=ruleset)
    for n, line in enumerate(lines):
        ref.feed(ref.normalise(line))
        if line["type"] != "clock" and ref.due_in() is not None:
            return [x for x in lines[: n + 1] if x["type"] != "clock"]
    raise AssertionError("no clock ever ran")


def _settled(daemon: Daemon) -> None:
    wait_for(lambda: daemon.inputs.empty() and daemon.journal.flush(2), 20, "the inputs")
    time.sleep(0.05)
    daemon.journal.flush(2)


def _pass(daemon: Daemon, seconds: int) -> None:
    """Let the simulated clock run `seconds`, a second at a time, with the core loop looking at each."""
    for _ in range(seconds):
        daemon.hw.clock.advance(1.0)
        time.sleep(0.004)
    time.sleep(0.05)
    _settled(daemon)


def _journal_matches_the_live_run(daemon: Daemon) -> None:
    """The daemon's journal, through a fresh referee and through `soccerboard replay`, gives the live state."""
    jf = read_journal(daemon.journal_path)
    ref = Referee(jf.header["options"], True, seq_base=jf.header["seq_base"], ruleset=jf.header["ruleset"])
    for line in jf.lines:
        ref.feed(line)
    live = daemon.referee
    assert (ref.seq, ref.snapshot, ref.state_doc) == (live.seq, live.snapshot, live.state_doc)
    out = replay_lines(daemon.journal_path.read_text().splitlines())
    assert out[-1]["snapshot"] == live.core.snapshot()


def test_a_board_with_no_match_and_a_match_before_its_kick_off_journal_nothing_however_long_idle(tmp_path):
    daemon = _daemon(tmp_path)
    daemon.start()
    try:
        _pass(daemon, 600)                           # no match: nothing to journal at all
        assert daemon.journal.lines_written == 0 and daemon.journal_path is None
        daemon.put("test", {"type": "setup", "formation": "standard"})
        _settled(daemon)
        written = daemon.journal.lines_written
        _pass(daemon, 600)                           # ten minutes before anyone rolls: no clock runs
        assert daemon.journal.lines_written == written
    finally:
        daemon.stop()
        daemon.hw.close()


def test_an_idle_match_journals_a_clock_line_only_when_time_decides_something(tmp_path):
    for ruleset, options in (("soccer_tactics_world", OPTIONS), ("stbg", {"half_minutes": 2.0})):
        where = tmp_path / ruleset
        daemon = _daemon(where, ruleset, options)
        daemon.start()
        try:
            for line in _until_a_clock_runs(ruleset, options):
                daemon.put("test", line)
            _settled(daemon)
            opened = len(read_journal(daemon.journal_path).lines)
            _pass(daemon, 300)                       # five idle minutes: clocks run out, nobody moves
            text = daemon.journal_path.read_text().splitlines()
            jf = read_journal(daemon.journal_path)
            idle = jf.lines[opened:]
            assert idle and all(line["type"] == "clock" for line in idle)
            assert len(idle) < 30, f"{len(idle)} clock lines in five idle minutes"   # not 3000 ticks
            # every one of them decided something: `soccerboard replay` shows an event right after each
            out = replay_lines(text)
            numbers = [n for n, t in enumerate(text, start=1) if t.startswith('{"type":"clock"')][-len(idle):]
            for number in numbers:
                at = next(i for i, o in enumerate(out) if o.get("line") == number)
                after = out[at + 1] if at + 1 < len(out) else {}
                before = out[at - 1] if at else {}
                assert "event" in after or "event" in before, f"the clock line {number} decided nothing"
            _journal_matches_the_live_run(daemon)
        finally:
            daemon.stop()
            daemon.hw.close()


def test_time_comes_into_the_journal_with_the_next_input(tmp_path):
    daemon = _daemon(tmp_path)
    daemon.start()
    try:
        daemon.put("test", {"type": "setup", "formation": "standard"})
        _settled(daemon)
        daemon.hw.clock.advance(12.345)
        time.sleep(0.05)
        daemon.put("test", {"type": "roll", "die": "red", "value": 6})
        _settled(daemon)
        lines = read_journal(daemon.journal_path).lines
        assert lines[-2:] == [{"type": "clock", "advance": 12.345}, {"type": "roll", "die": "red", "value": 6}]
        _journal_matches_the_live_run(daemon)
    finally:
        daemon.stop()
        daemon.hw.close()


def _ticks(lines: list[dict]) -> list[dict]:
    """The lines as a daemon that fed a clock line every 0.1 s journaled them."""
    out = []
    for line in lines:
        if line["type"] != "clock":
            out.append(line)
            continue
        left = round(line["advance"] * 1000)
        while left > 0:
            step = min(100, left)
            out.append({"type": "clock", "advance": step / 1000})
            left -= step
    return out


def test_a_journal_with_a_clock_line_per_tick_still_resumes_and_replays(tmp_path):
    lines = _ticks(_bot_lines(5))
    cut = len(lines) * 3 // 4
    first = _daemon(tmp_path)
    first.start()
    for n, line in enumerate(lines[:cut], start=1):
        first.put("test", line)
        if n % 500 == 0:
            _settled(first)
    _settled(first)
    first.stop()
    first.hw.close()
    jf = read_journal(first.journal_path)
    assert sum(line["type"] == "clock" for line in jf.lines) > 1000        # the old, per-tick shape
    whole = Referee(OPTIONS, True)
    for line in lines[:cut]:
        whole.feed(whole.normalise(line))
    again = _daemon(tmp_path)
    again.start()
    try:
        assert again.resumed["lines"] == cut
        assert (again.referee.seq, again.referee.snapshot) == (whole.seq, whole.snapshot)
        out = replay_lines(first.journal_path.read_text().splitlines())
        assert out[-1]["snapshot"] == whole.core.snapshot()
    finally:
        again.stop()
        again.hw.close()


def test_the_sleeping_core_loop_still_turns_for_the_watchdog(tmp_path, monkeypatch):
    monkeypatch.setenv("WATCHDOG_USEC", "400000")            # systemd expects a ping every 0.4 s
    monkeypatch.delenv("WATCHDOG_PID", raising=False)
    daemon = _daemon(tmp_path, clock=MonotonicClock())
    assert daemon.idle_wait == 0.2
    daemon.start()
    try:
        daemon.put("test", {"type": "setup", "formation": "standard"})
        _settled(daemon)
        written = daemon.journal.lines_written
        for _ in range(5):
            time.sleep(0.3)
            assert time.monotonic() - daemon.heartbeat < 0.4
        assert daemon.journal.lines_written == written         # turning, not journaling
    finally:
        daemon.stop()
        daemon.hw.close()

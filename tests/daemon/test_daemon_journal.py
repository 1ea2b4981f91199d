"""The journal finds its own damage and never stops the daemon: a hash chain over its lines finds a changed digit, a
deleted or zeroed line or bytes that are not UTF-8; the damaged match resumes from its good part with numbering
above every seq that may have been published, and says so (`journal_damaged`); journals named in the future
(a Pi without a real-time clock), empty or unreadable journals and a damaged watermark never hang or crash the
start-up; journals written before the chain existed still resume."""
from __future__ import annotations

import json
import os
import signal
import time

import pytest

from controller.daemon.journal import CHAIN, JournalStore, read_journal
from controller.daemon.operations.config import load_settings
from controller.daemon.service import Daemon
from controller.replay import replay_lines
from hal.backends import open_hardware
from tests.daemon.daemon_helpers import expected_run, scenario_lines, wait_for

OPTIONS = {"half_minutes": 3.0, "extra_time": False}
BOARD = "t1"


def _daemon(tmp_path):
    settings = load_settings(None, env=False, journal__dir=str(tmp_path / "journal"), board_id=BOARD,
                             game__options=dict(OPTIONS))
    return Daemon(settings, open_hardware({"backend": "sim"}), board_follows_game=True, tick=0.01, auto_setup=False)


def _run(tmp_path, lines, batch=10):
    """A daemon fed these lines (made durable `batch` at a time), stopped cleanly; returns it and every event
    document it handed on."""
    daemon = _daemon(tmp_path)
    events: list[dict] = []
    daemon.observers.append(lambda msgs: events.extend(m.payload for m in msgs if m.topic == "events"))
    daemon.start()
    for n, line in enumerate(lines, start=1):
        daemon.put("test", line)
        if n % batch == 0:
            wait_for(lambda: daemon.inputs.empty() and daemon.journal.flush(2), 20, "a batch")
    wait_for(lambda: daemon.inputs.empty() and daemon.journal.flush(2), 20, "the inputs")
    daemon.stop()
    daemon.hw.close()
    return daemon, events


def _half_played(tmp_path):
    lines = scenario_lines(2, OPTIONS)
    first, events = _run(tmp_path, lines[: len(lines) // 2])
    _half_played.events = events
    return lines, first.journal_path, max(e["seq"] for e in events)


def _damage(path, change) -> None:
    raw = path.read_bytes().split(b"\n")
    inputs = [i for i, line in enumerate(raw) if line.startswith(b'{"type"')]
    change(raw, inputs[len(inputs) // 2])
    path.write_bytes(b"\n".join(raw))


def _changed_digit(raw, i):
    raw[i] = raw[i].replace(b'"value":', b'"value": ') if b'"value":' in raw[i] else raw[i].replace(b'"', b"'", 1)


def _deleted(raw, i):
    del raw[i]


def _zeroed(raw, i):
    raw[i] = bytes(len(raw[i]))


def _not_utf8(raw, i):
    raw[i] = raw[i].replace(b'"type"', b'"t\xffpe"')


def test_every_durable_batch_ends_with_the_chain_and_a_journal_reads_whole(tmp_path):
    lines, path, _ = _half_played(tmp_path)
    jf = read_journal(path)
    assert jf.damaged is None and jf.truncated == 0 and len(jf.lines) == len(lines) // 2
    assert path.read_text().rstrip().splitlines()[-1].startswith(CHAIN)


def test_a_damaged_journal_resumes_from_its_good_part_with_seq_above_all_published(tmp_path):
    for name, change in (("digit", _changed_digit), ("deleted", _deleted), ("zeroed", _zeroed),
                         ("utf8", _not_utf8)):
        where = tmp_path / name
        lines, path, published = _half_played(where)
        first = {e["seq"]: e for e in _half_played.events}
        _damage(path, change)
        assert read_journal(path).damaged, name
        daemon, events = _run(where, [])
        damaged = [e for e in events if e["event"] == "journal_damaged"]
        assert len(damaged) == 1, name
        assert damaged[0]["seq"] > published and damaged[0]["recovered_lines"] < len(lines) // 2
        assert "checksum" in damaged[0]["reason"]
        assert (path.parent / (path.name + ".damaged")).exists() and not path.exists()
        new = read_journal(daemon.journal_path)
        assert new.damaged is None and new.lines == read_journal(path.parent / (path.name + ".damaged")).lines
        assert daemon.referee.seq > published
        # the recovered match goes on, and numbering keeps rising after another restart: an event under an old
        # seq is only the good part's event sent again, unchanged
        again, more = _run(where, lines[len(lines) // 2:])
        assert again.resumed is not None and "damaged" not in again.resumed
        for e in more:
            if e["seq"] <= published:
                assert {k: v for k, v in e.items() if k != "ts"} == {
                    k: v for k, v in first[e["seq"]].items() if k != "ts"}
            else:
                assert e["seq"] > damaged[0]["seq"], name
        assert again.referee.snapshot["phase"] == "full_time" or more


def test_a_journal_damaged_in_its_first_batch_starts_afresh_numbering_above_it(tmp_path):
    lines, path, published = _half_played(tmp_path)
    raw = path.read_bytes().split(b"\n")
    first = next(i for i, line in enumerate(raw) if line.startswith(b'{"type"'))
    raw[first] = raw[first].replace(b"standard", b"standart")
    path.write_bytes(b"\n".join(raw))
    daemon, events = _run(tmp_path, [])
    damaged = [e for e in events if e["event"] == "journal_damaged"]
    assert len(damaged) == 1 and damaged[0]["seq"] > published and "checksum" in damaged[0]["reason"]
    assert daemon.resumed is None and (path.parent / (path.name + ".damaged")).exists()
    again, _ = _run(tmp_path, [lines[0]])           # a set-up: no event, a new state
    assert again.referee.state_doc["seq"] == damaged[0]["seq"] + 1


def test_a_recovered_journal_still_replays_as_a_scenario(tmp_path):
    _lines, path, _ = _half_played(tmp_path)
    _damage(path, _deleted)
    daemon, _ = _run(tmp_path, [])
    out = replay_lines(daemon.journal_path.read_text().splitlines())
    assert all(o.get("ok", True) for o in out if "ok" in o)


def test_a_batch_never_made_durable_is_left_out_and_cut_before_appending(tmp_path):
    lines, path, _ = _half_played(tmp_path)
    with open(path, "a") as f:        # lines of a batch whose chain line and fsync never came
        f.write(json.dumps(lines[len(lines) // 2]) + "\n" + '{"type":"cl')
    jf = read_journal(path)
    assert jf.damaged is None and len(jf.lines) == len(lines) // 2 and jf.truncated > 0
    daemon, _ = _run(tmp_path, [])
    assert daemon.resumed["truncated_bytes"] > 0 and read_journal(path).truncated == 0


def test_a_journal_from_before_the_chain_still_resumes(tmp_path):
    lines, path, _ = _half_played(tmp_path)
    text = path.read_text().splitlines()
    old = [t.replace('"version":2', '"version":1') for t in text if not t.startswith(CHAIN)]
    path.write_text("\n".join(old) + "\n")
    assert read_journal(path).damaged is None
    daemon, _ = _run(tmp_path, lines[len(lines) // 2:])
    ref, _ = expected_run(lines, {"half_minutes": 3.0, **OPTIONS})
    assert daemon.resumed["lines"] == len(lines) // 2
    assert daemon.referee.snapshot == ref.snapshot


def test_journal_names_after_a_future_dated_one_come_at_once(tmp_path):
    store = JournalStore(tmp_path, BOARD)
    (tmp_path / f"{BOARD}-20990101T000000-9.jsonl").write_text("")
    started = time.monotonic()
    names = [store.new_path().name for _ in range(3)]
    assert time.monotonic() - started < 1.0
    assert names == [f"{BOARD}-20990101T000000-{n}.jsonl" for n in (10, 11, 12)]
    for name in names:
        (tmp_path / name).write_text("")
    assert [p.name for p in store.journals()][-4:] == [f"{BOARD}-20990101T000000-9.jsonl", *names]


def test_a_daemon_starts_after_an_unfinished_future_dated_journal(tmp_path):
    lines, path, _published = _half_played(tmp_path)
    future = path.with_name(f"{BOARD}-20990101T000000-0.jsonl")
    os.replace(path, future)
    daemon, _events = _run(tmp_path, lines[len(lines) // 2:])
    assert daemon.resumed["journal"] == str(future)
    assert daemon.store.new_path().name == f"{BOARD}-20990101T000000-1.jsonl"


def test_an_empty_newest_journal_keeps_the_numbering_going(tmp_path):
    lines, _path, _published = _half_played(tmp_path)
    daemon, _ = _run(tmp_path, lines[len(lines) // 2:])           # the match finishes
    last = daemon.referee.seq
    (tmp_path / "journal" / f"{BOARD}-20990101T000000-0.jsonl").write_bytes(b"")
    again, _ = _run(tmp_path, [lines[0]])           # a set-up: no event, a new state
    assert again.resumed is None and again.referee.state_doc["seq"] == last + 1


def test_an_unreadable_header_or_watermark_never_crashes_the_start(tmp_path):
    lines, path, published = _half_played(tmp_path)
    text = path.read_text().splitlines()
    path.write_text("\n".join(["# soccerboard-journal {not json", *text[1:]]) + "\n")
    (tmp_path / "journal" / f"{BOARD}.published.json").write_text('{"journal": 7, "seq": "x"}')
    _, events = _run(tmp_path, [])
    damaged = [e for e in events if e["event"] == "journal_damaged"]
    assert damaged and damaged[0]["seq"] > published and "header" in damaged[0]["reason"]
    assert (path.parent / (path.name + ".damaged")).exists()
    again, _ = _run(tmp_path, [lines[0]])           # a set-up: no event, a new state
    assert again.referee.state_doc["seq"] == damaged[0]["seq"] + 1


def test_a_failing_listener_does_not_stop_the_journal(tmp_path):
    daemon = _daemon(tmp_path)
    seen: list[int] = []

    def broken(msgs):
        raise ValueError("cannot convert float NaN to integer")
    daemon.observers.append(broken)
    daemon.observers.append(lambda msgs: seen.append(len(msgs)))
    daemon.start()
    try:
        for line in scenario_lines(2, OPTIONS)[:20]:
            daemon.put("test", line)
        # the queue empties before the core has journaled the last input: count what it handed to the journal
        wait_for(lambda: daemon.journal_lines == 20 and daemon.journal.flush(2), 20, "the inputs")
        assert daemon.journal.alive and len(read_journal(daemon.journal_path).lines) == 20 and seen
    finally:
        daemon.stop()
        daemon.hw.close()


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")   # the thread dies on purpose
def test_a_dead_journal_thread_is_a_failure_and_starves_the_watchdog(tmp_path, monkeypatch):
    import controller.daemon.journal as journal

    def broken(chain, raw):
        raise RuntimeError("a bug in the journal thread")
    daemon = _daemon(tmp_path)
    daemon.start()
    try:
        assert daemon.failure() is None and daemon.heartbeat > 0
        monkeypatch.setattr(journal, "chain_next", broken)
        daemon.put("test", scenario_lines(2, OPTIONS)[0])
        wait_for(lambda: not daemon.journal.alive, 10, "the journal thread to die")
        assert daemon.failure() == "the journal thread stopped"
        assert daemon.heartbeat == 0.0
    finally:
        daemon.stop()
        daemon.hw.close()
    assert daemon.failure() is None          # a stopped daemon has nothing left to supervise


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")   # the thread dies on purpose
def test_serve_exits_with_failed_when_a_thread_dies(tmp_path, monkeypatch):
    import controller.daemon.journal as journal
    from controller.daemon.main import FAILED, serve

    def broken(chain, raw):
        raise RuntimeError("a bug in the journal thread")
    monkeypatch.setattr(journal, "chain_next", broken)
    daemon = _daemon(tmp_path)
    daemon.put("test", scenario_lines(2, OPTIONS)[0])
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGTERM, signal.SIGINT)}
    started = time.monotonic()
    try:
        assert serve(daemon) == FAILED
    finally:
        for sig, handler in handlers.items():
            signal.signal(sig, handler)
        daemon.hw.close()
    assert time.monotonic() - started < 10


def _seqs(msgs) -> list[int]:
    return [m.payload["seq"] for m in msgs if m.topic in ("events", "state") and "seq" in m.payload]


@pytest.mark.parametrize("fault", ["fsync", "write"])
def test_a_card_that_refuses_the_journal_stops_all_publishing_and_a_restart_reaches_every_seq(tmp_path, monkeypatch,
                                                                                              fault):
    """A full or failing card: nothing whose input is not durable is handed on, the journal thread ends (so the
    supervisor stops the daemon), and a restart on the same card numbers on from every seq spectators saw."""
    import errno

    import controller.daemon.journal as journal

    class Card:
        """The journal file, whose writes the card starts refusing once full."""
        full = False

        def __init__(self, *args, **kwargs):
            self._f = open(*args, **kwargs)        # noqa: SIM115 (closed by the writer through close())

        def write(self, raw: bytes) -> int:
            if Card.full:
                raise OSError(errno.ENOSPC, "No space left on device")
            return self._f.write(raw)

        def __getattr__(self, name: str):
            return getattr(self._f, name)

    monkeypatch.setattr(journal, "open", Card, raising=False)
    lines = scenario_lines(2, OPTIONS)
    daemon = _daemon(tmp_path)
    published: list[int] = []
    daemon.observers.append(lambda msgs: published.extend(_seqs(msgs)))
    daemon.start()
    try:
        for line in lines[:30]:
            daemon.put("test", line)
        wait_for(lambda: daemon.inputs.empty() and daemon.journal.flush(2), 20, "the first inputs")
        before = list(published)

        def full(*args, **kwargs):
            raise OSError(errno.ENOSPC, "No space left on device")
        if fault == "fsync":
            monkeypatch.setattr(journal.os, "fsync", full)
        else:
            Card.full = True
        for line in lines[30:60]:
            daemon.put("test", line)
        wait_for(lambda: not daemon.journal.alive, 10, "the journal thread to stop")
        assert published == before                                  # nothing more went out
        assert "No space left on device" in (daemon.failure() or "")
        assert daemon.heartbeat == 0.0
    finally:
        daemon.stop()
        daemon.hw.close()
    monkeypatch.undo()
    again = _daemon(tmp_path)
    again.start()
    try:
        assert again.referee.seq >= max(before)
    finally:
        again.stop()
        again.hw.close()


def test_a_resumed_journal_that_cannot_be_opened_is_a_failure_with_its_reason(tmp_path, monkeypatch):
    """A new match's journal that cannot be created is a refused set-up (test_new_game_journal.py); the journal
    of a resumed match that cannot be opened for appending stops the journal thread, and so the daemon."""
    import errno

    import controller.daemon.journal as journal

    lines = scenario_lines(2, OPTIONS)
    _run(tmp_path, lines[:10])

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")
    monkeypatch.setattr(journal, "open", read_only, raising=False)
    daemon = _daemon(tmp_path)
    published: list[int] = []
    daemon.observers.append(lambda msgs: published.extend(_seqs(msgs)))
    daemon.start()
    try:
        wait_for(lambda: not daemon.journal.alive, 10, "the journal thread to stop")
        assert "cannot be opened: Read-only file system" in (daemon.failure() or "")
        assert published == []
    finally:
        daemon.stop()
        daemon.hw.close()

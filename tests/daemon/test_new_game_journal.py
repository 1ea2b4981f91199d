"""A new match's journal exists before the core starts the match: when the card or the process cannot give it
one (no file descriptor left, a read-only card), `new_game` is refused with `journal_unavailable`, the match
under way goes on untouched in its own journal, and its journal still replays to what the live core shows. A
`new_game` while the match has had no input since its set-up goes into the same journal, so a flood of
commands cannot leave a file per command."""
from __future__ import annotations

import errno
import json
import os
import resource
from collections.abc import Iterator
from contextlib import contextmanager

from controller.daemon.journal import JournalStore, read_journal
from controller.daemon.operations.config import load_settings
from controller.daemon.service import Daemon
from controller.replay import replay_lines
from hal.backends import open_hardware
from tests.daemon.daemon_helpers import scenario_lines, wait_for

OPTIONS = {"half_minutes": 3.0, "extra_time": False}
BOARD = "t1"


def _daemon(tmp_path) -> tuple[Daemon, list[dict]]:
    """A daemon that sets nothing up by itself, and the responses it hands on."""
    settings = load_settings(None, env=False, journal__dir=str(tmp_path / "journal"), board_id=BOARD,
                             game__options=dict(OPTIONS))
    daemon = Daemon(settings, open_hardware({"backend": "sim"}), board_follows_game=True, tick=0.01, auto_setup=False)
    responses: list[dict] = []
    daemon.observers.append(lambda msgs: responses.extend(m.payload for m in msgs if m.topic == "response"))
    return daemon, responses


@contextmanager
def _running(daemon: Daemon) -> Iterator[Daemon]:
    try:
        daemon.start()
        yield daemon
    finally:
        daemon.stop()
        daemon.hw.close()


def _settled(daemon: Daemon, lines: int) -> None:
    """The match's journal holds `lines` inputs, durable (the queue empties before the core has journaled the
    last input taken from it)."""
    wait_for(lambda: daemon.journal_lines == lines and daemon.journal.flush(2), 20, f"{lines} journaled inputs")


@contextmanager
def _no_file_descriptor_left() -> Iterator[None]:
    """This process at its file limit (RLIMIT_NOFILE), as a daemon holding too many idle sockets is."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (len(os.listdir("/proc/self/fd")) + 16, hard))
    held: list[int] = []
    try:
        while True:
            try:
                held.append(os.open(os.devnull, os.O_RDONLY))
            except OSError as e:
                assert e.errno == errno.EMFILE
                break
        yield
    finally:
        for fd in held:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def _replayed_snapshot(path) -> dict:
    out = replay_lines(path.read_text().splitlines())
    return [o for o in out if "snapshot" in o][-1]["snapshot"]


def _answer(responses: list[dict], request_id: str) -> dict:
    return wait_for(lambda: next((r for r in responses if r.get("id") == request_id), None), 10,
                    f"the response to {request_id}")


def test_a_new_game_without_a_file_descriptor_is_refused_and_the_match_goes_on_in_its_journal(tmp_path):
    lines = scenario_lines(2, OPTIONS)
    daemon, responses = _daemon(tmp_path)
    with _running(daemon):
        daemon.on_command("new_game", json.dumps({"id": "first"}).encode())
        assert _answer(responses, "first")["status"] == "ok"
        for line in lines[1:20]:
            daemon.put("test", line)
        _settled(daemon, 20)
        journal, seq, snapshot = daemon.journal_path, daemon.referee.seq, daemon.referee.core.snapshot()
        with _no_file_descriptor_left():
            daemon.on_command("new_game", json.dumps({"id": "second", "kickoff": "blue"}).encode())
            answer = _answer(responses, "second")
        assert answer["status"] == "error" and answer["reason"] == "journal_unavailable"
        assert "Too many open files" in answer["detail"]
        assert daemon.journal.alive and daemon.failure() is None
        # the old match is untouched: same journal, same game, and it goes on there
        assert daemon.journal_path == journal and daemon.referee.core.snapshot() == snapshot
        assert daemon.referee.seq == seq
        for line in lines[20:40]:
            daemon.put("test", line)
        _settled(daemon, 40)
        assert daemon.journal_path == journal
        assert _replayed_snapshot(journal) == daemon.referee.core.snapshot()
    assert JournalStore(tmp_path / "journal", BOARD).journals() == [journal]


def test_a_new_game_on_a_card_that_refuses_the_file_is_refused_and_the_daemon_lives(tmp_path, monkeypatch):
    import controller.daemon.journal as journal_module

    daemon, responses = _daemon(tmp_path)
    with _running(daemon):
        def read_only(*args, **kwargs):
            raise OSError(errno.EROFS, "Read-only file system")
        monkeypatch.setattr(journal_module, "open", read_only, raising=False)
        daemon.on_command("new_game", json.dumps({"id": "g"}).encode())
        answer = _answer(responses, "g")
        assert answer["status"] == "error" and answer["reason"] == "journal_unavailable"
        assert "Read-only file system" in answer["detail"]
        assert daemon.referee.core.game is None          # no match began that the journal does not hold
        assert daemon.journal.alive and daemon.failure() is None
        monkeypatch.undo()
        daemon.on_command("new_game", json.dumps({"id": "h"}).encode())
        assert _answer(responses, "h")["status"] == "ok"
        _settled(daemon, 1)
        assert daemon.journal_path is not None and read_journal(daemon.journal_path).lines


def test_a_new_game_flood_before_any_input_writes_one_journal(tmp_path):
    lines = scenario_lines(2, OPTIONS)
    daemon, responses = _daemon(tmp_path)
    with _running(daemon):
        for n in range(30):
            daemon.on_command("new_game", json.dumps({"id": n, "kickoff": "red" if n % 2 else "blue"}).encode())
            _answer(responses, n)
        assert all(r["status"] == "ok" for r in responses) and len(responses) == 30
        for line in lines[1:30]:
            daemon.put("test", line)
        _settled(daemon, 59)
        journals = JournalStore(tmp_path / "journal", BOARD).journals()
        assert journals == [daemon.journal_path]
        assert _replayed_snapshot(daemon.journal_path) == daemon.referee.core.snapshot()
        # once the match has had an input, a new game is a new journal (the old one marked abandoned)
        daemon.on_command("new_game", json.dumps({"id": "next"}).encode())
        assert _answer(responses, "next")["status"] == "ok"
        _settled(daemon, 1)
        assert len(JournalStore(tmp_path / "journal", BOARD).journals()) == 2
        assert read_journal(journals[0]).end == "abandoned"


def test_journals_and_the_watermark_are_readable_by_their_owner_only(tmp_path):
    old = os.umask(0o022)
    try:
        daemon, _ = _daemon(tmp_path)
        with _running(daemon):
            daemon.on_command("new_game", b"")
            daemon.put("test", scenario_lines(2, OPTIONS)[1])
            _settled(daemon, 2)
            store = daemon.store
            store.write_watermark(daemon.journal_path, 1)
            assert os.stat(daemon.journal_path).st_mode & 0o777 == 0o600
            assert os.stat(store.watermark_path()).st_mode & 0o777 == 0o600
    finally:
        os.umask(old)


def test_a_new_journal_is_named_durably_its_directory_fsynced_with_its_first_batch(tmp_path, monkeypatch):
    """A power cut after a new match's first fsync must find the file under its name: its directory is synced."""
    synced_dirs: list[str] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        if os.path.isdir(f"/proc/self/fd/{fd}"):
            synced_dirs.append(os.readlink(f"/proc/self/fd/{fd}"))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    daemon, _ = _daemon(tmp_path)
    with _running(daemon):
        daemon.on_command("new_game", b"")
        daemon.put("test", scenario_lines(2, OPTIONS)[1])
        _settled(daemon, 2)
        first = daemon.journal_path
        assert synced_dirs == [str(first.parent)]
        daemon.put("test", scenario_lines(2, OPTIONS)[2])
        _settled(daemon, 3)
        assert synced_dirs == [str(first.parent)], "the directory is synced once a file, not every batch"

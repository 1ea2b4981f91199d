"""Old journals are deleted, so a board that plays for years (or a `new_game` flood) does not fill its card: the
newest `journal.keep_matches` journals are kept, ended ones last written more than `journal.keep_days` ago go,
and never the newest journal, one whose match has not ended, one whose events the broker has not acknowledged
(when there is a broker), nor a journal set aside as damaged."""
from __future__ import annotations

import json
import os
import time

import pytest

from controller.daemon.journal import ABANDONED, FINISHED, HEADER, JournalStore, dumps
from controller.daemon.operations.config import ConfigError, load_settings
from controller.daemon.service import Daemon
from hal.backends import open_hardware
from tests.daemon.daemon_helpers import scenario_lines, wait_for

BOARD = "t1"
OPTIONS = {"half_minutes": 3.0, "extra_time": False}


def _journals(store: JournalStore, ends: list[int | None]) -> list:
    """A journal per entry, oldest first: ended at that seq (finished or abandoned in turn), or unended (None)."""
    paths = []
    for n, end in enumerate(ends):
        path, f = store.create()
        with f:
            f.write(f"{HEADER}{dumps({'seq_base': 0, 'version': 2})}\n".encode())
            f.write(b'{"type":"setup","formation":"standard"}\n')
            if end is not None:
                f.write(f"{FINISHED if n % 2 else ABANDONED} {dumps({'seq': end})}\n".encode())
        paths.append(path)
    return paths


def test_the_newest_journals_are_kept_and_older_ended_ones_deleted(tmp_path):
    store = JournalStore(tmp_path, BOARD)
    paths = _journals(store, [10, 20, None, 40, 50, 60, 70])
    removed = store.prune(keep=3, keep_days=0, acknowledged=False)
    assert removed == [paths[0], paths[1], paths[3]]             # the unended one stays
    assert store.journals() == [paths[2], *paths[4:]]


def test_the_newest_journal_is_never_deleted(tmp_path):
    store = JournalStore(tmp_path, BOARD)
    paths = _journals(store, [10, 20, 30])
    store.prune(keep=1, keep_days=1, acknowledged=False, now=time.time() + 10 * 86400)
    assert store.journals() == [paths[-1]]


def test_no_limit_keeps_everything(tmp_path):
    store = JournalStore(tmp_path, BOARD)
    paths = _journals(store, [10, 20, 30, 40])
    assert store.prune(keep=0, keep_days=0, acknowledged=False) == []
    assert store.journals() == paths


def test_journals_older_than_keep_days_go_and_younger_ones_stay(tmp_path):
    store = JournalStore(tmp_path, BOARD)
    paths = _journals(store, [10, 20, 30, 40])
    now = time.time()
    for path, age_days in zip(paths, (9, 8, 1, 9), strict=True):
        os.utime(path, (now - age_days * 86400, now - age_days * 86400))
    removed = store.prune(keep=0, keep_days=7, acknowledged=False, now=now)
    assert removed == paths[:2]                                  # the newest, however old, stays
    assert store.journals() == paths[2:]


def test_a_journal_whose_events_the_broker_has_not_acknowledged_is_kept(tmp_path):
    store = JournalStore(tmp_path, BOARD)
    paths = _journals(store, [10, 20, 30, 40])
    store.write_watermark(paths[0], 15)
    assert store.prune(keep=1, keep_days=0, acknowledged=True) == [paths[0]]
    assert store.journals() == paths[1:]
    store.write_watermark(paths[2], 30)
    assert store.prune(keep=1, keep_days=0, acknowledged=True) == paths[1:3]


def test_a_journal_set_aside_as_damaged_is_never_deleted(tmp_path):
    store = JournalStore(tmp_path, BOARD)
    paths = _journals(store, [10, 20, 30])
    aside = store.set_aside(paths[0], "a test")
    store.prune(keep=1, keep_days=0, acknowledged=False)
    assert aside is not None and aside.exists()


@pytest.mark.parametrize("key,value", [("keep_matches", -1), ("keep_days", -3), ("keep_matches", "many")])
def test_retention_keys_are_validated(tmp_path, key, value):
    with pytest.raises(ConfigError, match=f"journal.{key}"):
        load_settings(None, env=False, journal__dir=str(tmp_path), **{f"journal__{key}": value})


def test_retention_defaults(tmp_path):
    settings = load_settings(None, env=False, journal__dir=str(tmp_path))
    assert (settings.journal.keep_matches, settings.journal.keep_days) == (1000, 0)


def test_a_daemon_deletes_old_journals_as_matches_begin(tmp_path):
    settings = load_settings(None, env=False, journal__dir=str(tmp_path / "journal"), board_id=BOARD,
                             game__options=dict(OPTIONS), journal__keep_matches=3)
    daemon = Daemon(settings, open_hardware({"backend": "sim"}), board_follows_game=True, tick=0.01, auto_setup=False)
    responses: list[dict] = []
    daemon.observers.append(lambda msgs: responses.extend(m.payload for m in msgs if m.topic == "response"))
    first_roll = scenario_lines(2, OPTIONS)[1]
    made = []
    try:
        daemon.start()
        for n in range(6):
            daemon.on_command("new_game", json.dumps({"id": n}).encode())
            wait_for(lambda n=n: any(r.get("id") == n for r in responses), 10, f"new game {n}")
            made.append(daemon.journal_path)
            daemon.put("test", first_roll)       # an input: the next new game is a new journal
            wait_for(lambda: daemon.journal_lines == 2 and daemon.journal.flush(2), 10, "the roll")
        wait_for(lambda: len(daemon.store.journals()) == 3, 10, "the old journals to go")
        assert daemon.store.journals() == made[-3:]
    finally:
        daemon.stop()
        daemon.hw.close()

"""Checkpoints let a resume replay only the journal's tail: resuming from any checkpoint ends exactly where the
uninterrupted run ends (snapshot, state document, seq), for both games; a checkpoint that cannot be trusted (made
by other code, or holding anything but the game's own classes) is never used and the whole journal is replayed;
one in a damaged part of the journal is never reached; a long resume asks systemd for more start-up time."""
from __future__ import annotations

import base64
import json
import pickle
import random
import socket
import zlib
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from controller.daemon import checkpoint
from controller.daemon.journal import CHAIN, CHECKPOINT, chain_next, read_journal
from controller.daemon.operations.config import load_settings
from controller.daemon.referee import Referee
from controller.daemon.service import Daemon
from controller.replay import replay_lines
from hal.backends import open_hardware
from tests.daemon.daemon_helpers import wait_for

BOARD = "t1"
EVERY = 20


def _bot_lines(seed: int, ruleset: str, options: dict) -> list[dict]:
    from controller.games.stbg.bot import simulate as stbg_simulate
    from controller.games.stw.autoplay import simulate
    lines: list[dict] = []
    (stbg_simulate if ruleset == "stbg" else simulate)(seed, options, on_line=lambda line, out: lines.append(line))
    return lines


def _daemon(tmp_path, ruleset: str, options: dict) -> Daemon:
    settings = load_settings(None, env=False, journal__dir=str(tmp_path / "journal"), board_id=BOARD,
                             game__options=dict(options), game__ruleset=ruleset)
    return Daemon(settings, open_hardware({"backend": "sim"}), board_follows_game=True, tick=0.01, auto_setup=False)


@contextmanager
def _running(daemon: Daemon) -> Iterator[Daemon]:
    """The daemon started (which resumes its journal), then stopped with its hardware closed even when the
    body fails, so a failed test leaves no daemon thread or simulated board behind for the next one."""
    try:
        daemon.start()
        yield daemon
    finally:
        daemon.stop()
        daemon.hw.close()


def _play(tmp_path, ruleset: str, options: dict, lines: list[dict]) -> Daemon:
    """A daemon (its clock never moves: the lines carry the time) fed these lines, made durable 10 at a time,
    stopped as by a power cut after its last durable batch; returns the stopped daemon."""
    with _running(_daemon(tmp_path, ruleset, options)) as daemon:
        for n, line in enumerate(lines, start=1):
            daemon.put("test", line)
            if n % 10 == 0:
                wait_for(lambda: daemon.inputs.empty() and daemon.journal.flush(2), 30, "a batch")
        wait_for(lambda: daemon.inputs.empty() and daemon.journal.flush(2), 30, "the inputs")
    return daemon


def _played_stw(tmp_path, monkeypatch, seed: int, count: int) -> tuple[dict, list[dict], Daemon]:
    """The first `count` lines of a Soccer Tactics World bots' match, played (see _play) with a checkpoint every
    EVERY lines: the options, the lines and the stopped daemon, whose journal the test then reads or changes."""
    monkeypatch.setattr(checkpoint, "CHECKPOINT_EVERY", EVERY)
    options = {"half_minutes": 3.0, "extra_time": False}
    lines = _bot_lines(seed, "soccer_tactics_world", options)[:count]
    return options, lines, _play(tmp_path, "soccer_tactics_world", options, lines)


def _uninterrupted(ruleset: str, options: dict, lines: list[dict]) -> Referee:
    ref = Referee(options, board_follows_game=True, ruleset=ruleset)
    for line in lines:
        ref.feed(ref.normalise(line))
    return ref


def _same(a: Referee, b: Referee) -> None:
    assert a.seq == b.seq
    assert a.snapshot == b.snapshot
    assert a.state_doc == b.state_doc


MATCHES = [("soccer_tactics_world", seed, {"half_minutes": 3.0, "extra_time": False}) for seed in (3, 11)] + \
          [("stbg", seed, {"half_minutes": 2.0}) for seed in (4, 9)]


@pytest.mark.parametrize("ruleset,seed,options", MATCHES, ids=[f"{r}-{s}" for r, s, _ in MATCHES])
def test_resuming_from_every_checkpoint_ends_where_the_uninterrupted_match_ends(tmp_path, monkeypatch, ruleset,
                                                                                 seed, options):
    monkeypatch.setattr(checkpoint, "CHECKPOINT_EVERY", EVERY)
    lines = _bot_lines(seed, ruleset, options)
    cut = random.Random(seed).randrange(len(lines) * 2 // 3, len(lines) - 1)     # killed late in the match
    played = _play(tmp_path, ruleset, options, lines[:cut])
    jf = read_journal(played.journal_path)
    assert jf.damaged is None and len(jf.lines) == cut
    assert [at for at, _ in jf.checkpoints] == list(range(EVERY, cut + 1, EVERY))
    whole = _uninterrupted(ruleset, options, lines[:cut])
    for at, text in jf.checkpoints:
        ref = checkpoint.decode(text, at)
        _same(ref, _uninterrupted(ruleset, options, lines[:at]))     # the state when it was written
        for line in jf.lines[at:]:
            ref.feed(line)
        _same(ref, whole)                                            # and from there to the end
    # the daemon itself resumes from the last one, and plays on to the same end as a match never stopped
    with _running(_daemon(tmp_path, ruleset, options)) as resumed:
        assert resumed.checkpoint_used == jf.checkpoints[-1][0] and resumed.resumed["lines"] == cut
        _same(resumed.referee, whole)
        for line in lines[cut:]:
            resumed.put("test", line)
        wait_for(lambda: resumed.inputs.empty() and resumed.journal.flush(2), 30, "the rest of the match")
        _same(resumed.referee, _uninterrupted(ruleset, options, lines))


def _rewrite(path, change) -> None:
    """Change the journal's lines with `change(lines) -> lines` and write it back with a valid chain (what a
    person, or another program, could do: the chain proves damage, not authorship)."""
    out, chain = [], ""
    for text in change(path.read_text().splitlines()):
        if text.startswith(CHAIN):
            out.append(f"{CHAIN}{chain} {text.split()[-1]}")
            continue
        out.append(text)
        chain = chain_next(chain, (text + "\n").encode())
    path.write_text("\n".join(out) + "\n")


class _Shell:
    """Not a game class: a checkpoint that names it must never be loaded."""

    def __reduce__(self):
        import os
        return (os.system, ("echo this must never run",))


@pytest.mark.parametrize("how", ["other code", "foreign class", "wrong count"])
def test_a_checkpoint_that_cannot_be_trusted_replays_the_whole_journal(tmp_path, monkeypatch, how):
    options, lines, played = _played_stw(tmp_path, monkeypatch, 3, 90)

    def change(texts: list[str]) -> list[str]:
        out = []
        for text in texts:
            if text.startswith(CHECKPOINT):
                record = json.loads(text[len(CHECKPOINT):])
                if how == "other code":
                    record["code"] = "0" * 16
                elif how == "foreign class":
                    record["state"] = base64.b64encode(zlib.compress(pickle.dumps(_Shell()))).decode()
                    record["seq"] = None
                else:
                    record["lines"] += 1
                text = CHECKPOINT + json.dumps(record)
            out.append(text)
        return out

    _rewrite(played.journal_path, change)
    jf = read_journal(played.journal_path)
    assert jf.damaged is None and len(jf.checkpoints) == 4
    with pytest.raises(checkpoint.CheckpointError):
        checkpoint.decode(*reversed(jf.checkpoints[-1]))
    with _running(_daemon(tmp_path, "soccer_tactics_world", options)) as resumed:
        assert resumed.checkpoint_used == 0 and resumed.resumed["lines"] == len(lines)
        _same(resumed.referee, _uninterrupted("soccer_tactics_world", options, lines))


def test_a_checkpoint_in_the_damaged_part_of_a_journal_is_never_reached(tmp_path, monkeypatch):
    options, _, played = _played_stw(tmp_path, monkeypatch, 11, 90)
    raw = played.journal_path.read_bytes().split(b"\n")
    last = max(i for i, text in enumerate(raw) if text.startswith(CHECKPOINT.encode()))
    raw[last] = raw[last][:-8] + b"AAAAAAAA"         # a changed byte in the last checkpoint: the chain breaks there
    played.journal_path.write_bytes(b"\n".join(raw))
    jf = read_journal(played.journal_path)
    assert jf.damaged and "checksum" in jf.damaged
    assert [at for at, _ in jf.checkpoints] == [EVERY, 2 * EVERY, 3 * EVERY]   # the damaged one is not among them
    with _running(_daemon(tmp_path, "soccer_tactics_world", options)) as resumed:
        assert resumed.damage is not None
        assert resumed.journal.flush(10)                # the journal thread has written the recovered part
        good = read_journal(resumed.journal_path)      # the recovered journal: its good part, numbering above
        _same_game = _uninterrupted("soccer_tactics_world", options, good.lines)
        assert resumed.referee.snapshot == _same_game.snapshot


def test_soccerboard_replay_reads_checkpoints_as_comments(tmp_path, monkeypatch):
    options, lines, played = _played_stw(tmp_path, monkeypatch, 3, 70)
    text = played.journal_path.read_text().splitlines()
    assert sum(t.startswith(CHECKPOINT) for t in text) == 3
    out = replay_lines(text)
    plain = replay_lines(["#" if t.startswith(CHECKPOINT) else t for t in text])
    assert out == plain
    assert len([o for o in out if "line" in o]) == len(lines)
    assert out[-1]["snapshot"] == _uninterrupted("soccer_tactics_world", options, lines).core.snapshot()


def test_a_resume_asks_systemd_for_more_start_up_time(tmp_path, monkeypatch):
    options = {"half_minutes": 3.0, "extra_time": False}
    lines = _bot_lines(3, "soccer_tactics_world", options)[:60]
    _play(tmp_path, "soccer_tactics_world", options, lines)
    address = str(tmp_path / "notify.sock")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(address)
    sock.settimeout(2.0)
    monkeypatch.setenv("NOTIFY_SOCKET", address)
    with sock, _running(_daemon(tmp_path, "soccer_tactics_world", options)) as resumed:
        assert resumed.resumed is not None
        message = sock.recv(256).decode()
        assert message == "EXTEND_TIMEOUT_USEC=15000000"


def test_a_fresh_start_asks_for_no_more_time(tmp_path, monkeypatch):
    address = str(tmp_path / "notify.sock")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(address)
    sock.settimeout(0.3)
    monkeypatch.setenv("NOTIFY_SOCKET", address)
    with sock, _running(_daemon(tmp_path, "soccer_tactics_world", {})) as daemon:
        assert daemon.resumed is None                                # no journal: nothing to resume
        with pytest.raises(TimeoutError):
            sock.recv(256)


def _with_broker(tmp_path, broker, options: dict) -> Daemon:
    from controller.daemon.main import make_publisher
    daemon = _daemon(tmp_path, "soccer_tactics_world", options)
    make_publisher(daemon.settings, daemon, broker.url())
    return daemon


def test_a_resume_uses_no_checkpoint_past_what_the_broker_acknowledged(tmp_path, broker, monkeypatch):
    monkeypatch.setattr(checkpoint, "CHECKPOINT_EVERY", EVERY)
    options = {"half_minutes": 3.0, "extra_time": False}
    lines = _bot_lines(11, "soccer_tactics_world", options)[:90]
    whole, events = Referee(options, True), []
    for line in lines:
        events += whole.feed(whole.normalise(line)).events
    with _running(_with_broker(tmp_path, broker, options)) as first:
        for line in lines:
            first.put("test", line)
        wait_for(lambda: first.inputs.empty() and first.journal.flush(2), 30, "the inputs")
        acked = first.store.read_watermark
        wait_for(lambda: acked(first.journal_path) == events[-1]["seq"], 10, "the broker's acknowledgements")
    jf = read_journal(first.journal_path)
    # the broker acknowledged everything: the last checkpoint serves
    with _running(_with_broker(tmp_path, broker, options)) as again:
        pass                                                         # the start is the resume
    assert again.checkpoint_used == jf.checkpoints[-1][0] and again.resumed["resent"] == 0
    # the broker acknowledged only up to a seq between the first two checkpoints: the first one serves, and
    # every event above the watermark is sent again, as a resume without checkpoints would
    seqs = [checkpoint.decode(text, at).event_seq for at, text in jf.checkpoints]
    watermark = (seqs[0] + seqs[1]) // 2
    first.store.write_watermark(jf.path, watermark)
    later = sum(1 for e in events if e["seq"] > watermark)
    with _running(_with_broker(tmp_path, broker, options)) as third:
        pass
    assert third.checkpoint_used == jf.checkpoints[0][0]
    assert third.resumed["resent"] == later > 0
    _same(third.referee, whole)


def test_a_checkpoint_in_a_journal_without_a_chain_is_never_used(tmp_path, monkeypatch):
    options, lines, played = _played_stw(tmp_path, monkeypatch, 3, 50)
    text = played.journal_path.read_text().splitlines()
    old = [t.replace('"version":2', '"version":1') for t in text if not t.startswith(CHAIN)]
    played.journal_path.write_text("\n".join(old) + "\n")
    assert read_journal(played.journal_path).checkpoints == []       # nothing vouches for them
    with _running(_daemon(tmp_path, "soccer_tactics_world", options)) as resumed:
        assert resumed.checkpoint_used == 0 and resumed.resumed["lines"] == len(lines)
        _same(resumed.referee, _uninterrupted("soccer_tactics_world", options, lines))


def test_a_checkpoint_of_a_sensed_board_waiting_for_a_correction_loads():
    """A sensed board out of step with the game (a goal's kick-off formation not set yet) holds the refusal it
    answers with: the checkpoint taken then must load, or every resume after it replays the whole journal."""
    from controller.daemon.referee import Referee
    ref = Referee({"half_minutes": 45.0}, board_follows_game=False)
    ref.feed(ref.normalise({"type": "setup", "formation": "standard", "kickoff": "red"}))
    ref.feed({"type": "place", "square": "a8", "token": "ball"})          # a second ball: out of step
    assert ref.core.mismatch is not None
    loaded = checkpoint.decode(checkpoint.encode(ref, 2), 2)
    assert (loaded.core.mismatch.reason, loaded.core.mismatch.detail) == (ref.core.mismatch.reason,
                                                                           ref.core.mismatch.detail)
    assert loaded.core.snapshot() == ref.core.snapshot()

"""A checkpoint cannot run code. Whoever can write a journal can give it a valid chain (the chain is not keyed:
it finds damage, not authorship), so a checkpoint is read as an attacker would craft it: pickles naming
dotted names through an allowed module (`controller.daemon.journal` + `os.system`), an unrestricted unpickler
(`pickle.loads`), `builtins.eval`, `getattr`, `functools.partial`, a class whose `__reduce__` calls a
command, or any of these hidden inside an otherwise real referee. None of them runs anything (a marker file
the payload would create stays absent), and the daemon resumes by replaying the whole journal, saying why."""
from __future__ import annotations

import base64
import json
import logging
import pickle
import struct
import zlib

import pytest

from controller.daemon import checkpoint
from controller.daemon.journal import CHECKPOINT, read_journal
from controller.daemon.referee import Referee
from tests.daemon.test_checkpoints import _daemon, _played_stw, _rewrite, _running, _same, _uninterrupted


def _text(value: str) -> bytes:
    raw = value.encode()
    return b"\x8c" + bytes([len(raw)]) + raw if len(raw) < 256 else b"X" + struct.pack("<I", len(raw)) + raw


def _call(module: str, name: str, *args: str | bytes) -> bytes:
    """The opcodes of `module.name(*args)` as protocol 4 writes a global (STACK_GLOBAL, so `name` may be
    dotted), without the PROTO header and STOP: a piece to nest."""
    out = _text(module) + _text(name) + b"\x93("
    for arg in args:
        out += _text(arg) if isinstance(arg, str) else b"C" + bytes([len(arg)]) + arg if len(arg) < 256 \
            else b"B" + struct.pack("<I", len(arg)) + arg
    return out + b"tR"


def _pickle(body: bytes) -> bytes:
    return b"\x80\x04" + body + b"."


class _Payload:
    """What an attacker pickles on their own machine: a class of theirs whose reduce runs a command."""

    def __init__(self, command: str):
        self.command = command

    def __reduce__(self):
        import os
        return (os.system, (self.command,))


def _inside_a_real_referee(payload: object) -> bytes:
    """A genuine checkpoint's referee with one attribute swapped for the payload: every other global in it is
    one the game really uses."""
    ref = Referee({"half_minutes": 3.0}, board_follows_game=True)
    ref.feed(ref.normalise({"type": "setup", "formation": "standard", "kickoff": "red"}))
    ref.state_doc = payload            # type: ignore[assignment]
    return pickle.dumps(ref, protocol=5)


def _forgeries(marker: str) -> dict[str, bytes]:
    touch = f"touch {marker}"
    python = f"open({marker!r}, 'w').close()"
    return {
        "dotted name through an allowed module": _pickle(_call("controller.daemon.journal", "os.system", touch)),
        "dotted name through the referee module": _pickle(_call("controller.daemon.referee",
                                                                "Core.__init__.__globals__.get", "Outcome")),
        "pickle.loads through the checkpoint module": _pickle(_call(
            "controller.daemon.checkpoint", "pickle.loads", _pickle(_call("os", "system", touch)))),
        "os.system": _pickle(_call("os", "system", touch)),
        "posix.system": _pickle(_call("posix", "system", touch)),
        "builtins.eval": _pickle(_call("builtins", "eval", python)),
        "builtins.exec": _pickle(_call("builtins", "exec", python)),
        "builtins.getattr": _pickle(b"\x8c\x08builtins\x8c\x07getattr\x93(" + _call("builtins", "__import__", "os")
                                    + _text("system") + b"tR(" + _text(touch) + b"tR"),
        "functools.partial": _pickle(_text("functools") + _text("partial") + b"\x93(" + _text("builtins")
                                     + _text("eval") + b"\x93" + _text(python) + b"tR)R"),
        "copyreg._reconstructor": _pickle(_call("copyreg", "_reconstructor", "x")),
        "a class whose __reduce__ runs a command": pickle.dumps(_Payload(touch), protocol=5),
        "the same class at protocol 2": pickle.dumps(_Payload(touch), protocol=2),
        "a command inside a real referee": _inside_a_real_referee(_Payload(touch)),
    }


def _forge(record: dict, state: bytes) -> dict:
    return {**record, "state": base64.b64encode(zlib.compress(state)).decode()}


@pytest.mark.parametrize("how", list(_forgeries("m")))
def test_a_forged_checkpoint_runs_nothing_when_decoded(tmp_path, how):
    marker = tmp_path / "ran"
    state = _forgeries(str(marker))[how]
    record = json.loads(checkpoint.encode(Referee(), 0)[len(CHECKPOINT):])
    try:
        checkpoint.decode(CHECKPOINT + json.dumps(_forge(record, state)), 0)
        refused = ""
    except checkpoint.CheckpointError as e:
        refused = str(e)
    assert not marker.exists()                     # nothing ran
    assert "refused" in refused                    # and the checkpoint is not used


@pytest.mark.parametrize("how", ["dotted name through an allowed module", "pickle.loads through the checkpoint module",
                                 "builtins.eval", "a command inside a real referee"])
def test_a_daemon_resuming_a_journal_with_a_forged_checkpoint_runs_nothing_and_replays_it_whole(
        tmp_path, monkeypatch, caplog, how):
    marker = tmp_path / "ran"
    options, lines, played = _played_stw(tmp_path, monkeypatch, 3, 90)

    def change(texts: list[str]) -> list[str]:
        out = []
        for text in texts:
            if text.startswith(CHECKPOINT):       # every checkpoint, so no earlier honest one can serve
                text = CHECKPOINT + json.dumps(_forge(json.loads(text[len(CHECKPOINT):]), _forgeries(str(marker))[how]))
            out.append(text)
        return out

    _rewrite(played.journal_path, change)
    jf = read_journal(played.journal_path)
    assert jf.damaged is None and len(jf.checkpoints) == 4           # the chain vouches for every forged line
    with caplog.at_level(logging.WARNING), _running(_daemon(tmp_path, "soccer_tactics_world", options)) as resumed:
        assert resumed.checkpoint_used == 0 and resumed.resumed["lines"] == len(lines)
        assert "refused: a checkpoint may not hold" in resumed.resumed["checkpoint"]
        _same(resumed.referee, _uninterrupted("soccer_tactics_world", options, lines))
    assert not marker.exists()
    assert any("replaying the whole journal" in r.getMessage() for r in caplog.records)
    # and again at the next start: the forged line stays in the journal and is refused every time
    with _running(_daemon(tmp_path, "soccer_tactics_world", options)) as again:
        assert again.checkpoint_used == 0
    assert not marker.exists()

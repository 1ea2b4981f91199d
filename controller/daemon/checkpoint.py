"""Checkpoints: the referee's whole state in one journal line, so a resume replays only the inputs after it.

Every CHECKPOINT_EVERY journaled inputs the daemon writes `# checkpoint {...}`: the Referee (core, game,
undo history, seq numbering) pickled, compressed and base64-encoded, with the number of input lines before
it, its seq, a format version and a fingerprint of the code that made it. The line is part of the hash
chain like any other, so a changed byte makes the journal damaged from there on (and the damaged part is
never resumed from). A checkpoint is used only when everything about it checks out: same version, same
code (an upgrade mid-match replays the whole journal instead), the line count it names, a pickle that
holds nothing but the game's own classes, and the seq it names. Anything else: the whole journal is
replayed, as before checkpoints existed. `soccerboard replay` reads `#` lines as comments: it replays
every input and never needs a checkpoint.
"""
from __future__ import annotations

import base64
import binascii
import functools
import hashlib
import io
import json
import pickle
import sys
import zlib
from pathlib import Path

from .journal import CHECKPOINT, dumps
from .referee import Referee

VERSION = 1
CHECKPOINT_EVERY = 100      # journaled inputs between checkpoints: a resume replays at most this many (~4.5 KB each)
_ROOT = Path(__file__).resolve().parents[2]
# the code whose objects a checkpoint holds: a change to any of it makes older checkpoints unusable
_CODE = ("controller/core.py", "controller/ruleset.py", "controller/scenario.py", "controller/daemon/referee.py",
         "controller/rules", "controller/stbg", "hal/board.py")
_SAFE_BUILTINS = {"set", "frozenset", "slice", "range", "complex", "bytearray", "bytes"}


class CheckpointError(ValueError):
    """A checkpoint that cannot be used (the whole journal is replayed instead)."""


@functools.cache
def fingerprint() -> str:
    """The Python version and the bytes of the game code, hashed: what a pickled Referee depends on."""
    h = hashlib.blake2b(f"{sys.version_info[0]}.{sys.version_info[1]}".encode(), digest_size=8)
    for name in _CODE:
        path = _ROOT / name
        for source in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            h.update(str(source.relative_to(_ROOT)).encode())
            h.update(source.read_bytes())
    return h.hexdigest()


def encode(referee: Referee, lines: int) -> str:
    """The checkpoint line (without its newline) for `referee` after `lines` journaled inputs."""
    state = base64.b64encode(zlib.compress(pickle.dumps(referee, protocol=5), 6)).decode("ascii")
    return CHECKPOINT + dumps({"version": VERSION, "code": fingerprint(), "lines": lines, "seq": referee.seq,
                               "state": state})


def decode(text: str, lines: int) -> Referee:
    """The Referee a checkpoint line holds, checked; CheckpointError when it cannot be trusted."""
    try:
        record = json.loads(text[len(CHECKPOINT):])
    except (json.JSONDecodeError, RecursionError) as e:
        raise CheckpointError(f"not readable: {e}") from None
    if not isinstance(record, dict) or record.get("version") != VERSION:
        raise CheckpointError("another checkpoint version")
    if record.get("code") != fingerprint():
        raise CheckpointError("made by other code (the daemon was upgraded mid-match)")
    if record.get("lines") != lines:
        raise CheckpointError(f"it names {record.get('lines')} inputs before it, the journal has {lines}")
    try:
        raw = zlib.decompress(base64.b64decode(record.get("state", ""), validate=True))
        referee = _Loader(io.BytesIO(raw)).load()
    except (binascii.Error, zlib.error, pickle.UnpicklingError, EOFError, AttributeError, ImportError,
            TypeError, ValueError, IndexError, KeyError, RecursionError, MemoryError) as e:
        raise CheckpointError(f"its state does not load: {e}") from None
    if not isinstance(referee, Referee):
        raise CheckpointError("its state is not a referee")
    if referee.seq != record.get("seq"):
        raise CheckpointError(f"its state is at seq {referee.seq}, the record says {record.get('seq')}")
    return referee


class _Loader(pickle.Unpickler):
    """Only the game's own classes (and a deque) come out of a checkpoint: a pickle naming anything else is
    refused, whatever wrote it."""

    def find_class(self, module: str, name: str):
        if module.startswith(("controller.", "hal.")) or (module, name) == ("collections", "deque") \
                or (module == "builtins" and name in _SAFE_BUILTINS):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"a checkpoint may not hold {module}.{name}")

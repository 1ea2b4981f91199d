"""Checkpoints: the referee's whole state in one journal line, so a resume replays only the inputs after it.

Every CHECKPOINT_EVERY journaled inputs the daemon writes `# checkpoint {...}`: the Referee (core, game,
undo history, seq numbering) pickled, compressed and base64-encoded, with the number of input lines before
it, its seq, a format version and a fingerprint of the code that made it. The line is part of the hash
chain like any other, so a changed byte makes the journal damaged from there on (and the damaged part is
never resumed from). The chain is not keyed: whoever can write a journal can give it a valid chain, so a
checkpoint is read as untrusted data. It is loaded by Python's own unpickler with its opcode table cut down
to what a Referee's pickle uses, and the only callables it can name are the classes of allowed(), matched as
exact (module, name) pairs (never a dotted name, which protocol 4 would walk: `controller.daemon.journal` +
`os.system` is `os.system`). A checkpoint is used only when everything about it checks out: same version,
same code (an upgrade mid-match replays the whole journal instead), the line count it names, a pickle that
holds nothing but allowed classes, and the seq it names. Anything else: the whole journal is replayed, as
before checkpoints existed. `soccerboard replay` reads `#` lines as comments: it replays every input and
never needs a checkpoint.
"""
from __future__ import annotations

import base64
import functools
import hashlib
import importlib
import importlib.util
import io
import json
import pickle
import struct
import sys
import zlib
from pathlib import Path
from typing import Any, NoReturn

from controller.games import info, names

from .journal import CHECKPOINT, dumps
from .referee import Referee

VERSION = 1
MAX_STATE = 16 << 20        # bytes of pickle a checkpoint may inflate to (a real one is ~25 KB)
CHECKPOINT_EVERY = 100      # journaled inputs between checkpoints: a resume replays at most this many (~4.5 KB each)
_ROOT = Path(__file__).resolve().parents[2]
# the code whose objects a checkpoint holds, besides every registered game's package: a change to any of it
# makes older checkpoints unusable
_CODE = ("controller/core.py", "controller/seam.py", "controller/scenario.py", "controller/daemon/referee.py")
_CODE_AFTER_GAMES = ("hal/board.py",)
# The classes a checkpoint may name: what a Referee holds, and what each registered game declares its match
# holds (GameInfo.pickled: its game, state and actions, which a sensed board's pending reading or misplacement
# may hold). tests/daemon/test_checkpoint_allow_list.py checks that this is exactly what real checkpoints of
# seeded matches of the games need, on a followed and a sensed board.
_HELD = frozenset({
    ("collections", "deque"),
    ("controller.core", "Core"),
    ("controller.daemon.referee", "Referee"),
    ("controller.i18n.said", "Say"),             # a refusal's sentence, held by a core waiting for a correction
    ("controller.seam", "Illegal"),
    ("controller.seam", "Reading"),
})


def game_classes() -> frozenset[tuple[str, str]]:
    """Every registered game's declared classes, as exact (module, name) pairs."""
    return frozenset((f"{game.package}.{module}", name) for game in map(info, names())
                     for module, name in game.pickled)


def allowed() -> frozenset[tuple[str, str]]:
    """The (module, name) pairs a checkpoint may name: the referee's own and the registered games'."""
    return _HELD | game_classes()


# the opcodes a protocol 5 pickle of a Referee is made of (and the wider forms of the same values); anything
# else (GLOBAL, INST, OBJ, EXT*, PERSID, NEWOBJ_EX, buffers, ...) is refused before it does anything
_OPCODES = frozenset(op[0] for op in (
    pickle.PROTO, pickle.FRAME, pickle.STOP, pickle.MARK, pickle.POP, pickle.POP_MARK,
    pickle.MEMOIZE, pickle.BINGET, pickle.LONG_BINGET, pickle.BINPUT, pickle.LONG_BINPUT,
    pickle.NONE, pickle.NEWTRUE, pickle.NEWFALSE, pickle.BININT, pickle.BININT1, pickle.BININT2, pickle.LONG1,
    pickle.LONG4, pickle.BINFLOAT, pickle.SHORT_BINUNICODE, pickle.BINUNICODE, pickle.BINUNICODE8,
    pickle.SHORT_BINBYTES, pickle.BINBYTES, pickle.BINBYTES8, pickle.BYTEARRAY8,
    pickle.EMPTY_TUPLE, pickle.TUPLE, pickle.TUPLE1, pickle.TUPLE2, pickle.TUPLE3, pickle.EMPTY_LIST,
    pickle.APPEND, pickle.APPENDS, pickle.EMPTY_DICT, pickle.SETITEM, pickle.SETITEMS, pickle.EMPTY_SET,
    pickle.ADDITEMS, pickle.FROZENSET, pickle.STACK_GLOBAL, pickle.REDUCE, pickle.NEWOBJ, pickle.BUILD))


class CheckpointError(ValueError):
    """A checkpoint that cannot be used (the whole journal is replayed instead)."""


def fingerprint() -> str:
    """The Python version and the bytes of the game code, hashed: what a pickled Referee depends on."""
    return _fingerprint(names())


@functools.cache
def _fingerprint(games: tuple[str, ...]) -> str:
    """Kept per set of registered games: a game registered later (a plugin put on sys.path) changes it."""
    h = hashlib.blake2b(f"{sys.version_info[0]}.{sys.version_info[1]}".encode(), digest_size=8)
    for path in [*(_ROOT / name for name in _CODE), *map(_package_dir, games),
                 *(_ROOT / name for name in _CODE_AFTER_GAMES)]:
        for source in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            h.update(str(source.relative_to(_ROOT) if source.is_relative_to(_ROOT) else source).encode())
            h.update(source.read_bytes())
    return h.hexdigest()


def _package_dir(name: str) -> Path:
    """The folder of a registered game's package, found without importing it."""
    spec = importlib.util.find_spec(info(name).package)
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(f"the package of the game {name!r} is not found")
    return Path(next(iter(spec.submodule_search_locations))).resolve()


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
        inflate = zlib.decompressobj()
        raw = inflate.decompress(base64.b64decode(record.get("state", ""), validate=True), MAX_STATE)
        if inflate.unconsumed_tail:
            raise CheckpointError(f"its state is larger than {MAX_STATE} bytes")
        referee = _Loader(io.BytesIO(raw)).load()
    except CheckpointError:
        raise
    except (zlib.error, pickle.UnpicklingError, struct.error, EOFError, AttributeError, ImportError, TypeError,
            ValueError, LookupError, ArithmeticError, RecursionError, MemoryError) as e:
        raise CheckpointError(f"its state does not load: {type(e).__name__}: {e}") from None
    if not isinstance(referee, Referee):
        raise CheckpointError("its state is not a referee")
    if referee.seq != record.get("seq"):
        raise CheckpointError(f"its state is at seq {referee.seq}, the record says {record.get('seq')}")
    return referee


class _OpcodeTable(dict):
    """An opcode table whose missing entries refuse the pickle (the unpickler looks every opcode up in it)."""

    def __missing__(self, op: int) -> NoReturn:
        raise pickle.UnpicklingError(f"refused: a checkpoint may not hold the pickle opcode {bytes([op])!r}")


def _refuse(what: str) -> NoReturn:
    raise pickle.UnpicklingError(f"refused: a checkpoint may not hold {what[:120]}")


def _classes() -> dict[tuple[str, str], type]:
    """allowed() resolved (_resolved is cached per allow-list: a game registered later widens it)."""
    return _resolved(allowed())


@functools.cache
def _resolved(names: frozenset[tuple[str, str]]) -> dict[tuple[str, str], type]:
    """Each name looked up in its own module's namespace (never a dotted walk), and only a class defined there
    under that very name."""
    out = {}
    for module, name in names:
        found = vars(importlib.import_module(module)).get(name)
        if not isinstance(found, type) or (found.__module__, found.__qualname__) != (module, name):
            raise RuntimeError(f"the checkpoint allow-list names {module}.{name}, which is not a class of that module")
        out[(module, name)] = found
    return out


class _Loader(pickle._Unpickler):
    """Python's own unpickler with its opcode table cut down to what a checkpoint of a Referee uses: the
    classes come from allowed() by exact (module, name), only they may be called (REDUCE, NEWOBJ), and state is
    set only on their instances (BUILD: never on a class, whose attributes every later match would share)."""

    stack: list[Any]                                  # the unpickler's working stack (set by load())

    def __init__(self, file: io.BytesIO) -> None:
        super().__init__(file)
        self.classes = _classes()                     # looked up once a load, not at every opcode
        self.known = frozenset(self.classes.values())

    def find_class(self, module: str, name: str) -> type:
        found = self.classes.get((module, name)) if isinstance(module, str) and isinstance(name, str) else None
        if found is None:
            _refuse(f"{module}.{name}")
        return found

    def _allowed_class(self, obj: object, what: str) -> None:
        if not (isinstance(obj, type) and obj in self.known):
            _refuse(f"a call of {type(obj).__name__} ({what})")

    def _load_reduce(self) -> None:
        self._allowed_class(self.stack[-2], "reduce")
        pickle._Unpickler.load_reduce(self)        # type: ignore[attr-defined]

    def _load_newobj(self) -> None:
        self._allowed_class(self.stack[-2], "new object")
        pickle._Unpickler.load_newobj(self)        # type: ignore[attr-defined]

    def _load_build(self) -> None:
        if type(self.stack[-2]) not in self.known:
            _refuse(f"state set on {type(self.stack[-2]).__name__}")
        pickle._Unpickler.load_build(self)         # type: ignore[attr-defined]

    dispatch = _OpcodeTable({op: load for op, load in pickle._Unpickler.dispatch.items() if op in _OPCODES})
    dispatch[pickle.REDUCE[0]] = _load_reduce      # type: ignore[assignment]
    dispatch[pickle.NEWOBJ[0]] = _load_newobj      # type: ignore[assignment]
    dispatch[pickle.BUILD[0]] = _load_build        # type: ignore[assignment]

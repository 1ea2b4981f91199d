"""A game's path tables (GameInfo.path_tables), kept on disk so the daemon starts in a fraction of a second.

Building every table of the default game takes about a second here and several on a Pi, at every start. The
tables depend only on the board's geometry and the code that builds them, so they are written once (the first
start after an install or an upgrade) and loaded afterwards. The file is named by a hash
of that geometry and of the building code, so a changed board or a new release finds no file and builds
afresh; its contents carry a SHA-256 that is checked before anything is read, the tables are checked for
their shape and types as they are installed, and a few of them are built again and compared: a damaged,
truncated or foreign file is rebuilt and replaced, never trusted.

Where: $CACHE_DIRECTORY (systemd's CacheDirectory=), $STATE_DIRECTORY/cache (the service's state
directory, beside the journal), then $XDG_CACHE_HOME/soccerboard (~/.cache/soccerboard): the first that
holds a good file is read, the first that can be written is written.
"""
from __future__ import annotations

import contextlib
import hashlib
import logging
import marshal
import os
import tempfile
from pathlib import Path
from typing import Any, Protocol

from controller.games import default

log = logging.getLogger(__name__)

MAGIC = b"soccerboard-path-tables\n"
SPOT_CHECKS = 6            # tables built again on load and compared with the file's (picked anew at each start)


class PathTables(Protocol):
    """What a game gives of its tables (GameInfo.path_tables; a module of these four functions will do)."""

    def export_tables(self) -> tuple[Any, ...]:
        """Every table, built if need be, as nested tuples of ints (marshal and compare them as they are)."""
        ...

    def install_tables(self, data: Any, seed: int = 0, checks: int = 6) -> None:
        """Install exported tables after building `checks` of them (picked from `seed`) again and comparing;
        ValueError, installing nothing, when anything differs."""
        ...

    def table_sources(self) -> tuple[str, ...]:
        """The files of the code the tables follow from."""
        ...

    def geometry_fingerprint(self) -> tuple[Any, ...]:
        """Everything else the tables follow from."""
        ...


def default_tables() -> PathTables:
    """The default game's tables: the daemon's start and the benchmarks warm those when nothing says which."""
    tables = default().path_tables
    if tables is None:
        raise LookupError(f"the default game {default().name} has no path tables")
    return tables()


def cache_dirs() -> list[Path]:
    out = []
    for var, sub in (("CACHE_DIRECTORY", ""), ("STATE_DIRECTORY", "cache")):
        value = os.environ.get(var)
        if value:
            out.append(Path(value.split(":")[0]) / sub if sub else Path(value.split(":")[0]))
    xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    out.append(Path(xdg) / "soccerboard")
    return out


def cache_key(tables: PathTables | None = None) -> str:
    """A hash of the geometry and of the code that builds the tables from it."""
    tables = tables or default_tables()
    h = hashlib.sha256(repr(tables.geometry_fingerprint()).encode())
    for source in tables.table_sources():
        h.update(Path(source).read_bytes())
    return h.hexdigest()[:32]


def cache_file(directory: Path, key: str | None = None) -> Path:
    return directory / f"path-tables-{key or cache_key()}.bin"


def load_or_build(dirs: list[Path] | list[str] | None = None, tables: PathTables | None = None) -> str:
    """Install the tables (the default game's unless given) from a good cache file, else build them and write
    one. Returns what happened: "loaded", "built" (and written, when a directory could be), or "rebuilt" (a bad
    file was replaced)."""
    tables = tables or default_tables()
    places = [Path(d) for d in dirs] if dirs is not None else cache_dirs()
    key = cache_key(tables)
    damaged = False
    for directory in places:
        path = cache_file(directory, key)
        try:
            blob = path.read_bytes()
        except OSError:
            continue
        try:
            install(blob, tables)
            return "loaded"
        except ValueError as e:
            damaged = True
            log.warning("the path-table cache %s is not usable (%s); building the tables again", path, e)
    blob = encode(tables.export_tables())
    for directory in places:
        if write(cache_file(directory, key), blob):
            break
    return "rebuilt" if damaged else "built"


def encode(tables: tuple) -> bytes:
    body = marshal.dumps(tables)
    return MAGIC + hashlib.sha256(body).hexdigest().encode() + b"\n" + body


def install(blob: bytes, game: PathTables | None = None) -> None:
    """Check and install a cache file's contents; ValueError, installing nothing, if they are not good."""
    if not blob.startswith(MAGIC):
        raise ValueError("not a path-table file")
    digest, _, body = blob[len(MAGIC):].partition(b"\n")
    if hashlib.sha256(body).hexdigest().encode() != digest:
        raise ValueError("its checksum does not match (a damaged or truncated file)")
    try:
        tables = marshal.loads(body)
    except (EOFError, ValueError, TypeError) as e:
        raise ValueError(f"unreadable: {e}") from None
    (game or default_tables()).install_tables(tables, seed=int.from_bytes(os.urandom(4), "little"),
                                              checks=SPOT_CHECKS)


def write(path: Path, blob: bytes) -> bool:
    """Write atomically (a crash leaves the old file or none, never half of one); drop stale tables beside it."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".path-tables-", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(blob)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except OSError as e:
        log.debug("cannot write the path-table cache %s: %s", path, e)
        return False
    for old in path.parent.glob("path-tables-*.bin"):
        if old != path:
            with contextlib.suppress(OSError):
                old.unlink()
    return True

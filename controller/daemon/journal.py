"""The match journal: every input fed to the core, one JSON line each, on disk before anyone hears of it.

The journal is a scenario file (docs/board.md section 5), so `soccerboard replay` reads it as is; `#` lines
carry what a replay needs beyond the inputs (a header with the options, the board mode and the `seq`
the match starts from), the end of a match (`# finished`, `# abandoned`), and checkpoints (`# checkpoint`,
checkpoint.py: the referee's state, so a resume replays only the inputs after the last one). A power cut in the
middle of a write leaves a truncated last line: reading keeps everything before it, and the daemon
cuts the stub off before appending again. Writing happens on its own thread with group commit: a
batch of lines is written, fsynced once, and only then are that batch's outputs handed on to MQTT,
so nothing is ever published that a restart would not reproduce.

The journal finds its own damage: every line extends a running checksum (a hash chain from the header on),
and each durable batch ends with a `# chain <checksum>` line, written just before the batch's fsync. The
chain is not keyed, so it says nothing of who wrote a journal: nothing read from one may run code
(checkpoint.py). Reading
recomputes the chain: a journal whose chain breaks (a changed digit, a deleted or zeroed line, bytes that
are not UTF-8) is damaged from the last good `# chain` line on, and lines after the last `# chain` line
were never made durable (their outputs were never published), so they are left out. Journals written
before the chain existed (header version 1) are read as they always were.

A new match's file is created (JournalStore.create, 0600) before the core starts the match, and old ended
journals are deleted by JournalStore.prune (docs/daemon.md, journal retention).
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import queue
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import BinaryIO, NoReturn

log = logging.getLogger(__name__)

HEADER = "# soccerboard-journal "
FINISHED = "# finished"
ABANDONED = "# abandoned"
CHAIN = "# chain "           # the running checksum of every line before it, at the end of a durable batch,
                             # then the highest seq the batch's outputs carry (for a recovery's numbering)
SEQ_FLOOR = "# seq "         # from here on, seq continues at least from this number (after a recovery)
CHECKPOINT = "# checkpoint " # the referee's whole state after this many inputs (checkpoint.py): resume from here
VERSION = 2                  # header version: 2 = chained
_CHAIN_SEQ = re.compile(rb"^# chain [0-9a-f]+ (\d{1,18})$", re.MULTILINE)
_NAME = re.compile(r"-(\d{8}T\d{6})-(\d+)\.jsonl$")
IDLE_SYNC_SECONDS = 1.0      # lines without outputs (no publisher, no observer) are fsynced within this time


def _private(path: str, flags: int) -> int:
    """An opener for `open()`: a journal or the watermark is created readable by its owner only (0600,
    whatever the umask): it holds the whole match, checkpoints included."""
    return os.open(path, flags, 0o600)


def _sync_directory(directory: Path) -> None:
    """fsync a directory, so the names of the files created in it survive a power cut."""
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def dumps(obj) -> str:
    return json.dumps(obj, separators=(",", ":"))


def chain_next(chain: str, raw: bytes) -> str:
    """The running checksum after one more line (its bytes as written, newline included)."""
    return hashlib.blake2b(chain.encode() + raw, digest_size=8).hexdigest()


@dataclass
class JournalFile:
    path: Path
    header: dict = field(default_factory=dict)
    lines: list[dict] = field(default_factory=list)
    end: str | None = None            # "finished" / "abandoned" / None while the match goes on
    truncated: int = 0                # bytes after the last good line: a write cut short, or never made durable
    skipped: int = 0                  # corrupt complete lines (not JSON objects) of an unchained journal
    chain: str = ""                   # the running checksum at the end of the good part (to append after it)
    good_bytes: int = 0               # the length of the good part
    damaged: str | None = None        # why the journal stops being trustworthy, None when it is whole
    seq_floors: list[tuple[int, int]] = field(default_factory=list)   # (after this many lines, seq at least)
    seq_seen: int = 0                 # the highest seq any `# chain` line names, damaged part included
    checkpoints: list[tuple[int, str]] = field(default_factory=list)  # (after this many lines, the line's text)

    @property
    def chained(self) -> bool:
        return int(self.header.get("version", 1) or 1) >= VERSION


def read_journal(path: str | os.PathLike) -> JournalFile:
    """Parse a journal and check its chain: never an error for what a power cut or a damaged card can leave.
    For a chained journal only the lines up to the last good `# chain` line count; for an old one, every
    complete line (a partial last line is left out and counted)."""
    path = Path(path)
    data = path.read_bytes()
    jf = JournalFile(path)
    chain, pos = "", 0
    good = _Good(0, 0, None, 0, "", 0)
    complete = data.rfind(b"\n") + 1
    while pos < complete:
        end = data.index(b"\n", pos) + 1
        raw = data[pos:end]
        pos = end
        text = raw.decode("utf-8", errors="replace").strip()
        if text.startswith(CHAIN):
            if text[len(CHAIN):].split(" ")[0] != chain:
                jf.damaged = jf.damaged or f"the checksum before byte {end} does not match the lines before it"
                break
            good = _Good(end, len(jf.lines), jf.end, len(jf.seq_floors), chain, len(jf.checkpoints))
            continue
        chain = chain_next(chain, raw)
        if not text:
            continue
        if text.startswith(HEADER):
            try:
                header = json.loads(text[len(HEADER):])
            except json.JSONDecodeError:
                header = None
            if isinstance(header, dict):
                jf.header = header
            else:
                jf.damaged = "its header is not readable"
                log.warning("%s: unreadable journal header", path)
            continue
        if text.startswith(FINISHED):
            jf.end = "finished"
            continue
        if text.startswith(ABANDONED):
            jf.end = "abandoned"
            continue
        if text.startswith(SEQ_FLOOR):
            try:
                jf.seq_floors.append((len(jf.lines), int(json.loads(text[len(SEQ_FLOOR):])["floor"])))
            except (ValueError, KeyError, TypeError):
                jf.damaged = "a seq line is not readable"
            continue
        if text.startswith(CHECKPOINT):
            jf.checkpoints.append((len(jf.lines), text))
            continue
        if text.startswith("#"):
            continue
        try:
            obj = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            obj = None
        if isinstance(obj, dict):
            jf.lines.append(obj)
        else:
            jf.skipped += 1
            log.warning("%s: skipping a corrupt line: %.80s", path, text)
    if jf.chained:
        # the good part ends at the last `# chain` line that matched; what follows never became durable
        jf.lines, jf.end, jf.seq_floors = jf.lines[:good.lines], good.end, jf.seq_floors[:good.floors]
        jf.checkpoints = jf.checkpoints[:good.checkpoints]
        jf.chain, jf.good_bytes = good.chain, good.bytes
        if jf.skipped and jf.damaged is None:
            jf.damaged = "a line is not a JSON object"
    else:
        jf.chain, jf.good_bytes = chain, complete
        jf.checkpoints = []           # only a chain vouches for a checkpoint: an unchained journal is replayed whole
    jf.truncated = len(data) - jf.good_bytes
    jf.seq_seen = max((int(m) for m in _CHAIN_SEQ.findall(data)), default=0)
    return jf


@dataclass
class _Good:
    """Where the good part of a chained journal ends, as read so far."""
    bytes: int
    lines: int
    end: str | None
    floors: int
    chain: str
    checkpoints: int


def readable_lines(path: str | os.PathLike) -> list[dict]:
    """Every input line of a journal that still parses, checked or not (to see how far a damaged match got)."""
    out = []
    for raw in Path(path).read_bytes().decode("utf-8", errors="replace").splitlines():
        text = raw.strip()
        if text.startswith("{"):
            try:
                obj = json.loads(text)
            except (json.JSONDecodeError, RecursionError):
                continue
            if isinstance(obj, dict):
                out.append(obj)
    return out


def repair(jf: JournalFile) -> int:
    """Cut off what follows a journal's good part (a partial last line, a batch never made durable), so
    that appending continues the chain; returns the bytes removed."""
    size = jf.path.stat().st_size
    if jf.good_bytes < size:
        with open(jf.path, "r+b") as f:
            f.truncate(jf.good_bytes)
            f.flush()
            os.fsync(f.fileno())
        log.warning("%s: removed %d bytes after its last durable line (a write was cut short)", jf.path,
                    size - jf.good_bytes)
    return size - jf.good_bytes


def _order(path: Path) -> tuple[str, int]:
    """A journal's place in time: its name's UTC stamp, then its counter (numerically: 10 after 9)."""
    m = _NAME.search(path.name)
    return (m.group(1), int(m.group(2))) if m else ("", -1)


class JournalStore:
    """The journal directory: one file per match, in the order of their names' stamps and counters."""

    def __init__(self, directory: str | os.PathLike, board_id: str):
        self.dir = Path(directory)
        self.board_id = board_id
        self.dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        self._issued: Path | None = None    # the journal thread creates files later: never hand a name out twice

    def journals(self) -> list[Path]:
        return sorted(self.dir.glob(f"{self.board_id}-*.jsonl"), key=lambda p: (_order(p), p.name))

    def unfinished(self) -> JournalFile | None:
        """The newest journal when its match has not ended (OSError when it cannot be read)."""
        found = self.journals()
        if not found:
            return None
        jf = read_journal(found[-1])
        return None if jf.end else jf

    def last_seq(self) -> int:
        """Where the next match's seq starts: the newest end marker, `# seq` floor or header among the
        journals, and never below a seq the broker acknowledged."""
        floor = self.acknowledged_seq()
        for path in reversed(self.journals()):
            try:
                jf = read_journal(path)
            except OSError as e:
                log.warning("%s: cannot read it (%s); looking at older journals", path, e.strerror)
                continue
            text = path.read_bytes()[:jf.good_bytes].decode("utf-8", errors="replace")
            for line in reversed(text.splitlines()):
                if line.startswith((FINISHED, ABANDONED)) and "{" in line:
                    try:
                        return max(floor, int(json.loads(line[line.index("{"):]).get("seq", 0)))
                    except (ValueError, TypeError, AttributeError, json.JSONDecodeError):
                        break
            known = [seq for _, seq in jf.seq_floors] + [_int(jf.header.get("seq_base"))]
            return max(floor, *known)
        return floor

    def new_path(self) -> Path:
        """A name after every journal there is, whatever the clock says: a Pi without a real-time clock may
        start in the past, and then the counter goes on after the newest journal's stamp."""
        now = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
        known = [_order(p) for p in self.journals()] + ([_order(self._issued)] if self._issued else [])
        newest = max(known, default=("", -1))
        stamp, n = (now, 0) if now > newest[0] else (newest[0], newest[1] + 1)
        self._issued = self.dir / f"{self.board_id}-{stamp}-{n}.jsonl"
        return self._issued

    def prune(self, keep: int, keep_days: int, acknowledged: bool, now: float | None = None) -> list[Path]:
        """Delete old journals (the deleted ones are returned): beyond the newest `keep` (0: no limit), or last
        written more than `keep_days` ago (0: no limit). Never the newest journal (the match under way, or the
        ended match whose unacknowledged events a restart sends again), never one whose match has not ended,
        and, with `acknowledged` (a broker is configured), never one whose end seq the broker has not
        acknowledged. A journal set aside as damaged is not a `.jsonl` and is never deleted."""
        found = self.journals()[:-1]
        now = time.time() if now is None else now
        beyond = len(found) + 1 - keep if keep else 0          # the oldest journals past the newest `keep`
        old = [p for n, p in enumerate(found)
               if n < beyond or (keep_days and _mtime(p, now) < now - keep_days * 86400)]
        acked = self.acknowledged_seq() if acknowledged else None
        removed: list[Path] = []
        for path in old:
            end = _end_seq(path)
            if end is None or (acked is not None and end > acked):
                continue                       # unended, unreadable, or events the broker may lack
            try:
                path.unlink()
            except OSError as e:
                log.warning("%s: cannot delete the old journal (%s)", path, e.strerror)
                continue
            removed.append(path)
        if removed:
            log.info("deleted %d old journals (journal.keep_matches = %d, keep_days = %d), %s the oldest",
                     len(removed), keep, keep_days, removed[0].name)
        return removed

    def create(self) -> tuple[Path, BinaryIO]:
        """A new journal file, created now (empty, 0600, never one that exists): a match begins only once its
        journal exists. OSError when the directory or the process cannot give one (read-only or full card, no
        file descriptor left)."""
        path = self.new_path()
        # handed to the journal thread, which writes, fsyncs and closes it: no `with` block fits
        return path, open(path, "xb", opener=_private)

    def set_aside(self, path: Path, why: str) -> Path | None:
        """Move a journal that cannot be resumed out of the way (kept for a person to look at)."""
        aside = path.with_name(path.name + ".damaged")
        try:
            os.replace(path, aside)
        except OSError as e:
            log.error("%s: cannot move it aside (%s): %s", path, why, e.strerror)
            return None
        log.error("%s: %s; moved to %s", path, why, aside.name)
        return aside

    # the watermark: the highest event seq the broker acknowledged, for resending after a crash
    def watermark_path(self) -> Path:
        return self.dir / f"{self.board_id}.published.json"

    def _read_watermark_file(self) -> dict:
        try:
            data = json.loads(self.watermark_path().read_text(encoding="utf-8", errors="replace"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as e:
            log.warning("%s is not readable (%s): events not known to be acknowledged are sent again",
                        self.watermark_path(), e)
            return {}
        return data if isinstance(data, dict) and _int(data.get("seq"), -1) >= 0 else {}

    def read_watermark(self, journal: Path) -> int | None:
        """The highest seq the broker acknowledged of this journal's match, None when unknown."""
        data = self._read_watermark_file()
        return _int(data.get("seq")) if data.get("journal") == journal.name else None

    def acknowledged_seq(self) -> int:
        """The highest event seq the broker acknowledged, whichever journal it belongs to (seq only rises)."""
        return _int(self._read_watermark_file().get("seq"))

    def write_watermark(self, journal: Path, seq: int) -> None:
        tmp = self.watermark_path().with_suffix(".tmp")
        with open(tmp, "w", encoding="utf-8", opener=_private) as f:
            f.write(dumps({"journal": journal.name, "seq": seq}))
        os.replace(tmp, self.watermark_path())


def _mtime(path: Path, now: float) -> float:
    """When a journal was last written (now when it cannot be told: it is then kept)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return now


def _end_seq(path: Path) -> int | None:
    """The seq a journal's end marker (`# finished` / `# abandoned`) names, from its last bytes; None when its
    match has not ended or the marker cannot be read."""
    try:
        with open(path, "rb") as f:
            f.seek(max(0, f.seek(0, os.SEEK_END) - 4096))
            tail = f.read().decode("utf-8", errors="replace")
    except OSError:
        return None
    for line in reversed(tail.splitlines()):
        if line.startswith((FINISHED, ABANDONED)):
            try:
                seq = json.loads(line[line.index("{"):]).get("seq")
            except (ValueError, AttributeError):
                return None
            return seq if isinstance(seq, int) and not isinstance(seq, bool) else None
    return None


def _int(value: object, default: int = 0) -> int:
    """A seq from a file a person or a fault may have changed: a whole number, else the default."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


class JournalFailed(Exception):
    """The card refused a new file, a write or an fsync (read-only, full or failing)."""


class JournalWriter:
    """A thread that appends lines, fsyncs them in batches, then hands their outputs on, in order."""

    def __init__(self, on_durable: Callable[[list], None]):
        self._q: queue.SimpleQueue = queue.SimpleQueue()
        self._on_durable = on_durable
        self._file: BinaryIO | None = None
        self._new_name = False      # the open file was created by this thread's caller: its directory to sync
        self.path: Path | None = None
        self._thread = threading.Thread(target=self._run, name="soccerboard-journal", daemon=True)
        self.error: str | None = None
        self.lines_written = 0
        self.bytes_written = 0      # what this writer put on the card, `# chain` lines included
        self.syncs = 0              # fsyncs it made
        self._chain = ""            # the running checksum of the open file
        self._unchained = False     # lines written since the last `# chain` line
        self._seq = 0               # the highest seq of the outputs written lines carry

    @property
    def alive(self) -> bool:
        """The thread runs (a supervisor treats its death as fatal)."""
        return self._thread.is_alive()

    def start(self) -> JournalWriter:
        self._thread.start()
        return self

    # ---- called from the core thread; never blocks on the disk --------------------------------
    def open(self, path: Path, header: dict | None, chain: str = "", file: BinaryIO | None = None) -> None:
        """Start a new journal (with its header) in `file` when JournalStore.create() made it, or append to a
        resumed one from its good part's `chain`."""
        self._q.put(("open", path, header, chain, file))

    def append(self, line: dict, outputs: list, seq: int = 0) -> None:
        """A line and its outputs, which carry seq numbers up to `seq`."""
        self._q.put(("line", dumps(line) + "\n", outputs, seq))

    def mark(self, text: str, outputs: list | None = None, sync: bool = True) -> None:
        """A `#` line; made durable at once unless `sync` is False (it then goes down with the next batch)."""
        self._q.put(("line", text + "\n", outputs or ([None] if sync else []), 0))

    def publish_only(self, outputs: list) -> None:
        """Outputs that depend on no new input (a refresh): still kept in order behind the lines."""
        self._q.put(("pass", outputs))

    def flush(self, timeout: float = 5.0) -> bool:
        done = threading.Event()
        self._q.put(("barrier", done))
        return done.wait(timeout)

    def stop(self, timeout: float = 5.0) -> None:
        self._q.put(("stop",))
        self._thread.join(timeout)

    # ---- the thread ---------------------------------------------------------------------------
    def _run(self) -> None:
        try:
            self._write_batches()
        except JournalFailed:
            # nothing more can be made durable, so nothing more may be handed on: the thread ends, the
            # supervisor stops the daemon, and a restart resumes from what the card holds
            log.error("%s; the journal stops and nothing more is published", self.error)
            self._abandon()

    def _write_batches(self) -> None:
        last_sync, dirty, stop = time.monotonic(), False, False
        while not stop:
            try:
                # lines waiting for their fsync bound the wait; with none, sleep until there is work
                batch = [self._q.get(timeout=IDLE_SYNC_SECONDS if dirty else None)]
            except queue.Empty:
                batch = []
            while len(batch) < 512:
                try:
                    batch.append(self._q.get_nowait())
                except queue.Empty:
                    break
            outputs: list = []
            barriers: list[threading.Event] = []
            for item in batch:
                kind = item[0]
                if kind == "open":
                    self._sync_close()
                    self._open(item[1], item[2], item[3], item[4])
                    dirty = True
                elif kind == "line":
                    self._seq = max(self._seq, item[3])
                    self._write(item[1])
                    self.lines_written += 1
                    dirty = True
                    outputs.extend(o for o in item[2] if o is not None)
                    if item[2]:
                        outputs.append(_SYNC)
                elif kind == "pass":
                    outputs.extend(item[1])
                elif kind == "barrier":
                    barriers.append(item[1])
                    outputs.append(_SYNC)
                elif kind == "stop":
                    stop = True
                    outputs.append(_SYNC)
            needs_sync = _SYNC in outputs or (dirty and time.monotonic() - last_sync >= IDLE_SYNC_SECONDS)
            if dirty and needs_sync:
                self._sync()
                last_sync, dirty = time.monotonic(), False
            real = [o for o in outputs if o is not _SYNC]
            if real:
                try:
                    self._on_durable(real)
                except Exception:         # a failing listener must not stop the journal
                    log.exception("handing on %d outputs failed", len(real))
            for b in barriers:
                b.set()
        self._sync_close()

    def _open(self, path: Path, header: dict | None, chain: str, file: BinaryIO | None) -> None:
        self.path, self._chain, self._unchained = path, chain, False
        self._file = file
        # a new file's name is durable only once its directory is synced: a power cut could otherwise keep the
        # fsynced lines of a new match under no name at all
        self._new_name = header is not None
        if file is None:
            try:
                # held open across batches and closed by _sync_close(), so no `with` block fits
                self._file = open(path, "ab", opener=_private)  # noqa: SIM115
            except OSError as e:      # a read-only or missing directory
                self._fail(f"journal {path} cannot be opened: {e.strerror}")
        if header is not None:
            self._write(HEADER + dumps({**header, "version": VERSION}) + "\n")

    def _write(self, text: str) -> None:
        if self._file is None:
            return
        raw = text.encode("utf-8")
        try:
            self._file.write(raw)
        except OSError as e:      # a full or failing card
            self._fail(f"journal write failed: {e.strerror}")
        self._chain = chain_next(self._chain, raw)
        self._unchained = True
        self.bytes_written += len(raw)

    def _sync(self) -> None:
        if self._file is None:
            return
        try:
            if self._unchained:       # the batch's checksum goes down with it
                raw = f"{CHAIN}{self._chain} {self._seq}\n".encode()
                self._file.write(raw)
                self.bytes_written += len(raw)
                self._unchained = False
            self._file.flush()
            os.fsync(self._file.fileno())
            self.syncs += 1
            if self._new_name and self.path is not None:
                _sync_directory(self.path.parent)
                self._new_name = False
        except OSError as e:
            self._fail(f"journal fsync failed: {e.strerror}")

    def _fail(self, error: str) -> NoReturn:
        self.error = error
        raise JournalFailed(error)

    def _abandon(self) -> None:
        """Close the file without writing more: what reached the card is what a resume finds (a batch cut
        short lies after the last `# chain` line, which a resume leaves out)."""
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()
            self._file = None

    def _sync_close(self) -> None:
        if self._file is not None:
            self._sync()
            file, self._file = self._file, None
            try:
                file.close()
            except OSError as e:
                self._fail(f"journal close failed: {e.strerror}")


_SYNC = object()

"""The match journal: every input fed to the core, one JSON line each, on disk before anyone hears of it.

The journal is a scenario file (docs/board.md section 5), so `soccerboard replay` reads it as is; `#` lines
carry what a replay needs beyond the inputs (a header with the options, the board mode and the `seq`
the match starts from) and the end of a match (`# finished`, `# abandoned`). A power cut in the
middle of a write leaves a truncated last line: reading keeps everything before it, and the daemon
cuts the stub off before appending again. Writing happens on its own thread with group commit: a
batch of lines is written, fsynced once, and only then are that batch's outputs handed on to MQTT,
so nothing is ever published that a restart would not reproduce.
"""
from __future__ import annotations

import json
import logging
import os
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO

log = logging.getLogger(__name__)

HEADER = "# soccerboard-journal "
FINISHED = "# finished"
ABANDONED = "# abandoned"
IDLE_SYNC_SECONDS = 1.0      # lines without outputs (clock ticks) are fsynced at least this often


def dumps(obj) -> str:
    return json.dumps(obj, separators=(",", ":"))


@dataclass
class JournalFile:
    path: Path
    header: dict = field(default_factory=dict)
    lines: list[dict] = field(default_factory=list)
    end: str | None = None            # "finished" / "abandoned" / None while the match goes on
    truncated: int = 0                # bytes of a partial last line (a write cut short)
    skipped: int = 0                  # corrupt complete lines (not JSON objects)


def read_journal(path: str | os.PathLike) -> JournalFile:
    """Parse a journal; a partial last line is left out (and counted), never an error."""
    path = Path(path)
    data = path.read_bytes()
    cut = data.rfind(b"\n") + 1
    jf = JournalFile(path, truncated=len(data) - cut)
    for raw in data[:cut].decode("utf-8", errors="replace").splitlines():
        text = raw.strip()
        if not text:
            continue
        if text.startswith(HEADER):
            try:
                jf.header = json.loads(text[len(HEADER):])
            except json.JSONDecodeError:
                log.warning("%s: unreadable journal header", path)
            continue
        if text.startswith(FINISHED):
            jf.end = "finished"
            continue
        if text.startswith(ABANDONED):
            jf.end = "abandoned"
            continue
        if text.startswith("#"):
            continue
        try:
            obj = json.loads(text)
        except json.JSONDecodeError:
            obj = None
        if isinstance(obj, dict):
            jf.lines.append(obj)
        else:
            jf.skipped += 1
            log.warning("%s: skipping a corrupt line: %.80s", path, text)
    return jf


def repair(path: str | os.PathLike) -> int:
    """Cut a partial last line off (power cut mid-write); returns the bytes removed."""
    path = Path(path)
    data = path.read_bytes()
    cut = data.rfind(b"\n") + 1
    if cut < len(data):
        with open(path, "r+b") as f:
            f.truncate(cut)
            f.flush()
            os.fsync(f.fileno())
        log.warning("%s: removed a partial last line of %d bytes (a write was cut short)", path, len(data) - cut)
    return len(data) - cut


class JournalStore:
    """The journal directory: one file per match, newest last by name."""

    def __init__(self, directory: str | os.PathLike, board_id: str):
        self.dir = Path(directory)
        self.board_id = board_id
        self.dir.mkdir(parents=True, exist_ok=True)
        self._issued: str | None = None     # the journal thread creates files later: never hand a name out twice

    def journals(self) -> list[Path]:
        return sorted(self.dir.glob(f"{self.board_id}-*.jsonl"))

    def unfinished(self) -> JournalFile | None:
        """The newest journal when its match has not ended."""
        found = self.journals()
        if not found:
            return None
        jf = read_journal(found[-1])
        return None if jf.end else jf

    def last_seq(self) -> int:
        """Where the next match's seq starts: the newest journal's end marker or header."""
        for path in reversed(self.journals()):
            for text in reversed(path.read_text(encoding="utf-8", errors="replace").splitlines()):
                if text.startswith((FINISHED, ABANDONED)) and "{" in text:
                    try:
                        return int(json.loads(text[text.index("{"):]).get("seq", 0))
                    except (ValueError, json.JSONDecodeError):
                        break
            return 0
        return 0

    def new_path(self) -> Path:
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
        n = 0
        while True:
            path = self.dir / f"{self.board_id}-{stamp}-{n}.jsonl"
            if not path.exists() and all(p.name < path.name for p in self.journals()) \
                    and (self._issued is None or self._issued < path.name):
                self._issued = path.name
                return path
            n += 1

    # the watermark: the highest event seq the broker acknowledged, for resending after a crash
    def watermark_path(self) -> Path:
        return self.dir / f"{self.board_id}.published.json"

    def read_watermark(self, journal: Path) -> int | None:
        try:
            data = json.loads(self.watermark_path().read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            return None
        return int(data["seq"]) if data.get("journal") == journal.name and "seq" in data else None

    def write_watermark(self, journal: Path, seq: int) -> None:
        tmp = self.watermark_path().with_suffix(".tmp")
        tmp.write_text(dumps({"journal": journal.name, "seq": seq}), encoding="utf-8")
        os.replace(tmp, self.watermark_path())


class JournalWriter:
    """A thread that appends lines, fsyncs them in batches, then hands their outputs on, in order."""

    def __init__(self, on_durable: Callable[[list], None]):
        self._q: queue.SimpleQueue = queue.SimpleQueue()
        self._on_durable = on_durable
        self._file: TextIO | None = None
        self.path: Path | None = None
        self._thread = threading.Thread(target=self._run, name="soccerboard-journal", daemon=True)
        self.error: str | None = None
        self.lines_written = 0

    def start(self) -> JournalWriter:
        self._thread.start()
        return self

    # ---- called from the core thread; never blocks on the disk --------------------------------
    def open(self, path: Path, header: dict | None) -> None:
        self._q.put(("open", path, header))

    def append(self, line: dict, outputs: list) -> None:
        self._q.put(("line", dumps(line) + "\n", outputs))

    def mark(self, text: str, outputs: list | None = None) -> None:
        self._q.put(("line", text + "\n", outputs or [None]))

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
        last_sync, dirty, stop = time.monotonic(), False, False
        while not stop:
            try:
                batch = [self._q.get(timeout=IDLE_SYNC_SECONDS)]
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
                    self.path = item[1]
                    # held open across batches and closed by _sync_close(), so no `with` block fits
                    self._file = open(self.path, "a", encoding="utf-8")  # noqa: SIM115
                    if item[2] is not None:
                        self._write(HEADER + dumps(item[2]) + "\n")
                    dirty = True
                elif kind == "line":
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
                self._on_durable(real)
            for b in barriers:
                b.set()
        self._sync_close()

    def _write(self, text: str) -> None:
        if self._file is None:
            return
        try:
            self._file.write(text)
        except OSError as e:      # a full or failing card: keep refereeing, say so loudly
            self.error = f"journal write failed: {e.strerror}"
            log.error("%s", self.error)

    def _sync(self) -> None:
        if self._file is None:
            return
        try:
            self._file.flush()
            os.fsync(self._file.fileno())
        except OSError as e:
            self.error = f"journal fsync failed: {e.strerror}"
            log.error("%s", self.error)

    def _sync_close(self) -> None:
        if self._file is not None:
            self._sync()
            self._file.close()
            self._file = None


_SYNC = object()

"""Stand-ins for the hardware: lines fed to the daemon from a scenario file (`soccerboard sim --scenario`).

A source puts scenario lines on the daemon's one input queue, exactly where the hardware poller puts its
lines. Each set-up line carries where it came from (`origin`, e.g. the bot seed), which the daemon
writes into the journal header; after a crash the source starts again from that origin and skips the
lines the journal already holds, so a killed and restarted simulation finishes the same match.
"""
from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable

from controller.scenario import BadInput, parse_obj

log = logging.getLogger(__name__)

Put = Callable[[str, dict, dict | None], None]     # (source name, line, origin of a set-up line)


class Stopped(Exception):
    """Raised inside a source's feeding when the daemon stops it."""


class LineSource:
    """A thread feeding lines at a pace; `speed` seconds between lines (0: as fast as the daemon takes them)."""

    name = "source"
    sets_up = True            # its lines begin with a set-up (the daemon does not set one up itself)

    def __init__(self, put: Put, speed: float = 0.0, backlog: Callable[[], int] | None = None,
                 on_end: Callable[[], None] | None = None, max_backlog: int = 256):
        self._put, self.speed, self._backlog, self._on_end = put, speed, backlog, on_end
        self._max_backlog = max_backlog       # feeding waits while backlog() is above this
        self._stop = threading.Event()
        self._skip: list[dict] = []
        self._resume_origin: dict | None = None
        self._thread = threading.Thread(target=self._main, name=f"soccerboard-{self.name}", daemon=True)

    def resume(self, origin: dict | None, journal_lines: list[dict], normalise=lambda line: line) -> None:
        """Start from `origin` and leave out the lines already journaled (compared after normalising)."""
        self._resume_origin = origin
        self._skip = list(journal_lines)
        self._normalise = normalise

    def start(self) -> LineSource:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(2.0)

    def _main(self) -> None:
        try:
            self.run()
        except Stopped:
            return
        except Exception:
            log.exception("%s stopped with an error", self.name)
        if self._on_end and not self._stop.is_set():
            self._on_end()

    def emit(self, line: dict, origin: dict | None = None) -> None:
        if self._stop.is_set():
            raise Stopped()
        if self._skip:
            try:
                parse_obj(line)
            except BadInput:          # refused lines never reach the journal: nothing to match
                return
            if getattr(self, "_normalise", lambda x: x)(line) == self._skip[0]:
                self._skip.pop(0)
                return
            log.warning("the source no longer matches the journal; feeding from here")
            self._skip = []
        while self._backlog is not None and self._backlog() > self._max_backlog:
            if self._stop.wait(0.002):
                raise Stopped()
        self._put(self.name, line, origin)
        if self.speed > 0 and self._stop.wait(self.speed):
            raise Stopped()

    def run(self) -> None:
        raise NotImplementedError


class ScenarioSource(LineSource):
    """Lines of a scenario file; `#` and blank lines are left out, malformed lines are fed (and refused)."""

    name = "scenario"

    def __init__(self, path: str, put: Put, **kw):
        self.path = path
        super().__init__(put, **kw)

    def run(self) -> None:
        with open(self.path, encoding="utf-8", errors="replace") as f:
            texts = f.read().splitlines()
        start = int((self._resume_origin or {}).get("scenario_line", 1))
        for number, text in enumerate(texts, start=1):
            if number < start:
                continue
            stripped = text.strip()
            if not stripped or stripped.startswith("#"):
                continue
            try:
                line = json.loads(stripped)
            except json.JSONDecodeError:
                line = {"type": "malformed", "text": stripped[:200]}
            if not isinstance(line, dict):
                line = {"type": "malformed", "text": stripped[:200]}
            origin = {"scenario": self.path, "scenario_line": number} if line.get("type") == "setup" else None
            self.emit(line, origin)

"""Stand-ins for the hardware in `soccerboard sim`: a scenario file, or seeded bots playing both teams.

Both put scenario lines on the daemon's one input queue, exactly where the hardware poller puts its
lines. Each set-up line carries where it came from (`origin`, e.g. the bot seed), which the daemon
writes into the journal header; after a crash the source starts again from that origin and skips the
lines the journal already holds, so a killed and restarted simulation finishes the same match.
"""
from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable

from controller.scenario import BadInput, parse_obj

log = logging.getLogger(__name__)

Put = Callable[[str, dict, dict | None], None]     # (source name, line, origin of a set-up line)


class _Stopped(Exception):
    pass


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
        except _Stopped:
            return
        except Exception:
            log.exception("%s stopped with an error", self.name)
        if self._on_end and not self._stop.is_set():
            self._on_end()

    def emit(self, line: dict, origin: dict | None = None) -> None:
        if self._stop.is_set():
            raise _Stopped()
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
                raise _Stopped()
        self._put(self.name, line, origin)
        if self.speed > 0 and self._stop.wait(self.speed):
            raise _Stopped()

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


class AutoplaySource(LineSource):
    """Seeded bots (simulator.autoplay) play `matches` matches in a row, from `seed` upwards."""

    name = "autoplay"

    def __init__(self, seed: int, options: dict, put: Put, matches: int = 1, **kw):
        self.seed, self.options, self.matches = seed, dict(options), matches
        super().__init__(put, **kw)

    def run(self) -> None:
        from simulator.autoplay import simulate
        first = int((self._resume_origin or {}).get("seed", self.seed))
        for seed in range(first, self.seed + self.matches):
            origin = {"seed": seed}

            def on_line(line: dict, out, origin=origin) -> None:
                self.emit(line, origin if line.get("type") == "setup" else None)

            started = time.monotonic()
            try:
                simulate(seed, self.options, on_line=on_line)
            except _Stopped:
                raise
            except Exception:         # a bot the core disagrees with: that match is left (abandoned by the next)
                if seed == self.seed + self.matches - 1:
                    raise
                log.exception("autoplay seed %d stopped; going on with seed %d", seed, seed + 1)
                continue
            log.info("autoplay seed %d played in %.1f s", seed, time.monotonic() - started)


class BotOpponent:
    """A seeded bot playing one team against a person in the browser simulator (`sim --human red`).

    The daemon offers it the game on the core thread after every input that changed the state; when its
    team is to act it picks an action there (the game cannot change under it), and a thread of its own puts
    the action's board lines on the input queue after a moment's thought, unless the state moved on
    meanwhile (then the next offer decides again)."""

    name = "bot"
    sets_up = False           # it joins the match the daemon sets up

    def __init__(self, team: str, seed: int, put: Put, think: float = 1.0):
        from simulator.bots import Bot
        self.team = 0 if team == "red" else 1
        self.bot = Bot(seed, dawdle=0.0)
        self._put, self.think = put, think
        self._offered = -1
        self._plan: tuple[int, list[dict]] | None = None
        self._cond = threading.Condition()
        self._stop = threading.Event()
        self._seq = lambda: -1
        self._thread = threading.Thread(target=self._run, name="soccerboard-bot", daemon=True)

    def attach(self, daemon) -> BotOpponent:
        daemon.after_step.append(self.offer)
        self._seq = lambda: daemon.referee.seq
        return self

    def offer(self, referee) -> None:
        """Core thread: decide when the state changed and the bot's team is to act."""
        core = referee.core
        if referee.seq == self._offered or core.game is None:
            return
        self._offered = referee.seq
        if core.pending is not None or core.mismatch is not None or core.question is not None:
            return
        from simulator.lines import lines_for
        from simulator.opponent import choose
        action = choose(core.game, self.team, self.bot)
        if action is None:
            return
        with self._cond:
            self._plan = (referee.seq, lines_for(core.game, action))
            self._cond.notify()

    def start(self) -> BotOpponent:
        self._thread.start()
        return self

    def resume(self, origin, journal_lines, normalise=None) -> None:
        """Nothing to skip: the bot decides from the game as it stands."""

    def stop(self) -> None:
        self._stop.set()
        with self._cond:
            self._cond.notify()
        self._thread.join(2.0)

    def _run(self) -> None:
        while not self._stop.is_set():
            with self._cond:
                while self._plan is None and not self._stop.is_set():
                    self._cond.wait()
                plan, self._plan = self._plan, None
            if plan is None or self._stop.wait(self.think):
                continue
            seq, lines = plan
            if self._seq() != seq:            # a person acted meanwhile (or undid): decide again
                continue
            for line in lines:
                self._put(self.name, line, None)

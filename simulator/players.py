"""The simulator's players in the live daemon: seeded bots playing both teams, or one team against a person.

Both put scenario lines on the daemon's one input queue, exactly where the hardware poller puts its lines,
through the daemon's `LineSource` machinery (pace, back-pressure, resuming from the journal).
"""
from __future__ import annotations

import logging
import threading
import time

from controller.daemon.inputs.sources import LineSource, Put, Stopped
from controller.games import default
from controller.players import players_for

log = logging.getLogger(__name__)


class AutoplaySource(LineSource):
    """Seeded bots play `matches` matches in a row, from `seed` upwards: the bots of the match's game
    (`ruleset`, the default game when None), found through the registry (controller.players)."""

    name = "autoplay"

    def __init__(self, seed: int, options: dict, put: Put, matches: int = 1, ruleset: str | None = None, **kw):
        self.seed, self.options, self.matches = seed, dict(options), matches
        self.play_match = players_for(ruleset or default().name).play_match
        super().__init__(put, **kw)

    def run(self) -> None:
        first = int((self._resume_origin or {}).get("seed", self.seed))
        for seed in range(first, self.seed + self.matches):
            origin = {"seed": seed}

            def on_line(line: dict, out, origin=origin) -> None:
                self.emit(line, origin if line.get("type") == "setup" else None)

            started = time.monotonic()
            try:
                self.play_match(seed, self.options, on_line=on_line)
            except Stopped:
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

    def __init__(self, team: str, seed: int, put: Put, think: float = 1.0, ruleset: str | None = None):
        self.team = 0 if team == "red" else 1
        self.bot = players_for(ruleset or default().name).opponent(self.team, seed)   # the game's own bot
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
        lines = self.plan(core.game)
        if lines is None:
            return
        with self._cond:
            self._plan = (referee.seq, lines)
            self._cond.notify()

    def plan(self, game) -> list[dict] | None:
        """The board lines of the bot's next action in `game`, or None when its team has nothing to do."""
        return self.bot.plan(game)

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

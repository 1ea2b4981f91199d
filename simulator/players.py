"""The simulator's players in the live daemon: seeded bots playing both teams, or one team against a person.

Both put scenario lines on the daemon's one input queue, exactly where the hardware poller puts its lines,
through the daemon's `LineSource` machinery (pace, back-pressure, resuming from the journal).
"""
from __future__ import annotations

import logging
import time

from controller.daemon.computer_seat import ComputerSeat
from controller.daemon.inputs.sources import LineSource, Put, Stopped
from controller.daemon.match_seat import MatchSeat
from controller.games import default
from controller.players import Opponent, players_for
from hal.board import TEAMS

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
    """A seeded bot playing one team against a person in the browser simulator (`sim --human red`): the computer's
    seat (controller/daemon/computer_seat.py) with the game's own casual bot for that team. Offered the game after
    every input that changed it, it decides on a copy on a thread of its own and puts the action's board lines on
    the input queue after a moment's thought, unless the state moved on meanwhile (then it decides again)."""

    name = "bot"
    sets_up = False           # it joins the match the daemon sets up

    def __init__(self, team: str, seed: int, put: Put, think: float = 1.0, ruleset: str | None = None):
        self.team = 0 if team == "red" else 1
        self.seed, self.think, self.ruleset = seed, think, ruleset
        self.seat: ComputerSeat | None = None

    def attach(self, daemon) -> BotOpponent:
        self.seat = ComputerSeat(daemon, self.seed, self.think, hands=False, players=self._casual,
                                 seat=MatchSeat(TEAMS[self.team]), name=self.name).attach()
        return self

    def _casual(self, game_name: str, team: int, level: int, seed: int) -> Opponent:
        return players_for(self.ruleset or game_name).opponent(team, seed)     # the game's own bot

    def start(self) -> BotOpponent:
        if self.seat is not None:
            self.seat.start()
        return self

    def resume(self, origin, journal_lines, normalise=None) -> None:
        """Nothing to skip: the bot decides from the game as it stands."""

    def stop(self) -> None:
        if self.seat is not None:
            self.seat.stop()

"""Soccer Tactics WORLD behind the Ruleset interface of controller/seam.py."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from pydantic import ValidationError

from controller.i18n import say
from controller.scenario import ClockLine, PressLine, RollLine, Setup, Signal, SpinLine

from . import clock, physical, reach
from . import geometry as g
from .actions import Action, MinorFoul, Press, Roll, Spin, Tick
from .errors import Illegal
from .game import Game
from .pieces import TEAMS, parse_pawn, parse_team
from .profile import Profile, default_profile
from .snapshot import snapshot_of
from .state import Options

if TYPE_CHECKING:
    from controller.seam import GameState, GridGame, LedLayers


class SoccerTacticsWorld:
    name = "soccer_tactics_world"

    def __init__(self, options: dict[str, Any] | Options | None = None, profile: Profile | None = None) -> None:
        if isinstance(options, Options):
            self.options = options
        else:
            self.options = Options(**(options or {}))
        self.profile = profile or default_profile()

    def prepare(self) -> None:
        reach.prepare()

    def new_game(self, setup: Setup) -> Game:
        if setup.turn is not None:          # the team to act is the offense: a set-up here has no turn
            raise ValueError("turn: a set-up of this game names no team to roll (the offense plays first)")
        opts = self.options
        if setup.options:
            try:
                opts = Options(**{**self.options.model_dump(), **setup.options})
            except ValidationError as e:
                err = e.errors()[0]
                raise ValueError(f"options.{'.'.join(map(str, err['loc']))}: {err['msg']}") from None
        period, elapsed = self._clock(setup, opts)
        if setup.pawns is None:
            if setup.ball is not None or setup.offense is not None:
                raise ValueError("an explicit set-up needs 'pawns' as well as 'ball' and 'offense'")
            kickoff = parse_team(setup.kickoff) if setup.kickoff else None
            if kickoff is None and setup.clock is not None:
                raise ValueError("clock: a set-up that starts with the roll-off starts the match (no 'clock'; "
                                 "or name the team to kick off with 'kickoff')")
            return Game.kick_off(kickoff, opts, self.profile, period, elapsed)
        if setup.ball is None or setup.offense is None:
            raise ValueError("an explicit set-up needs 'ball' and 'offense'")
        pawns = {parse_pawn(pid): g.parse(sq) for pid, sq in setup.pawns.items()}
        return Game.from_position(pawns, g.parse(setup.ball), TEAMS.index(setup.offense), setup.phase,
                                  opts, self.profile, period, elapsed)

    @staticmethod
    def _clock(setup: Setup, opts: Options) -> tuple[int, float]:
        """The set-up's `clock` key checked against the options: (period, seconds played in it)."""
        if setup.clock is None:
            return 1, 0.0
        period, elapsed = setup.clock.period, setup.clock.elapsed
        if period > 2 and not opts.extra_time:
            raise ValueError(f"clock.period: {period} is extra time, and this match has none (options.extra_time)")
        length = (opts.half_minutes if period <= 2 else opts.extra_time_minutes) * 60.0
        if elapsed >= length:
            raise ValueError(f"clock.elapsed: {elapsed:g} s is not within period {period} ({length:g} s long)")
        return period, elapsed

    def action_for(self, line: Signal) -> Action:
        if isinstance(line, RollLine):
            return Roll(TEAMS.index(line.die), line.value)
        if isinstance(line, SpinLine):
            return Spin(line.outcome)
        if isinstance(line, PressLine):
            return Press(line.button)
        if isinstance(line, ClockLine):
            return Tick(line.advance)
        raise Illegal("bad_input", say("{type} lines belong to another game, not Soccer Tactics WORLD",
                                       type=line.type))

    # The core hands back only the games this ruleset made (new_game), hence the casts to Game.
    def expected_occupancy(self, game: GridGame) -> bytearray:
        return physical.expected_occupancy(cast(Game, game))

    def read_difference(self, game: GridGame, missing: list[tuple[int, str]], extra: list[tuple[int, str]],
                        final: bool = False) -> physical.Reading:
        return physical.read_difference(cast(Game, game), missing, extra, final)

    def minor_foul_for(self, game: GridGame, missing: list[tuple[int, str]], extra: list[tuple[int, str]],
                       error: Illegal | None) -> MinorFoul | None:
        return physical.strict_foul(cast(Game, game), missing, extra, error)

    def led_layers(self, game: GameState) -> LedLayers:
        return cast(Game, game)

    def snapshot(self, game: GameState) -> dict[str, Any]:
        return snapshot_of(cast(Game, game)).to_json_dict()

    @staticmethod
    def due_in(snapshot: dict[str, Any]) -> float | None:
        return clock.due_in(snapshot["clock"]) if snapshot.get("clock") else None

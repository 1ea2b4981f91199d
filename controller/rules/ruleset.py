"""Soccer Tactics WORLD behind the Ruleset interface of controller/ruleset.py."""
from __future__ import annotations

from pydantic import ValidationError

from . import geometry as g
from . import paths, physical
from .actions import Press, Roll, Spin, Tick
from .engine import Game
from .pieces import TEAMS, parse_pawn, parse_team
from .profile import Profile, default_profile
from .snapshot import snapshot_of
from .state import Options


class SoccerTacticsWorld:
    name = "soccer_tactics_world"

    def __init__(self, options: dict | Options | None = None, profile: Profile | None = None):
        if isinstance(options, Options):
            self.options = options
        else:
            self.options = Options(**(options or {}))
        self.profile = profile or default_profile()

    def prepare(self) -> None:
        paths.prepare()

    def new_game(self, setup) -> Game:
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
    def _clock(setup, opts: Options) -> tuple[int, float]:
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

    def action_for(self, line):
        kind = line.type
        if kind == "roll":
            return Roll(TEAMS.index(line.die), line.value)
        if kind == "spin":
            return Spin(line.outcome)
        if kind == "press":
            return Press(line.button)
        if kind == "clock":
            return Tick(line.advance)
        raise ValueError(f"{kind} lines are physical, not actions")

    expected_occupancy = staticmethod(physical.expected_occupancy)
    read_difference = staticmethod(physical.read_difference)
    minor_foul_for = staticmethod(physical.strict_foul)

    def snapshot(self, game: Game) -> dict:
        return snapshot_of(game).to_json_dict()

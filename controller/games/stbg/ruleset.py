"""Soccer The Board Game behind the Ruleset interface of controller/seam.py."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from pydantic import ValidationError

from controller.i18n import say
from controller.scenario import CardLine, ClockLine, HandLine, PressLine, RollLine, Setup, Signal
from controller.seam import Illegal, Reading

from . import clock
from .actions import Action, Card, Done, Hand, Roll, Star, Substitution, Tick
from .board import parse, parse_pawn, parse_team
from .game import Game
from .physical import expected_occupancy, read_difference
from .snapshot import snapshot_of
from .state import Options

if TYPE_CHECKING:
    from controller.seam import GameState, GridGame, LedLayers


class SoccerTheBoardGame:
    """No minor fouls in this game (it is not a CallsMinorFouls): a refused placement is only corrected."""
    name = "stbg"
    moves_go_on = True
    """S29, S36: a token lifted again with no other input between goes on with the same move (the core asks)."""

    def __init__(self, options: dict[str, Any] | Options | None = None) -> None:
        self.options = options if isinstance(options, Options) else Options(**(options or {}))

    def prepare(self) -> None:
        """Nothing to build: the engine's tables are made at import."""

    def new_game(self, setup: Setup) -> Game:
        opts = self.options
        if setup.options:
            try:
                opts = Options(**{**self.options.model_dump(), **setup.options})
            except ValidationError as e:
                err = e.errors()[0]
                raise ValueError(f"options.{'.'.join(map(str, err['loc']))}: {err['msg']}") from None
        period, elapsed = 1, 0.0
        if setup.clock is not None:
            period, elapsed = setup.clock.period, setup.clock.elapsed
            if period > 2:
                raise ValueError(f"clock.period: this game has 2 periods, not {period}")
            if elapsed >= opts.half_minutes * 60:
                raise ValueError(f"clock.elapsed: {elapsed:g} s is not within the period")
        if setup.pawns is None:
            if setup.ball is not None or setup.turn is not None:
                raise ValueError("an explicit set-up needs 'pawns' as well as 'ball' and 'turn'")
            kickoff = parse_team(setup.kickoff) if setup.kickoff else None
            if kickoff is None and setup.clock is not None:
                raise ValueError("clock: a set-up that starts with the roll-off starts the match")
            return Game.kick_off(kickoff, opts, period, elapsed)
        turn = setup.turn or setup.offense
        if setup.ball is None or turn is None:
            raise ValueError("an explicit set-up needs 'ball' and 'turn'")
        pawns = {parse_pawn(pid): parse(sq) for pid, sq in setup.pawns.items()}
        return Game.from_position(pawns, parse(setup.ball), parse_team(turn), opts, period, elapsed)

    def action_for(self, line: Signal) -> Action:
        if isinstance(line, RollLine):
            return Roll(parse_team(line.die), line.value)
        if isinstance(line, ClockLine):
            return Tick(line.advance)
        if isinstance(line, CardLine):
            return Card(line.card)
        if isinstance(line, HandLine):
            return Hand(parse_team(line.team), tuple(line.cards))
        if isinstance(line, PressLine):
            button = line.button
            if button in ("done", "star_pass", "star_shoot", "star_steal") and line.team is None:
                raise Illegal("bad_input", say("press {button} needs a 'team'", button=button))
            if button == "done":
                return Done(parse_team(cast(str, line.team)))
            if button.startswith("star_"):
                return Star(parse_team(cast(str, line.team)), button.removeprefix("star_"))
            if button == "substitution":
                if line.pawn is None:
                    raise Illegal("bad_input", say("press substitution needs a 'pawn'"))
                try:
                    pawn = parse_pawn(line.pawn)
                except ValueError as e:
                    raise Illegal("bad_input", str(e)) from None
                if line.team is not None and parse_team(line.team) != pawn // 6:
                    raise Illegal("bad_input", say("{pawn} is not a {team} pawn", pawn=line.pawn, team=line.team))
                return Substitution(pawn)
            raise Illegal("not_expected", say("the {button} button means nothing in this game", button=button))
        raise Illegal("not_expected", say("{type} lines mean nothing in this game", type=line.type))

    def expected_occupancy(self, game: GridGame) -> bytearray:
        return expected_occupancy(cast(Game, game))

    def read_difference(self, game: GridGame, missing: list[tuple[int, str]], extra: list[tuple[int, str]],
                        final: bool = False) -> Reading:
        return read_difference(cast(Game, game), missing, extra, final)

    def led_layers(self, game: GameState) -> LedLayers:
        return cast(Game, game)

    def snapshot(self, game: GameState) -> dict[str, Any]:
        return snapshot_of(cast(Game, game)).to_json_dict()

    @staticmethod
    def due_in(snapshot: dict[str, Any]) -> float | None:
        return clock.due_in(snapshot["clock"]) if snapshot.get("clock") else None

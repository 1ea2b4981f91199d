"""Soccer!! for the coaches' phones and the board's LEDs (controller/seam.py TeamLines, LitTurn): whose coach
enters each line, what each team's coach sees, and which team is to act now.

A line is its team's by what it names: a roster or a decline its `team`, a die its colour, a kick-off its kicker,
a substitution the model going off, an `end_phase` its `team`, every other line the model acting. A `ball` line
(where the ball went out), an `end_phase` without `team` and a `dispute` name no team, so either coach may enter
them, as either player at the table may say so."""
from __future__ import annotations

from typing import Any, cast

from pydantic import ValidationError

from controller.i18n import say
from controller.scenario import GameLine, RollLine, Signal
from controller.seam import GameState, Illegal

from .flow import awaiting
from .lines import LINE_MODELS
from .state import TEAMS, Match

_EITHER = frozenset({"ball", "end_phase", "dispute"})
_NAMED_BY = {"roster": "team", "decline": "team", "kick_off": "from", "substitute": "off", "end_phase": "team"}


def _match(game: GameState) -> Match:
    return cast(Any, game).match


class CoachLines:
    """What the Soccer!! ruleset adds for the coaches' path and the board's LEDs."""

    def team_of(self, line: Signal) -> str | None:
        """The team whose coach may enter `line`: None for a line either may; Illegal for one no coach enters
        (not_a_coach_line) or that is malformed (bad_input)."""
        if isinstance(line, RollLine):
            return line.die
        if not isinstance(line, GameLine) or line.type not in LINE_MODELS:
            raise Illegal("not_a_coach_line", say("{type} lines are not entered by a coach in this game",
                                                  type=line.type))
        try:
            LINE_MODELS[line.type].model_validate(dict(line.fields))
        except ValidationError as e:
            err = e.errors()[0]
            where = ".".join(str(p) for p in err["loc"]) or "line"
            raise Illegal("bad_input", say("{type} line, {where}: {msg}", type=line.type, where=where,
                                           msg=err["msg"])) from None
        if line.type in _EITHER and line.fields.get(_NAMED_BY.get(line.type, "")) is None:
            return None
        named = str(line.fields[_NAMED_BY.get(line.type, "model")])
        return named.split("-", 1)[0]

    def team_view(self, game: GameState, team: str) -> dict[str, Any]:
        """The published snapshot, with every level and skill of the team's own models (P30 hides the levels no
        roll has used yet from the other team and the spectators, not from the model's own coach)."""
        from .snapshot import snapshot_of
        m = _match(game)
        view = snapshot_of(m).to_json_dict()
        for mid, model in m.models.items():
            if model.team == team:
                levels: dict[str, int | str] = dict(model.levels)
                if model.skill is not None:
                    levels["skill"] = model.skill
                view["models"][mid]["levels"] = levels
        return view

    def teams_to_act(self, game: GameState) -> tuple[str, ...]:
        """The team awaited (P40 `awaiting.team`); with none named, the teams owing dice, or both while either may
        act (the rosters, a loose ball); none once the match is over."""
        a = awaiting(_match(game))
        if a["what"] == "none":
            return ()
        if a["team"] in TEAMS:
            return (a["team"],)
        owing = tuple(t for t in TEAMS if a["dice"].get(t))
        return owing or TEAMS

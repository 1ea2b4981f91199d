"""The published state of a Soccer!! match (P40): a versioned pydantic model whose JSON Schema is exported to
snapshot.schema.json. Levels are hidden until a roll uses them (P30); Awareness is always public."""
from __future__ import annotations

from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from controller.snapshot_parts import Dice

from .flow import awaiting
from .state import Match, num

SCHEMA: Final = "soccerboard.soccer-snapshot/1"
Team = Literal["red", "blue"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Score(_Model):
    red: int
    blue: int


class BallState(_Model):
    holder: str | None
    state: Literal["held", "high", "loose", "dead"]


class Awaiting(_Model):
    what: str
    for_: str | None = Field(alias="for")
    team: Team | None
    model: str | None
    dice: Score
    may: list[str]
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class ModelState(_Model):
    team: Team
    shirt: int
    name: str
    status: Literal["pitch", "bench", "off", "sent_off"]
    keeper: bool
    neutralized: bool
    moved: int | float
    yellow: int
    zone_cm: int | float
    levels: dict[str, int | str]


class SoccerSnapshot(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    schema_: Literal["soccerboard.soccer-snapshot/1"] = Field(SCHEMA, alias="schema")
    ruleset: Literal["soccer"]
    score: Score
    half: int
    turn: int
    half_length: int
    counted: int
    phase: str
    team: Team | None
    ball: BallState
    acted: bool
    awaiting: Awaiting
    models: dict[str, ModelState]
    substitutions_left: Score
    units: Literal["cm", "in"]
    dice: Dice | None = None           # filled in by the core

    def to_json_dict(self) -> dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True)


def _levels(levels: dict[str, int], public: list[str], skill: str | None) -> dict[str, int | str]:
    shown: dict[str, int | str] = {k: v for k, v in levels.items() if k in public}
    if skill is not None and "skill" in public:
        shown["skill"] = skill
    return shown


def snapshot_of(m: Match) -> SoccerSnapshot:
    a = awaiting(m)
    return SoccerSnapshot(
        ruleset="soccer", score=Score(**m.score), half=m.half, turn=m.turn, half_length=m.half_length,
        counted=m.counted, phase=m.phase, team=m.team,  # type: ignore[arg-type]
        ball=BallState(holder=m.ball.holder, state=m.ball.state), acted=m.acted,
        awaiting=Awaiting(what=a["what"], for_=a["for"], team=a["team"], model=a["model"],
                          dice=Score(**a["dice"]), may=a["may"]),
        models={mid: ModelState(team=x.team, shirt=x.shirt, name=x.name,  # type: ignore[arg-type]
                                status=x.status, keeper=x.keeper, neutralized=x.neutralized,
                                moved=num(x.moved), yellow=x.yellow,
                                zone_cm=num(m.zone(x)),
                                levels=_levels(x.levels, x.public, x.skill))
                for mid, x in sorted(m.models.items(), key=lambda kv: (kv[1].team != "red", kv[1].shirt))},
        substitutions_left=Score(**m.substitutions_left), units=m.options.units)

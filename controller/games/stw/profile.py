"""The board profile: where the areas of the pitch are, loaded from an editable data file.

The owner of a physical board may draw its areas differently; the profile is validated on load so
a typo gives one clear sentence instead of a wrong referee.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Self

from pydantic import (
    BaseModel,
    ConfigDict,
    ValidationError,
    field_validator,
    model_validator,
)

from . import geometry as g

RED, BLUE = 0, 1


def _parse_squares(items: list[str]) -> list[int]:
    """Squares from names and rectangles ('b1-g3')."""
    out: list[int] = []
    for item in items:
        if "-" in item:
            a, b = item.split("-", 1)
            sa, sb = g.parse(a), g.parse(b)
            out.extend(g.squares_of(g.rect(g.file_of(sa), g.rank_of(sa), g.file_of(sb), g.rank_of(sb))))
        else:
            out.append(g.parse(item))
    return out


class EndModel(BaseModel):
    """The areas at the red end; the blue end is their mirror image."""
    model_config = ConfigDict(extra="forbid")
    goal_area: list[str]
    penalty_area: list[str]
    penalty_spot: list[str]
    penalty_arc: list[str]
    long_distance: list[str]
    corners: list[str]
    own_half: list[str]

    @field_validator("*")
    @classmethod
    def _squares(cls, v: list[str]) -> list[str]:
        try:
            _parse_squares(v)
        except ValueError as e:
            raise ValueError(str(e)) from None
        if not v:
            raise ValueError("must name at least one square")
        return v


class FormationModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    keeper: str
    defenders: list[str]
    midfielders: list[str]
    kickoff_strikers: list[str]
    other_strikers: list[str]

    @model_validator(mode="after")
    def _counts(self) -> Self:
        for field, want in (("defenders", 4), ("midfielders", 4), ("kickoff_strikers", 2), ("other_strikers", 2)):
            if len(getattr(self, field)) != want:
                raise ValueError(f"formation.{field} needs {want} squares")
        for s in [self.keeper, *self.defenders, *self.midfielders, *self.kickoff_strikers, *self.other_strikers]:
            g.parse(s)
        return self


class ProfileModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    description: str = ""
    red_end: EndModel
    centre_circle: list[str]
    formation: FormationModel

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        end = self.red_end
        pa = set(_parse_squares(end.penalty_area))
        half = set(_parse_squares(end.own_half))
        if not set(_parse_squares(end.goal_area)) <= pa:
            raise ValueError("red_end.goal_area must lie inside red_end.penalty_area")
        if not set(_parse_squares(end.penalty_spot)) <= pa:
            raise ValueError("red_end.penalty_spot must lie inside red_end.penalty_area")
        if not pa <= half:
            raise ValueError("red_end.penalty_area must lie inside red_end.own_half")
        if len(half) != g.N_SQUARES // 2 or any(g.rank_of(s) > 8 for s in half):
            raise ValueError("red_end.own_half must be exactly ranks 1-8 (the blue half mirrors it)")
        for s in _parse_squares(end.penalty_arc) + _parse_squares(end.long_distance):
            if s in pa:
                raise ValueError(f"{g.name(s)} is a penalty-arc or long-distance square inside the penalty area")
        _parse_squares(self.centre_circle)
        return self


def mirror(sq: int) -> int:
    """The same square seen from the other end: rank r -> 17 - r."""
    return g.square(g.file_of(sq), 17 - g.rank_of(sq))


@dataclass(frozen=True)
class End:
    """One team's end of the pitch, as masks."""
    goal_area: int
    penalty_area: int
    penalty_spot: int
    penalty_arc: int
    long_distance: int
    corners: tuple[int, ...]
    own_half: int
    goal_rank: int          # rank of the goal line side: 1 for red, 16 for blue


@dataclass(frozen=True)
class Profile:
    """The validated geometry the engine works with: per team its own end (index RED / BLUE)."""
    name: str
    ends: tuple[End, End]
    centre_circle: int
    formation: FormationModel

    def formation_squares(self, team: int, kickoff: bool) -> dict[str, int]:
        """Role slot -> square of the kick-off formation for a team ('gk', 'd1'.., 'm1'.., 's1', 's2')."""
        f = self.formation
        strikers = f.kickoff_strikers if kickoff else f.other_strikers
        names = {"gk": f.keeper}
        names.update({f"d{i + 1}": s for i, s in enumerate(f.defenders)})
        names.update({f"m{i + 1}": s for i, s in enumerate(f.midfielders)})
        names.update({f"s{i + 1}": s for i, s in enumerate(strikers)})
        out = {k: g.parse(v) for k, v in names.items()}
        if team == BLUE:
            out = {k: mirror(v) for k, v in out.items()}
        return out


class ProfileError(ValueError):
    """A board profile that cannot be used, with a sentence saying why."""


def _build(model: ProfileModel) -> Profile:
    def end(mirrored: bool) -> End:
        def m(items: list[str]) -> int:
            sqs = _parse_squares(items)
            return g.mask_of(mirror(s) if mirrored else s for s in sqs)
        corners = tuple(sorted(g.squares_of(m(model.red_end.corners))))
        return End(
            goal_area=m(model.red_end.goal_area), penalty_area=m(model.red_end.penalty_area),
            penalty_spot=m(model.red_end.penalty_spot), penalty_arc=m(model.red_end.penalty_arc),
            long_distance=m(model.red_end.long_distance), corners=corners,
            own_half=m(model.red_end.own_half), goal_rank=16 if mirrored else 1,
        )
    return Profile(model.name, (end(False), end(True)), g.mask_of(_parse_squares(model.centre_circle)), model.formation)


def load_profile(path: str | Path | None = None) -> Profile:
    """Load and validate a profile; the default is the Soccer Tactics WORLD board shipped with the code."""
    try:
        if path is None:
            text = resources.files("controller.profiles").joinpath("soccer_tactics_world.json").read_text()
            where = "built-in profile soccer_tactics_world.json"
        else:
            text = Path(path).read_text()
            where = str(path)
        model = ProfileModel.model_validate(json.loads(text))
    except OSError as e:
        raise ProfileError(f"cannot read board profile {path}: {e.strerror}") from None
    except json.JSONDecodeError as e:
        raise ProfileError(f"board profile {where} is not valid JSON: {e.msg} at line {e.lineno}") from None
    except ValidationError as e:
        first = e.errors()[0]
        loc = ".".join(str(p) for p in first["loc"]) or "(top level)"
        raise ProfileError(f"board profile {where}: {loc}: {first['msg']}") from None
    return _build(model)


_DEFAULT: Profile | None = None


def default_profile() -> Profile:
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_profile()
    return _DEFAULT

"""Rosters (p.8-10, p.28, P1, P2, P38, P39): the standard roster, a roster line's changes over it, the checks
and the points each level and skill costs."""
from __future__ import annotations

import re

from controller.i18n import say
from controller.seam import Illegal

from .lines import RosterLine, RosterModel, handles
from .state import TEAMS, Event, Match, Model

COSTS: dict[str, tuple[int, ...]] = {"P": (10, 20, 30, 40), "H": (10, 20, 30, 40), "INT": (10, 20, 30, 40),
                                     "S": (10, 20, 40, 60), "A": (10, 25, 35, 45), "PC": (10, 15, 20, 25),
                                     "SV": (20, 40)}
SKILL_COST = 30
# P2 / P39: each skill's one name, and the names p.9-10 also give it
SKILLS = {"dribble": "Dribble", "dodge": "Dribble", "diveheader": "Dive Header", "fists": "Fists",
          "goalkick": "Goal kick", "quickexit": "Quick exit", "tacklein": "Tackle-in",
          "curvedkick": "Curved kick", "cornerkick": "Curved kick", "penaltykick": "Penalty kick",
          "reversekick": "Reverse kick", "jumping": "Jumping", "throwin": "Throw-in", "sprint": "Sprint",
          "fastattack": "Sprint", "teamcaptain": "Team Captain"}
KEEPER_SKILLS = ("Fists", "Goal kick", "Quick exit")
STARTERS, BENCH = 11, 3


def skill_name(text: str) -> str | None:
    """P39: matched ignoring case, spaces, '-' and '_'."""
    return SKILLS.get(re.sub(r"[\s_-]", "", text).lower())


def standard(team: str) -> list[RosterModel]:
    """Shirts 1-14, 12-14 on the bench, all P2 S2 H2 INT2 A2 PC1; keepers 1 (SV2) and 12 (SV1); 10 is the
    Team Captain: 1700 points."""
    models = []
    for shirt in range(1, 15):
        keeper = shirt in (1, 12)
        models.append(RosterModel(shirt=shirt, name=f"{team.title()} {shirt}", P=2, S=2, H=2, INT=2, A=2, PC=1,
                                  SV={1: 2, 12: 1}.get(shirt), gk=keeper, bench=shirt >= 12,
                                  skill="Team Captain" if shirt == 10 else None))
    return models


def model_cost(entry: RosterModel) -> int:
    cost = sum(COSTS[k][getattr(entry, k) - 1] for k in ("P", "S", "H", "INT", "A", "PC"))
    if entry.SV is not None:
        cost += COSTS["SV"][entry.SV - 1]
    return cost + (SKILL_COST if entry.skill else 0)


def check(team: str, entries: list[RosterModel], points: int) -> None:
    """P1, P39: Illegal roster_invalid with what is wrong."""
    def bad(why: str) -> Illegal:
        return Illegal("roster_invalid", say("{team}'s roster: {why}", team=team, why=why))
    for e in entries:
        levels = [getattr(e, k) for k in ("P", "S", "H", "INT", "A", "PC")]
        if any(not 1 <= v <= 4 for v in levels):
            raise bad(f"shirt {e.shirt}: levels are 1-4")
        if e.SV is not None and not 1 <= e.SV <= 2:
            raise bad(f"shirt {e.shirt}: SV is 1-2")
        if e.SV is not None and not e.gk:
            raise bad(f"shirt {e.shirt}: only keepers have SV")
        if levels.count(4) > 1 or sum(v >= 3 for v in levels) - levels.count(4) > 2:
            raise bad(f"shirt {e.shirt}: at most one level 4 and two level 3s")
        if e.skill is not None:
            name = skill_name(e.skill)
            if name is None:
                raise bad(f"shirt {e.shirt}: no skill is called {e.skill!r}")
            if name in KEEPER_SKILLS and not e.gk:
                raise bad(f"shirt {e.shirt}: {name} is a keeper's skill")
    if len(entries) != STARTERS + BENCH:
        raise bad(f"{len(entries)} models, not 14")
    starters = [e for e in entries if not e.bench]
    if len(starters) != STARTERS:
        raise bad(f"{len(starters)} starters, not 11 (and 3 on the bench)")
    if sum(e.gk for e in starters) != 1:
        raise bad("the 11 starters have one keeper")
    fours = sum([getattr(e, k) for k in ("P", "S", "H", "INT", "A", "PC")].count(4) for e in entries)
    if fours > 7:
        raise bad(f"{fours} level 4s (at most 7)")
    skills = [skill_name(e.skill) for e in entries if e.skill]
    if len(skills) > 6:
        raise bad(f"{len(skills)} skills (at most 6)")
    if skills.count("Team Captain") != 1:
        raise bad("exactly one Team Captain")
    cost = sum(model_cost(e) for e in entries)
    if cost > points:
        raise bad(f"{cost} points, over the budget of {points}")


def merged(team: str, changes: list[RosterModel]) -> list[RosterModel]:
    """P39: each listed model replaces its shirt's standard entry whole."""
    by_shirt = {e.shirt: e for e in standard(team)}
    for e in changes:
        by_shirt[e.shirt] = e
    return [by_shirt[s] for s in sorted(by_shirt)]


def models_of(team: str, entries: list[RosterModel]) -> dict[str, Model]:
    out = {}
    for e in entries:
        levels = {k: getattr(e, k) for k in ("P", "S", "H", "INT", "A", "PC")}
        if e.SV is not None:
            levels["SV"] = e.SV
        mid = f"{team}-{e.shirt}"
        out[mid] = Model(mid, team, e.shirt, e.name, levels, skill_name(e.skill) if e.skill else None,
                         status="bench" if e.bench else "pitch", keeper=e.gk and not e.bench, public=["A"])
    return out


def standard_models() -> dict[str, Model]:
    return {k: v for t in TEAMS for k, v in models_of(t, standard(t)).items()}


@handles("roster")
def roster(m: Match, line: RosterLine) -> list[Event]:
    """P38: after the set-up until another line is accepted; a refused one changes nothing."""
    if not m.rosters_open:
        raise Illegal("not_expected", say("rosters are sent before the kick-off"))
    shirts = [e.shirt for e in line.models]
    if len(set(shirts)) != len(shirts):
        raise Illegal("roster_invalid", say("{team}'s roster names a shirt twice", team=line.team))
    entries = merged(line.team, list(line.models))
    check(line.team, entries, m.options.points)
    for mid in [k for k, v in m.models.items() if v.team == line.team]:
        del m.models[mid]
    m.models.update(models_of(line.team, entries))
    if line.team in m.rosters_due:
        m.rosters_due.remove(line.team)
    return [{"event": "roster", "team": line.team, "points": sum(model_cost(e) for e in entries)}]

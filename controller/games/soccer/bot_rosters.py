"""Rosters the Soccer!! bots enter: legal random ones (P1) drawn from the standard roster by trades of levels and
skills, and the `roster` line that carries them."""
from __future__ import annotations

import random
from typing import Any

from controller.seam import Illegal

from .lines import RosterModel
from .roster import COSTS, KEEPER_SKILLS, check, merged, model_cost, standard

Line = dict[str, Any]
FIELD_SKILLS = ("Dribble", "Tackle-in", "Dive Header", "Jumping", "Curved kick", "Penalty kick", "Reverse kick",
                "Throw-in", "Sprint")
STATS = ("P", "S", "H", "INT", "A", "PC")


def random_roster(team: str, rng: random.Random, points: int = 1700, steps: int = 60) -> list[RosterModel]:
    """A legal roster (P1) drawn from the standard one by random trades of levels and skills, each kept only if
    the roster stays within the rules and the budget: the changed models, for a `roster` line."""
    entries = {e.shirt: e for e in standard(team)}
    for _ in range(steps):
        shirt = rng.randint(1, 14)
        e = entries[shirt]
        if rng.random() < 0.15:
            skills = KEEPER_SKILLS + FIELD_SKILLS if e.gk else FIELD_SKILLS
            if e.skill == "Team Captain":
                continue
            changed = e.model_copy(update={"skill": None if e.skill and rng.random() < 0.5 else rng.choice(skills)})
        else:
            stat = rng.choice(STATS)
            level = getattr(e, stat) + rng.choice((-1, 1))
            if not 1 <= level <= len(COSTS[stat]):
                continue
            changed = e.model_copy(update={stat: level})
        trial = {**entries, shirt: changed}
        try:
            check(team, merged(team, list(trial.values())), points)
        except Illegal:         # a trade the rules refuse is not made
            continue
        entries = trial
    base = {e.shirt: e for e in standard(team)}
    return [e for s, e in sorted(entries.items()) if e != base[s]]


def roster_changes(team: str, rng: random.Random, points: int = 1700) -> list[RosterModel]:
    """A random roster half the time, else the standard one restated by one model (a roster line names one)."""
    changes = random_roster(team, rng, points) if rng.random() < 0.5 else []
    return changes or [standard(team)[9]]


def roster_line(team: str, changes: list[RosterModel]) -> Line:
    return {"type": "roster", "team": team,
            "models": [e.model_dump(exclude_none=True, exclude_defaults=False) for e in changes]}


def roster_points(team: str, changes: list[RosterModel]) -> int:
    return sum(model_cost(e) for e in merged(team, changes))

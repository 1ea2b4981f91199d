"""The markings a drawing of a match shows (controller/render.py): the board's areas, spots, corners and centre,
without the penalty arc and the long-distance squares, which this game does not play with."""
from __future__ import annotations

from dataclasses import dataclass

from .board import CORNERS, GOAL_AREA, GOAL_LINE_RANK, MIDDLE, PENALTY_AREA, SPOTS, mask


@dataclass(frozen=True)
class End:
    """One end's markings as square masks; `goal_rank` is the rank of its goal line."""
    goal_area: int
    penalty_area: int
    penalty_spot: int
    penalty_arc: int
    long_distance: int
    corners: tuple[int, ...]
    goal_rank: int


@dataclass(frozen=True)
class Pitch:
    centre_circle: int
    ends: tuple[End, End]


def pitch() -> Pitch:
    ends = tuple(End(goal_area=GOAL_AREA[t], penalty_area=PENALTY_AREA[t], penalty_spot=SPOTS[t], penalty_arc=0,
                     long_distance=0, corners=tuple(sorted(CORNERS[t])), goal_rank=GOAL_LINE_RANK[t])
                 for t in (0, 1))
    return Pitch(centre_circle=mask(*MIDDLE[0], *MIDDLE[1]), ends=(ends[0], ends[1]))

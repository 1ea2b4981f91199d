"""The dice tables and limits of Soccer!!'s movement, passes, claims and set pieces as small pure functions (the
rulebook's p.N and the spec's PN named).

Distances come in the match's unit (P49): with `units="in"` every limit and band is its cm figure / 2.5 rounded
down, via `limit`. The contests' tables are in contest_tables.py, the shots' and exits' in shot_tables.py.
"""

from __future__ import annotations

import math
from typing import Literal

Units = Literal["cm", "in"]
Height = Literal["low", "high"]
Orientation = Literal["front", "back"]

NEED_PASS = 3
NEED_THROW_IN = 3
NEED_KEEPER_BLOCK = 6  # P14: a deviation between the posts, keeper D6+A
KEEPER_HANDS_NATURAL_NEED = 3  # p.24: a throw from his hands needs a natural 3-6
HALF_TURNS = 12
HALF_TURNS_MAX = 15


def limit(cm_figure: float, units: Units = "cm") -> float:
    """P49: a rule's cm figure in the match's unit; in inches the cm figure / 2.5 rounded down (p.3)."""
    if units == "cm":
        return cm_figure
    return float(math.floor(cm_figure / 2.5))


def rolled_distance(cm_total: int, units: Units = "cm") -> float:
    """P49: a rolled distance (template dice, D6+3) in the match's unit."""
    return limit(cm_total, units)


def control_zone_cm(awareness: int) -> float:
    """p.8: a control zone is 2.5 cm plus 0.5 per Awareness level above 1."""
    return 2.5 + 0.5 * max(0, awareness - 1)


def half_length(counted: int) -> int:
    """p.6, P6: 12 turns plus one per two counted events, at most 15."""
    return min(HALF_TURNS_MAX, HALF_TURNS + counted // 2)


# --- movement and claims (p.11, p.13) ---

MOVE_CM = 20.0
HOLDER_FREE_MOVE_CM = 10.0  # p.11: beyond it an opponent within 10 cm of the path calls an awareness test
P8_INTERCEPT_CM = 10.0
WINNER_MOVE_CM = 5.0  # P9


def holder_keeps_moving(holder_total: int, opponent_total: int) -> bool:
    """p.11, P8: the holder moves on only when its D6+A is higher than the opponent's."""
    return holder_total > opponent_total


def claim_radius(moved: float) -> float:
    """p.13: others within 1.5 x the claimer's move may follow it (A5: 12 cm -> 18)."""
    return 1.5 * moved


def claim_follow(moved: float) -> float:
    """p.13: a follower moves as far as the claimer did."""
    return moved


def claim_is_tie(claimer_distance: float, opponent_distance: float, units: Units = "cm") -> bool:
    """P13: distances to the ball differing by at most 1 cm (an exact tie in inches) are a contest."""
    return abs(claimer_distance - opponent_distance) <= limit(1, units)


# --- passes, headers and the template (p.12-14, P10-P12, P15, P35-P36) ---

HEADER_MAX_CM = 25.0
PASS_TEMPLATE_CM = 60.0
KEEPER_PASS_TEMPLATE_CM = 80.0
GOAL_KICK_MAX_CM = 80.0
KEEPER_HANDS_MAX_CM = 40.0
SHORT_PASS_CM = 20.0


def is_short_pass(cm: float, height: Height, units: Units = "cm", header: bool = False) -> bool:
    """p.12: a Low pass up to 20 cm always succeeds; P15: never a header."""
    return not header and height == "low" and cm <= limit(SHORT_PASS_CM, units)


def pass_band_modifier(cm: float, keeper: bool = False, units: Units = "cm") -> int | None:
    """p.12, P11 (bands include their top): +0/-1/-2 to 20/40/60 cm, -3 to 80 (keepers); None: template, no roll."""
    bands = [(20, 0), (40, -1), (60, -2)] + ([(80, -3)] if keeper else [])
    for top, modifier in bands:
        if cm <= limit(top, units):
            return modifier
    return None


def pass_modifier(
    cm: float, height: Height, keeper: bool = False, units: Units = "cm", header: bool = False
) -> int | None:
    """p.12: band plus High -1 (P15: a header has no High -1); None beyond the band (template straight away)."""
    band = pass_band_modifier(cm, keeper, units)
    if band is None:
        return None
    return band - (1 if height == "high" and not header else 0)


def pass_succeeds(total: int) -> bool:
    """p.12: D6+P (or H) plus modifiers needs 3."""
    return total >= NEED_PASS


def template_dice(cm: float | None, units: Units = "cm") -> int:
    """p.13: cm dice for the template: 2D6 up to 40 cm, 3D6 to 80, 4D6 beyond; P12: 2D6 without a pass (None)."""
    if cm is None or cm <= limit(40, units):
        return 2
    if cm <= limit(80, units):
        return 3
    return 4


Direction = Literal["beyond", "long_right", "short_right", "back", "short_left", "long_left"]
TEMPLATE_DIRECTIONS: tuple[Direction, ...] = ("beyond", "long_right", "short_right", "back", "short_left", "long_left")


def template_direction(face: int) -> Direction:
    """P12: the template's arrows, 60 degrees apart at the target: 1 beyond ... 4 back to the passer ... 6 long-left.

    Without a pass (kick-away, post, deflection, play-out) arrow 1 points at the goal the rolling team attacks.
    """
    return TEMPLATE_DIRECTIONS[d6(face) - 1]


def keeper_blocks(total: int) -> bool:
    """P14: a deviation between the posts: keeper D6+A needs 6 (his hands), else a goal."""
    return total >= NEED_KEEPER_BLOCK


# --- set pieces (p.20-24, P22-P24, P35-P36, P45) ---

THROW_IN_MAX_CM = 20.0
THROW_IN_SKILL_MAX_CM = 30.0
THROWER_MOVE_CM = 15.0
FREE_KICK_TAKER_MOVE_CM = 10.0
CORNER_TAKER_MOVE_CM = 15.0
KEEPER_KICK_MOVE_CM = 10.0
KEEPER_HANDS_DEVIATION_BASE_CM = 3


def throw_in_max(skill: bool, units: Units = "cm") -> float:
    """p.20: a throw-in reaches 20 cm, 30 with the Throw-in skill."""
    return limit(THROW_IN_SKILL_MAX_CM if skill else THROW_IN_MAX_CM, units)


def throw_in_modifier(cm: float, skill: bool = False, opp_near: bool = False, units: Units = "cm") -> int:
    """p.20: target up to 10 cm +2, up to 20 +1, else +0; Throw-in skill +1; an opponent within 2.5 cm -1."""
    if cm <= limit(10, units):
        distance = 2
    elif cm <= limit(20, units):
        distance = 1
    else:
        distance = 0
    return distance + int(skill) - int(opp_near)


def throw_in_succeeds(total: int) -> bool:
    """p.20: a throw-in needs 3, else the template."""
    return total >= NEED_THROW_IN


def keeper_kick_max(with_hands: bool, units: Units = "cm") -> float:
    """p.24, P36: a goal kick or keeper's feet kick reaches 80 cm, a throw from his hands 40."""
    return limit(KEEPER_HANDS_MAX_CM if with_hands else GOAL_KICK_MAX_CM, units)


def keeper_throw_succeeds(natural: int) -> bool:
    """p.24: a throw from the keeper's hands succeeds on a natural 3-6."""
    return d6(natural) >= KEEPER_HANDS_NATURAL_NEED


def keeper_throw_deviation(face: int, units: Units = "cm") -> float:
    """p.24: a failed throw from his hands deviates D6+3 cm."""
    return rolled_distance(d6(face) + KEEPER_HANDS_DEVIATION_BASE_CM, units)


def corner_modifier(blocked: bool) -> int:
    """p.22: a corner is a pass, -1 when a defender blocks the taker's sight."""
    return -int(blocked)


def d6(face: int) -> int:
    """A die's face, checked: 1-6."""
    if not 1 <= face <= 6:
        raise ValueError(f"a D6 shows 1-6: {face}")
    return face


def two_d6(total: int) -> None:
    """A 2D6 total, checked: 2-12."""
    if not 2 <= total <= 12:
        raise ValueError(f"2D6 total out of range: {total}")

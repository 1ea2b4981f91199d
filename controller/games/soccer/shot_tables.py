"""The shots' dice tables (p.14, p.17-19, p.25, P16, P21, P26, P27, P31): the shot's conditions and modifiers, the
Failed and Saved tables, posts, a header at goal, and the keeper's exits."""

from __future__ import annotations

from typing import Literal

from .tables import Units, d6, limit, two_d6

NEED_EXIT_SHOT = 4  # P26: the shot after a failed exit

SHOT_ZONES_MAX = 2
SHOT_VIA_MAX_CM = {"ii": 2.5, "iii": 5.0}  # p.17: (ii) moved in the area to acquire, (iii) moved with the ball


def shot_allowed(via: Literal["i", "ii", "iii"], moved: float = 0.0, units: Units = "cm") -> bool:
    """p.17: (i) in the area before receiving; (ii) <= 2.5 cm moved in it to acquire; (iii) <= 5 cm with the ball."""
    if via == "i":
        return True
    return moved <= limit(SHOT_VIA_MAX_CM[via], units)


def shot_distance_modifier(goal_cm: float, units: Units = "cm") -> int:
    """p.18: nearest post or goal line up to 10 cm +1, up to 20 +0, farther -1."""
    if goal_cm <= limit(10, units):
        return 1
    if goal_cm <= limit(20, units):
        return 0
    return -1


def wall_modifier(wall: int) -> int:
    """p.22: a wall of 2/3/4 models: -1/-2/-3 (none: 0)."""
    if wall == 0:
        return 0
    if wall not in (2, 3, 4):
        raise ValueError(f"a wall has 2-4 models: {wall}")
    return -(wall - 1)


def shot_modifier(
    goal_cm: float,
    zones: int = 0,
    gk_out: bool = False,
    side: bool = False,
    penalty: bool = False,
    wall: int = 0,
    skill: bool = False,
    units: Units = "cm",
) -> int:
    """p.18: distance, -1 per opponent zone (max 2), keeper out of position +1, side area -2, penalty +1, wall;
    P2: a used skill (Penalty kick, Curved kick, Reverse kick) +1."""
    return (
        shot_distance_modifier(goal_cm, units)
        - min(zones, SHOT_ZONES_MAX)
        + int(gk_out)
        - (2 if side else 0)
        + int(penalty)
        + wall_modifier(wall)
        + int(skill)
    )


ShotOutcome = Literal["failed", "saved", "goal"]


def shot_outcome(difference: int) -> ShotOutcome:
    """p.18: shooter minus keeper: <= 0 Failed table, 1 Saved table, >= 2 goal."""
    if difference <= 0:
        return "failed"
    if difference == 1:
        return "saved"
    return "goal"


FailedResult = Literal["deflection", "goal_kick", "keeper_ball", "corner_kick", "post"]
SavedResult = Literal["goal", "corner_kick", "keeper_ball", "post"]


def failed_shot(total: int) -> FailedResult:
    """p.18 Failed table (keeper's 2D6): 2-3 off the closest interfering model (none: goal kick), 4-7 out (goal
    kick), 8-9 his hands, 10-11 corner, 12 post. 'deflection' is 2-3; the engine turns it into a goal kick when
    no interferer is named."""
    two_d6(total)
    if total <= 3:
        return "deflection"
    if total <= 7:
        return "goal_kick"
    if total <= 9:
        return "keeper_ball"
    if total <= 11:
        return "corner_kick"
    return "post"


def saved_shot(total: int) -> SavedResult:
    """p.19 Saved table (keeper's 2D6): 2 goal, 3-6 corner, 7-10 his hands, 11-12 post."""
    two_d6(total)
    if total == 2:
        return "goal"
    if total <= 6:
        return "corner_kick"
    if total <= 10:
        return "keeper_ball"
    return "post"


PostHit = Literal["left", "bar", "right"]


def post_hit(face: int) -> PostHit:
    """p.18-19, P31: the shooter's D6 for which post: 1-2 left, 3-4 the bar, 5-6 right."""
    return ("left", "bar", "right")[(d6(face) - 1) // 2]


def header_at_goal_modifier(line_cm: float, skill: bool = False, units: Units = "cm") -> int:
    """p.14, P16: +1 within 10 cm of the goal line, Dive Header +1 (P2); no other modifier."""
    return int(line_cm <= limit(10, units)) + int(skill)


HeaderOutcome = Literal["goal_kick", "keeper_roll", "goal"]


def header_at_goal_outcome(difference: int) -> HeaderOutcome:
    """p.14: header minus keeper: <= -1 goal kick, 0 the keeper's D6, >= 1 goal."""
    if difference <= -1:
        return "goal_kick"
    if difference == 0:
        return "keeper_roll"
    return "goal"


def header_keeper_roll(face: int) -> Literal["goal_kick", "keeper_ball", "post"]:
    """p.14: the keeper's D6 on a header's difference 0: 1-2 goal kick, 3-4 his hands, 5-6 the closest post."""
    return ("goal_kick", "keeper_ball", "post")[(d6(face) - 1) // 2]


def header_post_crossing(face: int) -> Literal["goal", "keeper_ball"]:
    """p.14, P31: after a header's post template the ball crossing the line: keeper's D6 1-3 goal, 4-6 saved."""
    return "goal" if d6(face) <= 3 else "keeper_ball"


# --- the keeper's exit (p.25, P26-P27) ---

ExitOffence = Literal["direct", "yellow", "red"]


def exit_need(cm: float, units: Units = "cm") -> int | None:
    """p.25: need 3 up to 10 cm, 4 up to 15, 5 up to 20; None beyond 20 (no exit)."""
    for top, need in ((10, 3), (15, 4), (20, 5)):
        if cm <= limit(top, units):
            return need
    return None


def exit_modifier(on_axis: int) -> int:
    """p.25: -1 per model on the exit's axis."""
    return -on_axis


def exit_is_offence(modified: int) -> bool:
    """P26: a modified exit roll of 1 or less is the keeper's offence; it overrides the failure's shot."""
    return modified <= 1


def corner_exit_is_offence(natural: int, opponent_on_spot: bool, goal_area: bool) -> bool:
    """P27: after a corner a failed exit is an offence only on a natural 1, an opponent there, outside the goal area."""
    return natural == 1 and opponent_on_spot and not goal_area


def exit_offence(face: int) -> ExitOffence:
    """p.25: the keeper's team's second D6: 1-2 direct kick, 3-4 and a yellow, 5-6 and a red (penalty in the area)."""
    return ("direct", "yellow", "red")[(d6(face) - 1) // 2]


def exit_shot_modifier(shoot: int) -> int:
    """P26: the shot after a failed exit: +1 per S level above 2."""
    return max(0, shoot - 2)


def exit_shot_scores(total: int) -> bool:
    """P26: the one-die shot after a failed exit: 4+ a goal, else a goal kick."""
    return total >= NEED_EXIT_SHOT

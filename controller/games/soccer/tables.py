"""Every dice table and limit of Soccer!! as small pure functions (the rulebook's p.N and the spec's PN named).

Distances come in the match's unit (P49): with `units="in"` every limit and band is its cm figure / 2.5 rounded
down, via `limit`. Teams in the tables are relative: "A" is the attempting side (interceptor, shooter's team as
given), "D" the other; the engine maps them to red/blue.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

Units = Literal["cm", "in"]
Side = Literal["A", "D"]
Height = Literal["low", "high"]
Orientation = Literal["front", "back"]
KickKind = Literal["direct_kick", "indirect_kick"]
Card = Literal["yellow", "red"]

NEED_PASS = 3
NEED_THROW_IN = 3
NEED_KEEPER_BLOCK = 6  # P14: a deviation between the posts, keeper D6+A
NEED_EXIT_SHOT = 4  # P26: the shot after a failed exit
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
    return TEMPLATE_DIRECTIONS[_face(face) - 1]


# --- interceptions and fouls (p.15-17, P17-P20) ---

InterceptionOutcome = Literal["holder_keeps", "kicked_away_by_holder", "foul", "kicked_away_by_interceptor", "won"]


def interception_modifier(skill: bool = False, helper: bool = False, side: Orientation | None = None) -> int:
    """p.15-16: Tackle-in/Dribble +1 (P2), a helper +1 (interceptor), option orientation: front +1, back -1."""
    orientation = {"front": 1, "back": -1, None: 0}[side]
    return int(skill) + int(helper) + orientation


def interception_outcome(difference: int) -> InterceptionOutcome:
    """p.16: interceptor minus holder: <= -2 holder keeps; -1 kicked away (holder's team rolls the template);
    0 foul (interceptor's team rolls 2D6); +1 kicked away (interceptor's team rolls); >= 2 interceptor takes it."""
    if difference <= -2:
        return "holder_keeps"
    if difference == -1:
        return "kicked_away_by_holder"
    if difference == 0:
        return "foul"
    if difference == 1:
        return "kicked_away_by_interceptor"
    return "won"


@dataclass(frozen=True)
class FoulResult:
    """A Foul table row: the kick and who takes it; the card and who gets it (A: the interceptor, D: the holder)."""

    kick: KickKind
    to: Side
    card: Card | None = None
    carded: Side | None = None


FOUL_TABLE: dict[int, FoulResult] = {
    2: FoulResult("indirect_kick", "D"),
    3: FoulResult("indirect_kick", "A"),
    4: FoulResult("direct_kick", "D"),
    5: FoulResult("direct_kick", "A"),
    6: FoulResult("direct_kick", "D"),
    7: FoulResult("direct_kick", "A", "yellow", "D"),
    8: FoulResult("direct_kick", "D", "yellow", "A"),
    9: FoulResult("direct_kick", "A", "yellow", "D"),
    10: FoulResult("direct_kick", "D", "yellow", "A"),
    11: FoulResult("direct_kick", "A", "red", "D"),
    12: FoulResult("direct_kick", "D", "red", "A"),
}


def foul_result(total: int) -> FoulResult:
    """p.16's Foul table on the interceptor's team's 2D6 (A: interceptor's team, D: holder's)."""
    if total not in FOUL_TABLE:
        raise ValueError(f"2D6 total out of range: {total}")
    return FOUL_TABLE[total]


RestartKind = Literal["direct_kick", "indirect_kick", "penalty_kick"]


def foul_award(kick: KickKind, in_fouling_team_penalty_area: bool) -> RestartKind:
    """P18: a direct kick in the fouling team's penalty area is a penalty; an indirect kick never is."""
    if kick == "direct_kick" and in_fouling_team_penalty_area:
        return "penalty_kick"
    return kick


def card_after(yellows: int, card: Card) -> tuple[int, bool]:
    """P18: a model's yellows after a card and whether it is sent off; a second yellow is a red (reads 2)."""
    if card == "red":
        return yellows, True
    yellows += 1
    return yellows, yellows >= 2


def kicked_away_side_line(face: int) -> Side:
    """p.16: ball kicked away over a side line: A's D6 1-3 A's throw-in, 4-6 D's."""
    return "A" if _face(face) <= 3 else "D"


def kicked_away_goal_line(face: int) -> Literal["goal_kick", "corner_kick"]:
    """p.16, P19, P47: over a goal line, D's D6: 1-3 goal kick to that line's defenders, 4-6 corner to its attackers."""
    return "goal_kick" if _face(face) <= 3 else "corner_kick"


# --- shooting (p.17-19, P16, P21, P31) ---

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
    _two_d6(total)
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
    _two_d6(total)
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
    return ("left", "bar", "right")[(_face(face) - 1) // 2]


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
    return ("goal_kick", "keeper_ball", "post")[(_face(face) - 1) // 2]


def header_post_crossing(face: int) -> Literal["goal", "keeper_ball"]:
    """p.14, P31: after a header's post template the ball crossing the line: keeper's D6 1-3 goal, 4-6 saved."""
    return "goal" if _face(face) <= 3 else "keeper_ball"


def keeper_blocks(total: int) -> bool:
    """P14: a deviation between the posts: keeper D6+A needs 6 (his hands), else a goal."""
    return total >= NEED_KEEPER_BLOCK


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
    return ("direct", "yellow", "red")[(_face(face) - 1) // 2]


def exit_shot_modifier(shoot: int) -> int:
    """P26: the shot after a failed exit: +1 per S level above 2."""
    return max(0, shoot - 2)


def exit_shot_scores(total: int) -> bool:
    """P26: the one-die shot after a failed exit: 4+ a goal, else a goal kick."""
    return total >= NEED_EXIT_SHOT


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
    return _face(natural) >= KEEPER_HANDS_NATURAL_NEED


def keeper_throw_deviation(face: int, units: Units = "cm") -> float:
    """p.24: a failed throw from his hands deviates D6+3 cm."""
    return rolled_distance(_face(face) + KEEPER_HANDS_DEVIATION_BASE_CM, units)


def corner_modifier(blocked: bool) -> int:
    """p.22: a corner is a pass, -1 when a defender blocks the taker's sight."""
    return -int(blocked)


def _face(face: int) -> int:
    if not 1 <= face <= 6:
        raise ValueError(f"a D6 shows 1-6: {face}")
    return face


def _two_d6(total: int) -> None:
    if not 2 <= total <= 12:
        raise ValueError(f"2D6 total out of range: {total}")

"""The contests' dice tables (p.15-17, P17-P20): interception modifiers and results by difference, the Foul table
and its penalty override, cards, and a kicked-away ball going out. Teams are relative: "A" is the attempting side
(the interceptor's team), "D" the holder's; the engine maps them to red/blue."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .tables import Orientation, d6

Side = Literal["A", "D"]
KickKind = Literal["direct_kick", "indirect_kick"]
Card = Literal["yellow", "red"]


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
    return "A" if d6(face) <= 3 else "D"


def kicked_away_goal_line(face: int) -> Literal["goal_kick", "corner_kick"]:
    """p.16, P19, P47: over a goal line, D's D6: 1-3 goal kick to that line's defenders, 4-6 corner to its attackers."""
    return "goal_kick" if d6(face) <= 3 else "corner_kick"

"""The keeper's exits (p.25, P26, P27, P32): before a declared shot, and at a successful corner's target. An
exit is an option of the keeper's team, open until the shot's first die; its offence is a foul (P6)."""

from __future__ import annotations

from typing import Any

from controller.i18n import say
from controller.seam import Illegal

from .contests import show_card
from .dice import Due, due, resolver
from .flow import award, goal, neutralize
from .lines import GkExitLine, handles
from .shot_tables import (
    corner_exit_is_offence,
    exit_is_offence,
    exit_modifier,
    exit_need,
    exit_offence,
    exit_shot_modifier,
    exit_shot_scores,
)
from .state import Event, Match, num, other


@handles("gk_exit")
def gk_exit(m: Match, line: GkExitLine) -> list[Event]:
    """P26-P27: the keeper the open option names, <= 20 cm away; D6 -1 per model on the axis (Quick exit +1,
    Fists +1 at a corner's target) needs 3/4/5 by distance. Taken during a shot's dice it replaces them."""
    option = next((o for o in m.may if o.line == "gk_exit"), None)
    if option is None:
        raise Illegal("not_expected", say("no exit now: only before a declared shot's dice or at a corner's target"))
    if line.model != option.model:
        raise Illegal("bad_input", say("the exit is {model}'s", model=option.model))
    need = exit_need(line.cm, m.options.units)
    if need is None:
        raise Illegal("too_far", say("the keeper exits to at most {value:g} {units}",
                                     value=m.limit(20), units=m.options.units))
    keeper = m.models[line.model]
    corner = option.context.get("corner") is not None
    skill = keeper.skill == "Quick exit" or (corner and keeper.skill == "Fists")  # P2
    ctx: dict[str, Any] = {"model": keeper.id, "cm": line.cm, "need": need, "skill": skill,
                           "modifier": exit_modifier(line.on_axis) + int(skill), "opp_on_spot": line.opp_on_spot,
                           "goal_area": line.goal_area, **option.context}
    m.may = []
    m.due = due("gk_exit", {keeper.team: 1}, "gk_exit", ctx, first=keeper.team, model=keeper.id)
    return []


@resolver("gk_exit")
def resolve_gk_exit(m: Match, d: Due) -> list[Event]:
    """P26: success his hands; a modified 1 or less an offence (overriding the shot); failure neutralizes him
    and the shot becomes one D6. P27 (after a corner): the offence only on a natural 1 with an opponent there,
    outside the goal area; a failure is neutralized, play goes on."""
    ctx = d.context
    keeper = m.models[ctx["model"]]
    face = d.faces()[0]
    total = face + ctx["modifier"]
    corner = ctx.get("corner") is not None
    offence = (corner_exit_is_offence(face, ctx["opp_on_spot"], ctx["goal_area"]) if corner
               else exit_is_offence(total))
    result = "offence" if offence else ("success" if total >= ctx["need"] else "fail")
    if ctx["skill"]:
        m.reveal(keeper, "skill")
    events: list[Event] = [{"event": "gk_exit", "model": keeper.id, "cm": num(ctx["cm"]), "dice": [face],
                            "modifier": ctx["modifier"], "total": total, "need": ctx["need"], "result": result}]
    kt = keeper.team
    if result == "success":
        return events + award(m, "keeper_ball", kt, f"{kt}:penalty", model=keeper.id)
    if result == "offence":
        m.due = due("gk_exit", {kt: 1}, "gk_exit_offence", ctx, first=kt, model=keeper.id)
        return events
    events.append(neutralize(m, keeper.id))
    if corner:
        return events
    shot = ctx["shot"]
    shooter = m.models[shot["model"]]
    m.due = due("shot", {shooter.team: 1}, "exit_shot", ctx, first=shooter.team, model=shooter.id)
    return events


@resolver("gk_exit_offence")
def resolve_gk_exit_offence(m: Match, d: Due) -> list[Event]:
    """p.25, P26, P31: the keeper's team's D6: 1-2 a direct kick, 3-4 and a yellow, 5-6 and a red; a penalty in
    his penalty area (a corner's target is taken to be in it)."""
    ctx = d.context
    keeper = m.models[ctx["model"]]
    face = d.faces()[0]
    card = exit_offence(face)
    in_area = True if ctx.get("corner") is not None else ctx["shot"]["at"] == f"{keeper.team}:penalty"
    kind = "penalty_kick" if in_area else "direct_kick"
    at = f"{keeper.team}:penalty" if in_area else ctx["shot"]["at"]
    events: list[Event] = [{"event": "foul", "team": keeper.team, "model": keeper.id, "dice": [face],
                            "kick": "direct_kick", "card": None if card == "direct" else card}]
    if card != "direct":
        events += show_card(m, keeper.id, card)
    return events + award(m, kind, other(keeper.team), at, counted=1 + int(kind == "penalty_kick"))


@resolver("exit_shot")
def resolve_exit_shot(m: Match, d: Due) -> list[Event]:
    """P26: one D6, +1 per S level above 2: 4+ a goal, else a goal kick."""
    shot = d.context["shot"]
    shooter = m.models[shot["model"]]
    face = d.faces()[0]
    modifier = exit_shot_modifier(shooter.level("S"))
    m.reveal(shooter, "S")
    total = face + modifier
    scores = exit_shot_scores(total)
    event: Event = {"event": "shot", "model": shooter.id, "at": shot["at"], "dice": [face], "modifier": modifier,
                    "total": total, "need": 4, "result": "goal" if scores else "missed", "after_exit": True}
    keeper_team = other(shooter.team)
    if scores:
        return [event, *goal(m, shooter.team, shooter.id)]
    return [event, *award(m, "goal_kick", keeper_team, f"{keeper_team}:penalty")]

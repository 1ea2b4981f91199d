"""A loose ball (p.13, P13, P14): claimed by the closest model (others within 1.5 x its move may follow as
far; an opponent as close contests it with D6+A, ties rolled again), or out of play: over a side line, a goal
line, or between the posts (the keeper's D6+A needs 6)."""
from __future__ import annotations

from typing import Any

from controller.i18n import say
from controller.seam import Illegal

from .dice import Due, due, resolver
from .flow import award, goal
from .flow_lines import pitch_model
from .lines import BallLine, ClaimLine, handles
from .movement import awareness
from .state import Ball, Event, Match, Model, num, other
from .tables import NEED_KEEPER_BLOCK, claim_follow, claim_radius, keeper_blocks


@handles("claim")
def claim(m: Match, line: ClaimLine) -> list[Event]:
    """P13: any model may claim; `tie` names an opponent as close (within 1 cm): an awareness test."""
    if m.ball.state != "loose":
        raise Illegal("not_expected", say("the ball is not loose"))
    model = pitch_model(m, line.model)
    if line.tie is None:
        return claimed(m, model, line.cm)
    opponent = pitch_model(m, line.tie)
    if opponent.team == model.team:
        raise Illegal("bad_input", say("{tie} is {team}'s too: team-mates are the team's choice (P13)",
                                       tie=line.tie, team=model.team))
    m.due = due("claim", {model.team: 1, opponent.team: 1}, "claim_tie",
                {"model": model.id, "opponent": opponent.id, "cm": line.cm}, first=model.team, model=model.id)
    return []


def claimed(m: Match, model: Model, cm: float, **fields: object) -> list[Event]:
    m.ball = Ball(holder=model.id, state="held", last_touch=model.team)
    return [{"event": "claim", "model": model.id, "cm": num(cm), "radius_cm": num(claim_radius(cm)),
             "follow_cm": num(claim_follow(cm)), **fields},
            {"event": "possession", "team": model.team, "model": model.id}]


@resolver("claim_tie")
def resolve_claim_tie(m: Match, d: Due) -> list[Event]:
    """p.13: the higher D6+A takes the ball; equal totals roll again."""
    a, b = m.models[d.context["model"]], m.models[d.context["opponent"]]
    ta, tb, event = awareness(m, a, b, d)
    if ta == tb:
        event["winner"] = None
        m.due = due("claim", {a.team: 1, b.team: 1}, "claim_tie", d.context, first=a.team, model=a.id)
        return [event]
    winner = a if ta > tb else b
    event["winner"] = winner.id
    return [event, *claimed(m, winner, float(d.context["cm"]))]


@handles("ball")
def ball_out(m: Match, line: BallLine) -> list[Event]:
    """P14: over a side line a throw-in to the team that did not touch it last; over a goal line a goal kick if
    that goal's attackers touched it last, else a corner; between the posts the keeper's D6+A, need 6."""
    if m.ball.state != "loose":
        raise Illegal("not_expected", say("the ball is not loose: only a loose ball goes out"))
    last = m.ball.last_touch or m.team or "red"
    if line.out == "side":
        return award(m, "throw_in", other(last), "field", counted=1)
    end = line.end or m.ball.end
    if end is None:
        raise Illegal("bad_input", say("which goal line: `end` names the team defending it"))
    if line.out == "goal_line":
        if last == other(end):
            return award(m, "goal_kick", end, f"{end}:penalty")
        return award(m, "corner_kick", other(end), f"{end}:side")
    keeper = m.keeper_of(end)
    if keeper is None or keeper.neutralized:
        return goal(m, other(end), None, own_goal=last == end)
    m.due = due("keeper_block", {end: 1}, "keeper_block", {"end": end, "last": last}, first=end, model=keeper.id)
    return []


@resolver("keeper_block")
def resolve_keeper_block(m: Match, d: Due) -> list[Event]:
    """P14: success puts the ball in his hands (a stoppage, p.6), else it is a goal."""
    end = str(d.context["end"])
    keeper = m.keeper_of(end)
    assert keeper is not None
    m.reveal(keeper, "A")
    face = d.faces()[0]
    total = face + keeper.level("A")
    dice: dict[str, Any] = {"dice": [face], "modifier": keeper.level("A"), "total": total, "need": NEED_KEEPER_BLOCK}
    if keeper_blocks(total):
        return award(m, "keeper_ball", end, f"{end}:penalty", model=keeper.id, **dice)
    return goal(m, other(end), None, own_goal=d.context["last"] == end, **dice)

"""Interceptions (p.15-17, P9, P17-P20, P47): the `intercept` line, the contest's dice and its results by
difference, the Foul table with its cards and the penalty override, the kicked-away ball going out, and the
midair challenge of a high ball's receiver."""

from __future__ import annotations

from typing import Any

from controller.i18n import say
from controller.seam import Illegal

from .contest_tables import (
    card_after,
    foul_award,
    foul_result,
    interception_modifier,
    interception_outcome,
    kicked_away_goal_line,
    kicked_away_side_line,
)
from .dice import Due, due, resolver
from .flow import award, end_phase, neutralize, send_off
from .flow_lines import pitch_model
from .lines import HANDLERS, BallLine, InterceptLine, handles
from .passing import template
from .state import Event, Match, Model, Option, other
from .tables import WINNER_MOVE_CM

# P2: the skill each side of a contest adds when it is used
SKILL_OF = {("INT", "interceptor"): "Tackle-in", ("INT", "holder"): "Dribble",
            ("H", "interceptor"): "Jumping", ("H", "holder"): "Jumping"}


def _cm(m: Match, cm: float) -> str:
    return f"{cm:g} {m.options.units}"


@handles("intercept")
def intercept(m: Match, line: InterceptLine) -> list[Event]:
    """P17: one interception a phase, by a model whose zone the holder is in, after its team's moves; or at once
    in the holder's phase, by the opponent a P8/P44 stop or a midair challenge (P32) names."""
    interceptor = pitch_model(m, line.model)
    option = next((o for o in m.may if o.line == "intercept" and o.model == interceptor.id), None)
    holder_id = m.ball.holder
    if holder_id is None or m.ball.state not in ("held", "high") or m.phase != "play":
        raise Illegal("not_expected", say("nobody holds the ball in play: nothing to intercept"))
    holder = m.models[holder_id]
    if holder.team == interceptor.team:
        raise Illegal("bad_input", say("{id} cannot intercept its own team's {id2}", id=interceptor.id, id2=holder.id))
    if interceptor.neutralized:
        raise Illegal("neutralized", say("{id} is neutralized: it sits out this movement phase (P9)",
                                         id=interceptor.id))
    judged = option.context.get("midair", False) if option else False
    midair = line.midair if judged is None else bool(judged)     # None: the players judge (a throw-in's, p.20)
    if line.midair != midair:
        raise Illegal("bad_input", say("a midair challenge is made by the challenger a successful High pass or "
                                       "header names (P32), and only then"))
    if option is not None:
        top = float(option.context.get("cm", m.zone(interceptor)))
    else:
        if m.team != interceptor.team:
            raise Illegal("not_your_turn", say("it is {team}'s movement phase: an interception comes after its "
                                               "team's moves, or at once after a stop (P8, P44)",
                                               team=m.team))
        top = m.zone(interceptor)
    if m.intercepted:
        raise Illegal("already_acted", say("the phase's one interception is made (P17)"))
    if line.cm > top:
        raise Illegal("too_far", say("{id} intercepts from {m}, not {m2}",
                                     id=interceptor.id, m=_cm(m, top), m2=_cm(m, line.cm)))
    helper = _helper(m, interceptor, line.helper)
    if line.side is not None and not m.options.orientation:
        raise Illegal("bad_input", say("side (front/back) needs the option orientation"))
    m.intercepted = True
    m.may = []
    ctx: dict[str, Any] = {"model": interceptor.id, "holder": holder.id, "helper": helper.id if helper else None,
                           "at": line.at, "side": line.side, "midair": midair, "own_phase": option is None}
    m.due = due("interception", {interceptor.team: 1, holder.team: 1}, "interception", ctx,
                first=interceptor.team, model=interceptor.id)
    return []


def _helper(m: Match, interceptor: Model, helper_id: str | None) -> Model | None:
    """p.15: one team-mate may add a helping foot (+1); it is never neutralized or carded (P18)."""
    if helper_id is None:
        return None
    helper = pitch_model(m, helper_id)
    if helper.team != interceptor.team or helper.id == interceptor.id:
        raise Illegal("bad_input", say("{helper_id} is no team-mate helping {id}",
                                       helper_id=helper_id, id=interceptor.id))
    if helper.neutralized:
        raise Illegal("neutralized", say("{helper_id} is neutralized: it cannot help", helper_id=helper_id))
    return helper


def _side_total(m: Match, model: Model, face: int, level: str, role: str, extra: int) -> tuple[int, int]:
    """A side's modifier and total; a used skill becomes public (P30)."""
    skill = model.skill == SKILL_OF[(level, role)]
    modifier = extra + int(skill)
    m.reveal(model, level, *(["skill"] if skill else []))
    return modifier, face + model.level(level) + modifier


@resolver("interception")
def resolve_interception(m: Match, d: Due) -> list[Event]:
    """p.16: interceptor minus holder decides: keeps, kicked away (-1 holder's team, +1 interceptor's rolls the
    template), foul (the interceptor's team rolls 2D6), or the interceptor takes it."""
    ctx = d.context
    interceptor, holder = m.models[ctx["model"]], m.models[ctx["holder"]]
    level = "H" if ctx["midair"] else "INT"
    fa, fd = d.faces(interceptor.team)[0], d.faces(holder.team)[0]
    extra = interception_modifier(helper=ctx["helper"] is not None, side=ctx["side"])
    ma, ta = _side_total(m, interceptor, fa, level, "interceptor", extra)
    md, td = _side_total(m, holder, fd, level, "holder", 0)
    difference = ta - td
    result = interception_outcome(difference)
    events: list[Event] = [{"event": "interception", "model": interceptor.id, "holder": holder.id,
                            "helper": ctx["helper"], "level": level, "midair": ctx["midair"],
                            "dice": [fa, fd], "modifiers": [ma, md], "totals": [ta, td],
                            "difference": difference, "result": result}]
    if result == "foul":
        m.due = due("foul", {interceptor.team: 2}, "foul", ctx, first=interceptor.team, model=interceptor.id)
        return events
    if result in ("kicked_away_by_holder", "kicked_away_by_interceptor"):
        rolling = holder.team if result == "kicked_away_by_holder" else interceptor.team
        return events + template(m, rolling, None, {"model": interceptor.id}, cause="kick_away")
    winner, loser = (holder, interceptor) if result == "holder_keeps" else (interceptor, holder)
    events.append(neutralize(m, loser.id))
    m.ball.holder, m.ball.last_touch = winner.id, winner.team
    options = [Option("move", winner.team, winner.id, context={"cm": WINNER_MOVE_CM})]
    if ctx["midair"]:
        m.ball.state = "high"
        options.append(Option("header", winner.team, winner.id, context={"midair": True}))
    else:
        m.ball.state = "held"
    if winner is interceptor:
        m.no_pass = interceptor.id
    m.may = options
    if ctx["own_phase"] and not ctx["midair"]:
        events += end_phase(m)
    return events


def show_card(m: Match, model_id: str, card: str) -> list[Event]:
    """P18: a yellow (a second reads 2 and is a red: sent off, unreplaced) or a red card."""
    model = m.models[model_id]
    if card == "red":
        return send_off(m, model_id)
    model.yellow, off = card_after(model.yellow, "yellow")
    events: list[Event] = [{"event": "yellow_card", "model": model_id, "team": model.team,
                            "yellow": model.yellow}]
    if off:
        events += [{**e, "second_yellow": True} for e in send_off(m, model_id)]
    return events


@resolver("foul")
def resolve_foul(m: Match, d: Due) -> list[Event]:
    """p.16 Foul table, P18: the card goes to the attempting model (never the helper); the kick is where the
    holder stood, a direct kick in the fouling team's penalty area a penalty (counted twice, P6)."""
    ctx = d.context
    interceptor, holder = m.models[ctx["model"]], m.models[ctx["holder"]]
    faces = d.faces(interceptor.team)
    row = foul_result(sum(faces))
    team = interceptor.team if row.to == "A" else holder.team
    fouling = other(team)
    kind = foul_award(row.kick, ctx["at"] == f"{fouling}:penalty")
    events: list[Event] = [{"event": "foul", "team": fouling, "model": interceptor.id, "holder": holder.id,
                            "dice": faces, "total": sum(faces), "kick": row.kick, "card": row.card}]
    if row.card is not None:
        carded = interceptor if row.carded == "A" else holder
        events += show_card(m, carded.id, row.card)
    counted = 1 + int(kind == "penalty_kick")
    return events + award(m, kind, team, ctx["at"], counted=counted)


@handles("ball", "kick_away")
def kicked_away_out(m: Match, line: BallLine) -> list[Event]:
    """p.16, P19, P47: a kicked-away ball over a side line: the interceptor's team's D6, 1-3 its throw-in, 4-6
    the other's; over a goal line (`end`: the team defending it) that team's D6, 1-3 its goal kick, 4-6 a
    corner to the others; between the posts as any deviation (P14)."""
    if m.ball.state != "loose":
        raise Illegal("not_expected", say("the ball is not loose"))
    attempting = m.ball.last_touch or "red"
    if line.out == "side":
        m.due = due("kick_away", {attempting: 1}, "kick_away_side", {"team": attempting}, first=attempting)
        return []
    if line.out == "goal_line":
        if line.end is None:
            raise Illegal("bad_input", say("over a goal line: `end` names the team defending it"))
        m.due = due("kick_away", {line.end: 1}, "kick_away_goal_line", {"end": line.end}, first=line.end)
        return []
    generic = HANDLERS.get(("ball", ""))
    if generic is None:
        raise Illegal("not_expected", say("no rule takes the ball between the posts"))
    return generic(m, line)


@resolver("kick_away_side")
def resolve_kick_away_side(m: Match, d: Due) -> list[Event]:
    team = d.context["team"]
    face = d.faces()[0]
    thrower = team if kicked_away_side_line(face) == "A" else other(team)
    return award(m, "throw_in", thrower, "field", counted=1, dice=[face])


@resolver("kick_away_goal_line")
def resolve_kick_away_goal_line(m: Match, d: Due) -> list[Event]:
    end = d.context["end"]
    face = d.faces()[0]
    if kicked_away_goal_line(face) == "goal_kick":
        return award(m, "goal_kick", end, f"{end}:penalty", dice=[face])
    return award(m, "corner_kick", other(end), f"{end}:side", dice=[face])

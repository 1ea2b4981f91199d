"""Passes and headers (p.12-14, P10-P15, P25, P28, P35-P37, P47): short passes, the success roll, the
deviation template, the receiver's options (header, P5's shot, a midair challenge), the keeper's kicks from
his hands, offside. `kick` is the pass method every restart's kick uses too (P35)."""
from __future__ import annotations

from typing import Any

from controller.i18n import say
from controller.seam import Illegal

from .dice import Due, due, resolver
from .flow import award
from .flow_lines import holder_in_play, pitch_model
from .lines import HANDLERS, HeaderLine, PassLine, handles
from .state import Ball, Event, Match, Model, Option, num, other
from .tables import (
    GOAL_KICK_MAX_CM,
    HEADER_MAX_CM,
    KEEPER_HANDS_DEVIATION_BASE_CM,
    KEEPER_HANDS_MAX_CM,
    NEED_PASS,
    is_short_pass,
    keeper_throw_succeeds,
    pass_modifier,
    rolled_distance,
    template_dice,
    template_direction,
)


def _cm(m: Match, cm: float) -> str:
    return f"{cm:g} {m.options.units}"


def _receiver(m: Match, passer: Model, to: str) -> Model | None:
    if to in ("point", "goal"):
        return None
    receiver = pitch_model(m, to)
    if receiver.team != passer.team or receiver.id == passer.id:
        raise Illegal("bad_input", say("{to} is no team-mate of {id}: pass to a team-mate or a point",
                                       to=to, id=passer.id))
    return receiver


def _challenger(m: Match, passer: Model, challenger: str | None, height: str) -> None:
    """P32: a high ball's receiver may be challenged midair by the opponent named; a midair challenge is an
    interception, so none once the phase's one is made (P17), nor by a neutralized model (P9): refused here,
    never as an option opened and then refused."""
    if challenger is None:
        return
    opponent = pitch_model(m, challenger)
    if opponent.team == passer.team or height != "high":
        raise Illegal("bad_input", say("a challenger is an opponent challenging a high ball's receiver (P32)"))
    if opponent.neutralized:
        raise Illegal("neutralized", say("{challenger} is neutralized: it may not challenge (P9)",
                                         challenger=challenger))
    if m.intercepted:
        raise Illegal("already_acted", say("{challenger} may not challenge: the phase's one interception is made "
                                           "(P17); send the line without `challenger`",
                                           challenger=challenger))


@handles("pass")
def pass_line(m: Match, line: PassLine) -> list[Event]:
    """The phase's one pass (p.5): by the holder of the phase's team; `already_acted` after it (P50). A restart's
    kick or a header is not it (P22, P15): their kicker may still pass, though it moves no further (P45)."""
    model = holder_in_play(m, line.model, "pass")
    if model.team != m.team:
        raise Illegal("not_your_turn", say("it is {team}'s movement phase", team=m.team))
    if m.acted or m.no_pass == model.id:
        raise Illegal("already_acted", say("the phase's pass or shot is made (one a phase, p.5)"))
    if line.to == "goal":
        at_goal = HANDLERS.get(("pass", "goal"))
        if at_goal is None:
            raise Illegal("not_expected", say("no rule takes a pass at the goal"))
        return at_goal(m, line)
    _receiver(m, model, line.to)
    _challenger(m, model, line.challenger, line.height)
    if line.with_ == "hands" and not m.ball.hands:
        raise Illegal("bad_input", say("only a keeper holding the ball in his hands throws it (p.24)"))
    if line.offside is not None:
        return offside(m, model, line.offside)
    m.acted = model.acted = True
    if m.ball.hands:
        return _from_keepers_hands(m, model, line)
    return kick(m, model, line.to, line.cm, line.height, hands=line.hands, challenger=line.challenger)


@handles("header")
def header_line(m: Match, line: HeaderLine) -> list[Event]:
    """p.14, P15: a high ball's receiver heads <= 25 cm, the pass method with H, a high ball again."""
    model = holder_in_play(m, line.model, "header")
    if not any(o.line == "header" and o.model == model.id for o in m.may):
        raise Illegal("not_expected", say("{id} has no high ball to head", id=model.id))
    if line.cm > m.limit(HEADER_MAX_CM):
        raise Illegal("too_far", say("a header reaches {m}, not {m2}",
                                     m=_cm(m, m.limit(HEADER_MAX_CM)), m2=_cm(m, line.cm)))
    if line.to == "goal":
        at_goal = HANDLERS.get(("header", "goal"))
        if at_goal is None:
            raise Illegal("not_expected", say("no rule takes a header at the goal"))
        return at_goal(m, line)
    _receiver(m, model, line.to)
    _challenger(m, model, line.challenger, "high")
    if line.offside is not None:
        return offside(m, model, line.offside)
    model.acted = True
    return kick(m, model, line.to, line.cm, "high", header=True, hands=line.hands, challenger=line.challenger)


def offside(m: Match, passer: Model, model_id: str) -> list[Event]:
    """P28, P37: decided at once, no roll and no pass event; the turn ends with an indirect kick to the
    defenders where the offside model stands."""
    offender = pitch_model(m, model_id)
    if offender.team != passer.team:
        raise Illegal("bad_input", say("{model_id} is not {team}'s: only a receiver is offside",
                                       model_id=model_id, team=passer.team))
    defenders = other(passer.team)
    events: list[Event] = [{"event": "offside", "model": model_id, "team": passer.team, "passer": passer.id}]
    return events + award(m, "indirect_kick", defenders, None, model=model_id)


def kick(m: Match, model: Model, to: str, cm: float, height: str, *, header: bool = False,
         restart: str | None = None, modifier: int = 0, skill: bool = False, hands: bool = True,
         challenger: str | None = None) -> list[Event]:
    """The pass method (p.12, P11, P35): a short pass succeeds at once; within the bands D6+P (H for a header)
    plus the band, High -1 and `modifier` needs 3; beyond them the template straight away (4D6 beyond 80)."""
    units = m.options.units
    ctx: dict[str, Any] = {"model": model.id, "to": to, "cm": cm, "height": height, "header": header,
                           "restart": restart, "hands": hands, "challenger": challenger, "skill": skill}
    event = "header" if header else "pass"
    if is_short_pass(cm, "low" if height == "low" else "high", units, header):
        return [_pass_event(event, model, ctx, "short"), *receive(m, ctx)]
    band = pass_modifier(cm, "low" if height == "low" else "high", model.keeper, units, header)
    if band is None:
        return [_pass_event(event, model, ctx, "deviate"), *template(m, model.team, cm, ctx)]
    ctx["modifier"] = band + modifier + int(skill)
    m.due = due(event, {model.team: 1}, "pass", ctx, first=model.team, model=model.id)
    return []


def _pass_event(event: str, model: Model, ctx: dict[str, Any], result: str, **fields: Any) -> Event:
    e: Event = {"event": event, "model": model.id, "to": ctx["to"], "cm": num(ctx["cm"]), "height": ctx["height"],
                "result": result, **fields}
    if ctx.get("restart"):
        e["restart"] = ctx["restart"]
    return e


@resolver("pass")
def resolve_pass(m: Match, d: Due) -> list[Event]:
    ctx = d.context
    model = m.models[ctx["model"]]
    level = "H" if ctx["header"] else "P"
    m.reveal(model, level, *(["skill"] if ctx.get("skill") else []))
    face = d.faces()[0]
    total = face + model.level(level) + ctx["modifier"]
    ok = total >= NEED_PASS
    event = _pass_event(d.event, model, ctx, "success" if ok else "deviate", dice=[face],
                        modifier=model.level(level) + ctx["modifier"], total=total, need=NEED_PASS)
    if ok:
        return [event, *receive(m, ctx)]
    return [event, *template(m, model.team, ctx["cm"], ctx)]


def template(m: Match, team: str, cm: float | None, ctx: dict[str, Any], cause: str | None = None,
             plus: int = 0, dice: int | None = None) -> list[Event]:
    """p.13, P12: the deviation template, rolled by `team`: a D6 for the direction, then 2D6 up to 40 cm, 3D6
    to 80, 4D6 beyond (None: no pass, 2D6); `plus` cm added (a keeper's throw: D6+3)."""
    n = dice if dice is not None else template_dice(cm, m.options.units)
    context = {**ctx, "cause": cause or ("header" if ctx.get("header") else "pass"), "plus": plus}
    m.due = due("deviation", {team: 1 + n}, "deviation", context, first=team)
    return []


@resolver("deviation")
def resolve_deviation(m: Match, d: Due) -> list[Event]:
    """The ball lands: a `claim` or `ball` line is due."""
    faces = d.faces()
    direction, rest = faces[0], faces[1:]
    cm = rolled_distance(sum(rest) + int(d.context.get("plus", 0)), m.options.units)
    team = d.rolls[0][0]
    last = m.models[d.context["model"]].team if d.context.get("model") in m.models else team
    m.ball = Ball(holder=None, state="loose", last_touch=last, cause=str(d.context["cause"]),
                  end=d.context.get("end"))
    return [{"event": "deviation", "direction": direction, "arrow": template_direction(direction), "cm": num(cm),
             "dice": faces, "team": team}]


def receive(m: Match, ctx: dict[str, Any]) -> list[Event]:
    """A successful pass or header: to a point the ball lies loose there (a claim is due); to a team-mate it
    holds it, high after a High pass or a header (it may head; P32's challenger may challenge), and may shoot
    at once (P5). A team-mate's ball reaching the keeper: hands or feet (P25, P47)."""
    passer = m.models[ctx["model"]]
    if ctx["to"] == "point":
        m.ball = Ball(holder=None, state="loose", last_touch=passer.team, cause="pass")
        return []
    receiver = m.models[ctx["to"]]
    high = ctx["height"] == "high" or bool(ctx["header"])
    if receiver.keeper:
        hands = bool(ctx["hands"]) and (ctx["header"] or not m.options.backpass)
        m.ball = Ball(holder=receiver.id, state="held", last_touch=passer.team, hands=hands)
        return []
    m.ball = Ball(holder=receiver.id, state="high" if high else "held", last_touch=passer.team)
    options = []
    if ctx.get("challenger"):
        # p.20: a throw-in's challenger challenges midair if in front, else by INT: its line's `midair` says
        # which (None); a high ball's is midair (p.17)
        midair = None if ctx.get("restart") == "throw_in" else True
        options.append(Option("intercept", other(passer.team), ctx["challenger"], awaited=True,
                              context={"holder": receiver.id, "midair": midair}))
    if high:
        options.append(Option("header", receiver.team, receiver.id))
    if not ctx["header"]:
        options.append(Option("shoot", receiver.team, receiver.id, context={"after_pass": True}))
    m.may = options
    return []


def _from_keepers_hands(m: Match, keeper: Model, line: PassLine) -> list[Event]:
    """p.24, P24, P36: from his hands <= 40 cm, a natural 3-6 or the template with D6+3 cm; with his feet as a
    goal kick <= 80 cm. The Goal kick skill adds 1 to both."""
    skill = keeper.skill == "Goal kick"
    if line.with_ == "hands":
        top = m.limit(KEEPER_HANDS_MAX_CM)
        if line.cm > top:
            raise Illegal("too_far", say("a throw from his hands reaches {m}, not {m2}",
                                         m=_cm(m, top), m2=_cm(m, line.cm)))
        ctx = {"model": keeper.id, "to": line.to, "cm": line.cm, "height": line.height, "header": False,
               "restart": None, "hands": line.hands, "challenger": line.challenger, "skill": skill}
        m.due = due("pass", {keeper.team: 1}, "keeper_throw", ctx, first=keeper.team, model=keeper.id)
        return []
    top = m.limit(GOAL_KICK_MAX_CM)
    if line.cm > top:
        raise Illegal("too_far", say("a kick from his hands reaches {m}, not {m2}", m=_cm(m, top), m2=_cm(m, line.cm)))
    m.ball.hands = False
    return kick(m, keeper, line.to, line.cm, line.height, skill=skill, hands=line.hands,
                challenger=line.challenger)


@resolver("keeper_throw")
def resolve_keeper_throw(m: Match, d: Due) -> list[Event]:
    ctx = d.context
    keeper = m.models[ctx["model"]]
    face = d.faces()[0]
    total = face + int(ctx["skill"])
    ok = keeper_throw_succeeds(min(total, 6))
    event = _pass_event("pass", keeper, ctx, "success" if ok else "deviate", dice=[face],
                        modifier=int(ctx["skill"]), total=total, need=3, thrown=True)
    if ok:
        return [event, *receive(m, ctx)]
    return [event, *template(m, keeper.team, None, ctx, plus=KEEPER_HANDS_DEVIATION_BASE_CM, dice=1)]

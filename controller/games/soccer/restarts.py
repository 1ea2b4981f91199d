"""Set pieces (p.20-24, P22-P24, P27, P35-P37, P45): the restart's kick or throw by the restarting team's taker
(the kick is not the phase's pass, P22), taken as a pass (P35) within its limits (P36), a direct kick's or a
penalty's shot (P23), `must_pass` where no shot is allowed, and playing the ball out off an opponent (p.20)."""

from __future__ import annotations

from typing import Any

from controller.i18n import say
from controller.seam import Illegal

from .dice import Due, due, resolver
from .flow import award, restart_taken
from .flow_lines import holder_in_play, pitch_model
from .lines import HANDLERS, BallLine, PassLine, PlayOutLine, ShootLine, ThrowInLine, handles
from .passing import kick, receive, resolve_pass, template
from .shooting import SHOOTING_AREAS, check_shot, start_shot
from .state import Ball, Event, Match, Model, Option, num, other
from .tables import (
    GOAL_KICK_MAX_CM,
    KEEPER_HANDS_MAX_CM,
    NEED_THROW_IN,
    THROWER_MOVE_CM,
    corner_modifier,
    throw_in_max,
    throw_in_modifier,
)

KICKS = ("direct_kick", "indirect_kick", "corner_kick", "goal_kick", "keeper_ball")
# P2: the skill that adds 1 to each restart's kick
KICK_SKILL = {"direct_kick": "Curved kick", "indirect_kick": "Curved kick", "corner_kick": "Curved kick",
              "goal_kick": "Goal kick", "keeper_ball": "Goal kick"}
NO_SHOT = ("indirect_kick", "corner_kick", "goal_kick", "keeper_ball", "throw_in")


def _cm(m: Match, cm: float) -> str:
    return f"{cm:g} {m.options.units}"


def _taker(m: Match, model_id: str) -> Model:
    """The restarting team's model taking the kick: the one that moved before it, a keeper for his kicks."""
    restart = m.restart
    assert restart is not None
    taker = pitch_model(m, model_id, restart.team)
    if restart.taker not in (None, taker.id):
        raise Illegal("bad_input", say("{taker} takes this {value}",
                                       taker=restart.taker, value=restart.kind.replace('_', ' ')))
    if restart.kind in ("goal_kick", "keeper_ball") and not taker.keeper:
        raise Illegal("bad_input", say("the keeper takes the {value} (p.24)", value=restart.kind.replace('_', ' ')))
    return taker


def _target(m: Match, taker: Model, to: str) -> None:
    if to == "goal":
        raise Illegal("bad_input", say("a restart's kick goes to a team-mate or a point"))
    if to == "point":
        return
    receiver = pitch_model(m, to)
    if receiver.team != taker.team or receiver.id == taker.id:
        raise Illegal("bad_input", say("{to} is no team-mate of {id}", to=to, id=taker.id))


def _taken(m: Match, taker: Model) -> list[Event]:
    """P22: the restarting team's phase begins; the taker holds the ball until its kick's dice decide."""
    events = restart_taken(m)
    taker.acted = True
    m.ball = Ball(holder=taker.id, state="held", last_touch=taker.team)
    return events


def _restart_kick(m: Match, line: PassLine) -> list[Event]:
    """P35-P37: the pass method, not the phase's pass; no offside; a keeper's kick <= 80 cm, from his hands
    <= 40 cm (a natural 3-6); a corner -1 when its sight is blocked; Curved kick / Goal kick +1."""
    assert m.restart is not None
    kind = m.restart.kind
    taker = _taker(m, line.model)
    if line.offside is not None:
        raise Illegal("bad_input", say("no offside off a restart's kick (P37)"))
    _target(m, taker, line.to)
    hands = line.with_ == "hands"
    if hands and kind != "keeper_ball":
        raise Illegal("bad_input", say("only the keeper holding the ball throws it (p.24)"))
    if line.block and kind != "corner_kick":
        raise Illegal("bad_input", say("`block` is a corner's blocked sight (p.22)"))
    if line.challenger is not None:
        challenger = pitch_model(m, line.challenger)
        if challenger.team == taker.team or line.height != "high":
            raise Illegal("bad_input", say("a challenger is an opponent challenging a high ball's receiver (P32)"))
    if kind in ("goal_kick", "keeper_ball"):
        top = m.limit(KEEPER_HANDS_MAX_CM if hands else GOAL_KICK_MAX_CM)
        if line.cm > top:
            raise Illegal("too_far", say("the keeper's {value} reaches {m}, not {m2} (P36)",
                                         value='throw' if hands else 'kick', m=_cm(m, top), m2=_cm(m, line.cm)))
    skill = taker.skill == KICK_SKILL[kind]
    events = _taken(m, taker)
    if hands:
        ctx: dict[str, Any] = {"model": taker.id, "to": line.to, "cm": line.cm, "height": line.height,
                               "header": False, "restart": kind, "hands": line.hands,
                               "challenger": line.challenger, "skill": skill}
        m.due = due("pass", {taker.team: 1}, "keeper_throw", ctx, first=taker.team, model=taker.id)
        return events
    events += kick(m, taker, line.to, line.cm, line.height, restart=kind,
                   modifier=corner_modifier(line.block), skill=skill, hands=line.hands, challenger=line.challenger)
    if kind == "corner_kick":
        if isinstance(m.due, Due) and m.due.resolver == "pass":
            m.due.resolver = "corner_pass"
        else:
            _corner_exit_option(m, line.to)
    return events


for _kind in KICKS:
    handles("pass", _kind)(_restart_kick)


@resolver("corner_pass")
def resolve_corner_pass(m: Match, d: Due) -> list[Event]:
    """A corner resolved as a pass; once it succeeds the keeper may exit to its target (P27)."""
    events = resolve_pass(m, d)
    if any(e.get("event") == "pass" and e.get("result") == "success" for e in events):
        _corner_exit_option(m, str(d.context["to"]))
    return events


def _corner_exit_option(m: Match, to: str) -> None:
    """P27: the defending keeper's exit to the corner's target, open until the next accepted line."""
    if m.ball.holder != to or m.ball.holder is None:
        return
    defenders = other(m.models[to].team)
    keeper = m.keeper_of(defenders)
    if keeper is None or keeper.neutralized:
        return
    m.may = [*m.may, Option("gk_exit", defenders, keeper.id, context={"corner": to})]


@handles("pass", "penalty_kick")
def penalty_pass(m: Match, line: PassLine) -> list[Event]:
    raise Illegal("bad_input", say("a penalty kick is a shot (p.23): a shoot line"))


@handles("pass", "throw_in")
def throw_in_pass(m: Match, line: PassLine) -> list[Event]:
    raise Illegal("bad_input", say("a throw-in is a throw_in line (p.20)"))


def _no_shot(m: Match, line: ShootLine) -> list[Event]:
    raise Illegal("must_pass", say("no shot from a {value}: the ball must be passed first",
                                   value=m.phase.replace('_', ' ')))


for _kind in NO_SHOT:
    handles("shoot", _kind)(_no_shot)


@handles("shoot", "direct_kick")
def direct_kick_shot(m: Match, line: ShootLine) -> list[Event]:
    """p.21-22, P23: a direct kick in the opponents' shooting or side area may be a shot (a wall -1 to -3);
    elsewhere it must be passed."""
    assert m.restart is not None
    where = m.restart.at or line.at
    end, _, area = where.partition(":")
    if end != other(m.restart.team) or area not in SHOOTING_AREAS:
        raise Illegal("must_pass", say("a direct kick from {where} must be passed: shots only from the "
                                       "opponents' shooting area (p.21)",
                                       where=where))
    taker = _taker(m, line.model)
    check_shot(m, taker, line, via=False)
    events = _taken(m, taker)
    return events + start_shot(m, taker, line, restart="direct_kick")


@handles("shoot", "penalty_kick")
def penalty_shot(m: Match, line: ShootLine) -> list[Event]:
    """p.23: a shot, +1, no exit (P22); after the half's last turn it is played out alone (P33)."""
    if line.wall:
        raise Illegal("bad_input", say("no wall at a penalty (p.23)"))
    taker = _taker(m, line.model)
    check_shot(m, taker, line, via=False)
    events = _taken(m, taker)
    return events + start_shot(m, taker, line, restart="penalty_kick")


@handles("throw_in", "throw_in")
def throw_in(m: Match, line: ThrowInLine) -> list[Event]:
    """p.20: <= 20 cm (30 with the skill); D6 +2 up to 10 cm, +1 up to 20, Throw-in +1, an opponent within
    2.5 cm -1, needs 3; else the template."""
    assert m.restart is not None
    taker = _taker(m, line.model)
    _target(m, taker, line.to)
    skill = taker.skill == "Throw-in"
    top = throw_in_max(skill, m.options.units)
    if line.cm > top:
        raise Illegal("too_far", say("a throw-in reaches {m}, not {m2} (p.20)", m=_cm(m, top), m2=_cm(m, line.cm)))
    if line.challenger is not None:
        challenger = pitch_model(m, line.challenger)
        if challenger.team == taker.team or line.to == "point":
            raise Illegal("bad_input", say("a throw-in's challenger is an opponent in whose zone the team-mate "
                                           "it is thrown to stands (p.20)"))
        if challenger.neutralized:
            raise Illegal("neutralized", say("{id} is neutralized: it may not challenge (P9)", id=challenger.id))
    events = restart_taken(m)
    m.ball = Ball(holder=taker.id, state="held", last_touch=taker.team)
    ctx: dict[str, Any] = {"model": taker.id, "to": line.to, "cm": line.cm, "height": "low", "header": False,
                           "restart": "throw_in", "hands": True, "challenger": line.challenger, "skill": skill,
                           "modifier": throw_in_modifier(line.cm, skill, line.opp_near, m.options.units)}
    m.due = due("throw_in", {taker.team: 1}, "throw_in", ctx, first=taker.team, model=taker.id)
    return events


@handles("throw_in")
def throw_in_elsewhere(m: Match, line: ThrowInLine) -> list[Event]:
    raise Illegal("not_expected", say("no throw-in now: awaiting {team}'s {value}",
                                      team=m.team, value=m.phase.replace('_', ' ')))


@resolver("throw_in")
def resolve_throw_in(m: Match, d: Due) -> list[Event]:
    """p.20: a throw that lands lets the thrower move up to 15 cm at once (P45), its option."""
    ctx = d.context
    thrower = m.models[ctx["model"]]
    if ctx["skill"]:
        m.reveal(thrower, "skill")
    face = d.faces()[0]
    total = face + ctx["modifier"]
    ok = total >= NEED_THROW_IN
    event: Event = {"event": "pass", "model": thrower.id, "to": ctx["to"], "cm": num(ctx["cm"]), "height": "low",
                    "result": "success" if ok else "deviate", "restart": "throw_in", "dice": [face],
                    "modifier": ctx["modifier"], "total": total, "need": NEED_THROW_IN}
    if ok:
        events = [event, *receive(m, ctx)]
        m.may = [*m.may, Option("move", thrower.team, thrower.id, context={"cm": THROWER_MOVE_CM})]
        return events
    return [event, *template(m, thrower.team, ctx["cm"], ctx)]


@handles("play_out")
def play_out(m: Match, line: PlayOutLine) -> list[Event]:
    """p.20: the holder and an opponent within 5 cm of a side line (the players judge): the template, as the
    phase's pass (P22)."""
    model = holder_in_play(m, line.model, "play-out")
    if model.team != m.team:
        raise Illegal("not_your_turn", say("it is {team}'s movement phase", team=m.team))
    if m.acted or m.no_pass == model.id:
        raise Illegal("already_acted", say("the phase's pass or shot is made (one a phase, p.5)"))
    m.acted = model.acted = True
    event: Event = {"event": "pass", "model": model.id, "to": "play_out", "cm": None, "height": "low",
                    "result": "deviate", "play_out": True}
    return [event, *template(m, model.team, None, {"model": model.id}, cause="play_out")]


@handles("ball", "play_out")
def play_out_ball(m: Match, line: BallLine) -> list[Event]:
    """p.20: over the side line the player's throw-in; over a goal line its corner; between the posts P14."""
    if m.ball.state != "loose":
        raise Illegal("not_expected", say("the ball is not loose"))
    team = m.ball.last_touch or m.team or "red"
    if line.out == "side":
        return award(m, "throw_in", team, "field", counted=1)
    if line.out == "goal_line":
        end = line.end or other(team)
        return award(m, "corner_kick", team, f"{end}:side")
    generic = HANDLERS.get(("ball", ""))
    if generic is None:
        raise Illegal("not_expected", say("no rule takes the ball between the posts"))
    return generic(m, line)

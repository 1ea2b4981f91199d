"""Shots (p.17-19, P3, P5, P16, P21, P23, P31): the `shoot` line's conditions, the shot's dice and modifiers, the
Failed and Saved tables, posts, a header at goal, and a pass at an out-of-position keeper's goal. The keeper's
exits before a shot and after a corner are in exits.py."""

from __future__ import annotations

from typing import Any

from controller.i18n import say
from controller.seam import Illegal

from .dice import Due, due, resolver
from .flow import award, goal
from .flow_lines import holder_in_play, pitch_model
from .lines import HANDLERS, BallLine, HeaderLine, PassLine, ShootLine, handles
from .passing import template
from .shot_tables import (
    failed_shot,
    header_at_goal_modifier,
    header_at_goal_outcome,
    header_keeper_roll,
    header_post_crossing,
    post_hit,
    saved_shot,
    shot_allowed,
    shot_modifier,
    shot_outcome,
)
from .state import Event, Match, Model, Option, num, other
from .tables import NEED_PASS, pass_modifier

SHOOTING_AREAS = ("penalty", "shooting", "side")


def attacking_area(m: Match, team: str, at: str | None, what: str) -> None:
    """p.17-18: a goal is attempted from the opponents' shooting area (its side part too), never its no-shooting
    part or elsewhere."""
    if at is None:
        raise Illegal("bad_input", say("a {what} at goal names its area (`at`)", what=what))
    end, _, area = at.partition(":")
    if end != other(team) or area not in SHOOTING_AREAS:
        raise Illegal("no_shot", say("no {what} at goal from {at}: only from {team}'s shooting area",
                                     what=what, at=at, team=other(team)))


def no_score_check(m: Match, model: Model) -> None:
    """P3: the kick-off's receiver may not score that phase."""
    if m.no_score == model.id:
        raise Illegal("no_shot", say("{id} received the kick-off: it may not score this phase (P3)", id=model.id))


@handles("shoot")
def shoot(m: Match, line: ShootLine) -> list[Event]:
    """p.17: the holder shoots from the opponents' shooting area if (i) it was there before receiving, (ii) moved
    <= 2.5 cm in it to acquire the ball, or (iii) <= 5 cm with the ball to enter it; one pass or shot a phase,
    P5's receiver excepted."""
    model = holder_in_play(m, line.model, "shot")
    if model.team != m.team:
        raise Illegal("not_your_turn", say("it is {team}'s movement phase", team=m.team))
    # P5, P22: P5's receiver shoots after the phase's pass; a restart's kick of its own is not that pass
    after_pass = any(o.line == "shoot" and o.model == model.id for o in m.may)
    if (m.acted and not after_pass) or m.no_pass == model.id:
        raise Illegal("already_acted", say("the phase's pass or shot is made (one a phase, p.5)"))
    if m.ball.hands:
        raise Illegal("must_pass", say("the keeper holding the ball kicks or throws it (p.24)"))
    if line.wall:
        raise Illegal("bad_input", say("a wall stands only before a direct kick (p.22)"))
    check_shot(m, model, line)
    m.acted = model.acted = True
    return start_shot(m, model, line)


def check_shot(m: Match, model: Model, line: ShootLine, via: bool = True) -> None:
    """The area, P3 and p.17's (i)-(iii) (`via` False: a set piece's shot, taken where it stands)."""
    attacking_area(m, model.team, line.at, "shot")
    no_score_check(m, model)
    if via and not shot_allowed(line.via, line.moved_cm, m.options.units):
        raise Illegal("no_shot", say("via {via} allows no shot after moving {moved_cm:g} {units} (p.17: (ii) 2.5 "
                                     "cm, (iii) 5 cm)",
                                     via=line.via, moved_cm=line.moved_cm, units=m.options.units))
    if line.interferer is not None:
        pitch_model(m, line.interferer)


def start_shot(m: Match, model: Model, line: ShootLine, restart: str | None = None) -> list[Event]:
    """p.18: the shooter's D6+S and the keeper's D6+SV, the shooter's first; the keeper's exit is open until the
    shot's first die (P26, P32), except on a penalty (P22)."""
    keeper_team = other(model.team)
    keeper = m.keeper_of(keeper_team)
    if keeper is None:
        raise Illegal("not_expected", say("{keeper_team} has no keeper: awaiting its keeper line",
                                          keeper_team=keeper_team))
    skill_name = {"penalty_kick": "Penalty kick", "direct_kick": "Curved kick"}.get(
        restart or "", "Reverse kick" if m.ball.state == "high" else "")
    skill = bool(skill_name) and model.skill == skill_name
    modifier = shot_modifier(line.goal_cm, line.zones, line.gk_out, line.at.endswith(":side"),
                             restart == "penalty_kick", line.wall, skill, m.options.units)
    ctx: dict[str, Any] = {"model": model.id, "keeper": keeper.id, "at": line.at, "modifier": modifier,
                           "skill": skill, "interferer": line.interferer, "restart": restart}
    m.due = due("shot", {model.team: 1, keeper_team: 1}, "shot", ctx, first=model.team, model=model.id)
    exit_open = restart != "penalty_kick" and not keeper.neutralized
    m.may = [Option("gk_exit", keeper_team, keeper.id, context={"shot": ctx})] if exit_open else []
    return []


@resolver("shot")
def resolve_shot(m: Match, d: Due) -> list[Event]:
    """p.18: shooter minus keeper: <= 0 the keeper's 2D6 on Failed, 1 on Saved, >= 2 a goal."""
    ctx = d.context
    shooter, keeper = m.models[ctx["model"]], m.models[ctx["keeper"]]
    fs, fk = d.faces(shooter.team)[0], d.faces(keeper.team)[0]
    m.reveal(shooter, "S", *(["skill"] if ctx["skill"] else []))
    m.reveal(keeper, "SV")
    ts, tk = fs + shooter.level("S") + ctx["modifier"], fk + keeper.level("SV")
    result = shot_outcome(ts - tk)
    events: list[Event] = [{"event": "shot", "model": shooter.id, "team": shooter.team, "keeper": keeper.id,
                            "at": ctx["at"], "dice": [fs, fk], "modifiers": [ctx["modifier"], 0], "totals": [ts, tk],
                            "difference": ts - tk, "result": result}]
    if ctx.get("restart"):
        events[0]["restart"] = ctx["restart"]
    if result == "goal":
        return events + goal(m, shooter.team, shooter.id)
    m.due = due(f"{result}_shot", {keeper.team: 2}, f"{result}_shot", ctx, first=keeper.team, model=keeper.id)
    return events


def _table_outcome(m: Match, ctx: dict[str, Any], result: str, table: dict[str, Any]) -> list[Event]:
    """A Failed or Saved table's result: a restart, a goal, a deflection or a post (P31: the shooter's team
    rolls which post and every template that follows)."""
    shooter, keeper = m.models[ctx["model"]], m.models[ctx["keeper"]]
    kt = keeper.team
    if result == "deflection" and ctx.get("interferer"):
        return template(m, shooter.team, None, {"model": ctx["interferer"], "end": kt}, cause="deflection")
    if result in ("deflection", "goal_kick"):
        return award(m, "goal_kick", kt, f"{kt}:penalty", **table)
    if result == "keeper_ball":
        return award(m, "keeper_ball", kt, f"{kt}:penalty", model=keeper.id, **table)
    if result == "corner_kick":
        return award(m, "corner_kick", shooter.team, f"{kt}:side", **table)
    if result == "goal":
        return goal(m, shooter.team, shooter.id, **table)
    m.due = due("post", {shooter.team: 1}, "shot_post", ctx, first=shooter.team, model=shooter.id)
    return []


@resolver("failed_shot")
def resolve_failed(m: Match, d: Due) -> list[Event]:
    faces = d.faces()
    result = failed_shot(sum(faces))
    return _table_outcome(m, d.context, result, {"table": "failed", "dice": faces, "result": result})


@resolver("saved_shot")
def resolve_saved(m: Match, d: Due) -> list[Event]:
    faces = d.faces()
    result = saved_shot(sum(faces))
    return _table_outcome(m, d.context, result, {"table": "saved", "dice": faces, "result": result})


@resolver("shot_post")
def resolve_post(m: Match, d: Due) -> list[Event]:
    """p.18, P31: 1-2 left, 3-4 the bar, 5-6 right; the template from it, rolled by the shooter's team."""
    shooter = m.models[d.context["model"]]
    keeper_team = other(shooter.team)
    face = d.faces()[0]
    event: Event = {"event": "post", "post": post_hit(face), "dice": [face], "model": shooter.id}
    return [event, *template(m, shooter.team, None, {"model": shooter.id, "end": keeper_team}, cause="post")]


@handles("header", "goal")
def header_at_goal(m: Match, line: HeaderLine) -> list[Event]:
    """p.14, P16, P20: from the shooting or side area, D6+H (+1 within 10 cm of the line, Dive Header) against
    the keeper's D6+SV (Fists +1), no other modifier."""
    model = m.models[line.model]
    attacking_area(m, model.team, line.at, "header")
    no_score_check(m, model)
    keeper_team = other(model.team)
    keeper = m.keeper_of(keeper_team)
    if keeper is None:
        raise Illegal("not_expected", say("{keeper_team} has no keeper: awaiting its keeper line",
                                          keeper_team=keeper_team))
    dive = model.skill == "Dive Header"
    fists = keeper.skill == "Fists"
    model.acted = True
    ctx: dict[str, Any] = {"model": model.id, "keeper": keeper.id, "at": line.at, "cm": line.cm,
                           "modifier": header_at_goal_modifier(line.cm, dive, m.options.units),
                           "keeper_modifier": int(fists), "skill": dive, "fists": fists}
    m.due = due("header", {model.team: 1, keeper_team: 1}, "header_at_goal", ctx, first=model.team,
                model=model.id)
    m.may = []
    return []


@resolver("header_at_goal")
def resolve_header_at_goal(m: Match, d: Due) -> list[Event]:
    """p.14: difference <= -1 goal kick, 0 the keeper's D6, >= 1 a goal."""
    ctx = d.context
    model, keeper = m.models[ctx["model"]], m.models[ctx["keeper"]]
    fh, fk = d.faces(model.team)[0], d.faces(keeper.team)[0]
    m.reveal(model, "H", *(["skill"] if ctx["skill"] else []))
    m.reveal(keeper, "SV", *(["skill"] if ctx["fists"] else []))
    th = fh + model.level("H") + ctx["modifier"]
    tk = fk + keeper.level("SV") + ctx["keeper_modifier"]
    result = header_at_goal_outcome(th - tk)
    events: list[Event] = [{"event": "header", "model": model.id, "to": "goal", "cm": num(ctx["cm"]), "at": ctx["at"],
                            "keeper": keeper.id, "dice": [fh, fk], "modifiers": [ctx["modifier"],
                                                                                 ctx["keeper_modifier"]],
                            "totals": [th, tk], "difference": th - tk, "result": result}]
    if result == "goal":
        return events + goal(m, model.team, model.id, header=True)
    if result == "goal_kick":
        return events + award(m, "goal_kick", keeper.team, f"{keeper.team}:penalty")
    m.due = due("header", {keeper.team: 1}, "header_keeper", ctx, first=keeper.team, model=keeper.id)
    return events


@resolver("header_keeper")
def resolve_header_keeper(m: Match, d: Due) -> list[Event]:
    """p.14: the keeper's D6: 1-2 goal kick, 3-4 his hands, 5-6 the closest post (P31: no roll for which) and
    the template, rolled by the heading team."""
    ctx = d.context
    model, keeper = m.models[ctx["model"]], m.models[ctx["keeper"]]
    face = d.faces()[0]
    result = header_keeper_roll(face)
    if result == "goal_kick":
        return award(m, "goal_kick", keeper.team, f"{keeper.team}:penalty", dice=[face])
    if result == "keeper_ball":
        return award(m, "keeper_ball", keeper.team, f"{keeper.team}:penalty", model=keeper.id, dice=[face])
    event: Event = {"event": "post", "post": "closest", "dice": [face], "model": model.id}
    return [event, *template(m, model.team, None, {"model": model.id, "end": keeper.team}, cause="header_post")]


@handles("ball", "header_post")
def header_post_ball(m: Match, line: BallLine) -> list[Event]:
    """p.14, P31: a header's post rebound crossing the line: the keeper's team's D6, 1-3 goal, 4-6 his save."""
    if line.out != "goal" or m.ball.state != "loose":
        return _generic_ball(m, line)
    end = line.end or m.ball.end
    if end is None:
        raise Illegal("bad_input", say("which goal: `end` names the team defending it"))
    m.due = due("header", {end: 1}, "header_post_crossing", {"end": end}, first=end)
    return []


@resolver("header_post_crossing")
def resolve_header_post_crossing(m: Match, d: Due) -> list[Event]:
    end = str(d.context["end"])
    face = d.faces()[0]
    if header_post_crossing(face) == "goal":
        return goal(m, other(end), None, header=True, dice=[face])
    keeper = m.keeper_of(end)
    return award(m, "keeper_ball", end, f"{end}:penalty", model=keeper.id if keeper else None, dice=[face])


def _generic_ball(m: Match, line: BallLine) -> list[Event]:
    generic = HANDLERS.get(("ball", ""))
    if generic is None:
        raise Illegal("not_expected", say("no rule takes the ball out now"))
    return generic(m, line)


@handles("pass", "goal")
def pass_at_goal(m: Match, line: PassLine) -> list[Event]:
    """p.19, P21: at an out-of-position keeper from outside the area, a pass at the goal's centre: success is a
    goal; else the template, and the keeper cannot block what crosses the line."""
    model = m.models[line.model]
    no_score_check(m, model)
    m.acted = model.acted = True
    band = pass_modifier(line.cm, line.height, model.keeper, m.options.units)
    ctx: dict[str, Any] = {"model": model.id, "to": "goal", "cm": line.cm, "height": line.height,
                           "end": other(model.team)}
    if band is None:
        event: Event = {"event": "pass", "model": model.id, "to": "goal", "cm": num(line.cm), "height": line.height,
                        "result": "deviate"}
        return [event, *template(m, model.team, line.cm, ctx, cause="pass_at_goal")]
    ctx["modifier"] = band
    m.due = due("pass", {model.team: 1}, "pass_at_goal", ctx, first=model.team, model=model.id)
    return []


@resolver("pass_at_goal")
def resolve_pass_at_goal(m: Match, d: Due) -> list[Event]:
    ctx = d.context
    model = m.models[ctx["model"]]
    m.reveal(model, "P")
    face = d.faces()[0]
    total = face + model.level("P") + ctx["modifier"]
    ok = total >= NEED_PASS
    event: Event = {"event": "pass", "model": model.id, "to": "goal", "cm": num(ctx["cm"]), "height": ctx["height"],
                    "result": "success" if ok else "deviate", "dice": [face],
                    "modifier": model.level("P") + ctx["modifier"], "total": total, "need": NEED_PASS}
    if ok:
        return [event, *goal(m, model.team, model.id)]
    return [event, *template(m, model.team, ctx["cm"], ctx, cause="pass_at_goal")]


@handles("ball", "pass_at_goal")
def pass_at_goal_ball(m: Match, line: BallLine) -> list[Event]:
    """P21: the out-of-position keeper cannot block: between the posts it is a goal."""
    if line.out != "goal" or m.ball.state != "loose":
        return _generic_ball(m, line)
    end = line.end or m.ball.end or other(m.ball.last_touch or "red")
    return goal(m, other(end), None)

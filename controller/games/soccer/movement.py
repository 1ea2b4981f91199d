"""Movement (p.11, P8, P9, P44-P46): `move` lines, the holder's awareness test beyond 10 cm, the stop in an
opponent's control zone, neutralized models, the winner's 5 cm move and the takers' moves before a kick."""
from __future__ import annotations

from controller.i18n import say
from controller.seam import Illegal

from .dice import Due, due, resolver
from .flow_lines import pitch_model
from .lines import MoveLine, handles
from .state import Event, Match, Model, Option
from .tables import HOLDER_FREE_MOVE_CM, MOVE_CM, P8_INTERCEPT_CM, WINNER_MOVE_CM, holder_keeps_moving

# P45: how far a restart's taker may move before its kick, by restart
TAKER_MOVE_CM = {"direct_kick": 10.0, "indirect_kick": 10.0, "corner_kick": 15.0, "keeper_ball": 10.0}


def _cm(m: Match, cm: float) -> str:
    return f"{cm:g} {m.options.units}"


@handles("move")
def move(m: Match, line: MoveLine) -> list[Event]:
    """A model's move: the winner's 5 cm option, a taker before its kick, or a move of the phase's team."""
    option = next((o for o in m.may if o.line == "move" and o.model == line.model), None)
    if option is not None:
        return _winner_move(m, line, option)
    if m.restart is not None and m.phase == m.restart.kind:
        return _taker_move(m, line)
    if m.phase != "play" or m.team is None:
        raise Illegal("not_expected", say("no move now: awaiting {team}'s {value}",
                                          team=m.team, value=m.phase.replace('_', ' ')))
    if m.ball.state == "loose":
        raise Illegal("not_expected", say("the ball is loose: awaiting a claim or ball line"))
    model = pitch_model(m, line.model)
    if model.team != m.team:
        raise Illegal("not_your_turn", say("it is {team}'s movement phase", team=m.team))
    if model.neutralized:
        raise Illegal("neutralized", say("{id} is neutralized: it sits out this movement phase (P9)", id=model.id))
    if model.acted:
        raise Illegal("already_acted", say("{id} has passed, shot or headed: it moves no further (p.11)", id=model.id))
    room = m.limit(MOVE_CM) - model.moved
    if line.cm > room:
        raise Illegal("too_far", say("{id} may move {m} more this turn, not {m2}",
                                     id=model.id, m=_cm(m, max(room, 0)), m2=_cm(m, line.cm)))
    if m.ball.holder != model.id:
        if line.near is not None or line.stopped_by is not None:
            raise Illegal("bad_input", say("near and stopped_by are for the ball's holder"))
        model.moved += line.cm
        return []
    return _holder_move(m, model, line)


def _opponent(m: Match, model: Model, other_id: str) -> Model:
    opponent = pitch_model(m, other_id)
    if opponent.team == model.team:
        raise Illegal("bad_input", say("{other_id} is no opponent of {id}", other_id=other_id, id=model.id))
    if opponent.neutralized:
        raise Illegal("neutralized", say("{other_id} is neutralized: its zone stops nobody", other_id=other_id))
    return opponent


def _holder_move(m: Match, model: Model, line: MoveLine) -> list[Event]:
    """P44: a move ending as it enters an opponent's zone (`stopped_by`) lets that opponent intercept at once;
    P8: beyond 10 cm with an opponent within 10 cm of the path (`near`), an awareness test first."""
    if line.stopped_by is not None:
        if line.near is not None:
            raise Illegal("bad_input", say("a move is stopped by one opponent or tested near one, not both"))
        opponent = _opponent(m, model, line.stopped_by)
        model.moved += line.cm
        m.may = [_intercept_option(opponent, model, "P44", m.zone(opponent))]
        return []
    free = m.limit(HOLDER_FREE_MOVE_CM)
    if line.near is None or model.moved + line.cm <= free:
        model.moved += line.cm
        return []
    opponent = _opponent(m, model, line.near)
    m.due = due("awareness_test", {model.team: 1, opponent.team: 1}, "awareness_move",
                {"model": model.id, "opponent": opponent.id, "cm": line.cm}, first=model.team, model=model.id)
    return []


def _intercept_option(opponent: Model, holder: Model, why: str, cm: float) -> Option:
    return Option("intercept", opponent.team, opponent.id, awaited=True,
                  context={"holder": holder.id, "stop": why, "cm": cm})


def awareness(m: Match, a: Model, b: Model, d: Due) -> tuple[int, int, Event]:
    """p.11, p.13: D6+A each; the event with both sides' dice and totals."""
    fa, fb = d.faces(a.team)[0], d.faces(b.team)[0]
    ta, tb = fa + a.level("A"), fb + b.level("A")
    return ta, tb, {"event": "awareness_test", "model": a.id, "opponent": b.id, "dice": [fa, fb],
                    "totals": [ta, tb], "levels": [a.level("A"), b.level("A")]}


@resolver("awareness_move")
def resolve_awareness_move(m: Match, d: Due) -> list[Event]:
    """P8: unless the holder's total is higher it stops at 10 cm, and the opponent may intercept at once from
    up to 10 cm."""
    holder, opponent = m.models[d.context["model"]], m.models[d.context["opponent"]]
    th, to, event = awareness(m, holder, opponent, d)
    keeps = holder_keeps_moving(th, to)
    event["winner"] = holder.id if keeps else opponent.id
    if keeps:
        holder.moved += d.context["cm"]
        return [event]
    holder.moved = max(holder.moved, m.limit(HOLDER_FREE_MOVE_CM))
    m.may = [_intercept_option(opponent, holder, "P8", m.limit(P8_INTERCEPT_CM))]
    return [event]


def _winner_move(m: Match, line: MoveLine, option: Option) -> list[Event]:
    """P9: the interception's winner may move 5 cm at once, any direction."""
    limit = m.limit(float(option.context.get("cm", WINNER_MOVE_CM)))  # the thrower's 15 cm too (P45)
    if line.cm > limit:
        raise Illegal("too_far", say("the winner's move is at most {m}", m=_cm(m, limit)))
    if line.near is not None or line.stopped_by is not None:
        raise Illegal("bad_input", say("the winner's move meets no test"))
    m.may = [o for o in m.may if o is not option]
    return []


def _taker_move(m: Match, line: MoveLine) -> list[Event]:
    """P45: a direct/indirect kick's taker <= 10 cm, the corner's <= 15, the keeper <= 10 before his kick."""
    assert m.restart is not None
    kind = m.restart.kind
    model = pitch_model(m, line.model, m.restart.team)
    if kind not in TAKER_MOVE_CM:
        raise Illegal("not_expected", say("no move before a {value}: awaiting its {value2}",
                                          value=kind.replace('_', ' '),
                                          value2='throw' if kind == 'throw_in' else 'kick'))
    if kind == "keeper_ball" and not model.keeper:
        raise Illegal("bad_input", say("{id} is not the keeper holding the ball", id=model.id))
    if m.restart.taker not in (None, model.id):
        raise Illegal("bad_input", say("{taker} takes this {value}",
                                       taker=m.restart.taker, value=kind.replace('_', ' ')))
    moved = float(m.restart.context.get("moved", 0.0)) + line.cm
    limit = m.limit(TAKER_MOVE_CM[kind])
    if moved > limit:
        raise Illegal("too_far", say("the taker moves at most {m} before the kick", m=_cm(m, limit)))
    m.restart.taker = model.id
    m.restart.context["moved"] = moved
    return []

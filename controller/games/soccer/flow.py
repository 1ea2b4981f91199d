"""Turns, phases, stoppages and halves (P3, P4, P6, P33, P34, P46, P50): the helpers every rule calls when the
ball stops (`award`, `goal`), and what the match awaits (`awaiting`)."""
from __future__ import annotations

from typing import Any

from .dice import Due
from .state import Ball, Event, Match, Restart, other
from .tables import half_length

SET_PIECES = ("throw_in", "corner_kick", "goal_kick", "direct_kick", "indirect_kick", "penalty_kick")
RESTARTS = (*SET_PIECES, "keeper_ball")


def begin_phase(m: Match, team: str) -> list[Event]:
    """A team's movement phase starts: nothing acted, no interception made (P17, P45)."""
    m.serial += 1
    m.team, m.phase = team, "play"
    m.acted = m.intercepted = False
    m.no_pass = None
    for model in m.models.values():
        model.acted = False
    return [{"event": "phase", "team": team, "half": m.half, "turn": m.turn, "phase": m.phase_no + 1}]


def end_phase(m: Match) -> list[Event]:
    """The phase's team is done: its models neutralized before this phase have sat it out (P46); the turn's
    second phase ends the turn."""
    assert m.team is not None
    m.no_score = None
    for model in m.models.values():
        if model.team == m.team and model.neutralized and model.neutralized_in < m.serial:
            model.neutralized, model.neutralized_in = False, -1
    if m.ball.state == "high":
        m.ball.state = "held"
    if m.phase_no == 0:
        m.phase_no = 1
        return begin_phase(m, other(m.team))
    return turn_end(m, None)


def neutralize(m: Match, model_id: str) -> Event:
    """P9: the model sits out its team's next movement phase."""
    model = m.models[model_id]
    model.neutralized, model.neutralized_in = True, m.serial
    return {"event": "neutralized", "model": model_id}


def _stoppage(m: Match) -> None:
    """P9, P46, P50: a stoppage clears every neutralized model and what the phase has done (the restart or
    kick-off opens with nothing acted); the ball is dead, nothing stays open."""
    m.acted = m.intercepted = False
    m.no_pass = None
    for model in m.models.values():
        model.neutralized, model.neutralized_in, model.acted = False, -1, False
    m.ball = Ball(holder=None, state="dead", last_touch=m.ball.last_touch)
    m.may = []
    m.due = None


def turn_end(m: Match, restart: Restart | None) -> list[Event]:
    """P33: `turn_end`; after the half's last turn the half ends instead (a penalty due is taken first, in this
    turn); else the next turn opens with the restart, or with its first team's phase."""
    events: list[Event] = [{"event": "turn_end", "half": m.half, "turn": m.turn}]
    if m.turn >= m.half_length:
        if restart is not None and restart.kind == "penalty_kick":
            m.closing = True
            _set_restart(m, restart)
            return events
        return events + end_half(m)
    m.turn += 1
    m.phase_no = 0
    for model in m.models.values():
        model.moved = 0.0
    if restart is None:
        return events + begin_phase(m, m.starter)
    _set_restart(m, restart)
    return events


def _set_restart(m: Match, restart: Restart) -> None:
    m.restart, m.phase, m.team, m.starter = restart, restart.kind, restart.team, restart.team


def end_half(m: Match) -> list[Event]:
    """Half time (the team that did not kick off half 1 kicks off half 2) or full time."""
    m.restart, m.closing, m.may, m.due = None, False, [], None
    m.acted = m.intercepted = False
    m.ball = Ball(holder=None, state="dead", last_touch=m.ball.last_touch)
    for model in m.models.values():
        model.neutralized, model.neutralized_in, model.acted = False, -1, False
    if m.half == 1:
        m.phase, m.team = "half_time", other(m.kickoff_team)
        return [{"event": "half_time", "score": dict(m.score), "half_length": m.half_length}]
    m.phase, m.team, m.over = "full_time", None, True
    red, blue = m.score["red"], m.score["blue"]
    winner = "red" if red > blue else "blue" if blue > red else None
    return [{"event": "full_time", "score": dict(m.score), "winner": winner}]


def count(m: Match, n: int) -> list[Event]:
    """P6, P34: counted events lengthen the half (a turn per two, at most 15), at once."""
    if n <= 0:
        return []
    m.counted += n
    length = half_length(m.counted)
    if length == m.half_length:
        return []
    m.half_length = length
    return [{"event": "half_length", "half": m.half, "turns": length, "counted": m.counted}]


def award(m: Match, kind: str, team: str, at: str | None = None, counted: int = 0,
          **fields: Any) -> list[Event]:
    """A restart awarded (a stoppage, P33-P34): its event, the count and half length, then the turn's end;
    after a closing penalty (P33, P50) the half ends and the restart lapses."""
    events: list[Event] = [{"event": kind, "team": team, "at": at, **fields}]
    events += count(m, counted)
    _stoppage(m)
    if m.closing:
        return events + end_half(m)
    return events + turn_end(m, Restart(kind, team, at))


def goal(m: Match, team: str, model: str | None = None, **fields: Any) -> list[Event]:
    """A goal for `team`: the turn ends, the conceding team kicks off (p.5); after the half's last turn (or a
    closing penalty) the half ends instead."""
    m.score[team] += 1
    events: list[Event] = [{"event": "goal", "team": team, "model": model, "score": dict(m.score), **fields}]
    _stoppage(m)
    if m.closing:
        return events + end_half(m)
    events.append({"event": "turn_end", "half": m.half, "turn": m.turn})
    if m.turn >= m.half_length:
        return events + end_half(m)
    m.turn += 1
    m.phase_no = 0
    for model_ in m.models.values():
        model_.moved = 0.0
    m.restart, m.phase, m.team = None, "kick_off", other(team)
    return events


def restart_taken(m: Match) -> list[Event]:
    """P22: the restart's kick or throw is made: the restarting team's phase follows (its kick is not the
    phase's pass). A rule calls it when it accepts the kick, before the kick's dice."""
    assert m.restart is not None
    team = m.restart.team
    closing = m.closing
    m.restart = None
    m.phase_no = 0
    events = begin_phase(m, team)
    m.closing = closing
    return events


def settle_closing(m: Match) -> list[Event]:
    """P33, P50: after a closing penalty the half ends once the ball is settled (held, no dice, nothing open)."""
    if (m.closing and m.restart is None and m.due is None and not m.may and m.ball.state == "held"):
        return end_half(m)
    return []


def send_off(m: Match, model_id: str) -> list[Event]:
    """P18: sent off, unreplaced; a team losing its keeper names another (P41)."""
    model = m.models[model_id]
    model.status = "sent_off"
    model.neutralized = False
    if model.keeper and model.team not in m.keeper_due:
        m.keeper_due.append(model.team)
    if m.ball.holder == model_id:
        m.ball.holder = None
    return [{"event": "red_card", "model": model_id, "team": model.team}]


def awaiting(m: Match) -> dict[str, Any]:
    """P40's `awaiting`: what, for (with a roll), team, model, dice, may."""
    may = sorted({o.line for o in m.may} | ({"decline"} if any(o.awaited for o in m.may) else set()))
    none = {"red": 0, "blue": 0}
    d = m.due
    if isinstance(d, Due):
        owing = [t for t, n in d.shown().items() if n]
        team = owing[0] if len(owing) == 1 else None
        return {"what": "roll", "for": d.event, "team": team, "model": d.model, "dice": d.shown(), "may": may}
    base: dict[str, Any] = {"for": None, "team": None, "model": None, "dice": none, "may": may}
    if m.over:
        return {**base, "what": "none"}
    if m.rosters_due:
        return {**base, "what": "roster", "team": m.rosters_due[0] if len(m.rosters_due) == 1 else None}
    if m.keeper_due:
        return {**base, "what": "keeper", "team": m.keeper_due[0]}
    awaited = [o for o in m.may if o.awaited]
    if awaited:
        return {**base, "what": awaited[0].line, "team": awaited[0].team, "model": awaited[0].model}
    if m.phase in ("kick_off", "half_time"):
        return {**base, "what": "kick_off", "team": m.team}
    if m.ball.state == "loose":
        return {**base, "what": "claim"}
    if m.phase != "play":
        return {**base, "what": m.phase, "team": m.team}
    return {**base, "what": "play", "team": m.team}

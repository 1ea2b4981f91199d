"""The lines of the match's flow: kick-off (P3), end of phase (P4), substitutions and keepers (P7, P41),
declining an opponent's option (P32) and disputes (P48)."""
from __future__ import annotations

from controller.i18n import say
from controller.seam import Illegal

from .dice import Due, due, resolver
from .flow import SET_PIECES, begin_phase, end_phase
from .lines import DeclineLine, DisputeLine, EndPhaseLine, KeeperLine, KickOffLine, SubstituteLine, handles
from .state import Ball, Event, Match, Model


def pitch_model(m: Match, model_id: str, team: str | None = None) -> Model:
    """The model, on the pitch (and of `team`), else bad_input / not_your_turn."""
    model = m.models.get(model_id)
    if model is None:
        raise Illegal("bad_input", say("{model_id} is not on either roster", model_id=model_id))
    if model.status != "pitch":
        raise Illegal("bad_input", say("{model_id} is not on the pitch ({value})",
                                       model_id=model_id, value=model.status.replace('_', ' ')))
    if team is not None and model.team != team:
        raise Illegal("not_your_turn", say("{model_id} is not {team}'s: it is {team}'s {m}",
                                           model_id=model_id, team=team, m=_what(m)))
    return model


def holder_in_play(m: Match, model_id: str, what: str) -> Model:
    """The model about to pass, head, shoot or play out: in open play and holding the ball."""
    if m.phase != "play":
        raise Illegal("not_expected", say("no {what} now: awaiting {team}'s {value}",
                                          what=what, team=m.team, value=m.phase.replace('_', ' ')))
    model = pitch_model(m, model_id)
    if m.ball.holder != model.id or m.ball.state not in ("held", "high"):
        raise Illegal("not_expected", say("{id} does not hold the ball", id=model.id))
    return model


def _what(m: Match) -> str:
    return "kick-off" if m.phase in ("kick_off", "half_time") else m.phase.replace("_", " ")


@handles("kick_off")
def kick_off(m: Match, line: KickOffLine) -> list[Event]:
    """p.5-6, P3: the kick-off pass is automatic and free; its receiver may not score that phase."""
    if m.phase not in ("kick_off", "half_time") or m.team is None:
        raise Illegal("not_expected", say("no kick-off now: the ball is in play"))
    team = m.team
    pitch_model(m, line.from_, team)
    pitch_model(m, line.to, team)
    if line.from_ == line.to:
        raise Illegal("bad_input", say("the kick-off is a pass between two models"))
    if m.phase == "half_time":
        m.half, m.turn, m.counted, m.half_length = 2, 1, 0, 12
    m.ball = Ball(holder=line.to, state="held", last_touch=team)
    m.starter, m.phase_no = team, 0
    events: list[Event] = [{"event": "kick_off", "team": team, "from": line.from_, "to": line.to,
                            "half": m.half, "turn": m.turn}]
    events += begin_phase(m, team)
    m.no_score = line.to
    return events


@handles("end_phase")
def end_phase_line(m: Match, line: EndPhaseLine) -> list[Event]:
    """P4: the team whose phase it is ends it (`team`, when named, must be that team); a loose ball must first
    be claimed or go out."""
    if m.phase != "play":
        raise Illegal("not_expected", say("no phase to end: awaiting {team}'s {m}", team=m.team, m=_what(m)))
    if line.team is not None and line.team != m.team:
        raise Illegal("not_your_turn", say("it is {team}'s movement phase: only {team} ends it", team=m.team))
    if m.ball.state == "loose":
        raise Illegal("not_expected", say("the ball is loose: awaiting a claim or ball line"))
    return end_phase(m)


def substitution_window(m: Match) -> bool:
    """P7, P41: while a set piece is set up (until its kick) or at half time (until the kick-off)."""
    return (m.phase in SET_PIECES and m.restart is not None) or m.phase == "half_time"


@handles("substitute")
def substitute(m: Match, line: SubstituteLine) -> list[Event]:
    """P7, P41: three a match, no return; the model coming on for the keeper is the keeper (SV 1 if none)."""
    if not substitution_window(m):
        raise Illegal("no_substitution", say("substitutions only while a set piece is set up or at half time"))
    off, on = m.models.get(line.off), m.models.get(line.on)
    if off is None or on is None or off.team != on.team:
        raise Illegal("bad_input", say("a substitution takes two models of one team"))
    if off.status != "pitch":
        raise Illegal("no_substitution", say("{id} is not on the pitch ({value})",
                                             id=off.id, value=off.status.replace('_', ' ')))
    if on.status != "bench":
        raise Illegal("no_substitution", say("{id} is not on the bench: no return once off", id=on.id))
    if m.substitutions_left[off.team] <= 0:
        raise Illegal("no_substitution", say("{team} has made its three substitutions", team=off.team))
    m.substitutions_left[off.team] -= 1
    off.status, on.status = "off", "pitch"
    events: list[Event] = [{"event": "substitution", "team": off.team, "off": off.id, "on": on.id,
                            "left": m.substitutions_left[off.team]}]
    if off.keeper:
        off.keeper = False
        events += _make_keeper(m, on)
    if m.ball.holder == off.id:
        m.ball.holder = on.id
    return events


def _make_keeper(m: Match, model: Model) -> list[Event]:
    model.keeper = True
    if model.level("SV") == 0:
        model.levels["SV"] = 1
    if model.team in m.keeper_due:
        m.keeper_due.remove(model.team)
    return [{"event": "keeper", "team": model.team, "model": model.id, "SV": model.levels["SV"]}]


@handles("keeper")
def keeper(m: Match, line: KeeperLine) -> list[Event]:
    """p.9, P41: a team without a keeper names one; SV 1 if it has none."""
    model = pitch_model(m, line.model)
    if model.team not in m.keeper_due:
        raise Illegal("not_expected", say("{team} has a keeper", team=model.team))
    return _make_keeper(m, model)


@handles("decline")
def decline(m: Match, line: DeclineLine) -> list[Event]:
    """P32: the opponent declines its awaited option; the acting team's options stay open."""
    if not any(o.awaited and o.team == line.team for o in m.may):
        raise Illegal("not_expected", say("{team} has no option to decline", team=line.team))
    m.may = [o for o in m.may if o.team != line.team]
    return []


@handles("dispute")
def dispute(m: Match, line: DisputeLine) -> list[Event]:
    """p.3, P48: one die of either team settles it: 1-3 `a`, 4-6 `b`. It closes nothing."""
    if m.due is not None:
        raise Illegal("not_expected", say("a die is due: the dispute waits until it is rolled"))
    m.due = Due("dispute", {}, "dispute", {"a": line.a, "b": line.b}, either=1)
    return []


@resolver("dispute")
def settle_dispute(m: Match, d: Due) -> list[Event]:
    team, face = d.rolls[0]
    winner = "a" if face <= 3 else "b"
    return [{"event": "dispute", "a": d.context["a"], "b": d.context["b"], "winner": winner,
             "settles": d.context[winner], "team": team, "dice": [face]}]


__all__ = ["due", "pitch_model"]

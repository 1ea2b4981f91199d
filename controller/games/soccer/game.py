"""The match behind the seam's GameState: each action is applied to a copy of the match, so a refusal
(Illegal) leaves the game unchanged, and undo is a stack of the states before."""
from __future__ import annotations

import pickle
from typing import Any

from controller.i18n import say
from controller.seam import Illegal, Result
from controller.takeback import kind_of, steps_back

from . import contests, exits, flow_lines, loose_ball, movement, passing, restarts, roster, shooting
from .actions import Roll, Wait
from .dice import Due, awaited_words, take_roll
from .flow import awaiting, settle_closing
from .lines import HANDLERS, LINE_MODELS, LINE_TYPES, _Line, handler_for
from .state import Event, Match

# the rules modules register their line handlers and dice resolvers as they are imported
RULES = (flow_lines, roster, movement, passing, loose_ball, contests, shooting, exits, restarts)

UNDO_DEPTH = 256
_FREE = ("dispute",)      # lines that close nothing (P48)
LINE_TYPE_OF = {cls: name for name, cls in LINE_MODELS.items()}


class SoccerGame:
    """One match of Soccer!!: nothing on the table is sensed, so it is no GridGame."""

    def __init__(self, match: Match, setup_events: list[Event] | None = None) -> None:
        self.match = match
        self.history: list[Match] = []
        self.kinds: list[str] = []
        self._setup_events = list(setup_events or [])

    def apply(self, action: Any) -> list[Event]:
        if isinstance(action, Wait):
            return []
        m = _copy(self.match)
        events = step(m, action)
        self.history.append(self.match)
        self.kinds.append(kind_of(isinstance(action, Roll), False, events))
        del self.history[:-UNDO_DEPTH]
        del self.kinds[:-UNDO_DEPTH]
        self.match = m
        return events

    def undo(self) -> Match:
        if not self.history:
            raise Illegal("nothing_to_undo", say("no action to take back"))
        self.match = self.history.pop()
        self.kinds.pop()
        return self.match

    def take_back(self) -> Match:
        """The referee's undo: the last accepted action; a roll stands (controller/takeback.py)."""
        for _ in range(steps_back(self.kinds)):
            self.undo()
        return self.match

    def expects(self) -> dict[str, Any]:
        a = awaiting(self.match)
        return {"input": a["what"], "team": a["team"], "model": a["model"], "for": a["for"], "dice": a["dice"]}

    def legal_actions(self) -> list[object]:
        return []           # every line carries measurements only the players can take

    def chance_outcomes(self) -> list[tuple[Roll, float]]:
        """The faces of the next due die, 1/6 each."""
        d = self.match.due
        if not isinstance(d, Due):
            return []
        team = next((t for t in d.order if d.dice.get(t, 0) > 0), None) or next(
            (t for t, n in d.shown().items() if n), "red")
        return [(Roll(team, v), 1 / 6) for v in range(1, 7)]

    def is_terminal(self) -> bool:
        return self.match.over

    def result(self) -> Result:
        m = self.match
        red, blue = m.score["red"], m.score["blue"]
        winner = None if not m.over or red == blue else ("red" if red > blue else "blue")
        return Result(m.over, winner, (red, blue))

    def events_of_setup(self) -> list[Event]:
        return list(self._setup_events)


def _copy(match: Match) -> Match:
    """A copy to apply an action to: the match is plain data, and a pickle round trip copies it about three
    times faster than copy.deepcopy (copying is most of the engine's time per line)."""
    copied: Match = pickle.loads(pickle.dumps(match, pickle.HIGHEST_PROTOCOL))
    return copied


def step(m: Match, action: Any) -> list[Event]:
    """Apply one action to `m` (a copy): a roll feeds the due dice; a line goes to its handler. P32: the
    options open before the line are declined unless the handler assigned new ones (or took them)."""
    before = m.may
    if isinstance(action, Roll):
        resolving = m.due.resolver if isinstance(m.due, Due) else ""
        events = take_roll(m, action.team, action.value)
        if m.may is before and resolving != "dispute":
            m.may = []
        return events + settle_closing(m)
    if not isinstance(action, _Line):
        raise Illegal("bad_input", say("{name} is no action of this game", name=type(action).__name__))
    kind = LINE_TYPE_OF[type(action)]
    _check_awaited(m, kind, action)
    fn = handler_for(kind, m)
    if fn is None:
        raise Illegal("not_expected", say("no {kind} line now: {m}", kind=kind, m=awaited_words(m)))
    events = fn(m, action)
    if kind not in _FREE:
        if m.may is before:
            m.may = []
        if kind != "roster":
            m.rosters_open = False
    return events + settle_closing(m)


def _check_awaited(m: Match, kind: str, action: Any) -> None:
    """What blocks a line before its handler sees it: dice due (only an option open meanwhile, e.g. an exit),
    an opponent's awaited option, a roster or keeper still to come, the match over."""
    if kind in _FREE:
        return
    opened = {o.line for o in m.may}
    if m.due is not None and kind not in opened:
        raise Illegal("not_expected", say("no {kind} line now: {m}", kind=kind, m=awaited_words(m)))
    if m.over:
        raise Illegal("not_expected", say("no {kind} line now: the match is over", kind=kind))
    awaited = [o for o in m.may if o.awaited]
    if awaited and kind != "decline" and not any(
            o.line == kind and o.model in (None, getattr(action, "model", None)) for o in awaited):
        raise Illegal("not_expected", say("no such {kind} line now: {m}", kind=kind, m=awaited_words(m)))
    if m.rosters_due and kind != "roster":
        raise Illegal("not_expected", say("no {kind} line now: {m}", kind=kind, m=awaited_words(m)))
    if m.keeper_due and kind not in ("keeper", "roster", "substitute"):
        raise Illegal("not_expected", say("no {kind} line now: {m}", kind=kind, m=awaited_words(m)))


__all__ = ["HANDLERS", "LINE_TYPES", "SoccerGame", "step"]

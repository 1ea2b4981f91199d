"""Dice awaited as data (P29, P42). A rule that needs dice puts a `Due` on the match: what event they decide,
how many each team owes, the resolver to call by name once all are in, and a JSON-able context. Resolvers
are registered by name (`@resolver("pass")`), so a match holds no function and pickles and deep-copies."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from controller.i18n import say
from controller.seam import Illegal

from .state import Event, Match

Resolver = Callable[[Match, "Due"], list[Event]]
RESOLVERS: dict[str, Resolver] = {}


@dataclass
class Due:
    """Dice awaited: `event` the event they decide (pass, deviation, shot...), `dice` dice owed per team,
    `either` dice any team may roll (a dispute's), `order` the teams in the order a shared die serves them
    (the acting model's first, P42), `rolls` (team, face) so far, `resolver` the registered name called when
    all are in, `context` JSON-able facts it reads, `model` the model whose roll it is (None: a team's)."""
    event: str
    dice: dict[str, int]
    resolver: str
    context: dict[str, Any] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    either: int = 0
    model: str | None = None
    rolls: list[tuple[str, int]] = field(default_factory=list)

    def left(self) -> int:
        return sum(self.dice.values()) + self.either

    def faces(self, team: str | None = None) -> list[int]:
        """The faces rolled, of one team or all, in the order they came."""
        return [v for t, v in self.rolls if team is None or t == team]

    def shown(self) -> dict[str, int]:
        """Dice due per team, as the snapshot shows them (either team's dice count for both)."""
        return {t: self.dice.get(t, 0) + self.either for t in ("red", "blue")}


def resolver(name: str) -> Callable[[Resolver], Resolver]:
    """Register a resolver under `name`: the function a Due names, called with the match and the full Due."""
    def register(fn: Resolver) -> Resolver:
        RESOLVERS[name] = fn
        return fn
    return register


def due(event: str, dice: dict[str, int], name: str, context: dict[str, Any] | None = None,
        first: str | None = None, model: str | None = None) -> Due:
    """A Due for `dice` (team -> count; zero counts dropped), served in order `first` team first (P42)."""
    counts = {t: n for t, n in dice.items() if n > 0}
    order = sorted(counts, key=lambda t: t != first)
    return Due(event, counts, name, dict(context or {}), order, model=model)


def route(m: Match, d: Due, team: str) -> str:
    """The team a roll of `team`'s die counts for (P29, P42): its own when it owes dice; any team's in turn with
    `shared_die`; Illegal wrong_die otherwise."""
    if d.either:
        return team
    if m.options.shared_die:
        for t in d.order or sorted(d.dice):
            if d.dice.get(t, 0) > 0:
                return t
    if d.dice.get(team, 0) > 0:
        return team
    owing = [t for t, n in d.dice.items() if n > 0]
    raise Illegal("wrong_die", say("this roll is {owing}'s ({event}): the {team} die is not due",
                                   owing='/'.join(owing), event=d.event, team=team))


def take_roll(m: Match, team: str, value: int) -> list[Event]:
    """One die: counted against the due dice; when the last is in, the Due leaves the match and its resolver
    runs (it may set the next Due)."""
    d = m.due
    if d is None:
        raise Illegal("not_expected", say("no die is due now: {awaited}", awaited=awaited_words(m)))
    assert isinstance(d, Due)
    counted = route(m, d, team)
    if d.either:
        d.either -= 1
    else:
        d.dice[counted] -= 1
    d.rolls.append((counted, value))
    if d.left() > 0:
        return []
    m.due = None
    fn = RESOLVERS.get(d.resolver)
    if fn is None:
        raise Illegal("not_expected", say("no rule resolves {event} dice", event=d.event))
    return fn(m, d)


def awaited_words(m: Match) -> str:
    """A short sentence of what the match waits for, for refusals."""
    d = m.due
    if isinstance(d, Due):
        owing = ", ".join(f"{n} {t}" for t, n in d.shown().items() if n)
        return say("awaiting {owing} die for {event}", owing=owing, event=d.event)
    if m.rosters_due:
        return say("awaiting the {teams} roster", teams=" and ".join(m.rosters_due))
    if m.keeper_due:
        return say("awaiting {team}'s keeper", team=m.keeper_due[0])
    awaited = [o for o in m.may if o.awaited]
    if awaited:
        return say("awaiting {team}'s {line} or decline", team=awaited[0].team, line=awaited[0].line)
    if m.over:
        return say("the match is over")
    if m.phase in ("kick_off", "half_time"):
        return say("awaiting {team}'s kick_off", team=m.team)
    if m.ball.state == "loose":
        return say("awaiting a claim or ball line")
    if m.phase != "play":
        return say("awaiting {team}'s {phase}", team=m.team, phase=m.phase)
    return say("awaiting {team}'s play", team=m.team)

"""The decisions of a match, found by replaying its journal through the core and weighed by a search.

Every action the core applies goes through the game's own `apply`; the walk listens there. When a team decides
(the search's `decider`) and the action is one of its `choices`, the choices are ranked from that position,
before the action is applied: the best choice's win chance and the chosen one's are the decision's before and
after. Time, dice and anything the search does not list (a pause, a foul the referee calls) are not judged. An
action the core takes back (a move read again, the referee's undo) takes its decision back with it. The frame of
each decision counts states as the HTML replay does (controller/web/replay.py), so a mark lands on its move.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from controller.daemon.journal import read_journal
from controller.daemon.referee import Referee, ruleset_of
from controller.notation import Tick
from controller.players.search import LEAVE_TO_CHANCE
from controller.players.search_game import SearchGame
from controller.story import match_minute
from hal.board import TEAMS

Ranking = Sequence[tuple[Any, float]]
Rank = Callable[[SearchGame, Any, int], Ranking]
"""Every choice of the deciding team in a position, with its win chance for that team."""
Check = Callable[[SearchGame, Any, int, Ranking, Any], Ranking]
"""A deeper look at a costly-looking decision: given its ranking and the choice played, some choices (the played
one among them) ranked again."""


@dataclass
class Decision:
    """One judged decision: who chose what, where in the match, and the win chances around it."""
    line: int                   # the journal line (1 = the first after the header) that made the action
    frame: int                  # the replay frame after it
    minute: str
    team: int
    played: Any
    best: Any
    before: float               # the team's win chance with the best choice
    after: float                # ... with the choice made
    choices: int
    played_text: str = ""
    best_text: str = ""
    ranked: Ranking = field(default_factory=list, repr=False)     # the first ranking
    checked: bool = False       # before and after come from the deeper check

    @property
    def drop(self) -> float:
        return max(0.0, self.before - self.after)


@dataclass
class Walk:
    """A match's judged decisions, and the journal's game."""
    ruleset: str
    decisions: list[Decision]
    frames: int
    lines: int
    red_at_end: float | None = None     # red's win at the end: 1, 0 or a draw's 0.5; None for a match not over


def describe(sg: SearchGame, game: Any, action: Any) -> str:
    """An action in the game's own notation where it has one (its text form), else as the board lines it makes."""
    if action is LEAVE_TO_CHANCE:
        return "roll (leave it to the dice)"
    if type(action).__str__ is not object.__str__:
        return str(action)
    lines = sg.lines_for(game, action)
    return "; ".join(" ".join(str(v) for k, v in line.items() if k != "type") for line in lines) or repr(action)


class _Listener:
    """Wraps a game's apply and undo (on the instance only) to see every action the core applies."""

    def __init__(self, sg: SearchGame, rank: Rank, check: Check | None = None, check_from: float = 1.0) -> None:
        self.sg, self.rank, self.check, self.check_from = sg, rank, check, check_from
        self.busy = False                           # the search is trying actions: pass them through
        self.stack: list[Decision | None] = []     # one entry per action applied, for the core's undos
        self.decisions: list[Decision] = []
        self.where = (0, 0, "")                     # (line, frame, minute) being fed
        self.game: Any = None
        # actions judged then taken back, by the depth of the stack they were applied at: the position there is
        # the same until an action below it is taken back, so the same action applied again is judged already
        # (a sensed board's reading tries an action, undoes it, then applies it)
        self.tried: list[tuple[int, Any, Decision | None]] = []

    def attach(self, game: Any) -> None:
        if game is None or game is self.game:
            return
        self.game, self.stack, self.tried = game, [], []
        apply, undo = game.apply, game.undo

        def listened_apply(action: Any) -> Any:
            if self.busy:
                return apply(action)
            depth = len(self.stack)
            self.tried = [tried for tried in self.tried if tried[0] <= depth]
            known = [decision for at, tried, decision in self.tried if at == depth and tried == action]
            found = known[0] if known else self._judge(game, action)
            events = apply(action)                  # Illegal: nothing was applied, nothing is recorded
            if not known:
                self.tried.append((depth, action, found))
            self.stack.append(found)
            if found is not None:
                self.decisions.append(found)
            return events

        def listened_undo() -> Any:
            done = undo()
            if not self.busy and self.stack:
                gone = self.stack.pop()
                if gone is not None and self.decisions and self.decisions[-1] is gone:
                    self.decisions.pop()
            return done

        game.apply, game.undo = listened_apply, listened_undo

    def _played(self, game: Any, action: Any) -> Any | None:
        """The choice the action is: itself, LEAVE_TO_CHANCE for a roll where the team might have acted instead,
        None for an action the search does not list."""
        choices = self.sg.choices(game)
        if action in choices:
            return action
        if LEAVE_TO_CHANCE in choices and any(action == outcome for outcome, _ in self.sg.chance(game)):
            return LEAVE_TO_CHANCE
        return None

    def _judge(self, game: Any, action: Any) -> Decision | None:
        if isinstance(action, Tick):
            return None
        self.busy = True
        try:
            team = self.sg.decider(game)
            played = None if team is None else self._played(game, action)
            if team is None or played is None:
                return None
            found = self.rank(self.sg, game, team)
            ranked = found if isinstance(found, list) else list(found)
            chosen = [chance for a, chance in ranked if a == played]
            if not ranked or not chosen:
                return None
            best, before = max(ranked, key=lambda r: r[1])
            after, checked = chosen[0], False
            if self.check is not None and before - after >= self.check_from:
                deeper = list(self.check(self.sg, game, team, ranked, played))
                again = [chance for a, chance in deeper if a == played]
                if again:
                    (best, before), after, checked = max(deeper, key=lambda r: r[1]), again[0], True
            line, frame, minute = self.where
            return Decision(line, frame, minute, team, played, best, before, after, len(ranked),
                            describe(self.sg, game, played), describe(self.sg, game, best), ranked, checked)
        finally:
            self.busy = False


def walk(journal: str | os.PathLike, sg: SearchGame, rank: Rank, check: Check | None = None,
         check_from: float = 1.0, progress: Callable[[int, int], None] | None = None) -> Walk:
    """Replay the journal and judge every decision with `rank`; one whose choice seems to lose `check_from` or more
    of win chance is judged by `check` instead."""
    jf = read_journal(journal)
    h = jf.header
    ruleset = ruleset_of(h, jf.lines)
    ref = Referee(h.get("options", {}), h.get("board_follows_game", True), seq_base=int(h.get("seq_base", 0)),
                  ruleset=ruleset)
    listener = _Listener(sg, rank, check, check_from)
    frames = 0

    def fed(step_state: dict | None, first: int) -> None:
        nonlocal frames
        if step_state is not None and ref.core.game is not None:
            frames += 1
        for d in listener.decisions[first:]:       # the frame and minute of the state the decision made
            d.frame = max(0, frames - 1)
            d.minute = match_minute(ref.snapshot).strip() if ref.snapshot else ""

    for number, line in enumerate(jf.lines, start=1):
        listener.attach(ref.core.game)
        listener.where = (number, frames, "")
        first = len(listener.decisions)
        step = ref.feed(line)
        fed(step.state, first)
        if progress is not None:
            progress(number, len(jf.lines))
    listener.attach(ref.core.game)
    first = len(listener.decisions)
    fed(ref.finish_pending().state, first)
    game = ref.core.game
    result = game.result() if game is not None else None
    red_at_end = None
    if result is not None and result.final:
        red_at_end = 0.5 if result.winner is None else float(result.winner == TEAMS[0])
    return Walk(ruleset, listener.decisions, frames, len(jf.lines), red_at_end)


def team_name(team: int) -> str:
    return TEAMS[team]

"""The referee's `undo` button (docs/board.md section 5): the last accepted action goes back; a die already
rolled is not rolled again.

Each engine keeps the states before its last actions (one step each, which its trial moves also use) and the
kind of each action. The referee's undo reaches over the clock lines that decided nothing since the action
(the daemon feeds one before every input, the undo press included), and goes back to the moment before it;
a roll is never taken back, so an undo whose last action is a roll is refused.
"""
from __future__ import annotations

from collections.abc import Sequence

from controller.i18n import say

from .seam import Illegal

ROLL, QUIET_TICK, PLAY = "roll", "tick", "play"
"""The kinds of action in an engine's history: a die roll, time passing with nothing decided, anything else."""


def kind_of(is_roll: bool, is_tick: bool, events: Sequence[object]) -> str:
    if is_roll:
        return ROLL
    return QUIET_TICK if is_tick and not events else PLAY


def steps_back(kinds: Sequence[str]) -> int:
    """How many one-step undos the referee's undo is: the quiet clock lines after the last action, and it."""
    back = 1
    for kind in reversed(kinds):
        if kind == ROLL:
            raise Illegal("nothing_to_undo", say("a die already rolled is not rolled again: the roll stands, and "
                                                 "nothing accepted since can be taken back"))
        if kind == PLAY:
            return back
        back += 1
    raise Illegal("nothing_to_undo", say("no action to take back"))

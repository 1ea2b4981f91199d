"""A pawn's id inside a sentence: in English the id as the board's vocabulary writes it ("red-d2", what
programs read in the snapshot), in another language its team's word and the label printed on the pawn."""
from __future__ import annotations

from .said import Say, say


def named_pawn(pid: str) -> str:
    """"red-d2" as a sentence that prints "red-d2" and is said "rosso d2"; an id with no team as it is."""
    team, sep, label = str(pid).partition("-")
    if not sep:
        return str(pid)
    # i18n: a pawn's id, its team's colour and the label printed on the pawn (red-d2)
    return say("{team}-{label}", team=Say(team), label=label)

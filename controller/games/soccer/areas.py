"""Soccer!!'s areas in words: a line's area ("blue:penalty", the penalty area at blue's end) as the match story
says it, in English as it always read ("blue penalty"), in another language with the game's terms."""
from __future__ import annotations

from controller.i18n import N_

AREA_WORDS = {
    "red:penalty": N_("red penalty"), "red:shooting": N_("red shooting"), "red:side": N_("red side"),
    "red:no_shooting": N_("red no shooting"), "blue:penalty": N_("blue penalty"),
    "blue:shooting": N_("blue shooting"), "blue:side": N_("blue side"), "blue:no_shooting": N_("blue no shooting"),
}


def area_words(at: str) -> str:
    """The area as a sentence of the catalogue; an area the game does not name, its code made readable."""
    return AREA_WORDS.get(at) or at.replace(":", " ").replace("_", " ")

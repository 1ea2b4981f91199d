"""A sentence that remembers how it was said: English as a string, its template and arguments kept for the
page and the console, and said in Italian with its arguments."""
from __future__ import annotations

import json
import pickle

from controller.i18n import say
from controller.i18n.translate import text
from controller.seam import Illegal


def test_a_said_sentence_is_its_english_string() -> None:
    s = say("{pawn} is not in play", pawn="red-m2")
    assert s == "red-m2 is not in play"
    assert json.dumps({"detail": s}) == '{"detail": "red-m2 is not in play"}'


def test_the_published_form_nests_a_said_argument() -> None:
    s = say("Yellow card for {pawn}", pawn=say("{team} {pawn}", team=say("Red"), pawn="m2"))
    assert s.said() == {"msg": "Yellow card for {pawn}", "args": {
        "pawn": {"msg": "{team} {pawn}", "args": {"team": {"msg": "Red", "args": {}}, "pawn": "m2"}}}}


def test_a_refusal_survives_a_checkpoint_with_its_template() -> None:
    e = pickle.loads(pickle.dumps(Illegal("no_token", say("{pawn} is not in play", pawn="red-m2"))))
    assert e.detail == "red-m2 is not in play"
    assert e.detail.msg == "{pawn} is not in play" and dict(e.detail.args) == {"pawn": "red-m2"}


def test_an_untranslated_sentence_is_said_in_english_in_any_language() -> None:
    s = say("no such sentence {n} in any catalogue", n=3)
    assert text(s, "it") == "no such sentence 3 in any catalogue"
    assert text(s, "en") == "no such sentence 3 in any catalogue"

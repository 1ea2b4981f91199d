"""A sentence that remembers how it was said: English as a string, its template and arguments kept for the
page and the console, and said in Italian with its arguments."""
from __future__ import annotations

import json
import pickle

import pytest

from controller.i18n import say
from controller.i18n.said import Say
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


def test_an_event_document_carries_its_sentence_in_english_and_how_it_was_said() -> None:
    from controller import story
    doc = story.annotate({"seq": 7, "event": "yellow_card", "team": "red", "pawn": "red-m2"},
                         game="soccer_tactics_world")
    assert doc["text"] == "Yellow card for Red m2" and type(doc["text"]) is str
    assert doc["say"] == {"msg": "Yellow card for {pawn}", "args": {
        "pawn": {"msg": "{team} {pawn}", "args": {"team": {"msg": "Red", "args": {}}, "pawn": "m2"}}}}
    assert text(story.sentence(doc, "soccer_tactics_world"), "it") == "Cartellino giallo per Rosso m2"


def test_a_list_argument_is_said_item_by_item() -> None:
    s = say("confirm which pawn stands where first: {pawns} (press confirm)",
            pawns=[say("{pawn} on {square}", pawn="red-m1", square="d5"),
                   say("{pawn} on {square}", pawn="red-m2", square="e5")])
    assert s == "confirm which pawn stands where first: red-m1 on d5, red-m2 on e5 (press confirm)"
    assert s.said()["args"]["pawns"][1] == {"msg": "{pawn} on {square}", "args": {"pawn": "red-m2", "square": "e5"}}
    assert text(s, "it") == "prima confermate quale pedina sta dove: red-m1 in d5, red-m2 in e5 (premete confirm)"


def test_a_template_that_reaches_into_an_argument_or_pads_a_sentence_is_refused() -> None:
    """A checkpoint is a file a person could forge: its sentences' templates are checked as they load."""
    for bad in ("{x.__class__}", "{x[0]}", "{x:>999999999}", "{x!a}"):
        with pytest.raises(ValueError):
            Say(bad, {"x": "a"})


def test_a_plain_template_with_a_number_format_and_repr_formats_and_round_trips() -> None:
    said = say("age {age:.1f} of {who!r}", age=2.0, who="red")
    assert said == "age 2.0 of 'red'" and pickle.loads(pickle.dumps(said)).msg == said.msg

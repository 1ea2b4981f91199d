"""Soccer!!'s areas inside the match story's sentences: English as the story always read them ("at blue penalty"),
said in Italian with the game's terms (the penalty area at blue's end is "area di rigore blu")."""
from __future__ import annotations

from controller.games.soccer.sentences import sentences
from controller.i18n.translate import text


def _said(event: dict, lang: str) -> str:
    return text(sentences().say[event["event"]](event), lang)


def test_a_foul_in_a_penalty_area_names_the_area_in_italian_and_keeps_its_english():
    foul = {"event": "foul", "model": "blue-3", "at": "blue:penalty"}
    assert _said(foul, "en") == "Foul by blue-3 at blue penalty"
    assert "area di rigore blu" in _said(foul, "it")
    assert "penalty" not in _said(foul, "it")


def test_every_area_of_the_pitch_is_said_in_italian():
    for at, italian in (("red:shooting", "zona di tiro rossa"), ("red:side", "fascia della zona di tiro rossa"),
                        ("blue:no_shooting", "zona senza tiro blu"), ("red:penalty", "area di rigore rossa")):
        shot = {"event": "shot", "model": "red-9", "at": at, "result": "saved"}
        english = _said(shot, "en")
        assert english.startswith(f"red-9 shoots at {at.replace(':', ' ').replace('_', ' ')}: "), english
        assert italian in _said(shot, "it"), (at, _said(shot, "it"))

"""The analysis's words: the report's section in the language in use (English as it always read), the HTML
replay's marks and graph caption carrying their sentences said for the page."""
from __future__ import annotations

import json
from html import unescape
from pathlib import Path

from controller.analysis.graph import replay_marks, win_chance_figure
from controller.analysis.match import analysis_text
from controller.i18n import Say
from controller.i18n.translate import text


def decision(frame: int, team: str, after: float, mark: str | None) -> dict:
    return {"line": frame, "frame": frame, "minute": f"{frame}'", "team": team, "played": "ball a1", "best": "ball b2",
            "before": after + 0.2, "after": after, "drop": 0.2, "choices": 5, "mark": mark}


DOC = {"level": 3, "seconds": 1.5, "thresholds": {"blunder": 0.15, "mistake": 0.1, "inaccuracy": 0.05},
       "frames": 11, "red_at_end": 1.0,
       "teams": {"red": {"decisions": 4, "accuracy": 91.2, "blunder": 0, "mistake": 0, "inaccuracy": 1},
                 "blue": {"decisions": 3, "accuracy": None, "blunder": 2, "mistake": 1, "inaccuracy": 0}},
       "decisions": [decision(2, "red", 0.6, "inaccuracy"), decision(8, "blue", 0.1, "mistake")]}


def _sentence(v):
    if isinstance(v, list):
        return [_sentence(x) for x in v]
    return Say(v["msg"], {k: _sentence(x) for k, x in v["args"].items()}) if isinstance(v, dict) else v


def test_the_analysis_section_reads_in_english_as_it_always_did() -> None:
    assert analysis_text(DOC, "en").splitlines() == [
        "Analysis (search level 3, costly-looking choices a decision deeper, 1.5 s; marks by the drop in win chance: "
        "blunder 15%, mistake 10%, inaccuracy 5%)",
        "  red   accuracy  91.2% over 4 decisions: 1 inaccuracy, 0 mistakes, 0 blunders",
        "  blue  accuracy      - over 3 decisions: 0 inaccuracies, 1 mistake, 2 blunders",
        "Marks:",
        "     2'  Red inaccuracy (?!): ball a1, win chance 80% -> 60%; better ball b2",
        "     8'  Blue mistake (?): ball a1, win chance 30% -> 10%; better ball b2"]


def test_the_analysis_section_is_said_in_italian_with_the_marks_chess_sites_use() -> None:
    said = analysis_text(DOC, "it")
    assert said.splitlines()[0].startswith("Analisi (livello di ricerca 3")
    assert "errore grave 15%, errore 10%, imprecisione 5%" in said
    assert "  rosso  precisione  91.2% su 4 decisioni: 1 imprecisione, 0 errori, 0 errori gravi" in said
    assert "  blu    precisione      - su 3 decisioni: 0 imprecisioni, 1 errore, 2 errori gravi" in said
    assert "     8'  Blu, errore (?): ball a1, probabilità di vittoria 30% -> 10%; meglio ball b2" in said
    assert "Scelte segnalate:" in said
    assert "accuracy" not in said and "mistake" not in said and "win chance" not in said
    assert analysis_text({**DOC, "decisions": []}, "it").endswith("Scelte segnalate: nessuna")


def test_the_replays_mark_buttons_carry_their_sentence_said() -> None:
    (mark,) = replay_marks(DOC)
    assert mark["text"] == "8' Blue mistake (?): ball a1, win chance 30% -> 10%; better ball b2"
    assert str(_sentence(mark["say"])) == mark["text"]
    assert text(_sentence(mark["say"]), "it") == ("8' Blu, errore (?): ball a1, probabilità di vittoria 30% -> 10%; "
                                                  "meglio ball b2")


def test_the_graphs_caption_is_english_in_the_markup_and_said_for_the_page() -> None:
    html = win_chance_figure(DOC)
    caption = html.split("<figcaption ")[1].split("</figcaption>")[0]
    said = json.loads(unescape(caption.split('data-t-said="')[1].split('"')[0]))
    english = unescape(caption.split(">", 1)[1])
    assert english == ("Red's chance of winning (search level 3). Red accuracy 91.2% (1 inaccuracy, 0 mistakes, "
                       "0 blunders); Blue accuracy - (0 inaccuracies, 1 mistake, 2 blunders)")
    assert str(_sentence(said)) == english
    assert text(_sentence(said), "it") == (
        "Probabilità di vittoria della squadra rossa (livello di ricerca 3). Rosso: precisione 91.2% (1 imprecisione, "
        "0 errori, 0 errori gravi); Blu: precisione - (0 imprecisioni, 1 errore, 2 errori gravi)")
    assert html.count("data-t-said=") == 3      # the caption and each mark's dot title


def test_the_graphs_name_for_screen_readers_is_english_and_said_by_the_page() -> None:
    svg = win_chance_figure(DOC).split("<svg ")[1].split(">")[0]
    label = unescape(svg.split(' aria-label="')[1].split('"')[0])
    marked = unescape(svg.split(' data-t-aria-label="')[1].split('"')[0])
    assert label == marked == ("Red's chance of winning over the match (above the middle: red ahead); dots: marked "
                               "decisions")
    page = json.loads((Path(__file__).parents[2] / "controller/web/static/i18n/it.json").read_text(encoding="utf-8"))
    assert page[marked] == ("Probabilità di vittoria della squadra rossa lungo la partita (sopra la metà: in "
                            "vantaggio il rosso); punti: decisioni segnate")

"""A game the page has no module for is shown plainly (controller/web/static/js/plain.js), in Chromium: a state
whose `ruleset` is a made-up name shows its fields as data (nested ones indented under theirs), the score,
the clock and what it waits for from the fields every game's snapshot has, and its events as the sentence
they carry, else as their name and fields (as controller/story.py tells such a game); the page throws
nothing and logs no error. A registered game whose page module fails to load is shown the same way."""
from __future__ import annotations

from pathlib import Path

from controller import story
from tests.web.test_web_server_games import _install_game
from tests.web.web_helpers import feed_texts, wait_seq

SEQ = 7
MADE_UP: dict = {
    "schema": "zorba.snapshot/1", "ruleset": "zorbaball", "seq": SEQ, "phase": "dance_off",
    "score": {"red": 2, "blue": 1},
    "clock": {"period": 1, "elapsed": 75.0, "length": 900.0, "running": False},
    "expects": {"team": "red", "input": "spin_twice"},
    "weather": {"wind": {"speed": 3, "from": "north"}, "rain": False},
    "lanterns": ["d5", "e12"],
    "ball": None,
}
TOLD = {"event": "dance", "team": "red", "seq": 8, "text": "Red dance the zorba"}
UNTOLD = {"event": "foo_happened", "team": "blue", "square": "d5", "tally": {"red": 11, "blue": 13}, "seq": 9}


def _errors(page) -> list[str]:
    out: list[str] = []
    page.on("console", lambda m: out.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: out.append(f"pageerror: {e}"))
    return out


def _rows(page) -> list[list[str]]:
    return page.locator("#plain-data tbody tr").evaluate_all(
        "rows => rows.map(r => [r.cells[0].textContent, r.cells[1].textContent, r.cells[0].dataset.depth])")


def _shown_plainly(page) -> None:
    assert page.locator("#banner").is_hidden(), page.inner_text("#banner")
    assert page.evaluate("document.body.dataset.gamePage") == "plain"
    assert page.locator("#game-panel").is_visible()
    rows = _rows(page)
    assert ["phase", "dance_off", "0"] in rows
    # nested objects open up under their key, one level deeper each
    at = rows.index(["weather", "", "0"])
    assert rows[at + 1:at + 5] == [["wind", "", "1"], ["speed", "3", "2"], ["from", "north", "2"],
                                   ["rain", "false", "1"]], rows
    assert ["lanterns", "d5, e12", "0"] in rows and ["ball", "–", "0"] in rows
    indent = page.locator("#plain-data th[data-depth='2']").first.evaluate("e => getComputedStyle(e).paddingLeft")
    assert float(indent.removesuffix("px")) > 20
    # the fields every game's snapshot has
    assert page.inner_text("#score-red").strip() == "2" and page.inner_text("#score-blue").strip() == "1"
    assert page.inner_text("#to-act").strip() == "Red: spin twice"
    assert page.inner_text("#phase").strip() == "Dance off"


def test_a_made_up_game_is_shown_plainly_with_its_fields_and_events(page, publisher, open_live, board):
    errors = _errors(page)
    publisher.status("online")
    publisher.state(MADE_UP)
    open_live()
    wait_seq(page, SEQ)
    _shown_plainly(page)
    publisher.event(TOLD)
    publisher.event(UNTOLD)
    page.wait_for_function("() => document.querySelectorAll('#feed li').length >= 2")
    assert feed_texts(page)[:2] == [story.plainly(UNTOLD), "Red dance the zorba"]
    assert feed_texts(page)[0] == "foo_happened: team blue, square d5, tally (red 11, blue 13)"
    assert errors == []


def test_a_game_whose_page_module_fails_is_shown_plainly(page, publisher, open_live, tmp_path: Path, monkeypatch):
    _install_game(tmp_path, "brokenball", page="export const toAct = (;\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    thrown: list[str] = []
    page.on("pageerror", lambda e: thrown.append(str(e)))
    doc = {**MADE_UP, "ruleset": "brokenball"}
    publisher.status("online")
    publisher.state(doc)
    open_live()
    wait_seq(page, SEQ)
    _shown_plainly(page)
    assert thrown == []

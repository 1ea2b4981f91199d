"""A game is a plugin, on the page: the spectator page has no module for the test-only game `tally` (its package
ships no page.js), so it shows the game plainly, the snapshot's fields as data, in Chromium, as the daemon of
`soccerboard sim` publishes them."""
from __future__ import annotations

import os

import pytest

from simulator.bench.waits import wait_for
from simulator.bench.web import MissingTool, SimProcess, launch_chromium, wait_connected
from tests.games.plugin_games import SITE, TALLY, write_lines


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        try:
            b = launch_chromium(p)
        except MissingTool as e:
            pytest.fail(str(e), pytrace=False)
        yield b
        b.close()


@pytest.fixture
def tally_sim(tmp_path, monkeypatch):
    """`soccerboard sim` (embedded broker and web server) playing the tally scenario and staying on its end."""
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in (str(SITE), os.environ.get("PYTHONPATH")) if p))
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    scenario = write_lines(tmp_path / "tally.jsonl", TALLY)
    proc = SimProcess(["--ruleset", "tally", "--scenario", str(scenario), "--speed", "0", "--stay",
                       "--journal-dir", str(tmp_path / "journal"), "--http-port", "0"], tmp_path / "sim.log")
    yield proc
    proc.stop()


def _rows(page) -> list[tuple[str, str]]:
    return [(tr.query_selector("th").inner_text().strip(), tr.query_selector("td").inner_text().strip())
            for tr in page.query_selector_all("#plain-data tbody tr")]


def test_the_page_shows_a_game_it_has_no_module_for_as_its_snapshots_fields(tally_sim, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        assert tally_sim.url is not None
        page.goto(tally_sim.url)
        wait_connected(page)
        rows = wait_for(lambda: (lambda r: r if ("phase", "won") in r else None)(_rows(page)), 15,
                        "the tally's final snapshot in the plain view")
        assert ("ruleset", "tally") in rows and ("winner", "blue") in rows and ("target", "12") in rows
        totals = rows.index(("totals", ""))
        assert rows[totals + 1:totals + 3] == [("red", "11"), ("blue", "13")]
        assert errors == []
    finally:
        page.close()

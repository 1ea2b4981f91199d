"""A game is a plugin, on the page, in Chromium, as the daemon of `soccerboard sim` publishes it: the test-only
game `tally` ships no page module, so the page shows it plainly (the snapshot's fields as data); `race` ships
its own (tests/games/site/sb_race/page.js), which the server finds through the registry and the page paints."""
from __future__ import annotations

import os

import pytest

from simulator.bench.waits import wait_for
from simulator.bench.web import SimProcess, wait_connected
from tests.games.plugin_games import RACE, SITE, TALLY, write_lines


@pytest.fixture
def sim_of(tmp_path, monkeypatch):
    """`soccerboard sim` (embedded broker and web server) playing a test game's scenario and staying on its end."""
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in (str(SITE), os.environ.get("PYTHONPATH")) if p))
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    started: list[SimProcess] = []

    def start(game: str, lines: list[dict]) -> SimProcess:
        scenario = write_lines(tmp_path / f"{game}.jsonl", lines)
        proc = SimProcess(["--ruleset", game, "--scenario", str(scenario), "--speed", "0", "--stay",
                           "--journal-dir", str(tmp_path / "journal"), "--http-port", "0"], tmp_path / "sim.log")
        started.append(proc)
        return proc
    yield start
    for proc in started:
        proc.stop()


@pytest.fixture
def page(browser):
    pg = browser.new_page(viewport={"width": 1280, "height": 800})
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    yield pg
    pg.close()


def _rows(page) -> list[tuple[str, str]]:
    return [(tr.query_selector("th").inner_text().strip(), tr.query_selector("td").inner_text().strip())
            for tr in page.query_selector_all("#plain-data tbody tr")]


def test_the_page_shows_a_game_it_has_no_module_for_as_its_snapshots_fields(sim_of, page):
    sim = sim_of("tally", TALLY)
    assert sim.url is not None
    page.goto(sim.url)
    wait_connected(page)
    rows = wait_for(lambda: (lambda r: r if ("phase", "won") in r else None)(_rows(page)), 15,
                    "the tally's final snapshot in the plain view")
    assert ("ruleset", "tally") in rows and ("winner", "blue") in rows and ("target", "12") in rows
    totals = rows.index(("totals", ""))
    assert rows[totals + 1:totals + 3] == [("red", "11"), ("blue", "13")]
    assert page.errors == []


def test_the_page_paints_a_plugin_games_own_page_module_found_through_the_registry(sim_of, page):
    sim = sim_of("race", RACE)
    assert sim.url is not None
    page.goto(sim.url)
    wait_connected(page)
    page.wait_for_selector("#race-tokens")
    wait_for(lambda: "blue has won" in page.inner_text("#race-tokens"), 15, "the race's final snapshot painted")
    assert page.inner_text("#race-tokens").strip() == "red on a15, blue on b1; blue has won"
    assert page.query_selector("#plain-data") is None            # its own panel, not the plain view
    assert page.errors == []

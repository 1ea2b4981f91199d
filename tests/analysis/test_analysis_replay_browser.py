"""The analysed HTML replay opened from file:// in Chromium: the blunder is among the mark buttons, and a click
on its dot in the win-chance graph shows its move, with the graph's cursor there."""
from __future__ import annotations

import pytest

from controller.analysis import analyse_match
from controller.web import replay
from tests.analysis.journals import GIVEAWAY, ball_to, up_to_the_ball_play, write_journal


@pytest.fixture
def context(browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    yield ctx
    ctx.close()


def test_a_click_on_the_blunder_in_the_graph_shows_its_move(context, tmp_path):
    journal = write_journal(tmp_path / "giveaway.jsonl", [*up_to_the_ball_play(), ball_to(GIVEAWAY)])
    doc = analyse_match(journal)
    blunder = next(d for d in doc["decisions"] if d["mark"] == "blunder")
    out = tmp_path / "match.html"
    out.write_text(replay.render_replay_html(journal, analysis=doc))
    requests: list[str] = []
    page = context.new_page()
    page.on("request", lambda r: requests.append(r.url))
    page.goto(out.as_uri())
    page.wait_for_function("() => document.body.dataset.ready === 'true'")
    assert float(page.get_attribute("#win-chance-cursor", "x1") or "nan") == pytest.approx(replay_x(doc, 0))
    button = page.locator("#replay-marks button[data-kind='blunder']")
    assert "Red blunder (??): ball g12" in button.inner_text()
    page.click(f"#win-chance-graph circle[data-frame='{blunder['frame']}']")
    page.wait_for_function("f => document.body.dataset.frame === String(f)", arg=blunder["frame"])
    assert float(page.get_attribute("#win-chance-cursor", "x1") or "nan") == pytest.approx(
        replay_x(doc, blunder["frame"]))
    assert page.inner_text("#replay-position").startswith(f"{blunder['frame'] + 1} /")
    assert all(url.startswith(("file:", "data:")) for url in requests), requests


def replay_x(doc: dict, frame: int) -> float:
    """Where the graph draws a frame (controller/analysis/graph.py's scale)."""
    from controller.analysis.graph import PAD, WIDTH
    last = max(1, doc["frames"] - 1)
    return PAD + (WIDTH - 2 * PAD) * frame / last

"""The league index (the page without ?board=): one row per board from the retained status and state, each
linking to that board's live view."""
from __future__ import annotations

import re

from tests.web.web_helpers import (
    ROOT,
    BoardPublisher,
    make_server,
    match_frames,
    publish_frame,
    scenario_file_lines,
    wait_connected,
    wait_seq,
)


def _frames(name: str):
    return match_frames(scenario_file_lines(ROOT / "tests" / "golden" / f"{name}.jsonl"))


def test_the_league_index_lists_every_board_and_links_to_its_live_view(page, private_broker):
    server = make_server({"ws_port": private_broker.ws_port, "sim": False})
    pitch1, pitch2 = BoardPublisher(private_broker.port, "pitch1"), BoardPublisher(private_broker.port, "pitch2")
    try:
        one = _frames("01_kickoff_to_goal")
        goal_at = next(i for i, f in enumerate(one) if any(e["event"] == "goal" for e in f.events))
        for f in one[:goal_at + 1]:
            publish_frame(pitch1, f)
        pitch1.status("online")
        two = _frames("02_foul_cards_free_kick")
        for f in two[:6]:
            publish_frame(pitch2, f)
        pitch2.status("offline")
        state1 = one[goal_at].state
        state2 = [f.state for f in two[:6] if f.state][-1]

        page.goto(server.url)
        wait_connected(page)
        page.wait_for_selector("#league [data-board='pitch1']")
        page.wait_for_selector("#league [data-board='pitch2']")
        page.wait_for_function("""() => { const r = document.querySelector("#league [data-board='pitch2']");
                                          return r && /offline/i.test(r.textContent); }""")
        page.wait_for_function("""() => { const r = document.querySelector("#league [data-board='pitch1']");
                                          return r && /1\\s*[-\u2013:]\\s*0/.test(r.textContent); }""")
        assert page.locator("#league [data-board]").count() == 2
        row1 = page.locator("#league [data-board='pitch1']")
        row2 = page.locator("#league [data-board='pitch2']")
        text1, text2 = row1.inner_text(), row2.inner_text()
        assert re.search(r"\bonline\b", text1, re.I) and not re.search(r"offline", text1, re.I), text1
        assert re.search(r"0\s*[-\u2013:]\s*0", text2), text2
        assert re.search(r"\d+'", text1), f"the match minute is missing: {text1}"
        phase1 = state1["phase"].replace("_", " ")
        assert phase1.lower() in text1.lower().replace("-", " "), (phase1, text1)
        assert state2["phase"].replace("_", " ").lower() in text2.lower().replace("-", " "), text2

        link = row1.locator("a[href*='board=pitch1']")
        assert link.count() == 1
        assert row2.locator("a[href*='board=pitch2']").count() == 1
        link.click()
        page.wait_for_url(re.compile(r"[?&]board=pitch1\b"))
        wait_connected(page)
        wait_seq(page, state1["seq"])
        assert page.inner_text("#score-red").strip() == "1"
        assert page.inner_text("#score-blue").strip() == "0"
        assert page.locator("#league").count() == 0 or not page.locator("#league").is_visible()
    finally:
        pitch1.close()
        pitch2.close()
        server.stop()

"""The spectator page and the console tell events alike: the page shows an event's `text` (the sentence of
controller/story.py) when the daemon sent one, and its own sentences, for documents without it, are the same
words. words.js runs in Debian's Chromium, imported from the page's own server."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from controller import story
from controller.replay import replay_lines
from tests.cli.cli_helpers import ROOT

ODD = [{"event": "battle", "pawns": 7}, {"event": "kick_off", "team": "red", "period": 3},
       {"event": "foul", "kind": "minor", "team": "blue", "reason": "move_clock"},
       {"event": "placements_done"}, {"event": "restart_ready", "kind": "goal_kick", "team": "red"},
       {"event": "identity_question", "team": "red", "pawns": {"c4": "red-m1", "d5": "red-m2"}},
       {"event": "reset_clock_expired", "kind": "penalty"}, {"event": "time_up", "period": 2},
       {"event": "journal_damaged", "reason": "the journal is damaged: its header is not readable",
        "journal": "b-1.jsonl", "recovered_lines": 12, "lost_lines": 3}, {"event": "journal_damaged"}]

# run in a process of its own: Playwright's sync API may be started only once in a process, and the browser
# tests (tests/web) start it for the session
IN_CHROMIUM = '''
import json, sys
from playwright.sync_api import sync_playwright
from tests.web.web_helpers import MissingTool, launch_chromium, make_server
events = json.load(sys.stdin)
server = make_server({"prefix": "soccerboard", "board": "words"})
with sync_playwright() as p:
    try:
        browser = launch_chromium(p)
    except MissingTool as e:
        sys.exit(str(e))
    page = browser.new_page()
    page.goto(f"{server.url}replay.html")     # a page with the import map the modules import each other by
    said = page.evaluate("""async (events) => {
        const words = await import("sb/words.js");
        return events.map((e) => [words.describe(e), words.describe({...e, text: "told by the daemon"})]);
    }""", events)
    browser.close()
server.stop()
print(json.dumps(said))
'''


def _events(journal: Path) -> list[dict]:
    """Every event of two seeded matches, once per name and set of fields, and some odd ones."""
    seen: dict[str, dict] = {}
    for path in (ROOT / "tests/golden/04_seeded_full_match.jsonl", journal):
        for out in replay_lines(path.read_text(encoding="utf-8").splitlines()):
            if "event" in out:
                seen.setdefault(json.dumps(sorted(out)), out)
    return [*seen.values(), *ODD]


def test_the_page_words_events_as_the_console_does_and_shows_their_text(played):
    events = _events(next(played[0].glob("*.jsonl")))
    assert len({e["event"] for e in events}) >= 20
    done = subprocess.run([sys.executable, "-c", IN_CHROMIUM], cwd=ROOT, input=json.dumps(events), text=True,
                          capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout)
    for event, (own, with_text) in zip(events, said, strict=True):
        assert own == story.sentence(event), event
        assert with_text == "told by the daemon"

"""Screenshots of the page in Italian for the docs (docs/page-languages.md), made with the browser tests' own
fixtures and a Chromium whose language is Italian (run by hand):

    .venv/bin/python -m tests.web.screenshots_it [--out docs/img]      (from the repository root)

live-it.png            the STW live view mid-match (the match of tests/web/screenshots.py), laptop (1280x800)
soccer-console-it.png  the Soccer!! referee's console in a movement phase, laptop (1280x800)
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.daemon.daemon_helpers import scenario_lines
from tests.web.screenshots import LAPTOP, OPTIONS, ROOT, _moment, _publish_match, page_stack, shoot_live
from tests.web.web_helpers import (
    BoardPublisher,
    InProcessDaemon,
    live_url,
    match_frames,
    wait_connected,
)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "img"))
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    frames = match_frames(scenario_lines(2, OPTIONS), OPTIONS)
    upto = _moment(frames)
    with tempfile.TemporaryDirectory(prefix="soccerboard-shots-") as d, sync_playwright() as p, \
            page_stack(p, Path(d), sim=True) as (broker, server, browser):
        tmp = Path(d)
        pub = BoardPublisher(broker.port, "board1")
        daemon = None
        try:
            page = browser.new_context(viewport=LAPTOP, locale="it-IT").new_page()
            page.goto(live_url(server.url, "board1"))
            wait_connected(page)
            shoot_live(page, _publish_match(pub, frames, upto), out / "live-it.png")

            # the Soccer!! console: the real daemon in simulator mode, the kick-off entered by the console's chips
            daemon = InProcessDaemon(broker.port, "table1", tmp / "journal", sim_mode=True).start()
            daemon.put({"type": "setup", "ruleset": "soccer", "kickoff": "red", "rosters": "standard"})
            daemon.settle()
            page.goto(live_url(server.url, "table1", sim=1))
            wait_connected(page)
            page.wait_for_function("() => document.body.dataset.soccerRole === 'referee'")
            page.wait_for_function("() => /calcio d'inizio/.test(document.querySelector('#sc-awaiting').textContent)")
            seq = int(page.evaluate("document.body.dataset.seq"))
            page.click("#soccer button.sc-chip[data-form='kick_off'][data-key='from'][data-value='red-9']")
            page.click("#soccer button.sc-chip[data-form='kick_off'][data-key='to'][data-value='red-10']")
            page.click("#soccer .sc-send[data-send='kick_off']")
            page.wait_for_function("s => Number(document.body.dataset.seq) > s", arg=seq)
            page.wait_for_function("() => /fase di movimento/.test(document.querySelector('#sc-awaiting').textContent)")
            page.click("#soccer button.sc-chip[data-form='move'][data-key='model'][data-value='red-7']")
            page.screenshot(path=str(out / "soccer-console-it.png"))
            print(f"wrote {out / 'soccer-console-it.png'}")
        finally:
            if daemon is not None:
                daemon.stop()
            pub.clear()
            pub.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

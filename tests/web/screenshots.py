"""Screenshots of the page for the docs, made with the browser tests' own fixtures (run by hand):

    .venv/bin/python -m tests.web.screenshots [--out docs/img]      (from the repository root)

live.png      the live view of a match in progress, laptop (1280x800)
phone.png     the same match on a portrait phone (390x844)
league.png    the league index with three boards, one of them offline, laptop
simulator.png `soccerboard sim --manual` after the kick-off roll, the ball in hand, laptop

The match is the seeded bots' match of `soccerboard sim --seed 2`, published as the daemon publishes it (real
documents from controller.daemon.referee.Referee), up to a moment after a goal with a booked pawn on the board.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from tests.daemon.daemon_helpers import scenario_lines
from tests.web.web_helpers import (
    BoardPublisher,
    WebMosquitto,
    launch_chromium,
    live_url,
    make_server,
    match_frames,
    publish_frame,
    start_manual_sim,
    wait_connected,
    wait_seq,
)

ROOT = Path(__file__).resolve().parents[2]

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
OPTIONS = {"half_minutes": 45.0, "extra_time": False}


def _moment(frames) -> int:
    """The first frame after a goal with a booked pawn still on the board and a roll to play."""
    goals = yellow = 0
    for i, f in enumerate(frames):
        for e in f.events:
            goals += e["event"] == "goal"
            yellow += e["event"] == "yellow_card"
        st = f.state
        if goals and yellow and st and st["phase"] in ("offensive_set", "ball_play") and st["roll"] \
                and any(p["yellow"] and p["square"] for p in st["pawns"].values()):
            return i
    raise SystemExit("no such moment in the match")


def _publish_match(pub: BoardPublisher, frames, upto: int) -> int:
    last_leds = None
    for f in frames[: upto + 1]:
        publish_frame(pub, f)
        last_leds = f.leds or last_leds
    if last_leds is not None:
        pub.leds(last_leds)
    pub.clock(frames[upto].clock())         # deadlines from now, as the daemon would have just published them
    pub.status("online")
    return [f.state for f in frames[: upto + 1] if f.state][-1]["seq"]


@contextmanager
def page_stack(playwright, tmp: Path, sim: bool) -> Iterator[tuple[WebMosquitto, Any, Any]]:
    """The broker, the page's server and Chromium the screenshots are made with, stopped afterwards."""
    broker = WebMosquitto(tmp / "mosquitto").start()
    server = make_server({"ws_port": broker.ws_port, "sim": sim})
    browser = launch_chromium(playwright)
    try:
        yield broker, server, browser
    finally:
        server.stop()
        broker.stop()
        browser.close()


def shoot_live(page, seq: int, path: Path) -> None:
    """The live view once it has painted state `seq` and its move clock counts."""
    wait_seq(page, seq)
    page.wait_for_function("() => /^\\d+$/.test(document.querySelector('#move-clock').textContent.trim())")
    page.screenshot(path=str(path))
    print(f"wrote {path}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "img"))
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    frames = match_frames(scenario_lines(2, OPTIONS), OPTIONS)
    upto = _moment(frames)
    other = match_frames(scenario_lines(4, OPTIONS), OPTIONS)
    with tempfile.TemporaryDirectory(prefix="soccerboard-shots-") as d, sync_playwright() as p, \
            page_stack(p, Path(d), sim=False) as (broker, server, browser):
        tmp = Path(d)
        pubs = [BoardPublisher(broker.port, b) for b in ("board1", "pitch2", "garage")]
        try:
            # live view and phone: the page is open while the match is published, so its feed fills up
            laptop = browser.new_context(viewport=LAPTOP)
            page = laptop.new_page()
            phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
            small = phone.new_page()
            for pg in (page, small):
                pg.goto(live_url(server.url, "board1"))
                wait_connected(pg)
            seq = _publish_match(pubs[0], frames, upto)
            for pg, name in ((page, "live.png"), (small, "phone.png")):
                shoot_live(pg, seq, out / name)

            # league: board1 as above, pitch2 earlier in another match, garage offline
            _publish_match(pubs[1], other, len(other) // 3)
            _publish_match(pubs[2], other, len(other) // 10)
            pubs[2].status("offline")
            page.goto(server.url)
            wait_connected(page)
            for b in ("board1", "pitch2", "garage"):
                page.wait_for_selector(f"#league [data-board='{b}']")
            page.wait_for_function(
                "() => /offline/i.test(document.querySelector(\"#league [data-board='garage']\").textContent)")
            page.screenshot(path=str(out / "league.png"))
            print(f"wrote {out / 'league.png'}")
        finally:
            for pub in pubs:
                pub.clear()
                pub.close()

        # simulator: soccerboard sim --manual, red rolled a 3 for the kick-off and holds the ball
        sim = start_manual_sim(tmp)
        try:
            ctx = browser.new_context(viewport=LAPTOP)
            page = ctx.new_page()
            page.goto(sim.url)
            wait_connected(page)
            page.wait_for_function("() => Number(document.body.dataset.seq || 0) > 0")
            page.select_option("#roll-face", "3")
            page.click("[data-roll='red']")
            page.wait_for_function(
                "() => document.querySelector(\"#dice [data-die='red']\").textContent.trim() === '3'")
            page.wait_for_function("() => document.querySelectorAll('rect.square[data-meaning]').length > 0")
            page.locator("g.ball").click()
            page.wait_for_function("() => /ball/i.test(document.querySelector('#in-hand').textContent)")
            page.screenshot(path=str(out / "simulator.png"))
            print(f"wrote {out / 'simulator.png'}")
        finally:
            sim.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The live view against the real daemon and a real Mosquitto: goals, cards, the move clock, and a seq gap
that only a re-read of the retained state can close."""
from __future__ import annotations

import os
import re
import signal
import time

from controller.daemon.outputs.publisher import clock_document
from tests.web.web_helpers import (
    ROOT,
    BoardPublisher,
    WebMosquitto,
    feed_texts,
    live_url,
    make_server,
    match_frames,
    publish_frame,
    scenario_file_lines,
    squares_drawn,
    wait_connected,
    wait_for,
    wait_seq,
)

GOLDEN = ROOT / "tests" / "golden"


def _golden(name: str) -> list[dict]:
    return scenario_file_lines(GOLDEN / f"{name}.jsonl")


def _first(frames, event: str) -> int:
    return next(i for i, f in enumerate(frames) if any(e["event"] == event for e in f.events))


def _last_state_seq(frames) -> int:
    return [f.state["seq"] for f in frames if f.state is not None][-1]


def test_a_goal_and_the_new_score_show_within_a_second_of_the_daemon_publishing_it(daemon, open_live):
    lines = _golden("01_kickoff_to_goal")
    goal_at = _first(match_frames(lines), "goal")
    d = daemon()
    for line in lines[:goal_at]:
        d.put(line)
    d.settle()
    page = open_live()
    wait_seq(page, d.state["seq"])
    assert squares_drawn(page) == 128
    assert (page.inner_text("#score-red").strip(), page.inner_text("#score-blue").strip()) == ("0", "0")
    assert not any("GOAL" in t.upper() for t in feed_texts(page))

    d.put(lines[goal_at])                     # the spin: the daemon referees it and publishes the goal
    put_at = time.monotonic()
    # a functional bound (a spectator sees the goal at once), measured from the moment the daemon got the input
    page.wait_for_function(
        """() => document.querySelector('#score-red').textContent.trim() === '1'
              && document.querySelector('#score-blue').textContent.trim() === '0'
              && [...document.querySelectorAll('#feed li')]
                   .some(li => /GOAL!?\\s*Red\\s*1\\s*[-\u2013]\\s*0/i.test(li.textContent))""",
        timeout=max(1.0 - (time.monotonic() - put_at), 0.05) * 1000)
    d.settle()
    wait_seq(page, d.state["seq"])
    newest = feed_texts(page)[0]
    assert "kick" in newest.lower(), f"newest first: blue's kick-off follows the goal, got {feed_texts(page)[:3]}"
    announcer = page.locator("#announcer")
    assert announcer.get_attribute("aria-live") == "assertive"
    assert "goal" in announcer.inner_text().lower()
    goal = next(m for m in d.outputs("events") if m["event"] == "goal")
    assert goal["score"] == {"red": 1, "blue": 0}


def test_yellow_and_red_cards_appear_on_the_booked_pawn(publisher, open_live):
    frames = match_frames(_golden("02_foul_cards_free_kick"))
    yellow_at, red_at = _first(frames, "yellow_card"), _first(frames, "red_card")
    page = open_live()
    for f in frames[:yellow_at]:
        publish_frame(publisher, f)
    wait_seq(page, _last_state_seq(frames[:yellow_at]))
    assert page.locator("g.pawn .card-yellow, g.pawn .card-red").count() == 0

    publish_frame(publisher, frames[yellow_at])
    wait_seq(page, frames[yellow_at].state["seq"])
    booked = page.locator('g.pawn[data-pawn="blue-m1"]')
    assert booked.get_attribute("data-square") == "d9"
    assert booked.locator(".card-yellow").count() >= 1
    assert page.locator("g.pawn .card-yellow").count() == booked.locator(".card-yellow").count(), \
        "only blue-m1 was booked"
    assert booked.locator(".card-red").count() == 0
    assert any(re.search(r"yellow card.*blue.*m1", t, re.I) for t in feed_texts(page)), feed_texts(page)
    assert "yellow" in page.inner_text("#announcer").lower()

    for f in frames[yellow_at + 1: red_at + 1]:
        publish_frame(publisher, f)
    wait_seq(page, frames[red_at].state["seq"])
    sent_off = page.locator('g.pawn[data-pawn="blue-m1"]')
    assert sent_off.get_attribute("data-square") == "d10"
    assert sent_off.locator(".card-red").count() == 1
    assert page.locator("g.pawn .card-red").count() == 1
    assert page.locator('g.pawn[data-pawn="red-s1"] .card-yellow, g.pawn[data-pawn="red-s1"] .card-red').count() == 0
    assert any(re.search(r"red card", t, re.I) for t in feed_texts(page)), feed_texts(page)
    assert "red" in page.inner_text("#announcer").lower()


def _move_clock(page) -> tuple[str, bool]:
    return tuple(page.evaluate("""() => { const m = document.querySelector('#move-clock');
                                    return [m.textContent.trim(), m.classList.contains('warning')]; }"""))


def test_the_move_clock_counts_down_and_warns_in_its_last_ten_seconds(daemon, open_live):
    d = daemon({"move_seconds": 12.0})
    d.put({"type": "setup", "formation": "standard", "kickoff": "red"})
    d.settle()
    page = open_live()
    wait_seq(page, d.state["seq"])
    assert _move_clock(page) == ("", False), "no move clock before the kick-off roll"

    d.put({"type": "roll", "die": "red", "value": 2})      # the kick-off roll starts a 12 s move clock
    d.settle()
    wait_seq(page, d.state["seq"])
    page.wait_for_function("() => /^\\d+$/.test(document.querySelector('#move-clock').textContent.trim())")
    first, warned = _move_clock(page)
    assert 10 < int(first) <= 12 and not warned, (first, warned)
    page.wait_for_function("t => document.querySelector('#move-clock').textContent.trim() !== t", arg=first,
                           timeout=2500)
    second, _ = _move_clock(page)
    assert int(second) < int(first), f"the move clock went from {first} to {second}"
    page.wait_for_selector("#move-clock.warning", timeout=4000)
    shown, warned = _move_clock(page)
    assert warned and int(shown) <= 10, (shown, warned)

    d.put({"type": "move", "from": "d8", "to": "c10", "token": "ball"})   # played: the clock stops
    d.settle()
    wait_seq(page, d.state["seq"])
    page.wait_for_function("() => document.querySelector('#move-clock').textContent.trim() === ''", timeout=2000)
    assert not _move_clock(page)[1]


def _acl(path, state_readable: bool, marker: str) -> None:
    """Anonymous clients may do anything, except (state_readable False) read the boards' states; `marker`
    names the one probe topic they may read, so a probe shows which version the broker has loaded."""
    path.write_text(("topic readwrite soccerboard/#\n" if state_readable else
                     "topic readwrite soccerboard/+/status\ntopic readwrite soccerboard/+/events\n"
                     "topic readwrite soccerboard/+/clock\ntopic readwrite soccerboard/+/leds\n"
                     "topic write soccerboard/+/state\n")
                    + f"topic readwrite probe/{marker}\ntopic write probe/#\n")


def _reload_acl(broker: WebMosquitto, acl, state_readable: bool, marker: str) -> None:
    """Rewrite the ACL, SIGHUP Mosquitto, and wait until a fresh subscriber may read probe/<marker>."""
    _acl(acl, state_readable, marker)
    assert broker.proc is not None
    os.kill(broker.proc.pid, signal.SIGHUP)
    import paho.mqtt.client as mqtt
    got = []
    probe = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
    probe.on_message = lambda c, u, m: got.append(m.topic)
    probe.connect("127.0.0.1", broker.port)
    probe.subscribe("probe/#", qos=1)
    probe.loop_start()
    try:
        def seen() -> bool:
            probe.publish(f"probe/{marker}", "x", qos=1).wait_for_publish(2)
            return f"probe/{marker}" in got
        wait_for(seen, 10, f"the broker to load the ACL {marker}", step=0.05)
    finally:
        probe.loop_stop()
        probe.disconnect()


def test_a_seq_gap_makes_the_page_read_the_retained_state_again(page, tmp_path):
    acl = tmp_path / "acl"
    _acl(acl, True, "open")
    broker = WebMosquitto(tmp_path / "mosquitto", acl=acl).start()
    pub = BoardPublisher(broker.port, "gap1")
    server = make_server({"ws_port": broker.ws_port, "sim": False})
    try:
        frames = match_frames(_golden("01_kickoff_to_goal"))
        states = [f.state for f in frames if f.state is not None]
        s10 = next(s for s in states if s["seq"] >= 10)
        newer = next(s for s in states if s["seq"] > s10["seq"] + 2 and s["ball"] != s10["ball"])
        pub.status("online")
        pub.state(s10)
        page.goto(live_url(server.url, "gap1"))
        wait_connected(page)
        wait_seq(page, s10["seq"])

        # The newer state becomes the retained one while the page may not read states: it never gets it live.
        _reload_acl(broker, acl, False, "closed")
        pub.state(newer)
        _reload_acl(broker, acl, True, "open")
        # a barrier: messages reach the page in the broker's order, so once it shows this paused match clock
        # it has had everything published before it, and it still shows s10
        pub.clock(clock_document({"period": 1, "length": 2700.0, "running": True, "paused": True, "time_up": False,
                                  "elapsed": 754.0, "move_remaining": None, "reset_remaining": None,
                                  "phase": s10["phase"]}))
        page.wait_for_function("() => document.querySelector('#match-clock').textContent.trim() === '12:34'")
        assert page.evaluate("document.body.dataset.seq") == str(s10["seq"])

        # An event numbered after a gap: only re-reading the retained state shows the newer one.
        pub.event({"seq": newer["seq"] - 1, "event": "possession", "team": newer["offense"]})
        wait_seq(page, newer["seq"], timeout=5000)
        assert page.locator("g.ball").get_attribute("data-square") == newer["ball"]
    finally:
        pub.close()
        server.stop()
        broker.stop()

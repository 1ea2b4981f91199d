"""The live view when things go wrong: the broker restarts, the board goes offline (status or last will),
documents fail validation, an event the page does not know. The board stays drawn throughout."""
from __future__ import annotations

import threading

import paho.mqtt.client as mqtt

from tests.web.web_helpers import (
    ROOT,
    BoardPublisher,
    feed_texts,
    live_url,
    make_server,
    match_frames,
    publish_frame,
    scenario_file_lines,
    squares_drawn,
    wait_connected,
    wait_seq,
)


def _frames():
    return match_frames(scenario_file_lines(ROOT / "tests" / "golden" / "01_kickoff_to_goal.jsonl"))


def _states():
    return [f.state for f in _frames() if f.state is not None]


def _banner(page, kind: str) -> None:
    page.wait_for_selector(f"#banner[data-kind='{kind}']", state="visible")
    assert page.inner_text("#banner").strip(), f"the {kind} banner has no text"


def _board_still_drawn(page, seq: int) -> None:
    assert squares_drawn(page) == 128
    assert page.locator("g.pawn").count() == 22
    assert page.locator("g.ball").count() == 1
    assert page.evaluate("document.body.dataset.seq") == str(seq)


def test_the_page_recovers_after_the_broker_restarts(page, private_broker):
    states = _states()
    pub = BoardPublisher(private_broker.port, "restart1")
    server = make_server({"ws_port": private_broker.ws_port, "sim": False})
    try:
        pub.status("online")
        pub.state(states[3])
        page.goto(live_url(server.url, "restart1"))
        wait_connected(page)
        wait_seq(page, states[3]["seq"])
        page.wait_for_selector("#banner", state="hidden")

        private_broker.stop()
        _banner(page, "unreachable")
        assert page.evaluate("document.body.dataset.connected") != "true"
        _board_still_drawn(page, states[3]["seq"])

        private_broker.start()                # same ports, same persistence directory
        pub.wait_connected()
        wait_connected(page, timeout=15000)
        pub.state(states[4])
        wait_seq(page, states[4]["seq"], timeout=10000)
        page.wait_for_selector("#banner", state="hidden")
    finally:
        pub.close()
        server.stop()


def test_board_offline_by_status_and_by_last_will(open_live, publisher, web_broker, board):
    states = _states()
    publisher.status("online")
    publisher.state(states[2])
    page = open_live()
    wait_seq(page, states[2]["seq"])
    page.wait_for_selector("#banner", state="hidden")

    publisher.status("offline")               # a clean stop
    _banner(page, "offline")
    _board_still_drawn(page, states[2]["seq"])
    publisher.status("online")
    page.wait_for_selector("#banner", state="hidden")

    # the daemon's own connection, with its last will, dies without a DISCONNECT
    up = threading.Event()
    daemon = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"soccerboard-{board}")
    daemon.will_set(f"soccerboard/{board}/status", "offline", qos=1, retain=True)
    daemon.on_connect = lambda c, u, f, rc, p: up.set()
    daemon.connect("127.0.0.1", web_broker.port, keepalive=5)
    daemon.loop_start()
    assert up.wait(5)
    daemon.publish(f"soccerboard/{board}/status", "online", qos=1, retain=True).wait_for_publish(5)
    page.wait_for_selector("#banner", state="hidden")
    daemon.loop_stop()
    daemon.socket().close()                   # a power cut: the broker publishes the last will
    _banner(page, "offline")
    _board_still_drawn(page, states[2]["seq"])


def test_invalid_documents_raise_the_invalid_banner_and_never_blank_the_board(open_live, publisher):
    states = _states()
    good = states[5]
    publisher.status("online")
    publisher.state(good)
    page = open_live()
    wait_seq(page, good["seq"])
    page.wait_for_selector("#banner", state="hidden")
    seq = good["seq"]

    bad_documents = [
        ("state", {**good, "seq": seq + 1, "score": {"red": "one", "blue": 0}, "pawns": 42}),   # schema-invalid
        ("state", {**good, "seq": seq + 2, "schema": "soccerboard.snapshot/2"}),                # a newer schema
        ("state", b'{"schema": "soccerboard.snapshot/1", "seq": '),                              # not JSON
        ("leds", b"\xff\xfe not json"),
        ("clock", {"at": "yesterday", "period": "first"}),
    ]
    for topic, payload in bad_documents:
        publisher.publish(topic, payload, retain=True, qos=0 if topic == "leds" else 1)
        _banner(page, "invalid")
        _board_still_drawn(page, seq)
        seq_good = {**good, "seq": seq + 3, "phase": good["phase"]}
        # a valid state afterwards: painted, and the banner goes
        publisher.publish("state", seq_good, retain=True)
        if topic != "state":
            publisher.publish(topic, _valid(topic), retain=True, qos=0 if topic == "leds" else 1)
        wait_seq(page, seq + 3)
        page.wait_for_selector("#banner", state="hidden")
        seq += 3
        good = seq_good


def _valid(topic: str) -> dict:
    frames = _frames()
    if topic == "leds":
        return next(f.leds for f in frames if f.leds)
    return next(f.clock() for f in frames if f.clock_view)


def test_an_unknown_event_is_named_in_the_feed(open_live, publisher):
    frames = _frames()
    for f in frames[:3]:
        publish_frame(publisher, f)
    seq = frames[2].state["seq"]
    page = open_live()
    wait_seq(page, seq)
    publisher.event({"seq": seq + 1, "event": "teleport", "pawn": "red-s1"})
    page.wait_for_function("() => [...document.querySelectorAll('#feed li')]"
                           ".some(li => li.textContent.includes('unknown event teleport'))", timeout=3000)
    assert "unknown event teleport" in feed_texts(page)[0]
    assert squares_drawn(page) == 128
    page.wait_for_selector("#banner", state="hidden")
    # the page goes on: the next state after the event is painted
    publisher.state({**frames[3].state, "seq": seq + 2})
    wait_seq(page, seq + 2)

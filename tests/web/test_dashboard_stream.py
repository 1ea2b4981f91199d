"""The live view under a stream of documents, as from a simulator at full speed: the page keeps only the newest
state, LED and clock document until it paints, yet every event reaches the feed once, in order, with the match
minute of the state before it, and no seq gap is seen where there is none."""
from __future__ import annotations

import json

from controller.daemon.operations.report import match_minute
from tests.daemon.daemon_helpers import scenario_lines
from tests.web.web_helpers import iso_now, match_frames, wait_seq

OPTIONS = {"half_minutes": 45.0}
FEED_LENGTH = 150
CHUNK = 40


def test_a_burst_of_documents_ends_on_its_last_state_with_every_event_in_order(open_live, publisher):
    frames = match_frames(scenario_lines(1, OPTIONS), OPTIONS)[:800]
    page = open_live()
    sent = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(payload)))
    page.reload()                                  # the listener sees the connection from its start
    page.wait_for_selector("body[data-connected='true']", state="attached")

    expected = []                                  # (seq, minute or None, event name), oldest first
    minute = None
    infos = []
    base = publisher.base

    def pub(topic, doc, qos=1):
        infos.append(publisher.client.publish(f"{base}/{topic}", json.dumps(doc, separators=(",", ":")),
                                              qos=qos, retain=topic != "events"))

    # in the daemon's order, a few dozen inputs at a time without waiting in between: many documents per frame,
    # but never so many that the broker's queue for a subscriber drops some (1000 messages by default)
    for start in range(0, len(frames), CHUNK):
        chunk = frames[start:start + CHUNK]
        for f in chunk:
            for e in f.events:
                pub("events", {"seq": e["seq"], "ts": iso_now(), **{k: v for k, v in e.items() if k != "seq"}})
                expected.append((str(e["seq"]), minute, e["event"]))
            if f.state is not None:
                pub("state", f.state)
                minute = match_minute(f.state).strip()
            if f.clock_view is not None:
                pub("clock", f.clock())
            if f.leds is not None:
                pub("leds", f.leds, qos=0)
        for info in infos:
            info.wait_for_publish(5)
        states = [f.state for f in chunk if f.state is not None]
        if states:
            wait_seq(page, states[-1]["seq"], timeout=10000)
    last = [f.state for f in frames if f.state is not None][-1]
    assert page.evaluate("document.body.dataset.seq") == str(last["seq"])

    shown = page.evaluate("""() => [...document.querySelectorAll('#feed li')]
        .map(li => [li.dataset.seq, li.dataset.minute ?? null, li.dataset.event])""")
    assert len(expected) > FEED_LENGTH
    assert shown == [list(x) for x in reversed(expected[-FEED_LENGTH:])]
    assert page.locator("#banner").is_hidden()
    assert page.locator("g.pawn").count() == sum(1 for p in last["pawns"].values() if p["square"])
    assert page.locator("g.ball").get_attribute("data-square") == last["ball"]
    # one SUBSCRIBE on connecting, and no re-read of the state (an UNSUBSCRIBE and a SUBSCRIBE): there was no gap
    packets = [p[0] if isinstance(p, bytes) else ord(p[0]) for p in sent if p]
    assert packets.count(0x82) == 1 and packets.count(0xA2) == 0, [hex(p) for p in packets if p not in (0x40,)]


CASES = [
    '{"a":1,"seq":141}',
    '{"a": 1, "seq": 141}\n',
    '{"seq":7}',
    '{ "seq" : 0 }',
    '{"seq":141,"a":1}',                           # not last: parsed instead
    '{"a":{"seq":5}}',                             # a nested seq is not the document's
    '{"a":"x,\\"seq\\":5}"}',                      # nor one inside a string
    '{"a":"\\"seq\\":5}',                          # nor a string's end
    '{"a":1,"seq":-3}',
    '{"a":1,"seq":1.5}',
    '{"a":1,"seq":1e3}',
    '{"a":1,"seq":012}',
    '{"a":1,"seq":12345678901234567}',
    '{"a":1,"xseq":4}',
    '{"a":1,"seq":"4"}',
    '',
    '}',
    '{"schema": "soccerboard.snapshot/1", "seq": ',
]


def test_the_seq_read_from_the_last_bytes_is_the_documents_own_or_none(page, web_server):
    page.goto(f"{web_server.url}?view=league")
    got = page.evaluate("""async (cases) => {
        const { trailingSeq } = await import("sb/validate.js");
        const enc = new TextEncoder();
        return cases.map((text) => {
            let parsed;
            try { parsed = JSON.parse(text); } catch { parsed = undefined; }
            const own = parsed && typeof parsed === "object" && Number.isInteger(parsed.seq) ? parsed.seq : null;
            return [trailingSeq(enc.encode(text)), trailingSeq(text), own];
        });
    }""", CASES)
    for text, (from_bytes, from_text, own) in zip(CASES, got, strict=True):
        assert from_bytes == from_text, text
        if from_bytes is not None:
            assert from_bytes == own, text
    found = {text for text, (seq, _, _) in zip(CASES, got, strict=True) if seq is not None}
    assert found == {'{"a":1,"seq":141}', '{"a": 1, "seq": 141}\n', '{"seq":7}', '{ "seq" : 0 }'}

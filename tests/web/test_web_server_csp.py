"""The page in Debian's Chromium under the server's Content-Security-Policy: the live view and the simulator
run with no violation, and the page reaches only the broker its own config.json names (an address with
`?broker=` cannot point it at another, and the policy refuses a WebSocket to any other)."""
from __future__ import annotations

from tests.web.web_helpers import (
    ROOT,
    BoardPublisher,
    live_url,
    make_server,
    match_frames,
    scenario_file_lines,
    squares_drawn,
    wait_connected,
    wait_seq,
)

RECORD_VIOLATIONS = """
window.__csp = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__csp.push(`${e.effectiveDirective} ${e.blockedURI}`));
"""


def _states() -> list[dict]:
    lines = scenario_file_lines(ROOT / "tests" / "golden" / "01_kickoff_to_goal.jsonl")
    return [f.state for f in match_frames(lines) if f.state is not None]


def _watch(page) -> list[str]:
    refused: list[str] = []
    page.add_init_script(RECORD_VIOLATIONS)
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    return refused


def test_the_live_page_runs_under_its_policy_with_no_violation(page, web_server, publisher, board):
    refused = _watch(page)
    state = _states()[3]
    publisher.status("online")
    publisher.state(state)
    response = page.goto(live_url(web_server.url, board))
    assert "script-src 'self' 'sha256-" in response.headers["content-security-policy"]
    wait_connected(page)
    wait_seq(page, state["seq"])
    assert squares_drawn(page) == 128
    page.wait_for_timeout(500)                  # what the page does after its first paint, too
    assert page.evaluate("window.__csp") == [] and refused == []


def test_the_simulator_page_runs_under_its_policy_with_no_violation(page, web_broker, board):
    server = make_server({"ws_port": web_broker.ws_port, "sim": True, "board": board})
    pub = BoardPublisher(web_broker.port, board)
    try:
        refused = _watch(page)
        state = _states()[3]
        pub.state(state)
        page.goto(f"{server.url}?board={board}&sim=1")
        wait_connected(page)
        wait_seq(page, state["seq"])
        page.wait_for_selector("#sim-controls", state="visible")
        page.wait_for_timeout(500)
        assert page.evaluate("window.__csp") == [] and refused == []
    finally:
        pub.clear()
        pub.close()
        server.stop()


def test_the_address_cannot_point_the_page_at_another_broker(page, web_server, publisher, board, private_broker):
    states = _states()
    fake = BoardPublisher(private_broker.port, board)
    try:
        fake.state({**states[5], "score": {"red": 9, "blue": 0}})     # a made-up match on another broker
        publisher.state(states[3])
        refused = _watch(page)
        page.goto(live_url(web_server.url, board, broker=private_broker.ws_url))
        wait_connected(page)
        wait_seq(page, states[3]["seq"])                                # the board's own broker, not the link's
        assert page.inner_text("#score-red").strip() == "0"
        assert f"127.0.0.1:{private_broker.ws_port}" not in page.inner_text("body")
        # and the policy itself refuses a connection to any broker config.json does not name
        page.evaluate("url => { try { new WebSocket(url); } catch (e) { window.__csp.push('threw ' + e.name); } }",
                      private_broker.ws_url)
        page.wait_for_function("() => window.__csp.length > 0")
        assert any("connect-src" in v or "threw" in v for v in page.evaluate("window.__csp")), refused
    finally:
        fake.clear()
        fake.close()

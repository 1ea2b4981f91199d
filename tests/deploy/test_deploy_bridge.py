"""Many boards, one screen: a board's broker bridged to a club's hub (deploy/mosquitto/bridge.conf.example into
hub.conf.example, two real Mosquittos over TLS with a CA made here). The real daemon referees a match on the
board; a subscriber on the hub sees every event, in order, with the daemon's own seq, also when the hub is
stopped for 10 s mid-match; two boards bridged into one hub appear side by side in the page's league index,
served on the hub as hub.conf.example says (python3 -m http.server)."""
from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import sys
import threading
import time

import pytest

from tests.daemon.daemon_helpers import ROOT, free_port, scenario_lines, wait_for
from tests.deploy.deploy_helpers import ACCOUNTS, BoardBroker, Client, HubBroker, make_ca
from tests.web.web_helpers import InProcessDaemon

OPTIONS = {"half_minutes": 3}
PACE = 0.02                     # seconds between inputs: ~50 a second, faster than any real match


@pytest.fixture
def league(tmp_path):
    """A hub and two boards bridged into it; the brokers are stopped afterwards."""
    pki = make_ca(tmp_path)
    boards = {"pitch1": "pitch1-secret", "pitch2": "pitch2-secret"}
    hub = HubBroker(tmp_path, pki, boards).start()
    made = {"hub": hub}
    for board in boards:
        made[board] = BoardBroker(tmp_path, name=board, board=board, extra=hub.bridge(board),
                                  accounts={board: ACCOUNTS["board1"], "referee": ACCOUNTS["referee"],
                                            "spectators": ACCOUNTS["spectators"]}).start()
    yield made
    for broker in made.values():
        broker.stop()


def daemon_on(broker: BoardBroker, tmp_path) -> InProcessDaemon:
    return InProcessDaemon(broker.port, broker.board, tmp_path / f"journal-{broker.board}", options=OPTIONS,
                           user=broker.board, password=ACCOUNTS["board1"]).start()


def hub_events(viewer: Client, board: str) -> list[dict]:
    return [json.loads(p) for _, p, _ in viewer.received(f"soccerboard/{board}/events")]


def once(events: list[dict]) -> list[dict]:
    """Events as a spectator keeps them: each seq once. QoS 1 is at least once: a message in flight on the bridge
    when the hub stops is sent again when it is back, under its own seq (docs/mqtt.md)."""
    seen: set[int] = set()
    out = []
    for e in events:
        if e["seq"] not in seen:
            seen.add(e["seq"])
            out.append(e)
    return out


def feed(d: InProcessDaemon, lines: list[dict], stop: threading.Event) -> None:
    for line in lines:
        if stop.is_set():
            return
        d.put(line)
        time.sleep(PACE)


def test_the_hub_stopped_for_10_s_loses_nothing_and_keeps_the_order(league, tmp_path):
    hub, board = league["hub"], league["pitch1"]
    viewer = Client(hub.port, user="viewer", password=hub.accounts["viewer"], client_id="league-viewer",
                    clean=False)
    viewer.subscribe("soccerboard/pitch1/#")
    d = daemon_on(board, tmp_path)
    stop = threading.Event()
    lines = scenario_lines(5, OPTIONS)[:1200]
    feeder = threading.Thread(target=feed, args=(d, lines, stop), daemon=True)
    try:
        feeder.start()
        wait_for(lambda: len(hub_events(viewer, "pitch1")) >= 10, 20, "events at the hub before the outage")
        hub.stop()
        down_at = len(d.outputs("events"))
        time.sleep(10)
        sent_while_down = len(d.outputs("events")) - down_at
        hub.start()
        feeder.join(120)
        d.settle(30)
        sent = d.outputs("events")
        assert sent_while_down > 20, f"only {sent_while_down} events while the hub was down: the test proves little"
        wait_for(lambda: len(once(hub_events(viewer, "pitch1"))) >= len(sent), 30,
                 f"the hub to catch up ({len(once(hub_events(viewer, 'pitch1')))} of {len(sent)} events)")
        got = hub_events(viewer, "pitch1")
        assert [e["seq"] for e in once(got)] == [e["seq"] for e in sent], "lost or reordered at the hub"
        assert once(got) == sent
        assert all(e == next(s for s in sent if s["seq"] == e["seq"]) for e in got), "a seq came with two contents"
        states = [json.loads(p) for _, p, _ in viewer.received("soccerboard/pitch1/state")]
        assert states[-1] == d.state, "the hub's last state is not the board's"
        late = Client(hub.port)
        try:
            late.subscribe("soccerboard/pitch1/state")
            wait_for(lambda: late.received(), 5, "the retained state at the hub")
            assert json.loads(late.received()[-1][1])["seq"] == d.state["seq"]
        finally:
            late.close()
    finally:
        stop.set()
        viewer.close()
        d.stop()


def test_two_boards_side_by_side_in_the_league_index_served_by_the_hub(league, tmp_path):
    hub = league["hub"]
    daemons = [daemon_on(league[b], tmp_path) for b in ("pitch1", "pitch2")]
    web_port = free_port()
    web_root = tmp_path / "web"             # the page's static files, and the config.json naming the hub's broker
    shutil.copytree(ROOT / "controller/web/static", web_root)
    (web_root / "config.json").write_text(json.dumps({"ws_port": hub.ws_port}))
    web = subprocess.Popen(["/usr/bin/python3", "-m", "http.server", "--bind", "127.0.0.1", "--directory",
                            str(web_root), str(web_port)],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: port_open(web_port), 10, "python3 -m http.server")
        for d, seed in zip(daemons, (1, 2), strict=True):
            for line in scenario_lines(seed, OPTIONS)[:40]:
                d.put(line)
            d.settle()
        url = f"http://127.0.0.1:{web_port}/"
        done = subprocess.run([sys.executable, "-m", "tests.deploy.league_page", url, "pitch1", "pitch2"], cwd=ROOT,
                              capture_output=True, text=True, timeout=90)
        assert done.returncode == 0, done.stdout + done.stderr[-2000:]
        seen = json.loads(done.stdout)
        assert seen["count"] == 2, seen
        for d in daemons:
            board, score = d.settings.board_id, d.state["score"]
            assert re.search(rf"{score['red']}\s*[-\u2013:]\s*{score['blue']}", seen["rows"][board]), seen
            assert f"board={board}" in seen["links"][board], seen
    finally:
        web.terminate()
        web.wait(10)
        for d in daemons:
            d.stop()


def port_open(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False

"""`soccerboard sim --ruleset soccer` as a person starts it: the seeded bots' match published on the page's state
topic of a real Mosquitto, the coaches' path served by the simulator's page server as `run` serves it (a coach's
view, a coach's line), a person's line through the browser simulator's `sim/input`, the match's journal made into
the HTML replay, and a sim killed mid-match going on from its journal and checkpoint with the same lines."""
from __future__ import annotations

import http.client
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from controller.daemon.checkpoint import decode as checkpoint
from controller.daemon.journal import CHECKPOINT, FINISHED
from controller.web.replay import decode
from simulator.bench.mosquitto import BASE, BOARD, Mosquitto, publish_once
from simulator.bench.process import stop_process
from simulator.bench.waits import wait_for
from tests.daemon.daemon_helpers import Watcher, comparable, retained_state

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def broker(tmp_path):
    m = Mosquitto(tmp_path / "mosquitto").start()
    yield m
    m.stop()


def start_sim(args: list[str], log: Path) -> subprocess.Popen:
    with open(log, "ab") as f:
        return subprocess.Popen([sys.executable, "-m", "controller.cli", "sim", *args], cwd=ROOT, stdout=f,
                                stderr=subprocess.STDOUT, start_new_session=True)


def page_port(proc: subprocess.Popen, log: Path) -> int:
    def said() -> re.Match[str] | None:
        assert proc.poll() is None, log.read_text()[-2000:]
        return re.search(r"open +http://127\.0\.0\.1:(\d+)/", log.read_text())
    return int(wait_for(said, 30, "the page's address").group(1))


def request(port: int, method: str, path: str, body: dict | None = None) -> tuple[int, dict[str, Any]]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body),
                     headers={"Content-Type": "application/json"})
        res = conn.getresponse()
        return res.status, json.loads(res.read())
    finally:
        conn.close()


def codes(port: int) -> dict[str, str]:
    def read() -> dict[str, str] | None:
        status, doc = request(port, "GET", "/coach/codes")
        return doc["codes"] if status == 200 and doc.get("codes") else None
    return wait_for(read, 30, "the match's codes")


def html_replay(tmp_path: Path, journal: Path) -> dict:
    out = tmp_path / "match.html"
    made = subprocess.run([sys.executable, "-m", "controller.cli", "report", "--html", "-o", str(out), str(journal)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert made.returncode == 0, made.stderr
    found = re.search(r'id="match-data"[^>]*>([^<]+)</script>', out.read_text())
    assert found is not None
    return decode(found.group(1))


def test_a_sim_match_of_soccer_shows_on_the_state_topic_serves_the_coaches_and_becomes_an_html_replay(
        tmp_path, broker):
    journal, log = tmp_path / "j", tmp_path / "sim.log"
    proc = start_sim(["--ruleset", "soccer", "--seed", "5", "--speed", "0", "--broker", broker.url(),
                      "--board-id", BOARD, "--journal-dir", str(journal), "--http-port", "0", "--listen",
                      "127.0.0.1", "--stay", "--quiet"], log)
    watcher = Watcher(broker.port)
    try:
        port = page_port(proc, log)
        code = codes(port)
        state = wait_for(lambda: (s := retained_state(broker.port)) and s["phase"] == "full_time" and s, 120,
                         "the bots' match at full time on the state topic")
        status, answer = request(port, "POST", "/coach/view", {"code": code["red"]})
        assert status == 200 and answer["team"] == "red", answer
        view = answer["view"]
        assert (view["phase"], view["score"]) == ("full_time", state["score"])
        assert all(len(m["levels"]) >= 6 for m in view["models"].values() if m["team"] == "red")   # its own, all
        status, answer = request(port, "POST", "/coach/input",
                                 {"code": code["blue"], "line": {"type": "roll", "die": "blue", "value": 3}})
        assert status == 409 and answer["ok"] is False, answer           # the game refuses it: the match is over
        status, answer = request(port, "POST", "/coach/input",
                                 {"code": code["blue"], "line": {"type": "roll", "die": "red", "value": 3}})
        assert status == 403 and answer["reason"] == "not_your_team", answer
    finally:
        stopped = stop_process(proc)
        watcher.close()
    assert stopped == 0 and "Traceback" not in log.read_text(), log.read_text()[-3000:]
    states = [json.loads(p) for t, p, _ in watcher.messages if t == f"{BASE}/state"]
    assert {s["ruleset"] for s in states} == {"soccer"} and len(states) > 1

    [path] = journal.glob("*.jsonl")
    replay = html_replay(tmp_path, path)
    frames = replay["frames"]
    assert {f["state"]["ruleset"] for f in frames} == {"soccer"}
    assert comparable(frames[-1]["state"]) == comparable(state)          # the replay ends where the page did
    events = [e["event"] for f in frames for e in f["events"]]
    assert events.count("kick_off") >= 2 and events[-1] == "full_time"
    assert [m["kind"] for m in replay["marks"]] == [e for e in events if e in ("goal", "yellow_card", "red_card")]
    assert any(f["leds"]["lit"] == 8 for f in frames) and frames[-1]["leds"]["lit"] == 0   # the turn, then dark


def test_people_at_the_simulator_enter_soccer_lines_from_a_coachs_phone_and_the_browsers_sim_input(tmp_path):
    journal, log = tmp_path / "j", tmp_path / "sim.log"
    proc = start_sim(["--ruleset", "soccer", "--manual", "--kickoff", "blue", "--board-id", BOARD, "--journal-dir",
                      str(journal), "--http-port", "0", "--listen", "127.0.0.1"], log)
    try:
        port = page_port(proc, log)
        mqtt_port = int(wait_for(lambda: re.search(r"broker +mqtt://127\.0\.0\.1:(\d+)", log.read_text()), 10,
                                 "the embedded broker's address").group(1))
        code = codes(port)
        for team in ("red", "blue"):
            status, answer = request(port, "POST", "/coach/input", {"code": code[team], "line": {
                "type": "roster", "team": team,
                "models": [{"shirt": 2, "name": f"{team} two", "P": 2, "S": 2, "H": 2, "INT": 2, "A": 2, "PC": 1}]}})
            assert (status, answer["ok"]) == (200, True), answer
        # the browser simulator's sender (the page's own forms in --manual and --human): blue's kick-off
        assert publish_once(mqtt_port, f"{BASE}/sim/input",
                            json.dumps({"type": "kick_off", "from": "blue-9", "to": "blue-10"}))
        wait_for(lambda: request(port, "POST", "/coach/view", {"code": code["red"]})[1]["view"]["ball"]["holder"]
                 == "blue-10", 10, "blue's kick-off from sim/input")
        status, answer = request(port, "POST", "/coach/input", {"code": code["blue"], "line": {
            "type": "pass", "model": "blue-10", "to": "blue-6", "cm": 30, "height": "low"}})
        assert (status, answer["ok"]) == (200, True), answer
        status, answer = request(port, "POST", "/coach/view", {"code": code["blue"]})
        assert answer["view"]["awaiting"]["what"] == "roll" and answer["view"]["awaiting"]["team"] == "blue"
        assert answer["view"]["models"]["blue-2"]["name"] == "blue two"
    finally:
        stop_process(proc)
    assert "Traceback" not in log.read_text(), log.read_text()[-3000:]
    [path] = journal.glob("*.jsonl")
    inputs = [json.loads(t) for t in path.read_text().splitlines() if t.startswith("{")]
    assert [line["type"] for line in inputs if line["type"] != "clock"] == ["setup", "roster", "roster", "kick_off",
                                                                           "pass"]


def _inputs(path: Path) -> list[dict]:
    """A journal's input lines but the clock's (how long the wait between them was is no match input here)."""
    return [line for t in path.read_text().splitlines() if t.startswith("{")
            if (line := json.loads(t))["type"] != "clock"]


def test_a_sim_match_of_soccer_killed_mid_match_resumes_from_its_checkpoint_with_every_line_once(tmp_path, broker):
    journal, log = tmp_path / "j", tmp_path / "sim.log"

    def args(speed: str, where: Path) -> list[str]:
        return ["--ruleset", "soccer", "--seed", "4", "--speed", speed, "--broker", broker.url(), "--board-id", BOARD,
                "--journal-dir", str(where), "--no-web", "--quiet"]

    def checkpointed() -> bool:
        assert proc.poll() is None, log.read_text()[-2000:]               # it ended before: say why
        text = "".join(p.read_text() for p in journal.glob("*.jsonl"))
        return CHECKPOINT in text and not text.rstrip().endswith("}")    # a checkpoint, and a line after it
    proc = start_sim(args("0.02", journal), log)
    try:
        wait_for(checkpointed, 60, "a checkpoint in the journal")
        proc.kill()                                   # SIGKILL: what is durable is all there is
        proc.wait(10)
        [path] = journal.glob("*.jsonl")
        assert FINISHED not in path.read_text(), "the kill should land mid-match"
        proc = start_sim(args("0", journal), log)
        assert proc.wait(120) == 0, log.read_text()[-2000:]
    finally:
        stop_process(proc)
    assert "resumed the unfinished match" in log.read_text() and "Traceback" not in log.read_text()
    assert [p.name for p in journal.glob("*.jsonl")] == [path.name]           # the same match, not a new one

    reference = tmp_path / "ref"
    done = subprocess.run([sys.executable, "-m", "controller.cli", "sim", *args("0", reference)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    [unbroken] = reference.glob("*.jsonl")
    assert _inputs(path) == _inputs(unbroken)         # the seeded bots' match, every line once, none lost
    text = path.read_text().splitlines()
    held = next(t for t in text if t.startswith(CHECKPOINT))
    assert checkpoint(held, json.loads(held[len(CHECKPOINT):])["lines"]).core.ruleset.name == "soccer"
    replay = html_replay(tmp_path, path)
    assert replay["frames"][-1]["state"]["phase"] == "full_time" and replay["finished"] is True
    assert comparable(retained_state(broker.port)) == comparable(replay["frames"][-1]["state"])

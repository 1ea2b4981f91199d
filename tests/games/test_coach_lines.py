"""The coaches' path, live: a real daemon refereeing the board-less test game (tally, which has TeamLines), its
desk behind the real page server on a loopback port, and a coach's phone as an HTTP client. A coach enters its
team's lines with its team's code and reads its team's own view; wrong codes, the other team's lines and
malformed requests are refused without changing the match; the codes are never journaled nor published."""
from __future__ import annotations

import http.client
import json
import os
import re
import stat

import pytest

from controller.daemon.coach_codes import FILE
from controller.daemon.coach_desk import FAIL_BURST
from simulator.bench.mosquitto import BOARD, DAEMON_PASS, DAEMON_USER, free_port
from simulator.bench.process import stop_process
from simulator.bench.waits import wait_for
from tests.daemon.daemon_helpers import retained_state
from tests.games.coach_rig import CoachRig
from tests.games.plugin_games import roll, start_soccerboard

SETUP = {"type": "setup", "ruleset": "tally"}


@pytest.fixture
def rig(test_games, tmp_path):
    r = CoachRig(tmp_path / "journal").start(SETUP)
    yield r
    r.stop()


def _journaled_rolls(rig: CoachRig) -> list[dict]:
    rig.settle()
    return [json.loads(t) for t in rig.journal_text().splitlines() if t.startswith('{"type":"roll"')]


def test_a_coach_enters_its_teams_roll_and_the_verdict_comes_back(rig):
    status, doc = rig.enter(rig.code("red"), roll("red", 6))
    assert (status, doc) == (200, {"ok": True, "reason": None, "detail": None, "team": "red"})
    assert rig.state["totals"] == {"red": 6, "blue": 0}
    assert _journaled_rolls(rig) == [roll("red", 6)]          # journaled like any input: a replay has it


def test_a_code_is_taken_in_any_case_and_with_its_dash(rig):
    code = rig.code("blue")
    rig.enter(rig.code("red"), roll("red", 1))
    status, doc = rig.enter(f"{code[:4].lower()}-{code[4:]}", roll("blue", 2))
    assert status == 200 and doc["ok"] and doc["team"] == "blue"


def test_a_line_the_game_refuses_comes_back_409_with_the_games_reason(rig):
    status, doc = rig.enter(rig.code("blue"), roll("blue", 3))     # red rolls first
    assert status == 409 and doc["reason"] == "not_your_turn" and doc["team"] == "blue"
    assert rig.state["totals"] == {"red": 0, "blue": 0}


def test_a_line_of_the_other_team_is_refused_403_and_never_queued(rig):
    status, doc = rig.enter(rig.code("blue"), roll("red", 6))
    assert status == 403 and doc["reason"] == "not_your_team"
    assert _journaled_rolls(rig) == [] and rig.state["totals"] == {"red": 0, "blue": 0}


def test_lines_no_coach_enters_are_refused_403(rig):
    for line in ({"type": "press", "button": "undo"}, {"type": "clock", "advance": 5},
                 {**SETUP, "kickoff": "blue"}, {"type": "lift", "square": "a1", "token": "red"}):
        status, doc = rig.enter(rig.code("red"), line)
        assert status in (400, 403) and doc["ok"] is False, (line, doc)
        assert doc["reason"] in ("not_a_coach_line", "bad_input"), (line, doc)
    rig.settle()
    assert rig.journal_text().count('"type":"setup"') == 1


def test_a_wrong_code_is_refused_401_and_changes_nothing(rig):
    status, doc = rig.enter("ABCD-EFGH", roll("red", 6))
    assert status == 401 and doc["reason"] == "bad_code"
    status, doc = rig.view("")
    assert status == 401 and doc["reason"] == "bad_code"
    assert _journaled_rolls(rig) == [] and rig.state["totals"] == {"red": 0, "blue": 0}


def test_wrong_codes_beyond_a_burst_make_the_address_wait_even_with_the_right_code(rig):
    for _ in range(FAIL_BURST):
        assert rig.enter("WRONGWRONG", roll("red", 6))[0] == 401
    status, doc, headers = rig.request("POST", "/coach/input", {"code": rig.code("red"), "line": roll("red", 6)})
    assert status == 429 and doc["reason"] == "too_many_attempts"
    assert int(headers["retry-after"]) >= 1
    assert _journaled_rolls(rig) == []


@pytest.mark.parametrize(("body", "content_type", "status"), [
    (b"not json", "application/json", 400),
    (b'{"code": "X"}', "application/json", 400),                          # no line
    (b'{"code": 5, "line": {}}', "application/json", 400),                # the code is no string
    (b'{"code": "X", "line": [], "extra": 1}', "application/json", 400),
    (b'[' * 2000 + b']' * 2000, "application/json", 400),                # nested past any parser's depth
    (b'{"code": "X", "line": {"type": "roll"}}', "text/plain", 415),      # a form post from another site
    (b"x" * 5000, "application/json", 413),
])
def test_malformed_requests_are_refused_and_the_server_keeps_serving(rig, body, content_type, status):
    got, doc, _ = rig.request("POST", "/coach/input", body, {"Content-Type": content_type})
    assert got == status, doc
    assert rig.enter(rig.code("red"), roll("red", 4))[0] == 200        # the next phone is served as before


def test_a_malformed_line_with_the_right_code_is_refused_400_bad_input(rig):
    for line in ({"type": "roll", "die": "red", "value": 9}, {"type": "shout"}, {"type": "roll"}):
        status, doc = rig.enter(rig.code("red"), line)
        assert status == 400 and doc["reason"] == "bad_input", (line, doc)
    assert _journaled_rolls(rig) == [] and rig.state["totals"] == {"red": 0, "blue": 0}


def test_the_code_never_goes_in_a_url(rig):
    code = rig.code("red")
    status, _, _ = rig.request("GET", f"/coach/view?code={code}")
    assert status == 404
    status, _, headers = rig.request("GET", "/coach/view")
    assert status == 405 and headers["allow"] == "POST"


def test_each_team_sees_its_own_private_part_and_the_published_state_neither(rig):
    rig.enter(rig.code("red"), roll("red", 6))
    rig.enter(rig.code("blue"), roll("blue", 2))
    rig.enter(rig.code("red"), roll("red", 3))
    status, red = rig.view(rig.code("red"))
    assert status == 200 and red["team"] == "red"
    assert red["view"]["private"] == {"rolls": [6, 3]} and red["view"]["totals"] == {"red": 9, "blue": 2}
    _, blue = rig.view(rig.code("blue"))
    assert blue["view"]["private"] == {"rolls": [2]}
    assert all("private" not in state for state in rig.outputs("state"))


def test_the_codes_are_neither_journaled_nor_published_and_their_file_is_the_owners_only(rig):
    rig.enter(rig.code("red"), roll("red", 6))
    rig.view(rig.code("blue"))
    rig.settle()
    codes = rig.desk.codes()
    assert codes is not None
    published = json.dumps([m.payload for m in rig.seen if not m.local], default=str)
    for code in codes.values():
        assert code not in rig.journal_text() and code not in published
    path = rig.journal_dir / FILE
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert json.loads(path.read_text())["codes"] == codes
    notices = [n["text"] for n in rig.outputs("notice")]
    assert any(codes["red"][:4] in text and codes["blue"][4:] in text for text in notices)   # the referee's screen


def test_the_codes_page_answers_the_boards_own_machine(rig):
    status, doc, headers = rig.request("GET", "/coach/codes")
    assert status == 200 and doc["codes"] == rig.desk.codes()
    assert headers["cache-control"] == "no-store"


def test_a_restart_resuming_the_match_keeps_the_codes_and_a_new_match_gets_new_ones(test_games, tmp_path):
    first = CoachRig(tmp_path / "journal").start(SETUP)
    try:
        assert first.enter(first.code("red"), roll("red", 5))[0] == 200
        codes = first.desk.codes()
        first.settle()
    finally:
        first.stop()
    again = CoachRig(tmp_path / "journal").start()
    try:
        again.settle()
        assert again.desk.codes() == codes                        # the phones go on working
        assert again.enter(codes["blue"], roll("blue", 4))[0] == 200
        assert again.state["totals"] == {"red": 5, "blue": 4}
        again.daemon.put("test", {**SETUP, "options": {"target": 3}})    # a new match
        again.settle()
        fresh = again.desk.codes()
        assert fresh is not None and not set(fresh.values()) & set(codes.values())
        assert again.enter(codes["red"], roll("red", 1))[0] == 401
    finally:
        again.stop()


def test_a_game_without_team_lines_has_no_coach_path(test_games, tmp_path):
    rig = CoachRig(tmp_path / "journal", ruleset="race").start()
    try:
        rig.daemon.put("test", {"type": "setup", "ruleset": "race"})
        rig.settle()
        assert rig.desk.codes() is None                           # no codes are made for it
        status, doc = rig.enter("ABCDEFGH", {"type": "roll", "die": "red", "value": 3})
        assert status == 404 and doc["reason"] == "no_coach_path"
    finally:
        rig.stop()


def test_run_shows_the_codes_on_its_console_and_takes_a_coachs_line_on_its_page_port(broker, tmp_path):
    """`soccerboard run` as installed: a real Mosquitto, the console, the page server with the coaches' path."""
    port = free_port()
    cfg = tmp_path / "board.toml"
    cfg.write_text(f'board_id = "{BOARD}"\n[hardware]\nbackend = "sim"\n[journal]\ndir = "{tmp_path}/j"\n'
                   f'[mqtt]\nurl = "{broker.url(None, None)}"\nusername = "{DAEMON_USER}"\n'
                   f'password = "{DAEMON_PASS}"\n[game]\nruleset = "tally"\n'
                   f'[web]\nenabled = true\nport = {port}\n')
    log = tmp_path / "run.log"
    proc = start_soccerboard(["run", "--config", str(cfg)], log)
    try:
        said = wait_for(lambda: re.search(r"coaches' codes for this match: red (\S+), blue (\S+)", log.read_text()),
                        30, "the codes on the console")
        red, blue = said.group(1), said.group(2)
        phone = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        phone.request("POST", "/coach/input", json.dumps({"code": red, "line": roll("red", 6)}),
                      {"Content-Type": "application/json"})
        answer = phone.getresponse()
        assert (answer.status, json.loads(answer.read())["ok"]) == (200, True)
        phone.request("POST", "/coach/view", json.dumps({"code": blue}), {"Content-Type": "application/json"})
        answer = phone.getresponse()
        view = json.loads(answer.read())["view"]
        assert answer.status == 200 and view["private"] == {"rolls": []} and view["totals"]["red"] == 6
        phone.close()
        state = wait_for(lambda: (s := retained_state(broker.port)) and s["totals"]["red"] == 6 and s, 10,
                         "the published state")
        assert red.replace("-", "") not in json.dumps(state) and "private" not in state
    finally:
        assert stop_process(proc) == 0, log.read_text()[-2000:]
    assert "Traceback" not in log.read_text()

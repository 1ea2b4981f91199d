"""The spectator page, the browser simulator and the HTML replay for Soccer The Board Game (docs/stbg.md).

- a bots' match through `soccerboard sim --ruleset stbg` (its embedded broker and web server, a subprocess):
  12 pawns labelled p1..p6, the turn clock and the points left while a turn is on, and at full time the
  score, star cards left, substitutions and referee cards of the match's last state;
- a snapshot published as the daemon publishes it: the goalie, the sent-off pawn off the board, the yellow
  card, substitutions made and left, the turn clock's last 10 seconds, the goal area drawn as one space;
- `soccerboard sim --ruleset stbg --manual`: a person plays red's kick-off turn by clicks (the pass, a
  dribble, a player; the roll split over them; done), blue's move over its roll is refused and put back;
- the HTML replay of an STBG journal steps to a goal;
- the page's own sentences for STBG events are those of controller/story.py.
"""
from __future__ import annotations

import re
import subprocess
import sys
from datetime import UTC, datetime, timedelta

import pytest

from controller import story
from controller.daemon.referee import Referee
from controller.games.stbg.bot import simulate
from controller.leds import planner_for
from tests.web.web_helpers import ROOT, SimProcess, feed_texts, page_seq, wait_connected, wait_seq

SEED, HALF = 3, 3.0            # the bots' match of seed 3 with 3-minute halves: 2 goals, a substitution


def _text(page, selector: str) -> str:
    return page.inner_text(selector).strip()


def _score(page) -> dict:
    return {"red": int(_text(page, "#score-red")), "blue": int(_text(page, "#score-blue"))}


def _table(page) -> dict:
    """The team table: {team: {pass, shoot, steal, subs, cards, off}} as shown."""
    out = {}
    for t in ("red", "blue"):
        row = f"#team-table tr[data-team='{t}']"
        out[t] = {k: _text(page, f"{row} td[data-star='{k}']") for k in ("pass", "shoot", "steal")}
        out[t] |= {k: _text(page, f"{row} td[data-{k}]") for k in ("subs", "cards", "off")}
    return out


# ---- a bots' match, watched -------------------------------------------------------------------------------
@pytest.fixture
def bots_match(tmp_path):
    proc = SimProcess(["--ruleset", "stbg", "--seed", str(SEED), "--half-minutes", str(HALF), "--speed", "0.02",
                       "--stay", "--journal-dir", str(tmp_path / "journal"), "--http-port", "0"], tmp_path / "sim.log")
    yield proc
    proc.stop()


def test_stbg_bots_match_shows_pawns_turn_clock_points_and_the_final_tallies(bots_match, page):
    final = simulate(SEED, {"half_minutes": HALF}).snapshot()      # the same seeded match, through the core
    assert final is not None and final["phase"] == "full_time"
    assert sum(final["substitutions"].values()) >= 1 and sum(final["score"].values()) >= 1
    page.goto(bots_match.url)
    wait_connected(page, timeout=15000)
    page.wait_for_function("() => document.body.dataset.game === 'stbg'")
    # a turn is on: the turn clock counts down from 30, the points left of the roll are shown
    page.wait_for_function("() => /^\\d+$/.test(document.querySelector('#points-left').textContent.trim())",
                           polling="raf", timeout=20000)
    page.wait_for_function("() => /^\\d+$/.test(document.querySelector('#move-clock').textContent.trim())",
                           polling="raf", timeout=20000)
    assert _text(page, "#move-clock-label") == "Turn clock"
    assert _text(page, "#board-name") == "board1"
    labels = sorted(page.locator("g.pawn .label").evaluate_all("els => els.map(e => e.textContent)"))
    assert labels == sorted([f"p{i}" for i in range(1, 7)] * 2), labels
    assert page.locator("g.pawn.goalie").count() >= 1
    assert page.locator("#sim-controls").is_hidden()          # spectators only: the bots play

    page.wait_for_function("() => document.body.dataset.phase === 'full_time'", timeout=60000)
    assert _score(page) == final["score"]
    shown = _table(page)
    for t in ("red", "blue"):
        assert {k: int(shown[t][k]) for k in ("pass", "shoot", "steal")} == \
            {k: final["star_cards"][t][k]["left"] for k in ("pass", "shoot", "steal")}, shown
        made = final["substitutions"][t]
        assert shown[t]["subs"].startswith(f"{made} / {3 - made}"), shown
        off = [pid.split("-")[1] for pid, p in final["pawns"].items() if pid.startswith(t) and p["square"] is None]
        assert shown[t]["off"] == (", ".join(f"{p} (sent off)" for p in off) or "–"), shown
    on_board = [pid for pid, p in final["pawns"].items() if p["square"]]
    assert page.locator("g.pawn").count() == len(on_board)
    assert re.search(r"full time", _text(page, "#to-act"), re.I)
    assert any(re.match(r"full time: red \d+-\d+ blue", t, re.I) for t in feed_texts(page)[:3]), feed_texts(page)[:3]


# ---- one published state, every STBG detail ----------------------------------------------------------------
def _state_with_details() -> tuple[dict, dict]:
    """A real STBG state (the referee's, standard set-up, red to move 3 points after a roll of 5), then the
    tallies a match would have reached: red p4 booked, red p6 sent off, one blue substitution and its skip,
    two blue star cards used. With the LED document the daemon publishes for the position."""
    ref = Referee({}, True, ruleset="stbg")
    ref.feed(ref.normalise({"type": "setup", "formation": "standard", "kickoff": "red"}))
    ref.feed({"type": "roll", "die": "red", "value": 5})
    ref.feed({"type": "move", "from": "d8", "to": "e8", "token": "ball"})
    ref.feed({"type": "clock", "advance": 0.2})
    ref.feed({"type": "move", "from": "b6", "to": "b7", "token": "red"})
    ref.feed({"type": "clock", "advance": 0.2})
    doc = ref.state_doc
    assert doc is not None and doc["points_left"] == 3, doc
    planner = planner_for("stbg")
    assert planner is not None and ref.core.game is not None
    leds = planner(ref.core.game, ref.core.board_view()).to_json()
    doc = {**doc, "pawns": {**doc["pawns"]}, "star_cards": {**doc["star_cards"]}}
    doc["pawns"]["red-p4"] = {**doc["pawns"]["red-p4"], "yellow": 1}
    doc["pawns"]["red-p6"] = {**doc["pawns"]["red-p6"], "square": None, "sent_off": True}
    doc["substitutions"] = {"red": 0, "blue": 1}
    doc["skips"] = {"red": 0, "blue": 1}
    doc["star_cards"]["blue"] = {"pass": {"used": 1, "left": 3}, "shoot": {"used": 0, "left": 4},
                                 "steal": {"used": 1, "left": 0}}
    return doc, leds


def test_stbg_state_shows_goalie_cards_substitutions_stars_and_the_turn_clock_warning(publisher, open_live):
    doc, leds = _state_with_details()
    now = datetime.now(UTC)
    iso = lambda t: t.isoformat(timespec="milliseconds").replace("+00:00", "Z")
    publisher.status("online")
    publisher.state(doc)
    publisher.leds(leds)
    publisher.clock({"at": iso(now), "period": 1, "phase": "play",
                     "match_clock": {"running": True, "paused": False, "elapsed": 61.0, "length": 900.0,
                                     "time_up": False},
                     "move_deadline": iso(now + timedelta(seconds=8.5)), "move_remaining": 8.5,
                     "reset_deadline": None, "reset_remaining": None})
    page = open_live()
    wait_seq(page, doc["seq"])
    assert page.locator("#banner").is_hidden(), _text(page, "#banner")
    assert page.locator("#stbg-panel").is_visible()
    # 6 pawns a side on the board less the one sent off; the goalies ringed; the holder after the pass
    assert page.locator("g.pawn[data-team='red']").count() == 5
    assert page.locator("g.pawn[data-team='blue']").count() == 6
    assert sorted(page.locator("g.pawn.goalie").evaluate_all("els => els.map(e => e.dataset.pawn)")) == \
        ["blue-p1", "red-p1"]
    assert page.locator("g.pawn.holder").get_attribute("data-pawn") == "red-p3"
    assert page.locator("g.pawn[data-pawn='red-p4'] rect.card-yellow").count() == 1
    # the goal area is one space: no line between its two squares, and the first game's penalty arcs are gone
    assert page.locator("rect.square.goal-space").count() == 4
    assert page.locator("svg#board").get_attribute("data-game") == "stbg"
    assert page.locator("svg#board .pitch polyline").count() == 4                # the four corner arcs only
    # turn, points, tallies
    assert _text(page, "#stbg-turn").startswith("Red (kick off)")
    assert _text(page, "#points-left") == "3"
    assert re.search(r"red: move players or kick the ball: 3 points left", _text(page, "#to-act"), re.I)
    assert _text(page, "#possession").startswith("Red (p3 has the ball)")
    table = _table(page)
    assert table["red"] == {"pass": "4", "shoot": "4", "steal": "4", "subs": "0 / 3", "cards": "yellow: p4; red: p6",
                            "off": "p6 (sent off)"}, table
    assert table["blue"] == {"pass": "3", "shoot": "4", "steal": "0", "subs": "1 / 2 (next turn skipped)",
                             "cards": "–", "off": "–"}, table
    # the turn clock: 8.5 s left, in its last 10 seconds
    page.wait_for_function("() => ['8', '9', '7'].includes(document.querySelector('#move-clock').textContent)")
    assert "warning" in page.locator("#move-clock").get_attribute("class").split()
    assert _text(page, "#move-clock-label") == "Turn clock"
    assert _text(page, "#phase") == "Turn"
    # the LED squares as the LEDs show them, the points left among them (3 squares of red's goal line)
    page.wait_for_selector("#legend li[data-meaning='points_left']")
    assert "points left in the turn" in _text(page, "#legend li[data-meaning='points_left']")
    assert page.locator("rect.square[data-meaning='points_left']").count() == 3
    # a booked pawn moved with another at once: the referee asks which is which
    asked = {**doc, "seq": doc["seq"] + 1,
             "board": {"consistent": True, "mismatch": None,
                       "question": {"team": "red", "pawns": {"b7": "red-p4", "c7": "red-p5"}}}}
    publisher.state(asked)
    wait_seq(page, asked["seq"])
    assert _text(page, "#to-act") == "Red: confirm which pawn stands where (press confirm)"


# ---- a person plays by clicks ----------------------------------------------------------------------------
@pytest.fixture
def manual(tmp_path):
    cfg = tmp_path / "sim.toml"
    # a long turn clock: a slow machine must not see a turn run out under the test's clicks
    cfg.write_text('[game]\nkickoff = "red"\n\n[game.options]\nturn_seconds = 300.0\n')
    proc = SimProcess(["--ruleset", "stbg", "--manual", "--config", str(cfg), "--journal-dir",
                       str(tmp_path / "journal"), "--http-port", "0"], tmp_path / "sim.log")
    yield proc
    proc.stop()


def _roll(page, die: str, face: int) -> None:
    page.select_option("#roll-face", str(face))
    page.click(f"[data-roll='{die}']")
    page.wait_for_function(
        "([d, f]) => document.querySelector(`#dice [data-die='${d}']`).textContent.trim() === String(f)",
        arg=[die, face])


def _points(page, n: int) -> None:
    page.wait_for_function("n => document.querySelector('#points-left').textContent.trim() === String(n)", arg=n)


def _click_square(page, square: str) -> None:
    page.locator(f"rect.square[data-square='{square}']").click(force=True)


def test_stbg_person_plays_a_turn_by_clicks_and_sees_a_refusal(manual, page):
    assert "sim=1" in manual.url, manual.url
    page.goto(manual.url)
    wait_connected(page, timeout=15000)
    page.wait_for_function("() => document.body.dataset.game === 'stbg'")
    assert page.locator("[data-press='done'][data-team='red']").is_visible()
    assert page.locator("[data-press='star_steal'][data-team='blue']").is_visible()
    assert page.locator("[data-card='yellow']").is_visible()
    assert page.locator(".stbg-only [data-press='confirm']").is_visible()
    assert page.locator(".stw-only [data-press='confirm']").is_hidden()
    assert page.locator("[data-spin='goal']").is_hidden()                       # the first game's spinner
    assert page.locator("g.ball").get_attribute("data-square") == "d8"
    assert re.search(r"red: roll for the kick-off", _text(page, "#to-act"), re.I), _text(page, "#to-act")

    # red rolls 4 and splits it: the kick-off pass (1), a dribble by the receiver (1), another player (2)
    _roll(page, "red", 4)
    _points(page, 4)
    page.wait_for_function("() => Number(document.querySelector('#move-clock').textContent) > 30")   # 300 s
    page.locator("g.ball").click()
    _click_square(page, "e8")
    page.wait_for_selector("g.pawn[data-pawn='red-p3'][data-square='e8'].holder")
    _points(page, 3)
    page.locator("g.pawn[data-pawn='red-p3']").click()                          # the holder: the ball goes along
    page.wait_for_function("() => /with the ball/.test(document.querySelector('#in-hand').textContent)")
    _click_square(page, "e9")
    page.wait_for_selector("g.pawn[data-pawn='red-p3'][data-square='e9'].holder")
    page.wait_for_selector("g.ball[data-square='e9']")
    _points(page, 2)
    page.locator("g.pawn[data-pawn='red-p4']").click()
    _click_square(page, "b8")
    page.wait_for_selector("g.pawn[data-pawn='red-p4'][data-square='b8']")
    _points(page, 0)
    page.click("[data-press='done'][data-team='red']")
    page.wait_for_function("() => /^blue: roll/i.test(document.querySelector('#to-act').textContent)")
    assert any(re.search(r"red's turn ends \(done\)", t, re.I) for t in feed_texts(page)[:3]), feed_texts(page)[:5]
    assert _text(page, "#stbg-turn").startswith("Blue")

    # red's `done` in blue's turn: refused on the response topic, shown
    page.click("[data-press='done'][data-team='red']")
    page.wait_for_function("() => /turn/i.test(document.querySelector('#sim-refusal').textContent)")
    assert page.locator("#sim-refusal").is_visible()

    # blue rolls 2 and moves a player 4 squares: refused (over the roll), then put back
    _roll(page, "blue", 2)
    _points(page, 2)
    seq = page_seq(page)
    page.locator("g.pawn[data-pawn='blue-p2']").click()
    _click_square(page, "b15")
    page.wait_for_function("() => /costs 4, 2 left/.test(document.querySelector('#sim-refusal').textContent)")
    assert re.search(r"out of step", _text(page, "#to-act"), re.I)
    _click_square(page, "b15")                                                  # lift the stray pawn again
    _click_square(page, "b11")
    page.wait_for_function("() => !/out of step/i.test(document.querySelector('#to-act').textContent)")
    assert page.locator("g.pawn[data-pawn='blue-p2']").get_attribute("data-square") == "b11"
    _points(page, 2)
    assert page_seq(page) > seq


# ---- the replay of an STBG journal ----------------------------------------------------------------------
def test_stbg_html_replay_steps_to_a_goal(context, tmp_path):
    journal_dir = tmp_path / "journal"
    run = subprocess.run([sys.executable, "-m", "controller.cli", "sim", "--ruleset", "stbg", "--seed", str(SEED),
                          "--half-minutes", str(HALF), "--speed", "0", "--no-web", "--quiet",
                          "--journal-dir", str(journal_dir)], cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert run.returncode == 0, run.stdout + run.stderr
    journal = next(journal_dir.glob("*.jsonl"))
    out = tmp_path / "match.html"
    run = subprocess.run([sys.executable, "-m", "controller.cli", "report", str(journal), "--html", "-o", str(out)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    page = context.new_page()
    page.goto(out.as_uri())
    page.wait_for_selector("body[data-ready='true']")
    assert page.locator("#banner").is_hidden(), page.inner_text("#banner")
    assert page.locator("#stbg-panel").is_visible()
    assert page.locator("g.pawn").count() == 12
    goals = page.locator("#replay-marks button[data-kind='goal']")
    assert goals.count() == sum(simulate(SEED, {"half_minutes": HALF}).snapshot()["score"].values())
    goals.first.click()
    page.wait_for_function("() => /GOAL!/.test(document.querySelector('#feed li')?.textContent)")
    at_goal = _score(page)
    assert sum(at_goal.values()) == 1, at_goal
    assert re.match(r"GOAL! (Red|Blue) \d-\d", feed_texts(page)[0]), feed_texts(page)[:2]
    page.click("#replay-back")
    page.wait_for_function("() => document.querySelector('#score-red').textContent.trim() === '0'"
                           " && document.querySelector('#score-blue').textContent.trim() === '0'")


# ---- words ------------------------------------------------------------------------------------------------
def test_stbg_events_are_worded_by_the_page_as_by_the_console(page, web_server) -> None:
    events: dict[str, dict] = {}

    def keep(event: dict, core: object) -> None:
        events.setdefault(event["event"], dict(event))
    for seed in (2, 3, 7):
        simulate(seed, {"half_minutes": HALF}, on_event=keep)
    events["possession_loose"] = {"event": "possession", "team": None, "pawn": None}
    for name in ("substitution", "star_card", "scoring_chance", "save", "kick", "turn_end", "battle", "fault"):
        assert name in events, sorted(events)
    page.goto(f"{web_server.url}replay.html")     # a page with the import map the modules import each other by
    said = page.evaluate("""async (events) => {
        const words = await import("sb/words.js");
        return events.map((e) => words.describe(e));
    }""", list(events.values()))
    for event, text in zip(events.values(), said, strict=True):
        assert text == story.sentence(event, "stbg"), event
        assert not text.startswith("unknown event"), event

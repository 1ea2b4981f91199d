"""The page in Italian: each page (the STW spectator page mid-match, the STBG spectator page, the Soccer!! console,
the browser simulator, the HTML replay) opened by a browser whose language is Italian (Chromium's context in
it-IT) says no English sentence of the page's catalogue it has an Italian translation for; the EN/IT switch
changes the language at once and is remembered.

"English left" is read from the catalogue itself (controller/i18n/locale/it/LC_MESSAGES/page.po): the literal
parts of each msgid between its placeholders, those with a word of four letters or more, that no Italian
translation of either domain says too (a word such as "Sprint" or "Replay" is Italian as well). A part found in
the page's visible text, as a whole word, is a sentence the page left untranslated.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from controller.i18n.catalogues import po_path, read
from controller.web import replay
from simulator.bench.matches import scenario_lines
from tests.web.web_helpers import (
    BoardPublisher,
    InProcessDaemon,
    SimProcess,
    live_url,
    make_server,
    match_frames,
    publish_frame,
    wait_connected,
    wait_seq,
)

LAPTOP = {"width": 1280, "height": 800}
OPTIONS = {"half_minutes": 45.0, "extra_time": False}
EXPORT = Path(replay.STATIC_DIR) / "i18n" / "it.json"
WORD = re.compile(r"[A-Za-z]{4,}")


def english_parts() -> list[str]:
    """The English parts of the page's msgids that the Italian catalogues do not say too."""
    catalog = read(po_path("page", "it"))
    italian = "\n".join(json.loads(EXPORT.read_text(encoding="utf-8")).values())
    parts: set[str] = set()
    for m in catalog:
        if not m.id or not isinstance(m.id, str) or not m.string or m.string == m.id:
            continue
        for part in re.split(r"\{[^}]*\}", m.id):
            part = part.strip(" :;,.()!?-–\"'`")
            if WORD.search(part) and not _has(italian, part):
                parts.add(part)
    return sorted(parts, key=len, reverse=True)


def _has(text: str, part: str) -> bool:
    return re.search(rf"(?<![A-Za-z]){re.escape(part)}(?![A-Za-z])", text) is not None


@pytest.fixture(scope="module")
def english():
    parts = english_parts()
    assert len(parts) > 100, parts      # the check has something to find
    return parts


def left_in(page, english: list[str]) -> list[str]:
    """The English parts found in the page's visible text (what a reader sees, the open details too)."""
    text = page.evaluate("() => document.body.innerText")
    return [p for p in english if _has(text, p)]


def assert_italian(page, english: list[str], where: str) -> None:
    assert page.evaluate("() => document.documentElement.lang") == "it", where
    left = left_in(page, english)
    shown = page.evaluate("() => document.body.innerText")
    assert not left, f"{where}: English left on the Italian page: {left}\n---\n{shown}"


@pytest.fixture
def italian(browser, request):
    """A browser context whose language is Italian (navigator.languages = ["it-IT"]), a laptop's window."""
    made = []

    def new_page(**kw):
        ctx = browser.new_context(locale="it-IT", viewport=LAPTOP, **kw)
        made.append(ctx)
        pg = ctx.new_page()
        pg.set_default_timeout(15000)
        return pg
    yield new_page
    for ctx in made:
        ctx.close()


def _publish_until(pub: BoardPublisher, frames, upto: int) -> int:
    last_leds = None
    for f in frames[: upto + 1]:
        publish_frame(pub, f)
        last_leds = f.leds or last_leds
    if last_leds is not None:
        pub.leds(last_leds)
    pub.status("online")
    return [f.state for f in frames[: upto + 1] if f.state][-1]["seq"]


@pytest.fixture(scope="module")
def stw_match():
    """The seeded bots' STW match of `soccerboard sim --seed 2`, as the daemon publishes it."""
    return match_frames(scenario_lines(2, OPTIONS), OPTIONS)


def _mid_match(frames) -> int:
    """A frame after a goal and a yellow card, a roll to play."""
    goals = yellow = 0
    for i, f in enumerate(frames):
        for e in f.events:
            goals += e["event"] == "goal"
            yellow += e["event"] == "yellow_card"
        if goals and yellow and f.state and f.state["phase"] in ("offensive_set", "ball_play") and f.state["roll"]:
            return i
    raise AssertionError("no such moment in the match")


# ---- the STW spectator page mid-match, and the switch ----------------------------------------------------------
def test_stw_spectator_page_mid_match_is_all_italian(italian, web_server, publisher, board, stw_match, english):
    page = italian()
    page.goto(live_url(web_server.url, board))
    wait_connected(page)
    seq = _publish_until(publisher, stw_match, _mid_match(stw_match))
    wait_seq(page, seq)
    page.wait_for_function("() => document.querySelectorAll('#feed li').length > 10")
    page.wait_for_function("() => document.querySelectorAll('#legend li').length > 0")
    assert page.inner_text(".feed-title") == "Eventi della partita"
    assert page.inner_text("#phase") in ("Azione offensiva", "Giocata della palla")
    tips = page.locator("#board g[data-pawn] > title").all_text_contents()     # the tokens' tooltips too
    assert tips and all(re.match(r"\w+ dei (Rossi|Blu) in [a-h]\d+", tip) for tip in tips), tips
    assert re.fullmatch(r"la palla in [a-h]\d+", page.locator("#board g.ball > title").text_content() or "")
    assert_italian(page, english, "STW spectator page")


def test_the_switch_changes_the_language_at_once_and_is_remembered(italian, web_server, publisher, board, stw_match,
                                                                  english):
    page = italian()
    page.goto(live_url(web_server.url, board))
    wait_connected(page)
    seq = _publish_until(publisher, stw_match, _mid_match(stw_match))
    wait_seq(page, seq)
    page.wait_for_function("() => document.querySelectorAll('#feed li').length > 10")
    italian_feed = page.locator("#feed li").all_inner_texts()
    phase_it = page.inner_text("#phase")

    page.click(".scoreline [data-lang-switch] button[data-lang='en']")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert page.inner_text(".feed-title") == "Match events"
    assert page.inner_text("#phase") in ("Offensive set", "Ball play") and page.inner_text("#phase") != phase_it
    english_feed = page.locator("#feed li").all_inner_texts()
    assert len(english_feed) == len(italian_feed) and english_feed != italian_feed
    assert any(re.match(r"(Red|Blue) ", line) for line in english_feed), english_feed[:5]
    assert page.locator(".scoreline button[data-lang='en']").get_attribute("aria-pressed") == "true"

    page.reload()                            # remembered: the stored choice outweighs the browser's language
    wait_connected(page)
    page.wait_for_function("() => document.body.dataset.seq")
    assert page.evaluate("() => document.documentElement.lang") == "en"
    assert page.inner_text(".feed-title") == "Match events"

    page.click(".scoreline [data-lang-switch] button[data-lang='it']")
    page.wait_for_function("() => document.documentElement.lang === 'it'")
    assert page.inner_text(".feed-title") == "Eventi della partita"
    assert page.inner_text("#phase") == phase_it
    assert_italian(page, english, "STW spectator page switched back to Italian")


def test_stw_restart_set_up_says_what_is_left_to_do_in_italian(italian, web_server, publisher, board, stw_match,
                                                              english):
    at = next(i for i, f in enumerate(stw_match) if f.state and (f.state.get("expects") or {}).get("input") == "setup"
              and (f.state.get("restart") or {}).get("todo"))
    page = italian()
    page.goto(live_url(web_server.url, board))
    wait_connected(page)
    wait_seq(page, _publish_until(publisher, stw_match, at))
    said = page.inner_text("#to-act")
    assert said.startswith("Posiziona per") and ":" in said, said
    for item in _said_items(stw_match[at].state["restart"]["todo_say"]):
        assert item in said, (item, said)
    assert_italian(page, english, "STW restart set-up")


def _said_items(todo_say: list[dict]) -> list[str]:
    """The snapshot's said to-do items in Italian, as the Python side says them."""
    from controller.i18n import Say
    from controller.i18n.translate import text

    def sentence(v):
        if isinstance(v, list):
            return [sentence(x) for x in v]
        return Say(v["msg"], {k: sentence(x) for k, x in v["args"].items()}) if isinstance(v, dict) else v
    items = [text(sentence(d), "it") for d in todo_say]
    assert items and all(i.strip() for i in items)
    return items


def test_stbg_set_up_todo_items_are_said_in_italian_on_the_page(italian, web_server, publisher, board, english):
    from controller.daemon.referee import Referee
    ref = Referee({}, True, ruleset="stbg")
    scenario = Path(__file__).resolve().parents[1] / "stbg" / "golden" / "07_goal_and_kick_off_set_up.jsonl"
    doc = None
    for line in scenario.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            ref.feed(ref.normalise(json.loads(line)))
            doc = ref.state_doc
            if doc and doc.get("setup") and len(doc["setup"]["todo"]) > 2:
                break
    assert doc is not None and doc.get("setup"), "no set-up with items in the scenario"
    publisher.status("online")
    publisher.state(doc)
    page = italian()
    page.goto(live_url(web_server.url, board))
    wait_connected(page)
    wait_seq(page, doc["seq"])
    said = page.inner_text("#to-act")
    assert "Posiziona" in said, said
    for item in _said_items(doc["setup"]["todo_say"]):
        assert item in said, (item, said)
    assert "pedina" in said and " off " not in said and "red-" not in said and "blue-" not in said, said
    assert_italian(page, english, "STBG set-up")


# ---- the STBG spectator page ----------------------------------------------------------------------------------
def _stbg_state() -> tuple[dict, dict]:
    """A real STBG state (red to move 3 points after a roll of 5) and its LED document, as the daemon publishes."""
    from controller.daemon.referee import Referee
    from controller.leds import planner_for
    ref = Referee({}, True, ruleset="stbg")
    ref.feed(ref.normalise({"type": "setup", "formation": "standard", "kickoff": "red"}))
    ref.feed({"type": "roll", "die": "red", "value": 5})
    ref.feed({"type": "move", "from": "d8", "to": "e8", "token": "ball"})
    ref.feed({"type": "clock", "advance": 0.2})
    doc = ref.state_doc
    planner = planner_for("stbg")
    assert doc is not None and planner is not None and ref.core.game is not None
    return doc, planner(ref.core.game, ref.core.board_view()).to_json()


def test_stbg_spectator_page_is_all_italian(italian, web_server, publisher, board, english):
    doc, leds = _stbg_state()
    publisher.status("online")
    publisher.state(doc)
    publisher.leds(leds)
    page = italian()
    page.goto(live_url(web_server.url, board))
    wait_connected(page)
    wait_seq(page, doc["seq"])
    page.wait_for_selector("#stbg-panel")
    assert page.inner_text("#move-clock-label") == "Tempo del turno"
    assert "restano 4 punti" in page.inner_text("#to-act") or "punti" in page.inner_text("#to-act")
    assert_italian(page, english, "STBG spectator page")


# ---- the Soccer!! console -------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def sim_server(web_broker):
    server = make_server({"ws_port": web_broker.ws_port, "sim": True})
    yield server
    server.stop()


def test_soccer_console_is_all_italian(italian, web_broker, sim_server, board, tmp_path, english):
    daemon = InProcessDaemon(web_broker.port, board, tmp_path / "journal", sim_mode=True).start()
    try:
        daemon.put({"type": "setup", "ruleset": "soccer", "kickoff": "red", "rosters": "standard"})
        daemon.settle()
        page = italian()
        page.goto(live_url(sim_server.url, board, sim=1))
        wait_connected(page)
        page.wait_for_function("() => document.body.dataset.soccerRole === 'referee'")
        page.wait_for_function("() => /calcio d'inizio/.test(document.querySelector('#sc-awaiting')?.textContent)")
        assert_italian(page, english, "Soccer!! console at the kick-off")

        seq = int(page.evaluate("document.body.dataset.seq"))
        page.click("#soccer button.sc-chip[data-form='kick_off'][data-key='from'][data-value='red-9']")
        page.click("#soccer button.sc-chip[data-form='kick_off'][data-key='to'][data-value='red-10']")
        page.click("#soccer .sc-send[data-send='kick_off']")
        page.wait_for_function("s => Number(document.body.dataset.seq) > s", arg=seq)
        page.wait_for_function("() => /fase di movimento/.test(document.querySelector('#sc-awaiting').textContent)")
        page.click("#sc-more summary")                      # every form's name
        page.click("#sc-dispute summary")
        page.click("#sc-roster summary")                    # the roster builder and its problems
        page.select_option("#sc-roster-rows select[data-field='P'] >> nth=0", "4")
        page.select_option("#sc-roster-rows select[data-field='S'] >> nth=0", "4")
        page.wait_for_selector("#sc-roster-problems li")
        page.click("#soccer .sc-send[data-send='move']")     # a form sent without its model: what is missing
        page.wait_for_selector("#sc-refusal:not([hidden])")
        assert page.inner_text("#sc-refusal").startswith("Movimento: scegli")
        assert_italian(page, english, "Soccer!! console in the movement phase")
    finally:
        daemon.stop()
        BoardPublisher(web_broker.port, board).clear()


# ---- the browser simulator ------------------------------------------------------------------------------------
def test_simulator_is_all_italian(italian, tmp_path, english):
    cfg = tmp_path / "sim.toml"
    cfg.write_text('[game]\nkickoff = "red"\n')
    sim = SimProcess(["--manual", "--config", str(cfg), "--journal-dir", str(tmp_path / "journal"), "--http-port", "0"],
                     tmp_path / "sim.log")
    try:
        page = italian()
        page.goto(sim.url)
        wait_connected(page)
        page.wait_for_function("() => Number(document.body.dataset.seq || 0) > 0")
        page.select_option("#roll-face", "3")
        page.click("[data-roll='red']")
        page.wait_for_function("() => document.querySelector(\"#dice [data-die='red']\").textContent.trim() === '3'")
        page.wait_for_function("() => document.querySelectorAll('rect.square[data-meaning]').length > 0")
        page.locator("g.ball").click()
        page.wait_for_function("() => /palla/.test(document.querySelector('#in-hand').textContent)")
        assert page.inner_text("#sim-controls h2") == "Simulatore"
        page.wait_for_selector(".bt-dice[data-available='false']")   # no Web Bluetooth in this browser: it says so
        assert page.inner_text(".bt-dice").startswith("Dadi Pixels: questo browser non ha il Web Bluetooth")
        assert_italian(page, english, "the browser simulator")
    finally:
        sim.stop()


# ---- the HTML replay ------------------------------------------------------------------------------------------
def _seeded_journal(tmp_path: Path, half_minutes: float) -> Path:
    """The finished journal of the seeded bots' STW match (seed 2) with halves of `half_minutes`."""
    from controller.daemon.journal import FINISHED, HEADER, dumps
    from controller.games.stw.autoplay import simulate
    lines: list[dict] = []
    simulate(2, {"half_minutes": half_minutes}, on_line=lambda line, out: lines.append(line))
    header = {"version": 1, "board_id": "board7", "board_follows_game": True, "options": {"half_minutes": half_minutes},
              "seq_base": 0, "started": "2026-05-01T15:00:00.000Z"}
    journal = tmp_path / "match.jsonl"
    journal.write_text(HEADER + dumps(header) + "\n" + "".join(dumps(line) + "\n" for line in lines) + FINISHED + "\n")
    return journal


def test_html_replay_is_all_italian(italian, tmp_path, english):
    journal = _seeded_journal(tmp_path, 4.0)
    out = tmp_path / "match.html"
    out.write_text(replay.render_replay_html(journal))
    page = italian()
    page.goto(out.as_uri())
    page.wait_for_selector("body[data-ready='true']")
    assert page.inner_text("#replay-play") == "▶ Riproduci"
    marks = page.locator("#replay-marks button")
    assert marks.count() > 0
    marks.first.click()
    page.wait_for_function("() => document.querySelectorAll('#feed li').length > 5")
    assert_italian(page, english, "the HTML replay")
    if page.locator("#replay-marks button[data-kind='goal']").count():
        assert "GOL!" in page.locator("#replay-marks button[data-kind='goal']").first.inner_text()


def test_html_replay_analysis_marks_and_graph_caption_are_said_in_italian(italian, tmp_path):
    journal = _seeded_journal(tmp_path, 2.0)
    frames = len(replay.build_frames(journal)["frames"])
    blunder = {"line": 3, "frame": frames // 2, "minute": "5'", "team": "blue", "played": "ball a1", "best": "ball b2",
               "before": 0.5, "after": 0.3, "drop": 0.2, "choices": 4, "checked": True, "mark": "blunder"}
    analysis = {"level": 2, "seconds": 0.5, "thresholds": {"blunder": 0.15, "mistake": 0.1, "inaccuracy": 0.05},
                "frames": frames, "red_at_end": 1.0, "decisions": [blunder],
                "teams": {"red": {"decisions": 0, "accuracy": None, "blunder": 0, "mistake": 0, "inaccuracy": 0},
                          "blue": {"decisions": 1, "accuracy": 40.0, "blunder": 1, "mistake": 0, "inaccuracy": 0}}}
    out = tmp_path / "match.html"
    out.write_text(replay.render_replay_html(journal, analysis=analysis))
    page = italian()
    page.goto(out.as_uri())
    page.wait_for_selector("body[data-ready='true']")
    assert page.inner_text("#win-chance figcaption").startswith("Probabilità di vittoria della squadra rossa")
    assert "precisione 40.0% (0 imprecisioni, 0 errori, 1 errore grave)" in page.inner_text("#win-chance figcaption")
    mark = page.locator("#replay-marks button[data-kind='blunder']")
    assert mark.inner_text() == "5' Blu, errore grave (??): ball a1, probabilità di vittoria 50% -> 30%; meglio ball b2"


# ---- the computer's panel -------------------------------------------------------------------------------------
def test_the_computers_panel_is_italian_and_switches_live(italian, tmp_path, english):
    """`sim --computer blue`: the computer kicks off for blue; red's hint, asked with the panel's button, is said in
    Italian, and again in English after the switch."""
    sim = SimProcess(["--computer", "blue", "--level", "2", "--kickoff", "blue", "--journal-dir",
                      str(tmp_path / "journal"), "--http-port", "0"], tmp_path / "sim.log")
    try:
        page = italian()
        page.goto(sim.url)
        wait_connected(page, timeout=15000)
        page.wait_for_selector("#hint-button", state="visible")
        assert page.inner_text("#hint-button") == "Suggerimento"
        assert page.get_attribute("#hint-button", "title") == "Accendi la migliore azione per la squadra di turno"
        page.wait_for_function("() => /Rossi/.test(document.querySelector('#to-act').textContent)", timeout=20000)
        page.click("#hint-button")
        page.wait_for_function("() => /suggerimento per i Rossi: /.test(document.querySelector('#computer-says')"
                               ".textContent)")
        said = page.inner_text("#computer-says")
        assert re.search(r"suggerimento per i Rossi: (tira il dado rosso|solleva da [a-h]\d+, posa in [a-h]\d+)",
                         said), said
        assert_italian(page, english, "the computer's panel")

        page.click(".scoreline [data-lang-switch] button[data-lang='en']")
        page.wait_for_function("() => document.documentElement.lang === 'en'")
        assert page.inner_text("#hint-button") == "Hint"
        said = page.inner_text("#computer-says")
        assert re.search(r"hint for red: (roll the red die|lift [a-h]\d+, put on [a-h]\d+)", said), said
    finally:
        sim.stop()

"""Soccer!!'s referee console on a phone (390 x 844, touch), in Chromium, against the real daemon in simulator
mode: the page's lines go out on `<base>/sim/input` as the browser simulator sends them, the daemon referees
them and the page paints what it publishes. Each test taps as a referee would and counts the taps."""
from __future__ import annotations

import json
import threading
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest

from simulator.bench.waits import wait_for
from tests.web.web_helpers import BoardPublisher, InProcessDaemon, live_url, make_server, page_seq, wait_connected

PHONE = {"width": 390, "height": 844}
SETUP = {"type": "setup", "ruleset": "soccer", "kickoff": "red"}


class Listener:
    """Hears what the page publishes on <base>/sim/input (the daemon takes it from the broker as well)."""

    def __init__(self, port: int, board: str) -> None:
        self.lines: list[dict] = []
        self._lock = threading.Lock()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
        self._up = threading.Event()
        self._topic = f"soccerboard/{board}/sim/input"
        self.client.on_connect = self._connected
        self.client.on_message = self._message
        self.client.connect("127.0.0.1", port, keepalive=10)
        self.client.loop_start()
        if not self._up.wait(5):
            raise AssertionError("the listener could not connect")

    def _connected(self, client, userdata, flags, reason_code, properties) -> None:
        client.subscribe(self._topic, qos=1)
        self._up.set()

    def _message(self, client, userdata, msg) -> None:
        with self._lock:
            self.lines.append(json.loads(msg.payload))

    def sent(self) -> list[dict]:
        with self._lock:
            return list(self.lines)

    def last(self, kind: str) -> dict:
        """The last line of that type heard, once it is (this client may hear it after the page has painted
        what the daemon made of it)."""
        def found() -> dict | None:
            return next((line for line in reversed(self.sent()) if line["type"] == kind), None)
        line: dict | None = wait_for(found, 10, f"a {kind} line on sim/input")
        assert line is not None
        return line

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


class Thumb:
    """Taps on the page, counted."""

    def __init__(self, page) -> None:
        self.page = page
        self.taps = 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.tap()
        self.taps += 1


@pytest.fixture(scope="module")
def sim_server(web_broker):
    server = make_server({"ws_port": web_broker.ws_port, "sim": True})
    yield server
    server.stop()


@pytest.fixture
def phone(browser, request):
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, accept_downloads=True)
    pg = ctx.new_page()
    pg.set_default_timeout(10000)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.errors = errors
    yield pg
    ctx.close()


@pytest.fixture
def match(web_broker, board, sim_server, phone, tmp_path):
    """The real daemon in simulator mode (it takes <base>/sim/input), set up for Soccer!! by the set-up line
    given, a listener on what the page sends, and the page open on it as the referee's (simulator) view."""
    made: list = []

    def start(setup: dict):
        d = InProcessDaemon(web_broker.port, board, tmp_path / "journal", sim_mode=True).start()
        made.append(d)
        d.put(setup)
        d.settle()
        heard = Listener(web_broker.port, board)
        made.append(heard)
        phone.goto(live_url(sim_server.url, board, sim=1))
        wait_connected(phone)
        phone.wait_for_selector("#soccer")
        phone.wait_for_function("() => document.body.dataset.soccerRole === 'referee'")
        return d, heard
    yield start
    for thing in reversed(made):
        thing.stop() if isinstance(thing, InProcessDaemon) else thing.close()
    BoardPublisher(web_broker.port, board).clear()


def _awaiting(page) -> str:
    return page.inner_text("#sc-awaiting")


def _after(page, seq: int) -> None:
    page.wait_for_function("s => Number(document.body.dataset.seq || 0) > s", arg=seq)


def sent_and_painted(thumb: Thumb, selector: str) -> None:
    """Tap a send button and wait for the state it makes."""
    before = page_seq(thumb.page)
    thumb.tap(selector)
    _after(thumb.page, before)


def chip(form: str, key: str, value: str) -> str:
    return f"#soccer button.sc-chip[data-form='{form}'][data-key='{key}'][data-value='{value}']"


def send(form: str) -> str:
    return f"#soccer .sc-send[data-send='{form}']"


def test_a_full_turn_is_entered_by_taps_on_a_phone(match, phone):
    _, heard = match({**SETUP, "rosters": "standard"})
    page = phone
    assert not page.locator(".pitch-wrap").is_visible()                 # nothing is sensed: no board
    assert "kick off" in _awaiting(page).lower()
    thumb = Thumb(page)
    counts: dict[str, int] = {}

    # the kick-off: the kick-off form is open, kicker and receiver are two chips
    thumb.tap(chip("kick_off", "from", "red-9"))
    thumb.tap(chip("kick_off", "to", "red-10"))
    sent_and_painted(thumb, send("kick_off"))
    counts["kick-off"] = thumb.taps
    page.wait_for_function("() => /movement phase/i.test(document.querySelector('#sc-awaiting').textContent)")

    # red's phase: move, move, pass, its roll, end of the phase
    start = thumb.taps
    thumb.tap(chip("move", "model", "red-7"))
    thumb.tap(chip("move", "cm", "15"))
    sent_and_painted(thumb, send("move"))
    thumb.tap(chip("move", "model", "red-10"))
    thumb.tap(chip("move", "cm", "10"))
    sent_and_painted(thumb, send("move"))
    thumb.tap("#soccer .sc-tab[data-open-form='pass']")
    thumb.tap(chip("pass", "to", "red-7"))
    thumb.tap(chip("pass", "cm", "30"))
    thumb.tap(chip("pass", "height", "high"))
    sent_and_painted(thumb, send("pass"))
    page.wait_for_selector("#soccer .sc-face[data-die='red'][data-face='4']")
    assert "roll" in _awaiting(page).lower()
    sent_and_painted(thumb, "#soccer .sc-face[data-die='red'][data-face='4']")
    page.wait_for_function("() => document.querySelectorAll('#sc-rolls li').length > 0")
    rolled = page.inner_text("#sc-rolls li:first-child")
    assert "4" in rolled, rolled
    sent_and_painted(thumb, send("end_phase"))
    counts["red phase"] = thumb.taps - start

    # blue's phase: one move and the end of the phase; the turn ends
    start = thumb.taps
    page.wait_for_function("() => /Blue/.test(document.querySelector('#sc-awaiting').textContent)")
    thumb.tap(chip("move", "model", "blue-7"))
    thumb.tap(chip("move", "cm", "10"))
    sent_and_painted(thumb, send("move"))
    sent_and_painted(thumb, send("end_phase"))
    counts["blue phase"] = thumb.taps - start
    page.wait_for_function("() => /Turn\\s*2 of/.test(document.querySelector('#sc-facts').textContent)")

    heard.last("end_phase")
    wait_for(lambda: len(heard.sent()) == 8, 10, "the turn's eight lines")
    types = [line["type"] for line in heard.sent()]
    assert types == ["kick_off", "move", "move", "pass", "roll", "end_phase", "move", "end_phase"], types
    assert heard.sent()[3] == {"type": "pass", "model": "red-10", "to": "red-7", "cm": 30, "height": "high"}
    print(f"taps: {counts}")
    assert counts["red phase"] <= 13 and counts["blue phase"] <= 4, counts
    assert page.errors == []


def test_a_roster_is_built_a_broken_limit_explained_fixed_and_sent(match, phone, tmp_path):
    _, heard = match(SETUP)
    page = phone
    page.wait_for_function("() => /roster/i.test(document.querySelector('#sc-awaiting').textContent)")
    assert page.locator("#sc-roster").evaluate("e => e.open")        # awaited: the builder is open
    thumb = Thumb(page)
    thumb.tap("#sc-roster-standard")
    assert page.inner_text("#sc-roster-total").startswith("1700 of 1700")
    assert page.locator("#sc-roster-problems li").count() == 0

    # two level 4s on shirt 9: the model limit and the budget are broken, each said; send is refused
    page.select_option("select[data-roster='8'][data-field='S']", "4")
    page.select_option("select[data-roster='8'][data-field='P']", "4")
    rules = page.locator("#sc-roster-problems li").evaluate_all("l => l.map(e => e.dataset.rule)")
    assert set(rules) == {"model_level4", "budget"}, rules
    assert "shirt 9 has 2 level 4s" in page.inner_text("#sc-roster-problems")
    assert "60 over the budget of 1700" in page.inner_text("#sc-roster-problems")
    assert page.locator("#sc-roster-send").is_disabled()

    # fixed: S back to 2, and P 4 paid for by shirts 2 and 3 passing at level 1
    page.select_option("select[data-roster='8'][data-field='S']", "2")
    page.select_option("select[data-roster='1'][data-field='P']", "1")
    page.select_option("select[data-roster='2'][data-field='P']", "1")
    assert page.locator("#sc-roster-problems li").count() == 0
    assert page.inner_text("#sc-roster-total").startswith("1700 of 1700")

    # saved to a file and loaded back
    with page.expect_download() as got:
        page.locator("#sc-roster-save").tap()
    saved = json.loads(Path(got.value.path()).read_text())
    assert saved["team"] == "red" and len(saved["models"]) == 14 and saved["models"][8]["P"] == 4
    broken = {**saved, "models": [{**m, "skill": "Team Captain"} if m["shirt"] == 5 else m for m in saved["models"]]}
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken))
    page.set_input_files("#sc-roster-file", str(path))
    page.wait_for_selector("#sc-roster-problems li[data-rule='captain']")
    assert "2 Team Captains" in page.inner_text("#sc-roster-problems")
    page.set_input_files("#sc-roster-file", _write(tmp_path, saved))
    page.wait_for_function("() => document.querySelectorAll('#sc-roster-problems li').length === 0")

    # sent as red's roster line; then blue's standard one, and the kick-off is awaited
    before = page_seq(page)
    page.locator("#sc-roster-send").tap()
    line = heard.last("roster")
    assert line["team"] == "red" and len(line["models"]) == 14
    assert line["models"][8] == {"shirt": 9, "name": "Player 9", "P": 4, "S": 2, "H": 2, "INT": 2, "A": 2, "PC": 1}
    assert line["models"][0]["gk"] is True and line["models"][0]["SV"] == 2 and line["models"][11]["bench"] is True
    _after(page, before)
    page.select_option("#sc-roster-team", "blue")
    page.locator("#sc-roster-standard").tap()
    before = page_seq(page)
    page.locator("#sc-roster-send").tap()
    _after(page, before)
    page.wait_for_function("() => /kick off/i.test(document.querySelector('#sc-awaiting').textContent)")
    assert page.errors == []


def _write(tmp_path: Path, doc: dict) -> str:
    path = tmp_path / "saved.json"
    path.write_text(json.dumps(doc))
    return str(path)


def test_a_refused_line_is_said_beside_the_forms_and_changes_nothing(match, phone):
    d, _ = match({**SETUP, "rosters": "standard"})
    page = phone
    thumb = Thumb(page)
    thumb.tap(chip("kick_off", "from", "red-9"))
    thumb.tap(chip("kick_off", "to", "red-10"))
    sent_and_painted(thumb, send("kick_off"))
    thumb.tap(chip("move", "model", "red-7"))
    thumb.tap(chip("move", "cm", "20"))
    sent_and_painted(thumb, send("move"))
    seq = page_seq(page)
    thumb.tap(chip("move", "model", "red-7"))
    page.fill("#soccer input.sc-num[data-form='move'][data-key='cm']", "7.5")
    thumb.tap(send("move"))
    page.wait_for_selector("#sc-refusal:not([hidden])")
    assert "7.5" in page.inner_text("#sc-refusal"), page.inner_text("#sc-refusal")
    assert page_seq(page) == seq and d.seq == seq
    assert page.errors == []


def test_a_dispute_is_sent_and_settled_by_either_teams_die(match, phone):
    _, heard = match({**SETUP, "rosters": "standard"})
    page = phone
    thumb = Thumb(page)
    thumb.tap(chip("kick_off", "from", "red-9"))
    thumb.tap(chip("kick_off", "to", "red-10"))
    sent_and_painted(thumb, send("kick_off"))
    thumb.tap("#sc-dispute summary")
    page.fill("#sc-dispute-a", "blue-4 stood in the zone")
    page.fill("#sc-dispute-b", "blue-4 stood outside it")
    sent_and_painted(thumb, "#sc-dispute-send")
    assert heard.last("dispute") == {"type": "dispute", "a": "blue-4 stood in the zone", "b": "blue-4 stood outside it"}
    assert "dispute" in _awaiting(page).lower()
    assert page.locator("#soccer .sc-face[data-die='red']").count() == 6       # one die of either team
    assert page.locator("#soccer .sc-face[data-die='blue']").count() == 6
    sent_and_painted(thumb, "#soccer .sc-face[data-die='blue'][data-face='5']")
    page.wait_for_selector("#sc-rolls li[data-event='dispute']")
    said = page.inner_text("#sc-rolls li[data-event='dispute']")
    assert "dice 5" in said and "winner b" in said, said
    assert "movement phase" in _awaiting(page).lower()          # it closed nothing: red's phase goes on
    assert page.errors == []


def test_a_spectator_enters_nothing_and_a_coach_is_offered_only_its_teams_lines(daemon, board, web_server, phone):
    d = daemon()
    d.put({**SETUP, "rosters": "standard", "options": {"units": "in"}})
    d.put({"type": "kick_off", "from": "red-9", "to": "red-10"})
    d.settle()
    page = phone
    page.goto(live_url(web_server.url, board))                  # no simulator: the spectators' page
    wait_connected(page)
    page.wait_for_selector("#soccer")
    page.wait_for_function("() => /movement phase/i.test(document.querySelector('#sc-awaiting').textContent)")
    assert page.evaluate("document.body.dataset.soccerRole") == "spectator"
    assert page.locator("#sc-enter").is_hidden()
    assert page.locator("#soccer .sc-chip").count() == 0 and page.locator("#soccer .sc-face").count() == 0
    assert page.locator("#sc-role option[value='referee']").is_disabled()
    page.locator("#sc-roster summary").tap()
    assert page.locator("#sc-roster-send").is_disabled()          # built and saved, never sent

    page.select_option("#sc-role", "coach:blue")
    page.wait_for_selector("#sc-code-row:not([hidden])")
    page.locator("#soccer .sc-tab[data-open-form='move']").tap()
    models = page.locator("#soccer button.sc-chip[data-form='move'][data-key='model']")
    assert models.count() == 11
    assert set(models.evaluate_all("l => l.map(b => b.dataset.team)")) == {"blue"}
    cms = page.locator("#soccer button.sc-chip[data-form='move'][data-key='cm']").all_inner_texts()
    assert cms == ["2", "4", "6", "8"]                              # 5, 10, 15, 20 cm in inches (P49)
    assert "in" in page.inner_text("#soccer .sc-form[data-form='move']")
    page.locator("#sc-roster-send").scroll_into_view_if_needed()
    assert page.input_value("#sc-roster-team") == "blue"
    assert page.errors == []



def test_the_html_replay_shows_the_console_with_its_style_and_loads_nothing(phone, tmp_path):
    from controller.web import replay
    from tests.web.web_helpers import write_journal
    lines = [{**SETUP, "rosters": "standard"}, {"type": "kick_off", "from": "red-9", "to": "red-10"},
             {"type": "move", "model": "red-7", "cm": 15}, {"type": "end_phase"}]
    page_file = tmp_path / "replay.html"
    page_file.write_text(replay.render_replay_html(write_journal(lines, tmp_path / "journal")))
    failed: list[str] = []
    phone.on("requestfailed", lambda r: failed.append(r.url))
    phone.goto(page_file.as_uri())
    phone.wait_for_selector("#soccer")
    for _ in lines:
        phone.locator("#replay-step").tap()                            # to the last frame
    phone.wait_for_function("() => /Blue: movement phase/.test(document.querySelector('#sc-awaiting').textContent)")
    assert not phone.locator(".pitch-wrap").is_visible()              # its own style, from inside the module
    assert phone.locator(".sc-role-row").is_hidden()                   # a record: nothing is entered there
    assert phone.locator("#sc-models-red tr[data-model='red-7'] td").nth(2).inner_text() == "15"
    assert failed == [] and phone.errors == []


def test_a_match_starts_and_is_played_on_a_live_soccerboard_sim(browser, tmp_path):
    """`soccerboard sim --manual` (its own broker and page server, a subprocess), set up for Soccer!! by its
    config: both rosters sent from the builder, the kick-off and a phase entered by taps."""
    from tests.web.web_helpers import SimProcess
    cfg = tmp_path / "sim.toml"
    cfg.write_text('[game]\nruleset = "soccer"\nkickoff = "red"\n')
    sim = SimProcess(["--manual", "--config", str(cfg), "--journal-dir", str(tmp_path / "journal"), "--http-port", "0"],
                     tmp_path / "sim.log")
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        assert sim.url is not None
        page.goto(sim.url)
        wait_connected(page, timeout=15000)
        page.wait_for_function("() => /roster/i.test(document.querySelector('#sc-awaiting')?.textContent ?? '')")
        page.wait_for_function("() => document.body.dataset.soccerRole === 'referee'")
        thumb = Thumb(page)
        for team in ("red", "blue"):
            page.select_option("#sc-roster-team", team)
            thumb.tap("#sc-roster-standard")
            sent_and_painted(thumb, "#sc-roster-send")
        page.wait_for_function("() => /kick off/i.test(document.querySelector('#sc-awaiting').textContent)")
        thumb.tap(chip("kick_off", "from", "red-9"))
        thumb.tap(chip("kick_off", "to", "red-10"))
        sent_and_painted(thumb, send("kick_off"))
        thumb.tap(chip("move", "model", "red-10"))
        thumb.tap(chip("move", "cm", "20"))
        sent_and_painted(thumb, send("move"))
        sent_and_painted(thumb, send("end_phase"))
        page.wait_for_function("() => /Blue: movement phase/.test(document.querySelector('#sc-awaiting').textContent)")
        assert page.locator("#sc-models-red tr[data-model='red-10'] td").nth(2).inner_text() == "20"
        assert errors == []
    finally:
        ctx.close()
        sim.stop()


def test_an_awaited_interception_after_an_awareness_stop_opens_its_own_form(match, phone):
    """A6 (P8) by taps: red-6 moves 16 cm near blue-4, the awareness test ties, the holder stops and blue's
    interception is awaited: its form is the one open, blue-4 already chosen, and only it and `decline` come
    first."""
    _, heard = match({"type": "setup", "ruleset": "soccer", "rosters": "standard",
                      "start": {"half": 1, "turn": 2, "team": "red", "holder": "red-6"}})
    page = phone
    thumb = Thumb(page)
    thumb.tap(chip("move", "model", "red-6"))
    page.fill("#soccer input.sc-num[data-form='move'][data-key='cm']", "16")
    thumb.tap("#soccer .sc-form[data-form='move'] .sc-options summary")
    thumb.tap(chip("move", "near", "blue-4"))
    sent_and_painted(thumb, send("move"))
    assert heard.last("move") == {"type": "move", "model": "red-6", "cm": 16, "near": "blue-4"}
    sent_and_painted(thumb, "#soccer .sc-face[data-die='red'][data-face='3']")
    sent_and_painted(thumb, "#soccer .sc-face[data-die='blue'][data-face='3']")
    page.wait_for_function("() => /or decline/.test(document.querySelector('#sc-awaiting').textContent)")
    assert _awaiting(page) == "Blue: intercept (Blue 4), or decline"
    forms = page.locator("#sc-forms > .sc-form").evaluate_all("l => l.map(f => f.dataset.form)")
    assert forms == ["intercept", "decline"], forms
    assert page.locator(".sc-form[data-form='intercept'][data-open]").count() == 1
    assert page.locator(chip("intercept", "model", "blue-4")).get_attribute("aria-pressed") == "true"
    start = thumb.taps
    thumb.tap(chip("intercept", "cm", "5"))
    sent_and_painted(thumb, send("intercept"))
    assert heard.last("intercept") == {"type": "intercept", "model": "blue-4", "at": "field", "cm": 5}
    assert thumb.taps - start == 2
    assert "interception" in _awaiting(page).lower()
    assert page.errors == []

"""Pixels dice read by the page over Web Bluetooth (sb/bluetooth_dice.js), with `soccerboard sim --manual` (its
embedded broker and web server, as a subprocess) as the referee.

The die is Chromium's own emulated Bluetooth peripheral (tests/web/emulated_pixels.py): the page's real
`navigator.bluetooth` chooses it, connects, subscribes and writes; the die's messages reach the page's listener
as `characteristicvaluechanged` events. The decoding module, sb/pixels_messages.js, is checked in the same
browser against bytes laid out as the Pixels packages lay them out.
"""
from __future__ import annotations

import re
import struct

import pytest

from simulator.bench.waits import wait_for
from simulator.bench.web import CHROMIUM, CHROMIUM_ARGS
from tests.web.emulated_pixels import (
    BLINK,
    CROOKED,
    D20,
    HANDLING,
    ON_FACE,
    ROLLED,
    ROLLING,
    WHO_ARE_YOU,
    EmulatedPixels,
    legacy_i_am_a_die,
    roll_state,
)
from tests.web.web_helpers import BoardPublisher, InProcessDaemon, live_url, page_seq, wait_connected


@pytest.fixture(scope="module")
def bluetooth_browser(playwright_driver):
    """Chromium with Web Bluetooth on (on Linux it is behind the experimental web platform features)."""
    b = playwright_driver.chromium.launch(executable_path=CHROMIUM,
                                          args=[*CHROMIUM_ARGS, "--enable-experimental-web-platform-features"])
    yield b
    b.close()


@pytest.fixture
def bt_page(bluetooth_browser):
    ctx = bluetooth_browser.new_context(viewport={"width": 1280, "height": 800})
    pg = ctx.new_page()
    pg.set_default_timeout(15000)
    yield pg
    ctx.close()


@pytest.fixture
def pixels(bluetooth_browser, bt_page):
    """Makes emulated Pixels dice for the page; the browser's emulated central goes with the test."""
    made: list[EmulatedPixels] = []

    def make(**kw) -> EmulatedPixels:
        made.append(EmulatedPixels(bluetooth_browser, bt_page, **kw))
        return made[-1]
    yield make
    for die in made:
        die.close()


def _status(page, team: str) -> str:
    return page.inner_text(f".bt-die[data-team='{team}'] .bt-status")


def _wait_state(page, team: str, state: str) -> None:
    page.wait_for_selector(f".bt-die[data-team='{team}'][data-state='{state}']")


def _open_sim(manual_sim, page) -> None:
    page.goto(manual_sim.url)
    wait_connected(page, timeout=15000)
    page.wait_for_function("() => Number(document.body.dataset.seq || 0) > 0")
    page.wait_for_selector(".bt-dice[data-available='true']")


def test_an_emulated_pixels_die_rolls_for_red_and_comes_back_after_sleeping(manual_sim, bt_page, pixels):
    page = bt_page
    _open_sim(manual_sim, page)
    die = pixels()

    # connect: the chooser offers the die, the page asks who it is and blinks it red
    page.click(".bt-die[data-team='red'] button")
    die.pump(lambda: page.locator(".bt-die[data-team='red'][data-state='ready']").count() == 1)
    assert die.writes[0] == bytes([WHO_ARE_YOU])
    die.pump(lambda: len(die.writes) >= 2)
    blink = die.writes[1]
    assert blink[0] == BLINK and struct.unpack_from("<I", blink, 4)[0] == 0xFF0000, blink.hex()
    assert "PXL6 red" in _status(page, "red")

    # a roll: handled, rolling and resting unrolled say nothing; the face it comes to rest on is red's kick-off roll
    before = page_seq(page)
    for state, face_index in ((HANDLING, 5), (ROLLING, 5), (ROLLING, 0), (ON_FACE, 5)):
        die.send(roll_state(state, face_index))
    die.send(roll_state(ROLLED, 2))
    page.wait_for_function("s => Number(document.body.dataset.seq || 0) > s", arg=before)
    page.wait_for_function("() => document.querySelector(`#dice [data-die='red']`).textContent.trim() === '3'")
    assert page.locator("#sim-refusal").is_hidden()

    # the game now waits for the ball to move, not for a roll: a die's roll is refused as an on-screen one is
    die.send(roll_state(ROLLED, 3))
    page.wait_for_function("() => !document.querySelector('#sim-refusal').hidden")
    assert page.inner_text("#sim-refusal").strip()
    assert page.inner_text("#dice [data-die='red']").strip() == "3"

    # the die falls asleep: the page says so and keeps trying; when it wakes it is identified and blinked again
    connections = die.connections
    die.sleep()
    page.wait_for_selector(".bt-die[data-team='red'][data-state='away']")
    die.pump(lambda: die.refused_connections >= 1, timeout=10)     # a try while it sleeps fails
    assert "away" in _status(page, "red")
    die.wake()
    die.pump(lambda: page.locator(".bt-die[data-team='red'][data-state='ready']").count() == 1, timeout=20)
    assert die.connections == connections + 1
    assert die.writes.count(bytes([WHO_ARE_YOU])) == 2

    # the kick-off move, then red's next roll, from the die that came back
    page.locator("g.ball").click()
    page.wait_for_function("() => document.querySelector('#in-hand').textContent.toLowerCase().includes('ball')")
    page.locator("rect.square[data-square='d11']").click(force=True)
    page.wait_for_selector("g.ball[data-square='d11']")
    before = page_seq(page)
    die.send(roll_state(ROLLED, 4))
    page.wait_for_function("s => Number(document.body.dataset.seq || 0) > s", arg=before)
    page.wait_for_function("() => document.querySelector(`#dice [data-die='red']`).textContent.trim() === '5'")


def test_a_die_that_is_not_six_sided_is_refused(manual_sim, bt_page, pixels):
    page = bt_page
    _open_sim(manual_sim, page)
    die = pixels(name="PXL20", die_type=D20, led_count=20)
    page.click(".bt-die[data-team='blue'] button")
    die.pump(lambda: page.locator(".bt-die[data-team='blue'][data-state='refused']").count() == 1)
    assert re.search(r"d20, not a six-sided die", _status(page, "blue")), _status(page, "blue")
    assert page.inner_text(".bt-die[data-team='blue'] button") == "Connect the blue Pixels die"


def test_one_die_cannot_roll_for_both_teams(manual_sim, bt_page, pixels):
    page = bt_page
    _open_sim(manual_sim, page)
    die = pixels()
    page.click(".bt-die[data-team='red'] button")
    die.pump(lambda: page.locator(".bt-die[data-team='red'][data-state='ready']").count() == 1)
    page.click(".bt-die[data-team='blue'] button")                 # the chooser offers the same die
    die.pump(lambda: "the red team's" in _status(page, "blue"))
    assert page.locator(".bt-die[data-team='blue']").get_attribute("data-state") == "none"
    assert page.locator(".bt-die[data-team='red']").get_attribute("data-state") == "ready"
    assert die.writes.count(bytes([WHO_ARE_YOU])) == 1


def test_pixels_messages_decode_as_the_packages_lay_them_out(web_server, bt_page):
    """sb/pixels_messages.js in the browser: the legacy and chunked whoAreYou answers, the roll states that
    count, the old firmware's d6 face order, and the blink bytes."""
    page = bt_page
    page.goto(web_server.url)
    legacy = list(legacy_i_am_a_die(2, 6, 0x1234, 1730000000))
    chunked = (bytes([2, 15]) + struct.pack("<HIHHHH", 0x123, 1716500000, 1, 2, 3, 4)
               + bytes([9]) + struct.pack("<IBBBB", 0xDEADBEEF, 1, 8, 21, 3)
               + bytes([3]) + b"x\0" + bytes([9]) + b"PXL die\0"
               + bytes([13]) + struct.pack("<III", 1, 2, 3) + bytes([5, 90, 0, 1, 2]))
    got = page.evaluate("""async ([legacy, chunked, crooked]) => {
      const m = await import("sb/pixels_messages.js");
      const d6 = m.decodeIAmADie(new Uint8Array(legacy));
      const pd6 = m.decodeIAmADie(new Uint8Array(chunked));
      const old = { dieType: "d6", ledCount: 6, firmware: 1690000000000 };
      return {
        d6, pd6,
        rolled: [0, 1, 2, 3, 4, 5].map((i) => m.rolledFace(new Uint8Array([3, 1, i]), d6)),
        others: [0, 2, 3, 4, 5].map((s) => m.rolledFace(new Uint8Array([3, s, 2]), d6)),
        oldOrder: [0, 1, 2, 3, 4, 5].map((i) => m.rolledFace(new Uint8Array([3, 1, i]), old)),
        oldCrooked: m.rolledFace(new Uint8Array([3, crooked, 0]), old),
        blink: Array.from(m.blink(0x0000ff, { count: 3, duration: 1500 })),
        notRollState: m.rolledFace(new Uint8Array([34, 90, 0]), d6),
      };
    }""", [legacy, list(chunked), CROOKED])
    assert got["d6"] == {"pixelId": 0x1234, "ledCount": 6, "dieType": "d6", "firmware": 1730000000 * 1000}
    assert got["pd6"] == {"pixelId": 0xDEADBEEF, "ledCount": 21, "dieType": "d6pipped", "firmware": 1716500000 * 1000}
    assert got["rolled"] == [1, 2, 3, 4, 5, 6]
    assert got["others"] == [None] * 5
    assert got["oldOrder"] == [1, 5, 4, 3, 2, 6]
    assert got["oldCrooked"] == 1          # before the tilt fix, pixels-core-connect counts a crooked d6 as rolled
    assert got["blink"] == [29, 3, 0xDC, 0x05, 0xFF, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0, 1]
    assert got["notRollState"] is None


@pytest.fixture
def coached_phone(web_broker, board, tmp_path, bluetooth_browser):
    """Soccer!! refereed by the real daemon (publishing to the real Mosquitto) with its coaches' desk behind the
    page server, and a phone-sized page in Red's coach's view with red's code typed in."""
    from controller.daemon.coach_desk import CoachDesk
    from controller.web.server import WebServer
    d = InProcessDaemon(web_broker.port, board, tmp_path / "journal")
    desk = CoachDesk(d.daemon, tmp_path / "journal")
    d.start()
    web = WebServer("127.0.0.1", 0, {"ws_port": web_broker.ws_port, "sim": False}, coach=desk).start()
    d.put({"type": "setup", "ruleset": "soccer", "kickoff": "red", "rosters": "standard"})
    d.settle()
    wait_for(desk.codes, 10, "the match's codes")
    ctx = bluetooth_browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.set_default_timeout(15000)
    page.goto(live_url(web.url, board, coach="red"))
    wait_connected(page)
    page.wait_for_selector("#soccer")
    page.fill("#sc-code", desk.codes()["red"])
    page.dispatch_event("#sc-code", "change")
    yield d, page
    ctx.close()
    web.stop()
    d.stop()
    BoardPublisher(web_broker.port, board).clear()


def test_a_coachs_phone_enters_its_pixels_dies_rolls_through_the_coaches_desk(coached_phone, bluetooth_browser):
    """No simulator here: the console of Soccer!! offers the dice, and a roll goes in as the coach's own line
    (POST coach/input with the team's code); one the game does not await comes back refused, in the console."""
    d, page = coached_phone
    page.wait_for_selector(".bt-dice[data-available='true']")
    assert page.locator("#sim-controls").is_hidden()
    die = EmulatedPixels(bluetooth_browser, page)
    try:
        page.click(".bt-die[data-team='red'] button")
        die.pump(lambda: page.locator(".bt-die[data-team='red'][data-state='ready']").count() == 1)

        # red is to kick off: no roll is due, so the referee refuses the die's roll and the console says why
        seq = d.seq
        die.send(roll_state(ROLLED, 3))
        page.wait_for_selector("#sc-refusal:not([hidden])")
        assert page.inner_text("#sc-refusal").strip()
        assert d.seq == seq

        # the kick-off and a pass that asks for red's roll, entered by the referee; then the die's roll is the one
        for line in ({"type": "kick_off", "from": "red-9", "to": "red-10"},
                     {"type": "move", "model": "red-7", "cm": 15},
                     {"type": "pass", "model": "red-10", "to": "red-7", "cm": 30, "height": "high"}):
            d.put(line)
        d.settle()
        page.wait_for_function("() => /roll/i.test(document.querySelector('#sc-awaiting').textContent)")
        seq = d.seq
        die.send(roll_state(ROLLED, 3))
        page.wait_for_function("() => document.querySelectorAll('#sc-rolls li').length > 0")
        assert "4" in page.inner_text("#sc-rolls li:first-child")
        assert d.seq > seq
    finally:
        die.close()


def test_the_dice_panel_speaks_italian_and_switches_live(manual_sim, bluetooth_browser):
    """A browser set to Italian: the panel's buttons and each die's state are Italian (no English sentence of the
    page's catalogue left on the simulator's page), a die refused included; the EN/IT switch says them again."""
    from tests.web.test_page_language import assert_italian, english_parts
    ctx = bluetooth_browser.new_context(locale="it-IT", viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.set_default_timeout(15000)
    try:
        _open_sim(manual_sim, page)
        assert page.inner_text(".bt-die[data-team='red'] button") == "Collega il dado Pixels rosso"
        assert page.inner_text(".bt-die[data-team='blue'] button") == "Collega il dado Pixels blu"
        assert _status(page, "red") == "nessun dado"
        assert page.get_attribute(".bt-dice", "aria-label") == "Dadi Bluetooth"

        die = EmulatedPixels(bluetooth_browser, page, name="PXL20", die_type=D20, led_count=20)
        try:
            page.click(".bt-die[data-team='blue'] button")
            die.pump(lambda: page.locator(".bt-die[data-team='blue'][data-state='refused']").count() == 1)
        finally:
            die.close()
        assert _status(page, "blue") == "rifiutato: PXL20 è un d20, non un dado a sei facce"
        assert_italian(page, english_parts(), "the simulator's Pixels dice panel")

        page.click(".scoreline [data-lang-switch] button[data-lang='en']")
        page.wait_for_function("() => document.documentElement.lang === 'en'")
        assert _status(page, "blue") == "refused: PXL20 is a d20, not a six-sided die"
        assert page.inner_text(".bt-die[data-team='red'] button") == "Connect the red Pixels die"
        assert _status(page, "red") == "no die"
        assert page.get_attribute(".bt-dice", "aria-label") == "Bluetooth dice"
    finally:
        ctx.close()

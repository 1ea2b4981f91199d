"""The simulator page of `soccerboard sim --manual` (its embedded broker and web server, as a subprocess):
a kick-off, a capture, a refused roll and a battle, played by clicks only. The sequence is the one
`soccerboard replay` referees so (standard formation, red kicks off):

  roll red 3; ball d8 -> d11            kick-off across the centre line onto a free square
  roll red 3; red-s2 e8 -> d11          capture (4A)
  roll red 1                            refused: blue is to roll (not_your_turn)
  roll blue 1; blue-m2 c11 -> d11       the answer reaches the holder: a battle (4D)
  roll red 5; roll blue 2               red wins the battle and keeps the ball
"""
from __future__ import annotations

import re

from tests.web.web_helpers import feed_texts, page_seq, wait_connected


def _after(page, seq: int) -> None:
    page.wait_for_function("s => Number(document.body.dataset.seq || 0) > s", arg=seq)


def _roll(page, die: str, face: int) -> None:
    before = page_seq(page)
    page.select_option("#roll-face", str(face))
    page.click(f"[data-roll='{die}']")
    page.wait_for_function(
        "([d, f]) => document.querySelector(`#dice [data-die='${d}']`).textContent.trim() === String(f)",
        arg=[die, face])
    _after(page, before)


def _lift(page, selector: str, token: str) -> None:
    page.locator(selector).click()
    page.wait_for_function("t => document.querySelector('#in-hand').textContent.toLowerCase().includes(t)",
                           arg=token)


def _place(page, square: str, token: str) -> None:
    """Click the square where a player would: its centre, whatever is drawn on it."""
    page.locator(f"rect.square[data-square='{square}']").click(force=True)
    page.wait_for_function("t => !document.querySelector('#in-hand').textContent.toLowerCase().includes(t)",
                           arg=token)


def _feed_has(page, pattern: str) -> None:
    page.wait_for_function(
        "p => [...document.querySelectorAll('#feed li')].some(li => new RegExp(p, 'i').test(li.textContent))",
        arg=pattern)


def test_kick_off_capture_and_battle_by_clicks(manual_sim, page):
    assert re.search(r"[?&]board=board1\b", manual_sim.url) and "sim=1" in manual_sim.url, manual_sim.url
    page.goto(manual_sim.url)
    wait_connected(page, timeout=15000)
    page.wait_for_function("() => Number(document.body.dataset.seq || 0) > 0")
    page.wait_for_selector("#sim-controls", state="visible")
    assert page.locator("g.ball").get_attribute("data-square") == "d8"
    assert page.locator("g.pawn[data-pawn='red-s1']").get_attribute("data-square") == "d8"
    assert re.search(r"red", page.inner_text("#to-act"), re.I), page.inner_text("#to-act")

    # kick-off: roll 3, then carry the ball three squares forward
    _roll(page, "red", 3)
    _lift(page, "g.ball", "ball")
    _place(page, "d11", "ball")
    page.wait_for_selector("g.ball[data-square='d11']")

    # capture: red-s2 from e8 reaches the free ball on d11 in three
    _roll(page, "red", 3)
    _lift(page, "g.pawn[data-pawn='red-s2']", "red")
    _place(page, "d11", "red")
    page.wait_for_selector("g.pawn[data-pawn='red-s2'][data-square='d11'].holder")
    _feed_has(page, "red s2.*(takes the ball|captur)")
    page.wait_for_function("() => /red/i.test(document.querySelector('#possession').textContent)")
    assert page.locator("g.ball").get_attribute("data-square") == "d11"
    page.wait_for_function("() => /blue/i.test(document.querySelector('#to-act').textContent)")

    # blue is to answer: a red roll is refused, with the referee's sentence
    page.select_option("#roll-face", "1")
    page.click("[data-roll='red']")
    page.wait_for_function("() => /blue is to roll/i.test(document.querySelector('#sim-refusal').textContent)")

    # blue-m2 answers from c11 onto the holder's square: a battle
    _roll(page, "blue", 1)
    _lift(page, "g.pawn[data-pawn='blue-m2']", "blue")
    _place(page, "d11", "blue")
    page.wait_for_selector("g.pawn[data-pawn='blue-m2'][data-square='d11']")
    _feed_has(page, "battle.*(red s2.*blue m2|blue m2.*red s2)")
    _roll(page, "red", 5)
    _roll(page, "blue", 2)
    page.wait_for_function("() => /wins the battle/i.test(document.querySelector('#feed li')?.textContent)")
    newest = feed_texts(page)[0]
    assert re.search(r"red s2 wins the battle", newest, re.I) and re.search(r"5\D+2", newest), feed_texts(page)[:4]
    assert page.locator("g.pawn[data-pawn='red-s2']").get_attribute("class").split().count("holder") == 1
    assert re.search(r"red", page.inner_text("#possession"), re.I)
    assert page.locator("g.ball").get_attribute("data-square") == "d11"
    dice = [page.inner_text(f"#dice [data-die='{d}']").strip() for d in ("red", "blue")]
    assert dice == ["5", "2"], dice

"""`soccerboard sim --computer blue` in the browser: the computer plays blue's kick-off by itself, the person plays
red with clicks, and the page's hint button lights the best action for red on the board and says it in the
computer's panel."""
from __future__ import annotations

import re

import pytest

from tests.web.web_helpers import SimProcess, wait_connected


@pytest.fixture
def sim(tmp_path):
    proc = SimProcess(["--computer", "blue", "--level", "2", "--kickoff", "blue", "--journal-dir",
                       str(tmp_path / "journal"), "--http-port", "0"], tmp_path / "sim.log")
    yield proc
    proc.stop()


def test_the_computer_kicks_off_and_the_hint_button_lights_reds_best_move(sim, page):
    page.goto(sim.url)
    wait_connected(page, timeout=15000)
    page.wait_for_selector("#hint-button", state="visible")
    page.wait_for_function(
        "() => [...document.querySelectorAll('#feed li')].some(li => /blue/i.test(li.textContent))", timeout=20000)
    page.wait_for_function("() => /red/i.test(document.querySelector('#to-act').textContent)", timeout=20000)
    page.click("#hint-button")
    page.wait_for_function("() => /hint for red/.test(document.querySelector('#computer-says').textContent)")
    said = page.inner_text("#computer-says")
    if "roll the red die" in said:              # red rolls first: then the hint is a move
        page.select_option("#roll-face", "3")
        page.click("[data-roll='red']")
        page.wait_for_function("() => !/hint for red/.test(document.querySelector('#computer-says').textContent)")
        page.click("#hint-button")
        page.wait_for_function("() => /hint for red: lift/.test(document.querySelector('#computer-says').textContent)")
    said = page.inner_text("#computer-says")
    found = re.search(r"hint for red: lift ([a-h]\d+), put on ([a-h]\d+)", said)
    assert found, said
    page.wait_for_selector(f"[data-square='{found[2]}'][data-meaning='computer_put']", state="attached")

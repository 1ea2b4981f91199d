"""The contract every backend keeps with the core, run against sim, gpio and serial alike."""

from __future__ import annotations

import time

import pytest
from hal_drivers import BACKEND_NAMES, DRIVERS

from hal.board import LED_FRAME_LEN
from hal.events import ButtonPress, DieRoll, DieStatus
from hal.frames import blank_led_frame, diff_frames, empty_frame, is_valid_frame, led_set
from hal.interfaces import Buttons, Buzzer, DiceSource, LedSink, OccupancySource, TimeSource


@pytest.fixture(params=BACKEND_NAMES)
def driver(request):
    d = DRIVERS[request.param]()
    d.name = request.param
    yield d
    d.close()


WAIT = 3.0  # generous upper bound; each wait returns as soon as the input arrives


def wait_until(predicate, timeout=WAIT):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.002)
    return predicate()


def next_roll_or_status(dice, wanted):
    """Skip status events until one of the wanted type arrives; return it and the skipped ones."""
    skipped = []
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        event = dice.next_event(timeout=0.05)
        if event is None:
            continue
        if isinstance(event, wanted) and not (wanted is DieStatus and event.status == "ok"):
            return event, skipped
        skipped.append(event)
    return None, skipped


def test_every_role_meets_its_protocol(driver):
    hw = driver.hw
    assert hw.backend == driver.name
    assert isinstance(hw.occupancy, OccupancySource)
    assert isinstance(hw.dice, DiceSource)
    assert isinstance(hw.leds, LedSink)
    assert isinstance(hw.buttons, Buttons)
    assert isinstance(hw.buzzer, Buzzer)
    assert isinstance(hw.clock, TimeSource)


def test_polling_an_idle_board_returns_at_once(driver):
    hw = driver.hw
    assert hw.occupancy.latest() == empty_frame()
    started = time.monotonic()
    assert hw.occupancy.next_frame() is None
    assert hw.buttons.next_press() is None
    while (event := hw.dice.next_event()) is not None:
        assert isinstance(event, DieStatus)  # dice announcing themselves, never a roll
    assert time.monotonic() - started < 0.05


def test_place_and_lift_arrive_in_order_as_valid_frames(driver):
    occ = driver.hw.occupancy
    driver.place("c1", "red")
    first = occ.next_frame(timeout=WAIT)
    assert first is not None and is_valid_frame(first)
    assert [tuple(c) for c in diff_frames(empty_frame(), first)] == [("c1", "red", True)]
    driver.place("f1", "ball")
    second = occ.next_frame(timeout=WAIT)
    assert [tuple(c) for c in diff_frames(first, second)] == [("f1", "ball", True)]
    driver.lift("c1", "red")
    third = occ.next_frame(timeout=WAIT)
    assert [tuple(c) for c in diff_frames(second, third)] == [("c1", "red", False)]
    assert occ.latest() == third
    assert occ.next_frame(timeout=0.05) is None  # nothing else changed: nothing else delivered


def test_blue_pawn_and_ball_share_a_square(driver):
    occ = driver.hw.occupancy
    driver.place("h1", "blue")
    assert occ.next_frame(timeout=WAIT) is not None
    driver.place("h1", "ball")
    frame = occ.next_frame(timeout=WAIT)
    assert frame is not None and frame[7] == 0b110


def test_a_settled_roll_is_delivered_with_its_team(driver):
    driver.roll("blue", 6)
    event, skipped = next_roll_or_status(driver.hw.dice, DieRoll)
    assert event == DieRoll("blue", 6)
    assert all(isinstance(e, DieStatus) and e.status == "ok" for e in skipped)
    assert driver.hw.dice.status("blue") == "ok"


def test_a_crooked_die_asks_for_a_reroll_and_is_never_a_roll(driver):
    dice = driver.hw.dice
    driver.roll("red", 2)
    assert next_roll_or_status(dice, DieRoll)[0] == DieRoll("red", 2)
    driver.crooked("red")
    event, skipped = next_roll_or_status(dice, DieStatus)
    assert event == DieStatus("red", "crooked")
    assert not any(isinstance(e, DieRoll) for e in skipped)
    assert dice.status("red") == "crooked"
    driver.roll("red", 3)  # the re-roll settles flat
    event, skipped = next_roll_or_status(dice, DieRoll)
    assert event == DieRoll("red", 3)
    assert DieStatus("red", "ok") in skipped
    assert dice.status("red") == "ok"


@pytest.mark.parametrize("button", ["confirm", "decline"])
def test_button_presses(driver, button):
    driver.press(button)
    assert driver.hw.buttons.next_press(timeout=WAIT) == ButtonPress(button)
    assert driver.hw.buttons.next_press(timeout=0.02) is None


def test_led_frames_are_taken_without_waiting_and_reach_the_board(driver):
    frame = led_set(blank_led_frame(), "e5", (255, 64, 0))
    started = time.monotonic()
    driver.hw.leds.show(frame)
    assert time.monotonic() - started < 0.05
    if driver.name != "gpio":  # gpiozero cannot drive WS2812s: the gpio backend only accepts frames
        assert wait_until(lambda: driver.led_frame() == frame)
    with pytest.raises(ValueError):
        driver.hw.leds.show(bytes(LED_FRAME_LEN - 1))


def test_beep_returns_at_once_and_sounds(driver):
    started = time.monotonic()
    driver.hw.buzzer.beep(0.02)
    assert time.monotonic() - started < 0.05
    assert wait_until(lambda: driver.beeps() == 1)


def test_clock_is_monotonic(driver):
    clock = driver.hw.clock
    a = clock.monotonic()
    if driver.name == "sim":
        assert clock.monotonic() == a  # simulated time stands still...
        driver.hw.leds.advance(61.0)  # ...until a test moves it
        assert clock.monotonic() == a + 61.0
    else:
        time.sleep(0.01)
        assert clock.monotonic() > a

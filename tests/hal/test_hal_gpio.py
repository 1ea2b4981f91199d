"""The gpio backend against gpiozero's MockFactory, with a simulated reed-switch matrix."""

from __future__ import annotations

import time

import pytest
from gpiozero.pins.mock import MockFactory
from hal_reed_matrix_mock import ReedMatrixHarness, states

from hal.board import BALL_BIT, BLUE_BIT, RED_BIT, square_index
from hal.events import ButtonPress
from hal.frames import diff_frames, empty_frame
from hal.gpio import GpioBoard, ReedMatrix, linear_layout

ROWS = ["GPIO4", "GPIO5"]
COLUMNS = ["GPIO8", "GPIO9", "GPIO10"]


@pytest.fixture
def factory():
    f = MockFactory()
    yield f
    f.reset()


def test_one_scan_drives_each_row_low_once_and_reads_only_closed_switches(factory):
    harness = ReedMatrixHarness(factory, ROWS, COLUMNS)
    matrix = ReedMatrix(ROWS, COLUMNS, debounce_scans=1, pin_factory=factory)
    harness.set_switch(1, 2, True)  # switch 5: square 1 (b1), channel 2 (ball)
    for pin in harness.rows + harness.columns:
        pin.clear_states()

    raw = matrix.read_raw()

    assert raw == bytes([0, BALL_BIT]) + bytes(126)
    # Rows idle high; each goes low exactly once, in order, and comes back.
    assert states(harness.rows[0]) == [True, False, True]
    assert states(harness.rows[1]) == [True, False, True]
    # Only the column of the closed switch moved, and only while row 1 was low.
    assert states(harness.columns[0]) == [True]
    assert states(harness.columns[1]) == [True]
    assert states(harness.columns[2]) == [True, False, True]


def test_pins_are_set_up_as_the_wiring_needs(factory):
    harness = ReedMatrixHarness(factory, ROWS, COLUMNS)
    matrix = ReedMatrix(ROWS, COLUMNS, pin_factory=factory)
    assert [p.function for p in harness.rows] == ["output", "output"]
    assert [p.state for p in harness.rows] == [True, True]  # idle high: no row selected
    assert [(p.function, p.pull) for p in harness.columns] == [("input", "up")] * 3
    assert states(harness.rows[0]) == [False, True]  # floating input at reset, then idle high
    matrix.close()
    assert [p.function for p in harness.rows] == ["input", "input"]  # released on close


def test_two_switches_in_one_column_do_not_ghost(factory):
    harness = ReedMatrixHarness(factory, ROWS, COLUMNS)
    matrix = ReedMatrix(ROWS, COLUMNS, debounce_scans=1, pin_factory=factory)
    harness.set_switch(0, 0, True)  # square 0 red
    harness.set_switch(1, 1, True)  # switch 4: square 1 blue
    assert matrix.read_raw()[:3] == bytes([RED_BIT, BLUE_BIT, 0])


def test_debounce_needs_n_equal_scans_and_ignores_chatter(factory):
    harness = ReedMatrixHarness(factory, ROWS, COLUMNS)
    matrix = ReedMatrix(ROWS, COLUMNS, debounce_scans=3, pin_factory=factory)
    harness.set_switch(0, 1, True)  # square 0 blue
    assert matrix.scan() is None
    assert matrix.scan() is None
    settled = matrix.scan()
    assert settled is not None and settled[0] == BLUE_BIT
    harness.set_switch(0, 1, False)  # the magnet slides off for two scans only...
    assert matrix.scan() is None
    assert matrix.scan() is None
    harness.set_switch(0, 1, True)  # ...and back: never reported
    for _ in range(5):
        assert matrix.scan() is None
    assert bytes(matrix.debouncer.stable)[0] == BLUE_BIT


def test_linear_layout_covers_each_channel_of_each_square_once():
    layout = linear_layout(24)
    seen = {layout(r, c) for r in range(16) for c in range(24)}
    assert seen == {(sq, bit) for sq in range(128) for bit in (RED_BIT, BLUE_BIT, BALL_BIT)}
    assert linear_layout(24)(16, 0) is None  # beyond the board


def test_board_scan_publishes_changes_once(factory):
    harness = ReedMatrixHarness(factory, ROWS, COLUMNS)
    matrix = ReedMatrix(ROWS, COLUMNS, debounce_scans=2, pin_factory=factory)
    board = GpioBoard(matrix, {}, pin_factory=factory, scan_interval=None).start()
    harness.set_switch(*harness.switch_for(square_index("b1"), RED_BIT), True)
    for _ in range(4):
        board.scan_once()
    frame = board.occupancy.next_frame()
    assert [tuple(c) for c in diff_frames(empty_frame(), frame)] == [("b1", "red", True)]
    assert board.occupancy.next_frame() is None
    board.close()


def test_buttons_and_buzzer(factory):
    matrix = ReedMatrix(ROWS, COLUMNS, pin_factory=factory)
    board = GpioBoard(matrix, {"confirm": "GPIO20", "decline": "GPIO21"}, buzzer_pin="GPIO18",
                      pin_factory=factory, scan_interval=None, bounce_time=None)
    factory.pin("GPIO21").drive_low()  # a button to ground, pulled up
    factory.pin("GPIO21").drive_high()
    assert board.buttons.next_press(timeout=1) == ButtonPress("decline")
    assert board.buttons.next_press() is None

    buzzer_pin = factory.pin("GPIO18")
    buzzer_pin.clear_states()
    started = time.monotonic()
    board.buzzer.beep(0.02)
    assert time.monotonic() - started < 0.02  # returns at once; the beep runs in the background
    deadline = time.monotonic() + 2
    while len(buzzer_pin.states) < 3 and time.monotonic() < deadline:
        time.sleep(0.005)
    time.sleep(0.05)
    assert states(buzzer_pin) == [False, True, False]
    board.close()

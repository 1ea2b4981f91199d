"""The ``gpio`` backend: reed switches, buttons and a buzzer on the Pi's own pins, via gpiozero.

The switches form a matrix: each row pin is an output, idle high and pulled low while its row is
scanned; each column pin is an input with a pull-up; a diode in series with every switch stops
ghosting, so a column reads low exactly when the switch at (scanned row, column) is closed.
Readings are debounced per square (N equal scans, ``firmware/debounce.py``, shared with the
firmware). gpiozero's pin factory decides what the pins are: lgpio on a Pi 4/5, MockFactory in
tests. The electronic dice, if any, talk on a UART (``dice_port``) in the firmware's line format.

Size: a full board has 384 switches and needs at least 40 pins as a matrix (16 x 24), more than a
Pi has free, so this backend suits a partial board or prototype; the full board uses ``serial``.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gpiozero import Button, Buzzer, DigitalInputDevice, DigitalOutputDevice

from firmware_bridge.firmware.debounce import Debouncer
from hal.dice_uart import UartDice
from hal.frames import SENSOR_FRAME_LEN, check_led_frame
from hal.interfaces import Hardware
from hal.queues import ButtonFeed, DiceFeed, FrameFeed, MonotonicClock

log = logging.getLogger(__name__)

Layout = Callable[[int, int], tuple[int, int] | None]


def linear_layout(columns: int) -> Layout:
    """Switch n = row * columns + column senses square n // 3, channel n % 3 (red, blue, ball)."""

    def layout(row: int, column: int) -> tuple[int, int] | None:
        n = row * columns + column
        if n >= SENSOR_FRAME_LEN * 3:
            return None
        return n // 3, 1 << (n % 3)

    return layout


class ReedMatrix:
    """Scans the matrix once per ``scan()``; returns the debounced frame when it changed."""

    def __init__(self, row_pins: Sequence[Any], column_pins: Sequence[Any], debounce_scans: int = 3,
                 layout: Layout | None = None, pin_factory: Any = None) -> None:
        self.rows = [DigitalOutputDevice(p, active_high=False, initial_value=False, pin_factory=pin_factory)
                     for p in row_pins]
        self.columns = [DigitalInputDevice(p, pull_up=True, pin_factory=pin_factory) for p in column_pins]
        layout = layout or linear_layout(len(self.columns))
        self._map = [[layout(r, c) for c in range(len(self.columns))] for r in range(len(self.rows))]
        self.debouncer = Debouncer(debounce_scans, SENSOR_FRAME_LEN)

    def read_raw(self) -> bytes:
        """One pass over every row: drive it, read every column, release it."""
        frame = bytearray(SENSOR_FRAME_LEN)
        for row, row_map in zip(self.rows, self._map, strict=True):
            row.on()  # active low: the row's pin goes to 0 V
            closed = [column.is_active for column in self.columns]  # pulled-up input reads 0: closed
            row.off()
            for place, is_closed in zip(row_map, closed, strict=True):
                if is_closed and place is not None:
                    frame[place[0]] |= place[1]
        return bytes(frame)

    def scan(self) -> bytes | None:
        return self.debouncer.update(self.read_raw())

    def close(self) -> None:
        for device in self.rows + self.columns:
            device.close()


class NullLeds:
    """The Pi cannot drive WS2812s through gpiozero: remember the frame, show nothing."""

    def __init__(self) -> None:
        self.frame: bytes | None = None
        self._warned = False

    def show(self, frame: bytes) -> None:
        self.frame = check_led_frame(frame)
        if not self._warned:
            self._warned = True
            log.warning("the gpio backend has no LED driver; LED frames are not displayed")


class GpioBuzzer:
    def __init__(self, pin: Any, pin_factory: Any = None) -> None:
        self.device = Buzzer(pin, pin_factory=pin_factory)

    def beep(self, seconds: float = 0.1) -> None:
        self.device.beep(on_time=seconds, off_time=seconds, n=1, background=True)

    def close(self) -> None:
        self.device.close()


class NoBuzzer:
    def beep(self, seconds: float = 0.1) -> None:
        pass


class GpioBoard:
    """The matrix scanned in a background thread, buttons on interrupts, a buzzer, optional dice."""

    def __init__(self, matrix: ReedMatrix, buttons: Mapping[str, Any], buzzer_pin: Any = None,
                 pin_factory: Any = None, scan_interval: float | None = 0.01,
                 bounce_time: float | None = 0.05) -> None:
        self.matrix = matrix
        self.occupancy = FrameFeed()
        self.buttons = ButtonFeed()
        self.button_devices = {}
        for name, pin in buttons.items():
            device = Button(pin, pull_up=True, bounce_time=bounce_time, pin_factory=pin_factory)
            device.when_pressed = lambda _device=None, name=name: self.buttons.publish(name)
            self.button_devices[name] = device
        self.buzzer = GpioBuzzer(buzzer_pin, pin_factory) if buzzer_pin is not None else NoBuzzer()
        self.leds = NullLeds()
        self._interval = scan_interval
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def scan_once(self) -> bytes | None:
        frame = self.matrix.scan()
        if frame is not None:
            self.occupancy.publish(frame)
        return frame

    def start(self) -> GpioBoard:
        if self._interval is not None:
            self._thread = threading.Thread(target=self._run, name="soccerboard-scan", daemon=True)
            self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.wait(self._interval):
            self.scan_once()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2)
        for device in self.button_devices.values():
            device.close()
        if isinstance(self.buzzer, GpioBuzzer):
            self.buzzer.close()
        self.matrix.close()


def _pin_factory(spec: Any) -> Any:
    if spec is None or not isinstance(spec, str):
        return spec
    if spec == "mock":
        from gpiozero.pins.mock import MockFactory

        return MockFactory()
    if spec == "lgpio":
        from gpiozero.pins.lgpio import LGPIOFactory

        return LGPIOFactory()
    raise ValueError(f"unknown pin factory {spec!r} (use 'lgpio', 'mock' or leave it out)")


def open_gpio(config: Mapping[str, Any]) -> Hardware:
    """Config keys: ``rows``, ``columns`` (pin lists), ``buttons`` (name -> pin), ``buzzer`` (pin),
    ``debounce_scans`` (3), ``scan_interval`` (0.01 s), ``pin_factory`` (None: gpiozero's default,
    ``lgpio``, ``mock`` or a factory object), ``dice_port`` (serial port of the dice receiver),
    ``dice`` (team -> die id)."""
    factory = _pin_factory(config.get("pin_factory"))
    matrix = ReedMatrix(config["rows"], config["columns"], int(config.get("debounce_scans", 3)),
                        pin_factory=factory)
    board = GpioBoard(matrix, config.get("buttons", {"confirm": 20, "decline": 21}),
                      config.get("buzzer"), factory, config.get("scan_interval", 0.01),
                      config.get("bounce_time", 0.05)).start()
    closers: list[Callable[[], None]] = [board.close]
    if config.get("dice_port"):
        dice: Any = UartDice(config["dice_port"], config.get("dice")).start()
        closers.append(dice.close)
    else:
        dice = DiceFeed()
    return Hardware(occupancy=board.occupancy, dice=dice, leds=board.leds, buttons=board.buttons,
                    buzzer=board.buzzer, clock=MonotonicClock(), backend="gpio", _closers=closers)

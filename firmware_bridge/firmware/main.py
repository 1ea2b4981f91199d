# Reference firmware for an RP2040 board (Raspberry Pi Pico) running MicroPython.
# Copy every .py file of this folder to the root of the Pico's flash; main.py runs at boot.
# It scans the reed switches through multiplexers, debounces them, drives the WS2812 LEDs,
# relays the electronic dice from UART0 and two buttons and a buzzer, and speaks the bridge
# protocol to the Pi over the USB serial port. Pins are in firmware_bridge/README.md.

import sys
import time

import machine
import neopixel

try:
    from . import sbconst as C
    from .debounce import Debouncer
    from .device import BoardDevice
    from .dice import DiceTracker
    from .leds import LedStrip
    from .scanner import MuxScanner
except ImportError:
    import sbconst as C
    from debounce import Debouncer
    from device import BoardDevice
    from dice import DiceTracker
    from leds import LedStrip
    from scanner import MuxScanner

FIRMWARE_ID = "soccerboard-rp2040/2.0"  # speaks bridge protocol v2

PIN_DICE_TX = 0
PIN_DICE_RX = 1
PINS_LEVEL1 = (2, 3, 4, 5)
PINS_LEVEL2 = (6, 7, 8, 9)
PIN_COMMON_A = 10
PIN_COMMON_B = 11
PIN_CONFIRM = 14
PIN_DECLINE = 15
PIN_LEDS = 16
PIN_BUZZER = 17
DEBOUNCE_SCANS = 3
BUTTON_LOCKOUT_MS = 40


class UsbPort:
    """The USB CDC serial port (MicroPython's stdio) as a binary, non-blocking byte pipe."""

    def __init__(self, stdin=None, stdout=None):
        import select

        self._in = stdin or sys.stdin.buffer
        self._out = stdout or sys.stdout.buffer
        self._poll = select.poll()
        self._poll.register(stdin or sys.stdin, select.POLLIN)

    def read_available(self, limit=512):
        data = bytearray()
        while len(data) < limit and self._poll.poll(0):
            data += self._in.read(1)
        return bytes(data)

    def write(self, data):
        self._out.write(data)


class ButtonWatcher:
    """A button to ground with a pull-up: one press per falling edge, chatter locked out."""

    def __init__(self, pin, code):
        self.pin = pin
        self.code = code
        self._last = 1
        self._changed_ms = None

    def pressed(self, now_ms, ticks_diff):
        value = self.pin.value()
        if value == self._last:
            return False
        if self._changed_ms is not None and ticks_diff(now_ms, self._changed_ms) < BUTTON_LOCKOUT_MS:
            return False
        self._last = value
        self._changed_ms = now_ms
        return value == 0


class Firmware:
    def __init__(self, port, boot_id=None):
        Pin = machine.Pin
        self.port = port
        self.ticks_ms = time.ticks_ms
        self.ticks_diff = time.ticks_diff
        self.scanner = MuxScanner(
            [Pin(n, Pin.OUT, value=0) for n in PINS_LEVEL1],
            [Pin(n, Pin.OUT, value=0) for n in PINS_LEVEL2],
            Pin(PIN_COMMON_A, Pin.IN, Pin.PULL_UP),
            Pin(PIN_COMMON_B, Pin.IN, Pin.PULL_UP),
        )
        self.debouncer = Debouncer(DEBOUNCE_SCANS, C.SQUARES)
        self.strip = LedStrip(neopixel.NeoPixel(Pin(PIN_LEDS, Pin.OUT), C.SQUARES))
        self.uart = machine.UART(0, baudrate=9600, tx=Pin(PIN_DICE_TX), rx=Pin(PIN_DICE_RX))
        self.buttons = [ButtonWatcher(Pin(PIN_CONFIRM, Pin.IN, Pin.PULL_UP), C.BUTTON_CONFIRM),
                        ButtonWatcher(Pin(PIN_DECLINE, Pin.IN, Pin.PULL_UP), C.BUTTON_DECLINE)]
        self.buzzer = machine.PWM(Pin(PIN_BUZZER))
        self.buzzer.duty_u16(0)
        self._buzz_until = None
        self._dice_line = b""
        self.tracker = DiceTracker(ticks_diff=self.ticks_diff)
        if boot_id is None:
            import os

            boot_id = int.from_bytes(os.urandom(4), "big")
        now = self.ticks_ms()
        self.device = BoardDevice(port.write, FIRMWARE_ID, boot_id, now, show_leds=self.strip.show,
                                  buzz=self._buzz, ticks_diff=self.ticks_diff, settle_ms=C.SETTLE_MS)
        self.device.hello()

    def _buzz(self, ms, hz):
        self.buzzer.freq(max(hz, 20))
        self.buzzer.duty_u16(32768)
        self._buzz_until = time.ticks_add(self.ticks_ms(), ms)

    def step(self):
        """One pass of the main loop: host bytes, a scan, dice, buttons, buzzer, timers."""
        now = self.ticks_ms()
        data = self.port.read_available()
        if data:
            self.device.receive(data, now)
        settled = self.debouncer.update(self.scanner.scan())
        if settled is not None:
            self.device.set_occupancy(settled, now)
        if self.uart.any():
            self._dice_line += self.uart.read() or b""
            while b"\n" in self._dice_line:
                line, self._dice_line = self._dice_line.split(b"\n", 1)
                self.device.dice_events(self.tracker.line(line, now))
            if len(self._dice_line) > 80:
                self._dice_line = b""  # noise with no line end
        self.device.dice_events(self.tracker.tick(now))
        for button in self.buttons:
            if button.pressed(now, self.ticks_diff):
                self.device.button(button.code)
        if self._buzz_until is not None and self.ticks_diff(now, self._buzz_until) >= 0:
            self.buzzer.duty_u16(0)
            self._buzz_until = None
        self.device.tick(now)


def main():
    import micropython

    micropython.kbd_intr(-1)  # 0x03 is data on this link, not Ctrl-C
    firmware = Firmware(UsbPort())
    while True:
        firmware.step()


if __name__ == "__main__":
    main()

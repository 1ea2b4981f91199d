# Reference firmware for an RP2040 board (Raspberry Pi Pico) running MicroPython.
# Copy every .py file of this folder to the root of the Pico's flash; main.py runs at boot.
# It scans the reed switches through multiplexers, debounces them, drives the WS2812 LEDs,
# relays the electronic dice from UART0 and two buttons and a buzzer, and speaks the bridge
# protocol to the Pi over the USB serial port. Pins and the timing budget are in
# firmware_bridge/README.md.

import sys
import time

import machine

try:
    from . import sbconst as C
    from .debounce import Debouncer
    from .device import BoardDevice
    from .dice import DiceTracker
    from .leds import LedStrip, Ws2812Pio
    from .scanner import MuxScanner
except ImportError:
    import sbconst as C  # type: ignore[no-redef]
    from debounce import Debouncer  # type: ignore[no-redef]
    from device import BoardDevice  # type: ignore[no-redef]
    from dice import DiceTracker  # type: ignore[no-redef]
    from leds import LedStrip, Ws2812Pio  # type: ignore[no-redef]
    from scanner import MuxScanner  # type: ignore[no-redef]

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


# Reading the USB serial port. MicroPython's stdin read waits until it has every byte it was
# asked for, and nothing says how many have arrived: only that at least one has (poll). So the
# reader asks for the bytes the frame being received still owes: a frame from the Pi is written
# whole, at least MIN_WIRE bytes with its delimiter, an LED frame LED_WIRE bytes, and it ends
# at a zero byte. Between frames it reads one byte once poll says one is there. A frame cut
# short (an unplug in the middle of one) can make a read wait for bytes that are not coming
# until the Pi's next bytes arrive (it sends a lone 0x00 and HOST_HELLO on opening the port):
# READ_CHUNK bounds how many of those one read waits for (64 bytes: under a second of the Pi's
# HOST_HELLOs, 7 bytes every 0.1 s), and a zero among the bytes read starts the count again at
# the next frame. An LED frame is read in 7 reads.
MIN_WIRE = 6  # code byte, type, seq, crc16, delimiter: the shortest frame
LED_WIRE = 2 + C.LED_BYTES + 6  # frame_id + the colours, in the shortest encoding (no 254-byte run)
READ_CHUNK = 64  # one full-speed USB packet


class UsbPort:
    """The USB CDC serial port (MicroPython's stdio) as a binary, non-blocking byte pipe read in blocks."""

    def __init__(self, stdin=None, stdout=None, poll=None, limit=512):
        self._in = stdin or sys.stdin.buffer
        self._out = stdout or sys.stdout.buffer
        if poll is None:
            import select

            poll = select.poll()
            poll.register(sys.stdin if stdin is None else stdin, select.POLLIN)
        self._poll = poll
        self._buf = bytearray(limit)
        self._view = memoryview(self._buf)
        self._pos = 0  # bytes of the frame being received read so far (0: between frames)
        self._expect = MIN_WIRE  # its shortest length on the wire, once its type is known
        self._code = 0  # its first COBS code byte
        self.reads = 0

    def owed(self):
        """Bytes the frame being received still certainly has to come."""
        pos = self._pos
        if pos == 0:
            return 0
        return max(self._expect - pos, 1)  # past its shortest length it owes at least its end

    def read_available(self):
        view = self._view
        readinto = self._in.readinto
        limit = len(view)
        n = 0
        while n < limit:
            pos = self._pos
            if pos == 0:  # between frames: only what poll says is there
                if not self._poll.poll(0):
                    break
                want = 1
            else:  # what the frame still owes (past its shortest length, at least its end)
                want = self._expect - pos
                if want < 1:
                    want = 1
                elif want > READ_CHUNK:
                    want = READ_CHUNK
            if want > limit - n:
                want = limit - n
            readinto(view[n:n + want])
            self.reads += 1
            self._track(n, n + want)
            n += want
        return bytes(view[:n])

    def _track(self, start, end):
        """Follow the frame structure over the bytes just read, buf[start:end]."""
        buf = self._buf
        zero = buf.rfind(b"\x00", start, end)
        if zero >= 0:  # a frame ended here (or a cut-short one, at the Pi's delimiter)
            first = zero + 1
            self._pos = end - first
            self._expect = MIN_WIRE
            if self._pos >= 1:
                self._code = buf[first]
            if self._pos >= 2:
                self._typed(buf[first + 1])
            return
        before = self._pos
        self._pos = before + end - start
        if before == 0:  # this read starts a frame: its code byte, maybe its type
            self._code = buf[start]
            if self._pos >= 2:
                self._typed(buf[start + 1])
        elif before == 1:
            self._typed(buf[start])

    def _typed(self, msg_type):
        # a code byte of 1 means the first byte is 0: no such type, not an LED frame
        self._expect = LED_WIRE if self._code > 1 and msg_type == C.MSG_LED_FRAME else MIN_WIRE

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
    """The board: clock is the time module (a stand-in in the tests)."""

    def __init__(self, port, boot_id=None, clock=time):
        Pin = machine.Pin
        self.port = port
        self.clock = clock
        self.ticks_ms = clock.ticks_ms
        self.ticks_diff = clock.ticks_diff
        # the select lines as SIO outputs at address 0, the commons as inputs (external pull-ups
        # too: README, wiring); the scanner then drives them through the SIO registers
        self.select_pins = [Pin(n, Pin.OUT, value=0) for n in PINS_LEVEL1 + PINS_LEVEL2]
        self.common_pins = [Pin(PIN_COMMON_A, Pin.IN, Pin.PULL_UP), Pin(PIN_COMMON_B, Pin.IN, Pin.PULL_UP)]
        self.scanner = MuxScanner(machine.mem32, sleep_us=clock.sleep_us)
        self.debouncer = Debouncer(DEBOUNCE_SCANS, C.SQUARES)
        self.strip = LedStrip(Ws2812Pio(Pin(PIN_LEDS), clock.ticks_us, clock.ticks_diff))
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
        self._buzz_until = self.clock.ticks_add(self.ticks_ms(), ms)

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
        self.strip.service()


def main():
    import micropython

    micropython.kbd_intr(-1)  # 0x03 is data on this link, not Ctrl-C
    firmware = Firmware(UsbPort())
    while True:
        firmware.step()


if __name__ == "__main__":
    main()

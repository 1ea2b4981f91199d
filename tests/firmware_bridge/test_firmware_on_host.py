"""The MicroPython reference firmware's logic, run on the host with stand-ins for machine and neopixel.

The stand-ins model the wiring described in firmware_bridge/README.md: two levels of 16-channel
multiplexers in front of the reed switches, a WS2812 strip in a serpentine, dice on UART0.
"""

from __future__ import annotations

import importlib
import sys
import types

import pytest

from firmware_bridge.firmware import sbconst as C
from firmware_bridge.framing import FrameDecoder, encode_frame
from hal.board import BALL_BIT, BLUE_BIT, RED_BIT, square_index


class FakeTime:
    def __init__(self):
        self.now = 1000

    def ticks_ms(self):
        return self.now

    @staticmethod
    def ticks_diff(a, b):
        return a - b

    @staticmethod
    def ticks_add(a, b):
        return a + b


class Wiring:
    """Which reed switches are closed, and what the multiplexer commons read because of it."""

    def __init__(self):
        self.closed: set[tuple[int, int]] = set()  # (square index, channel bit)
        self.pins: dict[int, FakePin] = {}

    def address(self, first_pin):
        return sum(self.pins[first_pin + bit]._value << bit for bit in range(4))

    def read_common(self, level2_offset):
        s, m = self.address(2), self.address(6)
        mux = m + level2_offset
        if mux >= 24:
            return 1  # unconnected level-2 input: the pull-up wins
        pair, channel = divmod(mux, 3)
        rank_offset, file = divmod(s, 8)
        square = (pair * 2 + rank_offset) * 8 + file
        return 0 if (square, 1 << channel) in self.closed else 1


WIRING = Wiring()


class FakePin:
    IN, OUT, PULL_UP = "in", "out", "pull_up"

    def __init__(self, number, mode=None, pull=None, value=None):
        self.number, self.mode, self.pull = number, mode, pull
        self._value = 1 if pull == self.PULL_UP else (value or 0)
        WIRING.pins[number] = self

    def value(self, v=None):
        if v is None:
            if self.number == 10:
                return WIRING.read_common(0)
            if self.number == 11:
                return WIRING.read_common(16)
            return self._value
        self._value = 1 if v else 0


class FakeUART:
    def __init__(self, index, baudrate, tx, rx):
        self.rx = b""

    def any(self):
        return len(self.rx)

    def read(self):
        data, self.rx = self.rx, b""
        return data


class FakePWM:
    def __init__(self, pin):
        self.duty, self.frequency = 0, None

    def freq(self, hz):
        self.frequency = hz

    def duty_u16(self, duty):
        self.duty = duty


class FakeNeoPixel:
    def __init__(self, pin, n):
        self.buf = [(0, 0, 0)] * n
        self.writes = 0

    def __setitem__(self, i, rgb):
        self.buf[i] = rgb

    def write(self):
        self.writes += 1


class FakePort:
    def __init__(self):
        self.to_board = b""
        self.from_board = b""

    def read_available(self):
        data, self.to_board = self.to_board, b""
        return data

    def write(self, data):
        self.from_board += data


@pytest.fixture
def firmware(monkeypatch):
    WIRING.closed.clear()
    WIRING.pins.clear()
    machine = types.ModuleType("machine")
    machine.Pin, machine.UART, machine.PWM = FakePin, FakeUART, FakePWM
    neopixel = types.ModuleType("neopixel")
    neopixel.NeoPixel = FakeNeoPixel
    monkeypatch.setitem(sys.modules, "machine", machine)
    monkeypatch.setitem(sys.modules, "neopixel", neopixel)
    monkeypatch.delitem(sys.modules, "firmware_bridge.firmware.main", raising=False)
    main = importlib.import_module("firmware_bridge.firmware.main")
    clock = FakeTime()
    monkeypatch.setattr(main, "time", clock)
    port = FakePort()
    fw = main.Firmware(port, boot_id=0xCAFE)
    fw.clock, fw.fake_port, fw.decoder = clock, port, FrameDecoder()
    return fw


def received(fw):
    frames = fw.decoder.feed(fw.fake_port.from_board)
    fw.fake_port.from_board = b""
    return frames


def run(fw, steps=1, ms=10):
    for _ in range(steps):
        fw.clock.now += ms
        fw.step()


def resync(fw, flags, boot_id=None):
    """A RESYNC's payload: flags, and the boot id of the HELLO the Pi accepted (this board's, unless given)."""
    return bytes([flags]) + (fw.device.boot_id if boot_id is None else boot_id).to_bytes(4, "big")


def connect(fw):
    """What a Pi does after the HELLO: a RESYNC, which tells the board its boot was heard."""
    fw.fake_port.to_board = encode_frame(C.MSG_RESYNC, 0, resync(fw, C.RESYNC_SNAPSHOT))
    run(fw)
    received(fw)


def test_boots_with_hello_and_the_protocol_constants(firmware):
    (hello,) = received(firmware)
    assert hello.type == C.MSG_HELLO
    assert hello.payload[:4] == bytes([C.PROTOCOL_VERSION, 8, 16, 3])
    assert hello.payload[4:8] == (0xCAFE).to_bytes(4, "big")
    assert hello.payload[10:].decode().startswith("soccerboard-rp2040/")


def test_until_a_resync_shows_its_hello_was_heard_the_board_repeats_it_and_holds_its_events(firmware):
    """A Pi that missed a reboot's HELLO would read the new boot's event ids as the old boot's."""
    assert [f.type for f in received(firmware)] == [C.MSG_HELLO]
    WIRING.closed.add((square_index("d4"), RED_BIT))
    run(firmware, steps=3)
    run(firmware, steps=1, ms=C.RETRANSMIT_MS)
    assert [f.type for f in received(firmware) if f.type != C.MSG_HEARTBEAT] == [C.MSG_HELLO]  # again, nothing else
    assert firmware.device.pending_events == 1
    firmware.fake_port.to_board = encode_frame(C.MSG_RESYNC, 0, resync(firmware, C.RESYNC_SNAPSHOT))
    run(firmware)
    assert [f.type for f in received(firmware)] == [C.MSG_SNAPSHOT, C.MSG_OCC_CHANGE]
    run(firmware, steps=1, ms=C.RETRANSMIT_MS)
    assert C.MSG_HELLO not in [f.type for f in received(firmware)]


def test_a_closed_switch_is_reported_after_debouncing(firmware):
    connect(firmware)
    for square, bit in (("a1", RED_BIT), ("h2", BLUE_BIT), ("c16", BALL_BIT), ("e9", RED_BIT), ("e9", BALL_BIT)):
        WIRING.closed.add((square_index(square), bit))
    run(firmware, steps=2)  # two equal scans: not yet
    assert [f for f in received(firmware) if f.type == C.MSG_OCC_CHANGE] == []
    run(firmware)  # the third: debounced, now it must stay for the settle window
    assert [f for f in received(firmware) if f.type == C.MSG_OCC_CHANGE] == []
    run(firmware, steps=1, ms=C.SETTLE_MS - 10)
    assert [f for f in received(firmware) if f.type == C.MSG_OCC_CHANGE] == []
    run(firmware, steps=1, ms=10)  # settled on the board's clock: reported
    (change,) = [f for f in received(firmware) if f.type == C.MSG_OCC_CHANGE]
    frame = change.payload[2:]
    expected = bytearray(128)
    expected[square_index("a1")] = RED_BIT
    expected[square_index("h2")] = BLUE_BIT
    expected[square_index("c16")] = BALL_BIT
    expected[square_index("e9")] = RED_BIT | BALL_BIT
    assert frame == bytes(expected)


def debounce_and_settle(fw):
    """Three equal scans, then the board's settle window: a change is reported."""
    run(fw, steps=3)
    run(fw, steps=1, ms=C.SETTLE_MS)


def occupancy_events(fw):
    return [f for f in received(fw) if f.type in (C.MSG_OCC_CHANGE, C.MSG_OCC_DELTA)]


def test_later_changes_go_out_as_deltas_and_a_full_resync_resends_one_in_full(firmware):
    connect(firmware)
    WIRING.closed.add((square_index("a1"), RED_BIT))
    debounce_and_settle(firmware)
    (first,) = occupancy_events(firmware)
    assert first.type == C.MSG_OCC_CHANGE  # the first after boot: the board has no base yet
    WIRING.closed.discard((square_index("a1"), RED_BIT))
    WIRING.closed.add((square_index("e9"), BALL_BIT))
    debounce_and_settle(firmware)
    (delta,) = occupancy_events(firmware)
    next_id = (int.from_bytes(first.payload[:2], "big") + 1).to_bytes(2, "big")
    assert delta.type == C.MSG_OCC_DELTA
    assert delta.payload == next_id + bytes([2, square_index("a1"), 0, square_index("e9"), BALL_BIT])
    now = bytearray(128)
    now[square_index("e9")] = BALL_BIT
    firmware.fake_port.to_board = (encode_frame(C.MSG_EVENT_ACK, 1, first.payload[:2])
                                   + encode_frame(C.MSG_RESYNC, 2, resync(firmware, 0)))
    run(firmware)
    frames = received(firmware)
    assert [(f.type, f.payload) for f in frames if f.type in (C.MSG_OCC_CHANGE, C.MSG_OCC_DELTA)] == [
        (C.MSG_OCC_DELTA, delta.payload)]
    assert not [f for f in frames if f.type == C.MSG_SNAPSHOT]  # not asked for: only the outbox again
    firmware.fake_port.to_board = encode_frame(C.MSG_RESYNC, 3, resync(firmware, C.RESYNC_FULL | C.RESYNC_SNAPSHOT))
    run(firmware)
    frames = received(firmware)
    assert [(f.type, f.payload) for f in frames if f.type in (C.MSG_OCC_CHANGE, C.MSG_OCC_DELTA)] == [
        (C.MSG_OCC_CHANGE, next_id + bytes(now))]
    (snapshot,) = [f for f in frames if f.type == C.MSG_SNAPSHOT]
    assert snapshot.payload == (int.from_bytes(next_id, "big") + 1).to_bytes(2, "big") + bytes(now)


def test_a_full_resync_with_nothing_pending_makes_the_next_change_full(firmware):
    connect(firmware)
    WIRING.closed.add((square_index("b2"), BLUE_BIT))
    debounce_and_settle(firmware)
    (first,) = occupancy_events(firmware)
    firmware.fake_port.to_board = (encode_frame(C.MSG_EVENT_ACK, 1, first.payload[:2])
                                   + encode_frame(C.MSG_RESYNC, 2, resync(firmware, C.RESYNC_FULL)))
    run(firmware)
    assert firmware.device.pending_events == 0 and occupancy_events(firmware) == []
    WIRING.closed.add((square_index("b3"), BLUE_BIT))
    debounce_and_settle(firmware)
    (full,) = occupancy_events(firmware)
    assert full.type == C.MSG_OCC_CHANGE and full.payload[2 + square_index("b3")] == BLUE_BIT


def test_led_frames_are_shown_in_serpentine_order_and_acknowledged(firmware):
    received(firmware)
    frame = bytearray(384)
    frame[square_index("a1") * 3 : square_index("a1") * 3 + 3] = bytes([200, 0, 0])
    frame[square_index("a2") * 3 : square_index("a2") * 3 + 3] = bytes([0, 255, 0])
    firmware.fake_port.to_board = encode_frame(C.MSG_LED_FRAME, 0, (42).to_bytes(2, "big") + bytes(frame))
    run(firmware)
    pixels = firmware.strip.pixels
    assert pixels.writes == 1
    assert pixels.buf[0] == (50, 0, 0)  # a1 is first on the strip; brightness capped at 1/4
    assert pixels.buf[15] == (0, 63, 0)  # rank 2 runs back from h to a: a2 is the 16th LED
    assert [(f.type, f.payload) for f in received(firmware) if f.type == C.MSG_LED_ACK] == [
        (C.MSG_LED_ACK, (42).to_bytes(2, "big"))]


def test_dice_lines_become_events_and_a_silent_die_is_disconnected(firmware):
    connect(firmware)
    firmware.uart.rx = b"000000A1 PING\n000000A1 RO"
    run(firmware)
    firmware.uart.rx = b"LL 5\nrubbish\n000000A1 TILTED\n"
    run(firmware)
    events = [(f.type, f.payload[2:]) for f in received(firmware) if f.type in C.EVENT_TYPES]
    uid = (0xA1).to_bytes(4, "big")
    assert events == [(C.MSG_DIE_STATUS, uid + bytes([C.DIE_OK])), (C.MSG_DIE_ROLL, uid + bytes([5])),
                      (C.MSG_DIE_STATUS, uid + bytes([C.DIE_CROOKED]))]
    assert firmware.tracker.bad_lines == 1
    run(firmware, steps=1, ms=C.DIE_TIMEOUT_MS)
    assert (C.MSG_DIE_STATUS, uid + bytes([C.DIE_DISCONNECTED])) in [
        (f.type, f.payload[2:]) for f in received(firmware) if f.type in C.EVENT_TYPES]


def test_buttons_and_buzzer(firmware):
    connect(firmware)
    decline = WIRING.pins[15]
    decline._value = 0
    run(firmware)
    decline._value = 1  # chatter inside the lockout is ignored...
    run(firmware, ms=5)
    decline._value = 0
    run(firmware, ms=5)
    decline._value = 1
    run(firmware, ms=50)
    presses = [f.payload[2:] for f in received(firmware) if f.type == C.MSG_BUTTON]
    assert presses == [bytes([C.BUTTON_DECLINE])]
    firmware.fake_port.to_board = encode_frame(C.MSG_BUZZ, 1, (100).to_bytes(2, "big") + (2000).to_bytes(2, "big"))
    run(firmware)
    assert firmware.buzzer.duty > 0 and firmware.buzzer.frequency == 2000
    run(firmware, ms=120)
    assert firmware.buzzer.duty == 0


def test_unacknowledged_events_are_resent_and_acks_clear_them(firmware):
    connect(firmware)
    firmware.uart.rx = b"00000002 ROLL 3\n"
    run(firmware)
    first = [f for f in received(firmware) if f.type == C.MSG_DIE_ROLL]
    run(firmware, steps=1, ms=C.RETRANSMIT_MS + 1)
    run(firmware, steps=1, ms=C.RETRANSMIT_MS + 1)
    again = [f for f in received(firmware) if f.type == C.MSG_DIE_ROLL]
    assert again and again[0].payload == first[-1].payload
    last_id = first[-1].payload[:2]
    firmware.fake_port.to_board = encode_frame(C.MSG_EVENT_ACK, 2, last_id)
    run(firmware)
    assert firmware.device.pending_events == 0


def test_firmware_sources_stay_within_what_micropython_offers():
    """No annotations, f-strings, walrus or CPython-only imports in files that run on the RP2040."""
    import ast
    from pathlib import Path

    import firmware_bridge.firmware as package

    allowed = {"struct", "sys", "time", "machine", "neopixel", "select", "os", "micropython",
               "sbconst", "sbwire", "dice", "debounce", "device", "scanner", "leds"}
    for path in sorted(Path(package.__file__).parent.glob("*.py")):
        if path.name == "__init__.py":
            continue
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            assert not isinstance(node, (ast.JoinedStr, ast.AnnAssign, ast.NamedExpr)), (path.name, node.lineno)
            if isinstance(node, (ast.FunctionDef, ast.arg)):
                assert getattr(node, "returns", None) is None and getattr(node, "annotation", None) is None
            if isinstance(node, ast.Import):
                assert {a.name for a in node.names} <= allowed, path.name
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                assert node.module in allowed, (path.name, node.module)

"""The reference firmware's own tests, run under the MicroPython unix port and under CPython.

Plain functions with asserts, in the subset of Python both interpreters run (no pytest here). The
firmware modules come in through `FW` (set by a runner): flat modules on MicroPython
(`micropython tests/firmware/fw_cases.py FIRMWARE_DIR STANDINS_DIR`), the firmware_bridge.firmware
package under pytest (tests/firmware_bridge/test_firmware_on_host.py). Stand-ins replace only
`machine` and `rp2` (tests/firmware/standins); the clock and the USB streams are passed in.
"""

import sys

MICROPYTHON = sys.implementation.name == "micropython"
FW = None  # the firmware's modules: main, C, sbwire, scanner, leds, debounce, device; and machine, rp2
RED, BLUE, BALL = 1, 2, 4


class Skip(Exception):
    pass


def sq(name):
    """Square index of a name such as "e9": (rank - 1) * 8 + file, a = 0."""
    return (int(name[1:]) - 1) * 8 + ord(name[0]) - ord("a")


class Rand:
    """A small deterministic generator, the same on both interpreters."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFF

    def next(self, bound):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % bound

    def data(self, n, bound=256):
        return bytes([self.next(bound) for _ in range(n)])


class Clock:
    """The time module's tick functions over a counter; sleep_us moves it on."""

    def __init__(self):
        self.us = 1000000

    def ticks_ms(self):
        return self.us // 1000

    def ticks_us(self):
        return self.us

    def ticks_diff(self, a, b):
        return a - b

    def ticks_add(self, a, b):
        return a + b

    def sleep_us(self, us):
        self.us += us


class Port:
    def __init__(self):
        self.to_board = b""
        self.from_board = b""

    def read_available(self):
        data = self.to_board
        self.to_board = b""
        return data

    def write(self, data):
        self.from_board += data


class Board:
    def __init__(self):
        FW.machine.WIRING.reset()
        FW.rp2.DMA.busy_polls = 0
        self.clock = Clock()
        self.port = Port()
        self.fw = FW.main.Firmware(self.port, boot_id=0xCAFE, clock=self.clock)
        self.deframer = FW.sbwire.Deframer()
        self.seq = 0

    @property
    def device(self):
        return self.fw.device

    def received(self):
        frames = self.deframer.feed(self.port.from_board)
        self.port.from_board = b""
        return frames

    def types(self):
        return [f[0] for f in self.received()]

    def run(self, steps=1, ms=10):
        for _ in range(steps):
            self.clock.us += ms * 1000
            self.fw.step()

    def send(self, msg_type, payload=b""):
        self.port.to_board += FW.sbwire.encode_frame(msg_type, self.seq, payload)
        self.seq = (self.seq + 1) & 0xFF

    def resync(self, flags, boot_id=None):
        boot = self.device.boot_id if boot_id is None else boot_id
        return bytes([flags]) + boot.to_bytes(4, "big")

    def connect(self):
        """What a Pi does after the HELLO: a RESYNC, which tells the board its boot was heard."""
        self.send(FW.C.MSG_RESYNC, self.resync(FW.C.RESYNC_SNAPSHOT))
        self.run()
        self.received()

    def close(self, square, bit):
        FW.machine.WIRING.closed.add((square, bit))

    def open(self, square, bit):
        FW.machine.WIRING.closed.discard((square, bit))

    def settle(self):
        """Three equal scans, then the board's settle window: a change is reported."""
        self.run(steps=3)
        self.run(steps=1, ms=FW.C.SETTLE_MS)

    def occupancy_events(self):
        C = FW.C
        return [f for f in self.received() if f[0] in (C.MSG_OCC_CHANGE, C.MSG_OCC_DELTA)]

    def taken(self, square, bit):
        """A token put down, the change settled and sent, and a host acknowledging it: the event."""
        self.close(sq(square), bit)
        self.settle()
        (event,) = self.occupancy_events()
        self.send(FW.C.MSG_EVENT_ACK, bytes(event[2][:2]))
        return event


# -- the protocol through the whole firmware ------------------------------------------------------


def test_boots_with_hello_and_the_protocol_constants():
    C = FW.C
    board = Board()
    (hello,) = board.received()
    assert hello[0] == C.MSG_HELLO
    assert hello[2][:4] == bytes([C.PROTOCOL_VERSION, C.FILES, C.RANKS, C.CHANNELS])
    assert hello[2][4:8] == (0xCAFE).to_bytes(4, "big")
    assert bytes(hello[2][10:]).decode().startswith("soccerboard-rp2040/")


def test_until_a_resync_shows_its_hello_was_heard_the_board_repeats_it_and_holds_its_events():
    C = FW.C
    board = Board()
    assert board.types() == [C.MSG_HELLO]
    board.close(sq("d4"), RED)
    board.run(steps=3)
    board.run(steps=1, ms=C.RETRANSMIT_MS)
    assert [t for t in board.types() if t != C.MSG_HEARTBEAT] == [C.MSG_HELLO]
    assert board.device.pending_events == 1
    board.send(C.MSG_RESYNC, board.resync(C.RESYNC_SNAPSHOT))
    board.run()
    assert board.types() == [C.MSG_SNAPSHOT, C.MSG_OCC_CHANGE]
    board.run(steps=1, ms=C.RETRANSMIT_MS)
    assert C.MSG_HELLO not in board.types()


def test_a_closed_switch_is_reported_after_debouncing_and_settling():
    C = FW.C
    board = Board()
    board.connect()
    for name, bit in (("a1", RED), ("h2", BLUE), ("c16", BALL), ("e9", RED), ("e9", BALL)):
        board.close(sq(name), bit)
    board.run(steps=2)  # two equal scans: not yet
    assert board.occupancy_events() == []
    board.run()  # the third: debounced, now it must stay for the settle window
    assert board.occupancy_events() == []
    board.run(steps=1, ms=C.SETTLE_MS - 10)
    assert board.occupancy_events() == []
    board.run(steps=1, ms=10)
    (change,) = board.occupancy_events()
    assert change[0] == C.MSG_OCC_CHANGE
    expected = bytearray(128)
    expected[sq("a1")] = RED
    expected[sq("h2")] = BLUE
    expected[sq("c16")] = BALL
    expected[sq("e9")] = RED | BALL
    assert bytes(change[2][2:]) == bytes(expected)


def test_later_changes_go_out_as_deltas_and_a_full_resync_resends_one_in_full():
    C = FW.C
    board = Board()
    board.connect()
    board.close(sq("a1"), RED)
    board.settle()
    (first,) = board.occupancy_events()
    assert first[0] == C.MSG_OCC_CHANGE  # the first after boot: the board has no base yet
    board.open(sq("a1"), RED)
    board.close(sq("e9"), BALL)
    board.settle()
    (delta,) = board.occupancy_events()
    next_id = (int.from_bytes(first[2][:2], "big") + 1).to_bytes(2, "big")
    assert delta[0] == C.MSG_OCC_DELTA
    assert bytes(delta[2]) == next_id + bytes([2, sq("a1"), 0, sq("e9"), BALL])
    board.send(C.MSG_EVENT_ACK, bytes(first[2][:2]))
    board.send(C.MSG_RESYNC, board.resync(0))
    board.run()
    frames = board.received()
    assert [(f[0], bytes(f[2])) for f in frames if f[0] in (C.MSG_OCC_CHANGE, C.MSG_OCC_DELTA)] == [
        (C.MSG_OCC_DELTA, bytes(delta[2]))]
    assert not [f for f in frames if f[0] == C.MSG_SNAPSHOT]
    board.send(C.MSG_RESYNC, board.resync(C.RESYNC_FULL | C.RESYNC_SNAPSHOT))
    board.run()
    now = bytearray(128)
    now[sq("e9")] = BALL
    frames = board.received()
    assert [(f[0], bytes(f[2])) for f in frames if f[0] in (C.MSG_OCC_CHANGE, C.MSG_OCC_DELTA)] == [
        (C.MSG_OCC_CHANGE, next_id + bytes(now))]
    as_of, snapshot = [f for f in frames if f[0] == C.MSG_SNAPSHOT]
    acked = bytearray(128)                                   # where the tokens stood before the delta
    acked[sq("a1")] = RED
    assert bytes(as_of[2]) == next_id + bytes(acked)
    assert bytes(snapshot[2]) == (int.from_bytes(next_id, "big") + 1).to_bytes(2, "big") + bytes(now)


def test_a_full_resync_with_nothing_pending_makes_the_next_change_full():
    C = FW.C
    board = Board()
    board.connect()
    board.taken("b2", BLUE)
    board.send(C.MSG_RESYNC, board.resync(C.RESYNC_FULL))
    board.run()
    assert board.device.pending_events == 0
    assert board.occupancy_events() == []
    board.close(sq("b3"), BLUE)
    board.settle()
    (full,) = board.occupancy_events()
    assert full[0] == C.MSG_OCC_CHANGE and full[2][2 + sq("b3")] == BLUE


def test_a_full_resync_sends_where_the_tokens_stood_before_an_unacknowledged_roll_ahead_of_it():
    C = FW.C
    board = Board()
    board.connect()
    move = board.taken("c5", BLUE)                       # a host took the move, then restarted
    board.fw.uart.rx = b"00000002 ROLL 6\n"
    board.run()
    (roll,) = [f for f in board.received() if f[0] == C.MSG_DIE_ROLL]
    board.send(C.MSG_RESYNC, board.resync(C.RESYNC_FULL | C.RESYNC_SNAPSHOT))   # the new host
    board.run()
    frames = board.received()
    types = [f[0] for f in frames]
    assert C.MSG_SNAPSHOT in types and C.MSG_DIE_ROLL in types
    assert types.index(C.MSG_SNAPSHOT) < types.index(C.MSG_DIE_ROLL)
    then = frames[types.index(C.MSG_SNAPSHOT)]
    before = bytearray(128)
    before[sq("c5")] = BLUE
    first = (int.from_bytes(bytes(move[2][:2]), "big") + 1) & 0xFFFF   # the first event after the move
    assert bytes(then[2]) == first.to_bytes(2, "big") + bytes(before)
    assert first <= int.from_bytes(bytes(roll[2][:2]), "big")


def test_led_frames_go_out_in_serpentine_order_as_grb_words_and_are_acknowledged():
    C = FW.C
    board = Board()
    board.received()
    frame = bytearray(C.LED_BYTES)
    frame[sq("a1") * 3:sq("a1") * 3 + 3] = bytes([200, 0, 0])
    frame[sq("a2") * 3:sq("a2") * 3 + 3] = bytes([0, 255, 0])
    frame[sq("h16") * 3:sq("h16") * 3 + 3] = bytes([4, 8, 12])
    board.send(C.MSG_LED_FRAME, (42).to_bytes(2, "big") + bytes(frame))
    board.run()
    dma = board.fw.strip.driver.dma
    assert len(dma.sent) == 1 and dma.targets == [board.fw.strip.driver.sm]
    words = dma.sent[0]
    assert len(words) == 128
    assert words[0] == 50 << 16  # a1 is first on the strip, red, brightness capped at 1/4
    assert words[15] == 63 << 24  # rank 2 runs back from h to a: a2 is the 16th LED; green first
    assert words[127 - 7] == (2 << 24) | (1 << 16) | (3 << 8)  # rank 16 runs back: h16 is LED 120
    assert sum(1 for w in words if w) == 3
    acks = [(f[0], bytes(f[2])) for f in board.received() if f[0] == C.MSG_LED_ACK]
    assert acks == [(C.MSG_LED_ACK, (42).to_bytes(2, "big"))]


def test_a_frame_that_comes_while_the_strip_is_busy_waits_and_the_newest_wins():
    C = FW.C
    board = Board()
    board.received()
    driver = board.fw.strip.driver
    FW.rp2.DMA.busy_polls = 2
    board.send(C.MSG_LED_FRAME, (1).to_bytes(2, "big") + bytes([10]) * C.LED_BYTES)
    board.run(ms=1)
    assert len(driver.dma.sent) == 1
    board.send(C.MSG_LED_FRAME, (2).to_bytes(2, "big") + bytes([20]) * C.LED_BYTES)
    board.send(C.MSG_LED_FRAME, (3).to_bytes(2, "big") + bytes([40]) * C.LED_BYTES)
    board.run(ms=1)
    assert len(driver.dma.sent) == 1 and board.fw.strip.pending  # DMA still busy: kept
    acks = [int.from_bytes(f[2], "big") for f in board.received() if f[0] == C.MSG_LED_ACK]
    assert acks == [1, 2, 3]  # every frame is acknowledged when it arrives
    board.run(ms=1)  # DMA done, but the wire and the latch take FRAME_US (a scan is 0.5 ms too)
    assert len(driver.dma.sent) == 1
    board.run(ms=2)
    assert len(driver.dma.sent) == 2 and not board.fw.strip.pending
    assert driver.dma.sent[1][0] == (10 << 24) | (10 << 16) | (10 << 8)  # 40 at 1/4: the newest frame


def test_dice_lines_become_events_and_a_silent_die_is_disconnected():
    C = FW.C
    board = Board()
    board.connect()
    board.fw.uart.rx = b"000000A1 PING\n000000A1 RO"
    board.run()
    board.fw.uart.rx = b"LL 5\nrubbish\n000000A1 TILTED\n"
    board.run()
    events = [(f[0], bytes(f[2][2:])) for f in board.received() if f[0] in C.EVENT_TYPES]
    uid = (0xA1).to_bytes(4, "big")
    assert events == [(C.MSG_DIE_STATUS, uid + bytes([C.DIE_OK])), (C.MSG_DIE_ROLL, uid + bytes([5])),
                      (C.MSG_DIE_STATUS, uid + bytes([C.DIE_CROOKED]))]
    assert board.fw.tracker.bad_lines == 1
    board.run(steps=1, ms=C.DIE_TIMEOUT_MS)
    assert (C.MSG_DIE_STATUS, uid + bytes([C.DIE_DISCONNECTED])) in [
        (f[0], bytes(f[2][2:])) for f in board.received() if f[0] in C.EVENT_TYPES]


def test_buttons_and_buzzer():
    C = FW.C
    board = Board()
    board.connect()
    decline = FW.machine.WIRING.pins[15]
    decline.level = 0
    board.run()
    decline.level = 1  # chatter inside the lockout is ignored
    board.run(ms=5)
    decline.level = 0
    board.run(ms=5)
    decline.level = 1
    board.run(ms=50)
    presses = [bytes(f[2][2:]) for f in board.received() if f[0] == C.MSG_BUTTON]
    assert presses == [bytes([C.BUTTON_DECLINE])]
    board.send(C.MSG_BUZZ, (100).to_bytes(2, "big") + (2000).to_bytes(2, "big"))
    board.run()
    assert board.fw.buzzer.duty > 0 and board.fw.buzzer.frequency == 2000
    board.run(ms=120)
    assert board.fw.buzzer.duty == 0


def test_unacknowledged_events_are_resent_and_acks_clear_them():
    C = FW.C
    board = Board()
    board.connect()
    board.fw.uart.rx = b"00000002 ROLL 3\n"
    board.run()
    first = [f for f in board.received() if f[0] == C.MSG_DIE_ROLL]
    board.run(steps=2, ms=C.RETRANSMIT_MS + 1)
    again = [f for f in board.received() if f[0] == C.MSG_DIE_ROLL]
    assert again and bytes(again[0][2]) == bytes(first[-1][2])
    board.send(C.MSG_EVENT_ACK, bytes(first[-1][2][:2]))
    board.run()
    assert board.device.pending_events == 0


# -- the multiplexer scan ---------------------------------------------------------------------------


def test_every_switch_reads_on_its_own_square_and_channel():
    board = Board()
    wiring = FW.machine.WIRING
    for square in range(128):
        for bit in (RED, BLUE, BALL):
            wiring.closed.clear()
            wiring.closed.add((square, bit))
            frame = board.fw.scanner.scan()
            assert frame[square] == bit, (square, bit, frame[square])
            assert sum(1 for v in frame if v) == 1


def test_a_scan_is_one_sio_write_and_one_read_per_address_in_gray_order_each_after_the_settle_time():
    board = Board()
    wiring = FW.machine.WIRING
    scanner = board.fw.scanner
    wiring.out |= 0xFF << 2  # wherever the lines were, the first write brings them to address 0
    wiring.writes = wiring.reads = wiring.pin_calls = 0
    wiring.recording = True
    start = board.clock.us
    scanner.scan()
    assert (wiring.writes, wiring.reads, wiring.pin_calls) == (256, 256, 0)
    assert wiring.addresses == [i ^ (i >> 1) for i in range(256)]
    assert sorted(wiring.addresses) == list(range(256))
    assert board.clock.us - start == 256 * FW.scanner.MUX_SETTLE_US
    for i in range(1, 256):
        changed = wiring.addresses[i] ^ wiring.addresses[i - 1]
        assert changed & (changed - 1) == 0  # one select line per step


def test_the_select_tables_reach_every_address_from_any_start_one_bit_a_step():
    scanner = FW.scanner
    regs, masks = scanner._tables()[:2]
    for start in (0, 0xFF, 0x5A):
        out = start << scanner.PIN_SELECT0
        seen = []
        for step in range(256):
            if regs[step] << 2 == scanner.GPIO_OUT_SET:
                out |= masks[step]
            else:
                assert regs[step] << 2 == scanner.GPIO_OUT_CLR
                out &= ~masks[step]
            seen.append((out >> scanner.PIN_SELECT0) & 0xFF)
            if step:
                assert masks[step] & (masks[step] - 1) == 0
        assert seen == [i ^ (i >> 1) for i in range(256)]


# -- the compiled loops against their plain Python twins (MicroPython only) -------------------------


def _need_viper():
    if not MICROPYTHON:
        raise Skip("viper: MicroPython only")


def test_viper_decode_matches_python():
    _need_viper()
    scanner = FW.scanner
    tables = scanner._tables()[2:]
    rand = Rand(1)
    for _ in range(20):
        raw = rand.data(256, 4)
        a, b = bytearray(128), bytearray(128)
        scanner._decode_py(raw, a, *tables)
        scanner._decode_viper(raw, b, *tables)
        assert a == b


def test_viper_sample_loop_on_stand_in_registers():
    """The RP2040 loop itself, on a buffer standing in for the SIO block and the timer."""
    _need_viper()
    from array import array

    scanner = FW.scanner
    regs, masks = scanner._tables()[:2]
    masks = array("I", masks)
    for commons, expected in ((0b11, 3), (0b10, 2), (0b01, 1), (0, 0)):
        sio = array("I", [0] * 8)
        sio[1] = (commons << 10) | 0x3FF  # GPIO_IN
        timer = array("I", [0])
        raw = bytearray(256)
        scanner._sample_viper(raw, regs, masks, 0, sio, timer)
        assert raw == bytes([expected]) * 256
        # the last writes: the step that set a bit last, and the one that cleared one
        last_set = max(i for i in range(256) if regs[i] == 5)
        assert sio[5] == masks[last_set]
        assert sio[6] == masks[255]


def test_viper_settle_wait_counts_timer_ticks():
    """The settle wait on a timer that a thread moves on: at least settle_us + 1 ticks a step (the
    timer's phase is unknown), and the loop ends."""
    _need_viper()
    import _thread
    from array import array

    scanner = FW.scanner
    regs, masks = scanner._tables()[:2]
    masks = array("I", masks)
    sio = array("I", [0] * 8)
    sio[1] = 0xFFFFFFFF
    timer = array("I", [0])
    running = [True]

    def tick():
        while running[0]:
            timer[0] += 1

    _thread.start_new_thread(tick, ())
    try:
        while timer[0] == 0:
            pass
        raw = bytearray(256)
        start = timer[0]
        scanner._sample_viper(raw, regs, masks, 2, sio, timer)
        waited = timer[0] - start
    finally:
        running[0] = False
    assert raw == bytes([3]) * 256
    assert waited >= 256 * 3, waited


def test_viper_debounce_matches_python():
    _need_viper()
    debounce = FW.debounce
    rand = Rand(2)
    states = [[bytearray(128) for _ in range(3)] for _ in range(2)]
    for _ in range(60):
        raw = rand.data(128, 3)
        functions = (debounce._update_py, debounce._update_viper)
        results = [functions[k](raw, *states[k], 128, 3) for k in (0, 1)]
        assert results[0] == results[1]
        assert states[0] == states[1]


def test_viper_crc_matches_python():
    _need_viper()
    sbwire = FW.sbwire
    assert sbwire.crc16(b"123456789") == 0x29B1
    rand = Rand(3)
    for n in (0, 1, 2, 17, 390):
        data = rand.data(n)
        assert sbwire._crc16_viper(data, len(data), 0xFFFF, sbwire._CRC_TABLE) == sbwire._crc16_py(data)


def test_viper_cobs_matches_python_both_ways_and_refuses_the_same_blocks():
    _need_viper()
    sbwire = FW.sbwire
    rand = Rand(6)
    samples = [b"", b"\x00", b"\x00\x00", bytes(253), bytes([1]) * 253, bytes([1]) * 254, bytes([1]) * 255,
               bytes([1]) * 508, bytes([1]) * 254 + b"\x00", bytes(390)]
    samples += [rand.data(rand.next(600), 4 if k % 2 else 256) for k in range(40)]
    for data in samples:
        encoded = sbwire._cobs_encode_py(data)
        assert sbwire.cobs_encode(data) == encoded
        assert sbwire.cobs_decode(encoded) == sbwire._cobs_decode_py(encoded) == data
    for bad in (b"\x03\x01", b"\x05abc", b"\x00", b"\x01\x00"):
        refused = 0
        for decode in (sbwire.cobs_decode, sbwire._cobs_decode_py):
            try:
                decode(bad)
            except ValueError:
                refused += 1
        assert refused == 2, bad


def test_viper_led_conversion_matches_python():
    _need_viper()
    from array import array

    leds = FW.leds
    rand = Rand(4)
    for scale in (64, 256, 0):
        frame = rand.data(384)
        a, b = array("I", [0] * 128), array("I", [0] * 128)
        leds._convert_py(frame, a, leds.ORDER, scale)
        leds._convert_viper(frame, b, leds.ORDER, scale)
        assert list(a) == list(b)


def test_crc_check_value():
    assert FW.sbwire.crc16(b"123456789") == 0x29B1


# -- reading USB in blocks ------------------------------------------------------------------------------


class Stdin:
    """MicroPython's stdin as the board sees it: a read waits until it has every byte asked for.

    `written` bytes of `data` are what the Pi has written so far; the rest it writes later. A read
    that asks for more than was written waits for those later bytes (as many as it needs, then
    it is as if the Pi had written them), and how far past `written` it reached is `overreach`."""

    def __init__(self):
        self.data = bytearray()
        self.written = 0
        self.pos = 0
        self.sizes = []
        self.overreach = 0

    def write(self, data):
        self.data += data
        self.written = len(self.data)

    def later(self, data):
        self.data += data

    def readinto(self, view):
        n = len(view)
        self.sizes.append(n)
        beyond = self.pos + n - self.written
        if beyond > 0:
            assert self.pos + n <= len(self.data), "a read that would wait for ever"
            self.overreach = max(self.overreach, beyond)
            self.written = self.pos + n
        view[:n] = self.data[self.pos:self.pos + n]
        self.pos += n
        return n


class Poll:
    def __init__(self, stream):
        self.stream = stream

    def poll(self, timeout=0):
        return [(self.stream, 1)] if self.stream.pos < self.stream.written else []


def _usb():
    stdin = Stdin()
    port = FW.main.UsbPort(stdin=stdin, stdout=None, poll=Poll(stdin))
    return stdin, port


def test_usb_reads_whole_frames_in_blocks_and_never_asks_for_bytes_not_sent():
    C = FW.C
    encode = FW.sbwire.encode_frame
    rand = Rand(5)
    stdin, port = _usb()
    frames = []
    for i in range(40):
        kind = rand.next(4)
        if kind == 0:
            frame = encode(C.MSG_LED_FRAME, i, (i).to_bytes(2, "big") + rand.data(C.LED_BYTES, 3 if i % 2 else 256))
        elif kind == 1:
            frame = encode(C.MSG_EVENT_ACK, i, (i).to_bytes(2, "big"))
        elif kind == 2:
            frame = encode(C.MSG_RESYNC, i, bytes([3]) + rand.data(4))
        else:
            frame = encode(C.MSG_HOST_HEARTBEAT, i)
        frames.append(frame)
    got = b""
    for frame in frames:
        stdin.write(frame)
        got += port.read_available()
        assert stdin.overreach == 0
    assert got == b"".join(frames)
    led = encode(C.MSG_LED_FRAME, 0, bytes(2 + C.LED_BYTES))  # a dark board: a zero every byte
    stdin.sizes = []
    stdin.write(led)
    assert port.read_available() == led and stdin.overreach == 0
    assert len(stdin.sizes) <= 2 + len(led) // FW.main.READ_CHUNK + 2, stdin.sizes


def test_usb_a_frame_cut_short_costs_at_most_one_chunk_of_the_pis_next_bytes():
    C = FW.C
    encode = FW.sbwire.encode_frame
    stdin, port = _usb()
    led = encode(C.MSG_LED_FRAME, 0, bytes([7]) * (2 + C.LED_BYTES))
    stdin.write(led[:100])  # the cable pulled in the middle of a frame
    hello = b"\x00" + encode(C.MSG_HOST_HELLO, 0, bytes([C.PROTOCOL_VERSION]))
    stdin.later(hello * 6)  # on opening the port again the Pi sends a delimiter and HOST_HELLOs
    got = port.read_available()
    assert 0 < stdin.overreach <= FW.main.READ_CHUNK
    stdin.written = len(stdin.data)
    got += port.read_available()
    assert got == led[:100] + hello * 6
    frames = FW.sbwire.Deframer().feed(got)
    assert [f[0] for f in frames][-5:] == [C.MSG_HOST_HELLO] * 5  # the reader found its place again
    assert port.owed() == 0


def test_usb_reads_stop_at_the_limit_and_carry_on_next_time():
    C = FW.C
    encode = FW.sbwire.encode_frame
    stdin, port = _usb()
    data = b"".join(encode(C.MSG_LED_FRAME, i, bytes([i + 1]) * (2 + C.LED_BYTES)) for i in range(3))
    stdin.write(data)
    got = port.read_available()
    assert len(got) == 512
    got += port.read_available()
    got += port.read_available()
    assert got == data and stdin.overreach == 0


# -- runner ---------------------------------------------------------------------------------------


def names():
    return sorted(name for name in globals() if name.startswith("test_"))


def run_all(selected=None):
    passed = failed = skipped = 0
    for name in names():
        if selected and name not in selected:
            continue
        try:
            globals()[name]()
        except Skip as why:
            skipped += 1
            print("SKIP", name, why)
            continue
        except Exception as exc:  # noqa: BLE001 - every failure is reported, the run goes on
            failed += 1
            print("FAIL", name, repr(exc))
            if MICROPYTHON:
                sys.print_exception(exc)
            else:
                import traceback

                traceback.print_exc()
            continue
        passed += 1
        print("PASS", name)
    print(f"firmware: {passed} passed, {failed} failed, {skipped} skipped")
    return failed == 0


class Modules:
    pass


def load_flat(firmware_dir, standins_dir):
    """The firmware as it sits on the board's flash: flat modules, with the stand-ins first."""
    global FW
    sys.path.insert(0, firmware_dir)
    sys.path.insert(0, standins_dir)
    import debounce
    import device
    import leds
    import machine
    import main
    import rp2
    import sbconst
    import sbwire
    import scanner

    fw = Modules()
    fw.main, fw.C, fw.sbwire, fw.scanner, fw.leds = main, sbconst, sbwire, scanner, leds
    fw.debounce, fw.device, fw.machine, fw.rp2 = debounce, device, machine, rp2
    FW = fw
    return fw


if __name__ == "__main__":
    load_flat(sys.argv[1], sys.argv[2])
    sys.exit(0 if run_all(sys.argv[3:]) else 1)

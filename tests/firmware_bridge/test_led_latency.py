"""An LED frame leaves for the board as soon as the daemon plans it, without waiting for the link's read to
return, and an idle link sleeps between the protocol's heartbeats instead of polling the port."""
from __future__ import annotations

import os
import select
import time
import tty

from firmware_bridge.firmware import sbconst as C
from firmware_bridge.firmware.device import BoardDevice
from firmware_bridge.framing import FrameDecoder
from firmware_bridge.host import HostSession
from firmware_bridge.serial_link import SerialLink
from hal.serial_board import SerialBoard
from simulator.board_emulator import BoardEmulator


def _ms() -> int:
    return int(time.monotonic() * 1000)


def test_a_planned_led_frame_is_sent_at_once_not_at_the_links_next_timer():
    """The board answers the handshake and then says nothing (no heartbeat: nobody ticks it); the link's
    read timeout is a minute. A frame requested right after one of the Pi's heartbeats must reach the board
    before the next heartbeat: the request wakes the link, the frame does not wait for its next timer."""
    master, slave = os.openpty()
    tty.setraw(slave)
    shown: list[bytes] = []
    device = BoardDevice(lambda data: os.write(master, data), "silent-board", 0x5EED, _ms(), show_leds=shown.append)
    session = HostSession(lambda _update: None, {1: "red"})
    link = SerialLink(os.ttyname(slave), session, read_timeout=60.0).start()
    decoder = FrameDecoder()
    received: list[int] = []                # message types from the Pi, in order

    def board_reads(until) -> None:
        end = time.monotonic() + 1.5          # inside the link's 2 s silence limit
        while not until() and time.monotonic() < end:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                data = os.read(master, 4096)
                received.extend(frame.type for frame in decoder.feed(data))
                device.receive(data, _ms())

    try:
        board_reads(lambda: session.state == "ready")
        assert session.state == "ready"
        heartbeats = received.count(C.MSG_HOST_HEARTBEAT)
        board_reads(lambda: received.count(C.MSG_HOST_HEARTBEAT) > heartbeats)
        after = len(received)               # a heartbeat just left: the next is half a second away
        frame = bytes(range(256)) + bytes(128)
        with link.lock:
            session.show_leds(frame)
        link.wake()
        board_reads(lambda: bool(shown))
        assert shown == [frame]
        assert received[after:][:1] == [C.MSG_LED_FRAME]    # nothing before it: no timer had to fire first
    finally:
        link.stop()
        os.close(master)
        os.close(slave)


def test_an_idle_link_wakes_for_the_protocols_heartbeats_not_to_poll(tmp_path):
    emulator = BoardEmulator(str(tmp_path / "usb-Soccerboard_Board-if00"), seed=11).start()
    board = SerialBoard(emulator.port).start()
    try:
        deadline = time.monotonic() + 5
        while not board.connected and time.monotonic() < deadline:
            time.sleep(0.01)
        assert board.connected
        time.sleep(0.5)
        before = board.link.turns
        time.sleep(2.0)
        per_second = (board.link.turns - before) / 2.0
        # the board's heartbeat (2/s) and snapshot (1/s), the Pi's heartbeat (2/s), the dice's pings: a
        # handful a second; a link polling its port with a 10 ms read timeout turns about 100 times
        beats = 1000 / C.HEARTBEAT_MS
        assert per_second <= 4 * beats + 2
        board.show(bytes([3]) * 384)          # and a frame still goes out at once
        end = time.monotonic() + 2
        while emulator.led_frame != bytes([3]) * 384 and time.monotonic() < end:
            time.sleep(0.01)
        assert emulator.led_frame == bytes([3]) * 384
    finally:
        board.close()
        emulator.stop()

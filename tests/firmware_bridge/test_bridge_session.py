"""Host session against the firmware's BoardDevice, wired in memory with a controllable clock."""

from __future__ import annotations

import logging

from firmware_bridge import host as H
from firmware_bridge.firmware import sbconst as C
from firmware_bridge.firmware.device import BoardDevice
from firmware_bridge.framing import encode_frame
from hal.frames import empty_frame, with_token


class Wire:
    """Device and host joined back to back; ``lose`` decides which device frames vanish."""

    def __init__(self, boot_id=0x1234, version=C.PROTOCOL_VERSION):
        self.delivered: list[object] = []
        self.host = H.HostSession(self.delivered.append, {1: "red", 2: "blue"})
        self.to_host: list[bytes] = []
        self.now = 0.0
        self.lose = lambda frame: False
        self.device = BoardDevice(self.to_host.append, "test-fw", boot_id, 0)
        self.device.protocol_version = version
        self.to_device = self.host.connection_made(self.now)

    def run(self, seconds=0.0, step=0.05):
        end = self.now + seconds
        while True:
            if self.to_device:
                self.device.receive(self.to_device, int(self.now * 1000))
                self.to_device = b""
            frames, self.to_host[:] = list(self.to_host), []
            for frame in frames:
                if not self.lose(frame):
                    self.to_device += self.host.data_received(frame, self.now)
            self.to_device += self.host.poll(self.now)
            self.device.tick(int(self.now * 1000))
            if self.now >= end and not self.to_device and not self.to_host:
                return
            self.now += step

    def frames(self):
        return [u.frame for u in self.delivered if isinstance(u, H.OccupancyUpdate)]


def test_handshake_then_events_arrive_once_in_order():
    w = Wire()
    w.run(0.2)
    assert w.host.state == "ready"
    assert w.delivered[0] == H.LinkUpdate(True, "test-fw")
    a = with_token(empty_frame(), "a1", "red", True)
    w.device.set_occupancy(a)
    w.device.dice_events([("status", 1, C.DIE_OK), ("roll", 1, 4)])
    w.device.button(C.BUTTON_DECLINE)
    w.run(1.0)
    assert w.delivered[1:] == [
        H.OccupancyUpdate(empty_frame()),  # the resync snapshot after connecting
        H.OccupancyUpdate(a), H.DieStatusUpdate("red", "ok"), H.DieRollUpdate("red", 4),
        H.ButtonUpdate("decline"),
    ]
    assert w.device.pending_events == 0  # all acknowledged


def test_lost_frames_are_retransmitted_and_nothing_is_duplicated():
    w = Wire()
    w.run(0.2)
    losses = iter([True, False, True, True, False] + [False] * 1000)
    w.lose = lambda frame: frame[1] in (C.MSG_OCC_CHANGE, C.MSG_DIE_ROLL) and next(losses)
    frames = [with_token(empty_frame(), sq, "blue", True) for sq in ("b2", "c3", "d4")]
    for f in frames:
        w.device.set_occupancy(f)
    w.device.dice_events([("roll", 2, 6)])
    w.run(2.0)
    assert w.frames()[-3:] == frames
    assert [u for u in w.delivered if isinstance(u, H.DieRollUpdate)] == [H.DieRollUpdate("blue", 6)]
    assert w.host.stats.out_of_order_events + w.host.stats.duplicate_events > 0
    assert w.device.pending_events == 0


def test_version_mismatch_is_refused_with_a_clear_message(caplog):
    w = Wire(version=C.PROTOCOL_VERSION + 1)
    with caplog.at_level(logging.ERROR):
        w.device.set_occupancy(with_token(empty_frame(), "a1", "red", True))
        w.run(1.0)
    assert w.host.state == "incompatible"
    assert w.host.stats.version_mismatch >= 1
    assert not any(isinstance(u, H.OccupancyUpdate) for u in w.delivered)  # nothing gets through
    message = caplog.records[0].getMessage()
    assert f"v{C.PROTOCOL_VERSION + 1}" in message and "update soccerboard on the Pi" in message
    assert len([r for r in caplog.records if r.levelno == logging.ERROR]) == 1  # said once, counted always
    assert "flash the reference firmware" in H.version_mismatch_message(0, "old-fw")


def test_unknown_types_bad_payloads_and_unbound_dice_are_counted_not_delivered():
    w = Wire()
    w.run(0.2)
    before = list(w.delivered)
    seq = 200
    junk = [
        encode_frame(0x7E, seq, b"future message"),
        encode_frame(C.MSG_SNAPSHOT, seq + 1, b"\x00\x00" + bytes(10)),  # wrong length
        encode_frame(C.MSG_DIE_ROLL, seq + 2, b"\x00\x63" + bytes(4) + b"\x09"),  # face 9
    ]
    for frame in junk:
        w.host.data_received(frame, w.now)
    w.device.dice_events([("roll", 0xDEAD, 3)])  # a die nobody bound to a team
    w.run(0.5)
    assert w.host.stats.unknown_type == 1
    assert w.host.stats.bad_payload == 2
    assert w.host.stats.unbound_die == 1
    assert [u for u in w.delivered[len(before):] if not isinstance(u, H.OccupancyUpdate)] == []
    assert w.device.pending_events == 0  # the unbound die's event was still acknowledged


def test_reboot_resyncs_and_a_snapshot_corrects_coalesced_changes():
    w = Wire()
    w.run(0.2)
    a = with_token(empty_frame(), "e8", "ball", True)
    w.device.set_occupancy(a)
    w.run(0.3)
    # The board reboots while a pawn is put down: events of the old boot are gone.
    rebooted = BoardDevice(w.to_host.append, "test-fw", 0x9999, int(w.now * 1000))
    w.device = rebooted
    b = with_token(a, "e9", "red", True)
    rebooted.hello()
    rebooted.set_occupancy(b)
    w.run(1.0)
    assert w.frames()[-1] == b
    assert w.host.state == "ready"
    # Outbox overflow (host away for long): changes are coalesced and the snapshot puts it right.
    for i in range(1, C.OUTBOX_MAX + 6):
        w.lose = lambda frame: True
        w.device.set_occupancy(with_token(b, "a16", "blue", bool(i % 2)))
    assert w.device.overflowed == 5
    w.lose = lambda frame: False
    w.device.set_occupancy(with_token(b, "h16", "blue", True))
    w.run(2.0)
    assert w.frames()[-1] == w.device.occupancy
    assert w.host.stats.snapshot_corrections == 1


def test_led_frames_are_retried_until_acknowledged_and_only_the_latest_counts():
    w = Wire()
    w.run(0.2)
    lost = {"n": 0}

    def lose_acks(frame):
        if frame[1] == C.MSG_LED_ACK and lost["n"] < 2:
            lost["n"] += 1
            return True
        return False

    w.lose = lose_acks
    first, second = bytes([1]) * C.LED_BYTES, bytes([2]) * C.LED_BYTES
    w.host.show_leds(first)
    w.host.show_leds(second)  # supersedes the first before it was ever sent
    w.run(1.0)
    assert w.device.last_led_frame == second
    assert w.device.led_frames == 3  # sent, ack lost, resent, ack lost, resent, acknowledged
    assert not w.host.led_pending and w.host.stats.led_retries == 2


def test_a_silent_board_is_declared_dead():
    w = Wire()
    w.run(0.2)
    assert not w.host.link_dead(w.now)
    assert w.host.link_dead(w.now + C.LINK_TIMEOUT_MS / 1000 + 0.01)
    w.host.connection_lost("unplugged")
    assert w.delivered[-1] == H.LinkUpdate(False, "unplugged")

"""Host session against the firmware's BoardDevice, wired in memory with a controllable clock."""

from __future__ import annotations

import logging
import struct

from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge import host as H
from firmware_bridge.firmware import sbconst as C
from firmware_bridge.firmware.device import BoardDevice
from firmware_bridge.framing import FrameDecoder, encode_frame
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


def test_a_v1_firmware_is_told_to_flash_the_firmware_of_this_release(caplog):
    """v2 added OCC_DELTA: a board still on v1 must be refused at HELLO, in words."""
    assert C.PROTOCOL_VERSION == 2
    w = Wire(version=1)
    with caplog.at_level(logging.ERROR):
        w.device.set_occupancy(with_token(empty_frame(), "a1", "red", True))
        w.run(1.0)
    assert w.host.state == "incompatible"
    assert not any(isinstance(u, H.OccupancyUpdate) for u in w.delivered)
    (record,) = [r for r in caplog.records if r.levelno == logging.ERROR]
    message = record.getMessage()
    assert "speaks bridge protocol v1, this daemon speaks v2" in message
    assert "flash the reference firmware from this release" in message


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


def lose_the_first(msg_type, count=1):
    """A ``Wire.lose`` that drops the first ``count`` device frames of this type (kept in ``.lost``)."""
    lost = []

    def lose(frame):
        if frame[1] == msg_type and len(lost) < count:
            lost.append(frame)
            return True
        return False
    lose.lost = lost
    return lose


def resyncs(data):
    """The flags of each RESYNC sent (its boot id is checked in the test of a reboot's RESYNC)."""
    return [f.payload[:1] for f in sent_to_device(data) if f.type == C.MSG_RESYNC]


def test_the_resync_after_hello_asks_for_a_snapshot_and_one_after_a_lost_frame_only_for_the_outbox():
    w = Wire()
    to_device = []
    receive = w.device.receive
    w.device.receive = lambda data, now: (to_device.extend(FrameDecoder().feed(data)), receive(data, now))
    w.run(0.2)
    flags = [f.payload for f in to_device if f.type == C.MSG_RESYNC]
    assert flags == [bytes([C.RESYNC_FULL | C.RESYNC_SNAPSHOT, 0, 0, 0x12, 0x34])]  # no base yet; boot 0x1234
    w.device.set_occupancy(with_token(empty_frame(), "f5", "red", True))
    w.run(0.3)
    w.lose = lose_the_first(C.MSG_OCC_DELTA)
    w.device.set_occupancy(with_token(empty_frame(), "f6", "red", True))
    w.device.button(C.BUTTON_CONFIRM)  # arrives early: the gap shows at once
    to_device.clear()
    w.run(0.3)
    assert [f.payload[:1] for f in to_device if f.type == C.MSG_RESYNC] == [bytes([0])]
    assert w.frames()[-1] == with_token(empty_frame(), "f6", "red", True)


def test_damaged_frames_and_gaps_ask_for_one_resync_per_read_at_once():
    w = Wire()
    w.run(0.2)
    w.now += 1.0
    seq = w.host._rx_seq

    def heartbeat(n, damage=False):
        frame = bytearray(encode_frame(C.MSG_HEARTBEAT, (seq + n) & 0xFF, bytes(4)))
        if damage:
            frame[3] ^= 0x10
        return bytes(frame)

    read = heartbeat(1, damage=True) + heartbeat(2, damage=True) + heartbeat(4)  # two damaged, then a gap
    assert resyncs(w.host.data_received(read, w.now)) == [bytes([C.RESYNC_FULL])]  # no base yet: FULL
    assert resyncs(w.host.poll(w.now)) == []  # and nothing more later
    w.now += 0.001
    assert len(resyncs(w.host.data_received(heartbeat(5, damage=True), w.now))) == 1  # no rate limit
    assert len(resyncs(w.host.data_received(heartbeat(6), w.now))) == 1  # the gap 5 left
    assert resyncs(w.host.data_received(heartbeat(7), w.now)) == []
    assert w.host.stats.seq_gaps == 2


def test_a_frame_that_stops_before_its_delimiter_is_dropped_soon_and_asks_for_a_resync():
    """A damaged delimiter glues a frame to whatever comes next, maybe a heartbeat 500 ms later:
    the host gives up on it after STALLED_FRAME_S instead."""
    w = Wire()
    w.run(0.2)
    w.now += 1.0
    seq = w.host._rx_seq
    half = encode_frame(C.MSG_HEARTBEAT, (seq + 1) & 0xFF, bytes(4))[:-1]  # the delimiter never comes
    assert resyncs(w.host.data_received(half, w.now)) == []
    assert resyncs(w.host.poll(w.now + H.STALLED_FRAME_S / 2)) == []
    w.now += H.STALLED_FRAME_S
    assert len(resyncs(w.host.poll(w.now))) == 1
    assert w.host.stats_dict()["stalled"] == 1
    frames = w.host.decoder.stats.frames
    w.host.data_received(encode_frame(C.MSG_HEARTBEAT, (seq + 2) & 0xFF, bytes(4)), w.now)
    assert w.host.decoder.stats.frames == frames + 1  # the next frame decodes, not glued to the stalled one
    assert w.host.stats.seq_gaps == 1


def test_led_frames_are_retried_until_acknowledged_and_only_the_latest_counts():
    w = Wire()
    w.run(0.2)
    w.lose = lose_the_first(C.MSG_LED_ACK, count=2)
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


# -- occupancy deltas (protocol v2) ------------------------------------------------------------


class RecordingDevice(BoardDevice):
    """A BoardDevice noting the wire type and the full occupancy of every occupancy event it queues."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.queued: list[tuple[int, bytes]] = []

    def _event(self, msg_type, body, frame=None):
        queued = super()._event(msg_type, body, frame)
        if queued and frame is not None:
            self.queued.append((msg_type, frame))
        return queued


def recording_wire(boot_id=0x1234):
    w = Wire(boot_id)
    w.device = RecordingDevice(w.to_host.append, "test-fw", boot_id, 0)
    w.run(0.2)
    assert w.host.state == "ready"
    assert w.frames() == [empty_frame()]  # the first snapshot after connecting
    w.delivered.clear()
    return w


def event_frames(w):
    """Occupancy the core got from events (not snapshot corrections), in order."""
    return [u.frame for u in w.delivered if isinstance(u, H.OccupancyUpdate) and not u.correction]


def sent_to_device(data):
    return FrameDecoder().feed(data)


def test_occupancy_events_after_the_first_are_small_deltas():
    w = recording_wire()
    frames = [with_token(empty_frame(), "d4", "red", True)]
    frames.append(with_token(frames[-1], "e5", "blue", True))
    frames.append(with_token(with_token(frames[-1], "d4", "red", False), "d5", "red", True))
    sizes = []
    w.lose = lambda frame: sizes.append((frame[1], len(frame))) and False
    for frame in frames:
        w.device.set_occupancy(frame)
    w.run(1.0)
    assert [t for t, _ in w.device.queued] == [C.MSG_OCC_CHANGE, C.MSG_OCC_DELTA, C.MSG_OCC_DELTA]
    assert event_frames(w)[-3:] == frames
    delta_sizes = [n for t, n in sizes if t == C.MSG_OCC_DELTA]
    assert delta_sizes and max(delta_sizes) <= 14  # 2 changed squares; a full frame is ~135 bytes
    assert w.device.pending_events == 0


def test_a_delta_bigger_than_the_full_frame_is_sent_in_full():
    w = recording_wire()
    w.device.set_occupancy(with_token(empty_frame(), "a1", "red", True))
    w.device.set_occupancy(bytes([C.SQUARES and 4]) * 64 + bytes(64))  # 64 squares change: 129 > 128 bytes
    w.device.set_occupancy(bytes([4]) * 63 + bytes(65))  # one square back: a delta again
    w.run(1.0)
    assert [t for t, _ in w.device.queued] == [C.MSG_OCC_CHANGE, C.MSG_OCC_CHANGE, C.MSG_OCC_DELTA]
    assert event_frames(w)[-1] == w.device.occupancy


def test_after_an_outbox_overflow_the_next_delta_applies_to_the_event_base_not_the_snapshot():
    """While the outbox was full, pawns were lifted from a16 and b16 (only the snapshot says so);
    then a16 is put back and a ball lands on c3. The right delta (against the last queued event)
    is b16 and c3: applied to the snapshot-corrected view it would lose a16, and a delta against
    the last sensed frame (a16 and c3) would leave b16 on the board."""
    w = recording_wire()
    base = with_token(with_token(empty_frame(), "a16", "blue", True), "b16", "blue", True)
    w.device.set_occupancy(base)
    w.run(0.5)
    w.lose = lambda frame: True  # the host is away
    for i in range(C.OUTBOX_MAX):  # fill the outbox with changes elsewhere
        w.device.set_occupancy(with_token(base, "h1", "red", i % 2 == 0))
    last_queued = w.device.occupancy
    coalesced = with_token(with_token(last_queued, "a16", "blue", False), "b16", "blue", False)
    w.device.set_occupancy(with_token(last_queued, "a16", "blue", False))  # not queued: overflow
    w.device.set_occupancy(coalesced)
    assert w.device.overflowed == 2
    w.lose = lambda frame: False
    w.run(2.0)  # the host catches up, then the snapshot corrects its view
    assert w.host.stats.snapshot_corrections == 1
    assert w.frames()[-1] == coalesced
    after = with_token(with_token(coalesced, "a16", "blue", True), "c3", "ball", True)
    w.device.set_occupancy(after)
    w.run(1.0)
    assert w.device.queued[-1] == (C.MSG_OCC_DELTA, after)
    assert w.frames()[-1] == after == w.device.occupancy
    assert event_frames(w) == [f for _, f in w.device.queued]


def test_a_delta_without_a_base_is_counted_and_asked_for_in_full_never_delivered(caplog):
    w = Wire()
    w.run(0.2)  # connected; no occupancy event yet, so the host has no base
    before = list(w.delivered)
    expected = w.host._expected_event
    stray = encode_frame(C.MSG_OCC_DELTA, 0, struct.pack(">HBBB", expected, 1, 5, 1))
    w.now += 1.0
    with caplog.at_level(logging.WARNING):
        out = w.host.data_received(stray, w.now)
    assert w.host.stats.delta_without_base == 1
    assert "without a base" in caplog.text
    assert w.delivered == before  # nothing reached the core
    sent = sent_to_device(out)
    assert [(f.type, f.payload[:1]) for f in sent if f.type == C.MSG_RESYNC] == [(C.MSG_RESYNC, bytes([C.RESYNC_FULL]))]
    acks = [struct.unpack(">H", f.payload)[0] for f in sent if f.type == C.MSG_EVENT_ACK]
    assert all(a == (expected - 1) & 0xFFFF for a in acks)  # not acknowledged: it must come again


def test_a_restarted_host_gets_the_board_s_pending_delta_in_full():
    """The daemon restarts while the board stays powered: the board's outbox holds a delta
    against a frame the new host never saw. The host's first RESYNC asks for it in full."""
    w = recording_wire()
    a = with_token(empty_frame(), "b2", "red", True)
    w.device.set_occupancy(a)
    w.run(0.5)
    b = with_token(a, "b3", "blue", True)
    w.lose = lambda frame: True
    w.device.set_occupancy(b)  # queued as a delta, never acknowledged
    assert w.device.queued[-1] == (C.MSG_OCC_DELTA, b)
    w.lose = lambda frame: False
    w.delivered.clear()
    w.host = H.HostSession(w.delivered.append, {})
    w.to_device = w.host.connection_made(w.now)
    w.run(1.0)
    assert w.frames()[-1] == b and w.device.pending_events == 0
    c = with_token(b, "b3", "blue", False)
    w.device.set_occupancy(c)  # and deltas work again from there
    w.run(1.0)
    assert w.device.queued[-1] == (C.MSG_OCC_DELTA, c)
    assert w.frames()[-1] == c
    assert w.host.stats.delta_without_base == 0  # asked for in full up front, not after the fact


def test_a_restarted_host_learns_where_the_tokens_stood_before_the_roll_it_has_not_acknowledged():
    """The daemon dies after the board's move was acknowledged and before the roll that followed it was: the
    new host must get the board as it stood before that roll, and only then the roll, or the roll would be
    judged against a board the new host has not seen (a pawn still in hand) and the move would come after it."""
    w = recording_wire()
    a = with_token(empty_frame(), "c5", "blue", True)
    w.device.set_occupancy(a)
    w.run(0.5)                                     # the old host took the move
    w.lose = lambda frame: True
    w.device.dice_events([("roll", 2, 6)])         # ... and died before the roll
    w.lose = lambda frame: False
    w.delivered.clear()
    w.host = H.HostSession(w.delivered.append, {1: "red", 2: "blue"})
    w.to_device = w.host.connection_made(w.now)
    w.run(1.0)
    order = [u for u in w.delivered if isinstance(u, H.OccupancyUpdate | H.DieRollUpdate)]
    assert order[:2] == [H.OccupancyUpdate(a), H.DieRollUpdate("blue", 6)], order
    assert w.device.pending_events == 0


def test_a_restarted_host_gets_the_move_it_took_but_never_passed_on_before_the_next_move():
    """The previous run acknowledged a move and died before passing it on; the next move is still unacknowledged.
    The new host must see the first move's board, then the next move's, not one frame folding both (a pawn
    lifted for the next move would come before the first move's pawn was put down)."""
    w = recording_wire()
    a = with_token(empty_frame(), "b8", "blue", True)
    w.device.set_occupancy(a)
    w.run(0.5)
    b = with_token(with_token(a, "b8", "blue", False), "b7", "blue", True)
    w.device.set_occupancy(b)
    w.run(0.5)                                     # acknowledged by the run that then died
    w.lose = lambda frame: True
    c = with_token(b, "d1", "red", True)
    w.device.set_occupancy(c)                      # the next move: never acknowledged
    w.lose = lambda frame: False
    w.delivered.clear()
    w.host = H.HostSession(w.delivered.append, {})
    w.to_device = w.host.connection_made(w.now)
    w.run(1.0)
    assert w.frames()[:2] == [b, c], w.frames()


def test_a_restarted_host_with_an_idle_board_gets_the_next_occupancy_event_in_full():
    w = recording_wire()
    a = with_token(empty_frame(), "g7", "ball", True)
    w.device.set_occupancy(a)
    w.run(0.5)
    w.host = H.HostSession(w.delivered.append, {})
    w.to_device = w.host.connection_made(w.now)
    w.run(0.5)
    b = with_token(a, "g8", "red", True)
    w.device.set_occupancy(b)
    w.run(0.5)
    assert w.device.queued[-1] == (C.MSG_OCC_CHANGE, b)
    assert w.frames()[-1] == b


def test_a_lost_reboot_hello_is_repeated_and_no_event_of_the_new_boot_is_misread():
    """The host expects event 2 of the old boot. Had the rebooted board sent its events before the
    host heard its HELLO, 0 and 1 would be dropped as duplicates and delta 2 applied to the old
    boot's occupancy."""
    w = recording_wire()
    a = with_token(empty_frame(), "a1", "blue", True)
    w.device.set_occupancy(a)
    w.device.set_occupancy(with_token(a, "b1", "red", True))
    w.run(0.5)
    assert w.host._expected_event == 2
    w.lose = lose_the_first(C.MSG_HELLO)
    w.device = RecordingDevice(w.to_host.append, "test-fw", 0x9999, int(w.now * 1000))
    w.device.hello()
    frames = [with_token(empty_frame(), "c1", "ball", True)]
    frames.append(with_token(frames[-1], "c2", "red", True))
    frames.append(with_token(frames[-1], "c3", "blue", True))
    w.delivered.clear()
    for frame in frames:
        w.device.set_occupancy(frame)
    w.run(1.0)
    assert len(w.lose.lost) == 1 and w.host.stats.hellos == 2
    assert [t for t, _ in w.device.queued] == [C.MSG_OCC_CHANGE, C.MSG_OCC_DELTA, C.MSG_OCC_DELTA]
    assert event_frames(w) == frames
    assert w.device.pending_events == 0


_change = st.tuples(st.integers(0, C.SQUARES - 1), st.sampled_from([0, 1, 2, 4, 5, 6]))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.lists(_change, min_size=1, max_size=3), st.integers(0, 3)), max_size=25),
       st.integers(0, 90), st.lists(st.booleans(), max_size=60))
def test_fuzz_every_queued_occupancy_reaches_the_core_in_order_whatever_is_lost(steps, away, losses):
    """Random changes, random lost frames and an absence long enough to overflow the outbox:
    the core gets exactly the occupancy of every queued event, in order, and ends on the board's."""
    w = recording_wire()
    loss = iter(losses)
    w.lose = lambda frame: next(loss, False)
    frame = bytearray(C.SQUARES)
    for i, (changes, pause) in enumerate(steps):
        for square, mask in changes:
            frame[square] = mask
        w.device.set_occupancy(bytes(frame))
        w.run(0.05 * pause)
        if i == len(steps) // 2:
            w.lose = lambda f: True
            for j in range(away):  # the host is away; past 64 events, changes are coalesced
                frame[j % 7] ^= 1
                w.device.set_occupancy(bytes(frame))
            w.lose = lambda f: next(loss, False)
    w.lose = lambda f: False
    w.run(2.0)
    assert event_frames(w) == [f for _, f in w.device.queued]
    assert w.frames()[-1] == w.device.occupancy if w.device.queued else True
    assert w.device.pending_events == 0


def test_the_board_settles_each_change_on_its_own_clock_and_a_roll_ends_the_window():
    """Protocol v2: the board reports a change once it has held for SETTLE_MS, so a pawn slid across a
    square is one change however late the link delivers it; a roll or a press right after a change
    ends its window (the change was on the board first), keeping the board's order."""
    w = Wire()
    w.device = BoardDevice(w.to_host.append, "test-fw", 0x1234, 0, settle_ms=C.SETTLE_MS)
    w.run(0.2)
    assert w.host.state == "ready"
    w.delivered.clear()
    start = with_token(empty_frame(), "c6", "red", True)
    w.device.set_occupancy(start, int(w.now * 1000))
    w.run(0.1, step=0.01)
    assert w.frames() == [start]                                  # held 50 ms, then reported
    passing = with_token(with_token(start, "c6", "red", False), "c7", "red", True)
    landed = with_token(start, "c6", "red", False)
    landed = with_token(landed, "c8", "red", True)
    t = int(w.now * 1000)
    w.device.set_occupancy(with_token(start, "c6", "red", False), t)   # lifted
    w.device.set_occupancy(passing, t + 10)                          # over c7 for 20 ms
    w.device.set_occupancy(landed, t + 30)                           # down on c8
    w.run(0.03, step=0.01)
    assert w.frames() == [start]                                  # still inside the window
    w.run(0.1, step=0.01)
    assert w.frames() == [start, landed]                          # one change: the slide never shows
    rolled = with_token(landed, "c8", "red", False)
    w.device.set_occupancy(rolled, int(w.now * 1000))
    w.device.dice_events([("roll", 1, 5)])                        # at once, inside the change's window
    w.run(0.2, step=0.01)
    kinds = [type(u).__name__ for u in w.delivered]
    assert w.frames() == [start, landed, rolled]
    assert kinds.index("DieRollUpdate") > len(kinds) - 1 - kinds[::-1].index("OccupancyUpdate")


def test_a_resync_for_the_boot_before_does_not_count_as_hearing_a_reboot():
    """A Pi that missed a reboot's HELLO still sends RESYNCs (a damaged frame) with the old boot id: the new
    boot must not take them as heard, or it would send its events, numbered from its own start, to a Pi
    that counts the old boot's ids (found by the garbage-and-reboot serial test). It answers with HELLO."""
    sent = []
    device = BoardDevice(sent.append, "test-fw", 0xBEEF, 0)
    device.set_occupancy(with_token(empty_frame(), "a1", "blue", True))
    sent.clear()
    old_boot = encode_frame(C.MSG_RESYNC, 0, bytes([0]) + (0x1234).to_bytes(4, "big"))
    acks_old = encode_frame(C.MSG_EVENT_ACK, 1, (0).to_bytes(2, "big"))
    device.receive(old_boot + acks_old, 10)
    assert not device.announced and device.pending_events == 1        # the old boot's ack took nothing
    assert [f.type for f in sent_to_device(b"".join(sent))] == [C.MSG_HELLO]
    sent.clear()
    device.receive(encode_frame(C.MSG_RESYNC, 2, bytes([C.RESYNC_FULL]) + (0xBEEF).to_bytes(4, "big")), 20)
    assert device.announced
    assert C.MSG_OCC_CHANGE in [f.type for f in sent_to_device(b"".join(sent))]   # now its events go out

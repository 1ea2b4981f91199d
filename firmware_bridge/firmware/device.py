# The board's side of the bridge protocol, without any I/O: the RP2040 firmware (main.py) and
# the host's emulator both drive this one class, so the emulator behaves as the real board does.
#
# Inputs: bytes from the host (receive), debounced occupancy (set_occupancy), dice events
# (dice_events), buttons (button) and the passage of time (tick). Outputs: wire bytes through
# the write callback, LED frames through show_leds, beeps through buzz.
#
# Game inputs (occupancy changes, rolls, die status, buttons) are events with a 16-bit id kept
# in an outbox until the host acknowledges them (cumulative ack, go-back-N retransmission), so a
# corrupted or dropped frame delays an event but never loses it. A snapshot of the full
# occupancy goes out every SNAPSHOT_MS as a safety net, and when a RESYNC asks for one.
#
# An occupancy event carries only the squares that differ from the previous *queued* occupancy
# event (OCC_DELTA, a few bytes instead of 130), because on a noisy line a short frame gets
# through far more often. The first one after boot, one the host asks for in full (RESYNC_FULL)
# and one whose delta would be bigger go out as a full OCC_CHANGE.
#
# After boot the board repeats HELLO every RETRANSMIT_MS until a RESYNC with its boot id shows
# the host heard it, and keeps its events and snapshots back until then: a host that missed the
# HELLO of a reboot would take the new boot's event ids for the old boot's (dropping them, or
# applying a delta to the wrong base).

import struct

try:
    from . import sbconst as C
    from .sbwire import Deframer, encode_frame
except ImportError:
    import sbconst as C  # type: ignore[no-redef]
    from sbwire import Deframer, encode_frame  # type: ignore[no-redef]


def _minus(later, earlier):
    return later - earlier


def _newer(a, b):
    """True when 16-bit id a comes after b (serial number arithmetic)."""
    return a != b and ((a - b) & 0xFFFF) < 0x8000


def delta(base, frame):
    """OCC_DELTA body: count, then (square, new mask) for each square where frame differs from base."""
    body = bytearray(1)
    for square in range(len(frame)):
        if frame[square] != base[square]:
            body.append(square)
            body.append(frame[square])
    body[0] = (len(body) - 1) // 2 & 0xFF
    return bytes(body)


class BoardDevice:
    def __init__(self, write, fw_id, boot_id, now_ms, show_leds=None, buzz=None,
                 ticks_diff=_minus, crc=None, settle_ms=0):
        self._write = write
        self.fw_id = fw_id
        self.protocol_version = C.PROTOCOL_VERSION
        self.boot_id = boot_id & 0xFFFFFFFF
        self._show_leds = show_leds
        self._buzz = buzz
        self._diff = ticks_diff
        self._deframer = Deframer(crc) if crc else Deframer()
        self.occupancy = bytes(C.SQUARES)  # as reported to the host
        self.settle_ms = settle_ms  # 0: each change at once; SETTLE_MS: settled on the board
        self._held = None  # a change waiting out its settle window, and since when
        self._held_ms = now_ms
        self._base = None  # occupancy of the last queued occupancy event; None: send the next in full
        self._acked = None  # occupancy of the last occupancy event the host acknowledged (None: none yet)
        self._seq = 0
        self._next_event = 0
        self._outbox = []  # [(event_id, msg_type, payload, occupancy or None)]
        self._sent_events_ms = now_ms
        self._hello_ms = now_ms
        self.announced = False  # a RESYNC has come since boot: the host knows this boot
        self._heartbeat_ms = now_ms
        self._snapshot_ms = now_ms
        self._start_ms = now_ms
        self.overflowed = 0
        self.unknown_messages = 0
        self.host_hellos = 0
        self.led_frames = 0
        self.last_led_frame = None

    # -- output ---------------------------------------------------------------------------

    def _send(self, msg_type, payload=b""):
        frame = encode_frame(msg_type, self._seq, payload)
        self._seq = (self._seq + 1) & 0xFF
        self._write(frame)

    def hello(self):
        """Announce version, geometry and firmware id (at boot, and on every HOST_HELLO)."""
        oldest = self._outbox[0][0] if self._outbox else self._next_event
        payload = struct.pack(">BBBBIH", self.protocol_version, C.FILES, C.RANKS, C.CHANNELS,
                              self.boot_id, oldest) + self.fw_id.encode()
        self._send(C.MSG_HELLO, payload)

    def snapshot(self):
        self._send(C.MSG_SNAPSHOT, struct.pack(">H", self._next_event) + self.occupancy)

    def _event(self, msg_type, body, frame=None):
        if len(self._outbox) >= C.OUTBOX_MAX:
            # The host has been away too long. Occupancy is still right in the snapshot.
            self.overflowed += 1
            return False
        event_id = self._next_event
        self._next_event = (event_id + 1) & 0xFFFF
        payload = struct.pack(">H", event_id) + body
        if not self._outbox:
            self._sent_events_ms = None  # start the retransmit timer at the next tick
        self._outbox.append((event_id, msg_type, payload, frame))
        if self.announced:
            self._send(msg_type, payload)
        return True

    def _occupancy_event(self, frame):
        # Against the last *queued* frame, not the last one sensed: after an outbox overflow the
        # host's event base is still that frame (the snapshot corrects its view, not its base).
        base = self._base
        if base is not None:
            body = delta(base, frame)
            if len(body) <= C.SQUARES:
                if self._event(C.MSG_OCC_DELTA, body, frame):
                    self._base = frame
                return
        if self._event(C.MSG_OCC_CHANGE, frame, frame):
            self._base = frame

    def _send_full_occupancy(self):
        # The host lacks a base: the first occupancy event it has not acknowledged goes in full, and a
        # snapshot as of the first event it has not acknowledged goes ahead of everything: the tokens
        # stood then as the last acknowledged occupancy event left them. A host that restarted after
        # taking a move it never passed on learns that move from it, before the roll or the next move
        # that followed (a full frame alone would fold the two into one difference).
        outbox = self._outbox
        if outbox and self._acked is not None:
            self._send(C.MSG_SNAPSHOT, struct.pack(">H", outbox[0][0]) + self._acked)
        for i in range(len(outbox)):
            event_id, _msg_type, payload, frame = outbox[i]
            if frame is not None:
                outbox[i] = (event_id, C.MSG_OCC_CHANGE, payload[:2] + frame, frame)
                return
        self._base = None

    # -- inputs from the board ------------------------------------------------------------

    def set_occupancy(self, frame, now_ms=None):
        """A new debounced occupancy frame (128 bytes); sent as an event if it changed.

        With settle_ms (the firmware and the emulator: SETTLE_MS) and a time, the change is held until
        it has stayed that long (see tick), so a pawn slid across squares is one change. The board
        settles because only it knows when a change happened: one sent again after a damaged frame
        reaches the Pi late, and the Pi passes the board's changes on as they come."""
        frame = bytes(frame)
        if self.settle_ms and now_ms is not None:
            if frame != self._held:
                self._held, self._held_ms = frame, now_ms
            return False
        return self._report(frame)

    def _report(self, frame):
        self._held = None
        if frame == self.occupancy:
            return False
        self.occupancy = frame
        self._occupancy_event(frame)
        return True

    def _report_held(self):
        """A roll or a press ends a change's settle window: the change was on the board before it."""
        if self._held is not None:
            self._report(self._held)

    def dice_events(self, events):
        """Events from dice.DiceTracker: ("roll", uid, face) or ("status", uid, code)."""
        for kind, uid, value in events:
            if kind == "roll":
                self._report_held()
            msg = C.MSG_DIE_ROLL if kind == "roll" else C.MSG_DIE_STATUS
            self._event(msg, struct.pack(">IB", uid, value))

    def button(self, code):
        self._report_held()
        self._event(C.MSG_BUTTON, bytes((code,)))

    # -- inputs from the host -------------------------------------------------------------

    def receive(self, data, now_ms):
        for msg_type, _seq, payload in self._deframer.feed(bytes(data)):
            self._handle(msg_type, payload, now_ms)

    def _handle(self, msg_type, payload, now_ms):
        if msg_type == C.MSG_HOST_HELLO:
            self.host_hellos += 1
            self.hello()
        elif msg_type == C.MSG_RESYNC:
            if len(payload) >= 5 and struct.unpack(">I", payload[1:5])[0] == self.boot_id:
                self.announced = True
            elif not self.announced:
                # a RESYNC meant for the boot before this one: the Pi has not heard this HELLO yet
                self.hello()
                return
            flags = payload[0] if payload else C.RESYNC_SNAPSHOT
            if flags & C.RESYNC_FULL:
                self._send_full_occupancy()
            if flags & C.RESYNC_SNAPSHOT:
                self.snapshot()
                self._snapshot_ms = now_ms
            self._retransmit(now_ms)
        elif msg_type == C.MSG_EVENT_ACK and len(payload) == 2 and self.announced:
            # (before the Pi has heard this boot, an ack counts the ids of the boot before it)
            acked = struct.unpack(">H", payload)[0]
            outbox = self._outbox
            while outbox and not _newer(outbox[0][0], acked):
                frame = outbox.pop(0)[3]
                if frame is not None:
                    self._acked = frame
        elif msg_type == C.MSG_LED_FRAME and len(payload) == 2 + C.LED_BYTES:
            self.led_frames += 1
            self.last_led_frame = bytes(payload[2:])
            if self._show_leds:
                self._show_leds(self.last_led_frame)
            self._send(C.MSG_LED_ACK, payload[:2])
        elif msg_type == C.MSG_BUZZ and len(payload) == 4:
            ms, hz = struct.unpack(">HH", payload)
            if self._buzz:
                self._buzz(ms, hz)
        elif msg_type == C.MSG_HOST_HEARTBEAT:
            pass
        else:
            self.unknown_messages += 1

    # -- time -------------------------------------------------------------------------------

    def tick(self, now_ms):
        if self._held is not None and self._diff(now_ms, self._held_ms) >= self.settle_ms:
            self._report(self._held)
        if not self.announced:
            if self._diff(now_ms, self._hello_ms) >= C.RETRANSMIT_MS:
                self._hello_ms = now_ms
                self.hello()
            self._snapshot_ms = self._sent_events_ms = now_ms
        if self._diff(now_ms, self._heartbeat_ms) >= C.HEARTBEAT_MS:
            self._heartbeat_ms = now_ms
            self._send(C.MSG_HEARTBEAT, struct.pack(">I", self._diff(now_ms, self._start_ms) & 0xFFFFFFFF))
        if self._diff(now_ms, self._snapshot_ms) >= C.SNAPSHOT_MS:
            self._snapshot_ms = now_ms
            self.snapshot()
        if self._sent_events_ms is None:
            self._sent_events_ms = now_ms
        elif self._outbox and self._diff(now_ms, self._sent_events_ms) >= C.RETRANSMIT_MS:
            self._retransmit(now_ms)

    def _retransmit(self, now_ms):
        self._sent_events_ms = now_ms
        for _event_id, msg_type, payload, _frame in self._outbox:
            self._send(msg_type, payload)

    @property
    def settling(self):
        """A change is waiting out its settle window: the board has not sent it yet."""
        return self._held is not None

    @property
    def pending_events(self):
        return len(self._outbox)

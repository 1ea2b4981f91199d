"""The Pi's side of the bridge protocol as a state machine without I/O (the link thread feeds it).

It performs the version handshake, asks for a full-state resync after every (re)connect and
every sequence gap, acknowledges events, delivers each event exactly once and in order, retries
LED frames until the board acknowledges them, and sends heartbeats. Everything it hands out has
passed the CRC and a payload check; everything else is counted in ``stats`` and logged.

Occupancy events mostly arrive as deltas (OCC_DELTA). They apply to the occupancy as of the last
delivered occupancy event, the "event base", kept apart from the published view that snapshots
may correct: the board computes each delta against its last *queued* occupancy event, which is
exactly that base even when changes were coalesced by an outbox overflow.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import NamedTuple

from firmware_bridge import messages as M
from firmware_bridge.firmware import sbconst as C
from firmware_bridge.framing import FrameDecoder, encode_frame

log = logging.getLogger(__name__)

LED_RETRY_S = 0.25
STALLED_FRAME_S = 0.03  # a frame missing its delimiter this long lost it (the board writes whole frames)
HELLO_RETRY_S = 0.1  # a lost HELLO costs this much; the board answers within milliseconds


class OccupancyUpdate(NamedTuple):
    """A sensor frame for the core; ``correction`` when it came from a snapshot, not an event."""

    frame: bytes
    correction: bool = False


class DieRollUpdate(NamedTuple):
    die: str
    face: int


class DieStatusUpdate(NamedTuple):
    die: str
    status: str


class ButtonUpdate(NamedTuple):
    name: str


class LinkUpdate(NamedTuple):
    """The link came up (with the board's firmware id) or went down (with the reason)."""

    up: bool
    detail: str


@dataclass
class SessionStats:
    hellos: int = 0
    version_mismatch: int = 0
    bad_geometry: int = 0
    unknown_type: int = 0
    bad_payload: int = 0
    before_hello: int = 0
    seq_gaps: int = 0
    duplicate_events: int = 0
    out_of_order_events: int = 0
    unbound_die: int = 0
    snapshot_corrections: int = 0
    delta_without_base: int = 0
    led_acks: int = 0
    led_retries: int = 0
    resyncs_requested: int = 0


def version_mismatch_message(board_version: int, firmware: str) -> str:
    """Say which side to update, in words a maker can act on."""
    if board_version < C.PROTOCOL_VERSION:
        action = ("flash the reference firmware from this release (firmware_bridge/firmware/) "
                  "onto the board")
    else:
        action = "update soccerboard on the Pi (pip install -U soccerboard)"
    return (f"board firmware {firmware!r} speaks bridge protocol v{board_version}, this daemon speaks "
            f"v{C.PROTOCOL_VERSION}: {action}; ignoring the board until then")


def _newer(a: int, b: int) -> bool:
    return a != b and ((a - b) & 0xFFFF) < 0x8000


class HostSession:
    """Feed it bytes and time; it returns bytes to send and delivers updates through a callback."""

    def __init__(self, deliver: Callable[[object], None], die_binding: dict[int, str]) -> None:
        self._deliver = deliver
        self._dice = dict(die_binding)
        self.decoder = FrameDecoder()
        self.stats = SessionStats()
        self.state = "closed"  # closed | handshake | ready | incompatible
        self.firmware = ""
        self._boot_id: int | None = None
        self._expected_event: int | None = None
        self._early: dict[int, M.Event] = {}  # events that arrived before an earlier lost one
        self._latest_frame: bytes | None = None  # what the core was last given
        self._event_frame: bytes | None = None  # occupancy as of the last delivered occupancy event
        self._rx_seq: int | None = None
        self._tx_seq = 0
        self._last_rx = 0.0
        self._last_tx_heartbeat = 0.0
        self._last_hello_sent = 0.0
        self._resync_wanted = False
        self._resync_snapshot = False
        self._partial_since: float | None = None  # when the decoder began holding an unfinished frame
        self._led_frame: bytes | None = None
        self._led_id = 0
        self._led_pending = False
        self._led_sent_at: float | None = None
        self._outgoing: list[bytes] = []
        self._mismatch_logged = False

    # -- connection ---------------------------------------------------------------------

    def connection_made(self, now: float) -> bytes:
        self.decoder.reset()
        self.state = "handshake"
        self._rx_seq = None
        self._last_rx = now
        self._mismatch_logged = False
        self._resync_wanted = self._resync_snapshot = False
        self._partial_since = None
        self._last_hello_sent = now
        # A lone delimiter ends whatever half frame the board may be holding.
        return b"\x00" + self._frame(C.MSG_HOST_HELLO, M.host_hello())

    def connection_lost(self, reason: str) -> None:
        was_ready = self.state == "ready"
        self.state = "closed"
        if was_ready:
            self._deliver(LinkUpdate(False, reason))

    def link_dead(self, now: float) -> bool:
        """True when a ready board has been silent too long: the link thread reopens the port."""
        return self.state == "ready" and now - self._last_rx > C.LINK_TIMEOUT_MS / 1000

    # -- requests from the core (called under the link's lock) ---------------------------

    def show_leds(self, frame: bytes) -> None:
        self._led_frame = frame
        self._led_id = (self._led_id + 1) & 0xFFFF
        self._led_pending = True
        self._led_sent_at = None

    def buzz(self, seconds: float, frequency_hz: int = 2000) -> None:
        if self.state == "ready":
            self._outgoing.append(self._frame(C.MSG_BUZZ, M.buzz(int(seconds * 1000), frequency_hz)))

    @property
    def led_pending(self) -> bool:
        return self._led_pending

    def next_due(self) -> float:
        """When ``poll`` next has something to do (monotonic seconds; inf: only bytes from the board can
        change that): a link thread sleeps on the port until then, or until it is woken by a request."""
        if self._outgoing:
            return 0.0
        due = float("inf")
        if self._partial_since is not None:
            due = self._partial_since + STALLED_FRAME_S
        if self.state in ("handshake", "incompatible"):
            due = min(due, self._last_hello_sent + (HELLO_RETRY_S if self.state == "handshake" else 5.0))
        elif self.state == "ready":
            if self._resync_wanted and self._boot_id is not None:
                return 0.0
            due = min(due, self._last_tx_heartbeat + C.HEARTBEAT_MS / 1000, self._last_rx + C.LINK_TIMEOUT_MS / 1000)
            if self._led_pending and self._led_frame is not None:
                due = min(due, 0.0 if self._led_sent_at is None else self._led_sent_at + LED_RETRY_S)
        return due

    # -- bytes in, bytes out -----------------------------------------------------------

    def data_received(self, data: bytes, now: float) -> bytes:
        got_event = False
        errors = self.decoder.stats.errors
        for frame in self.decoder.feed(data):
            self._last_rx = now
            self._check_seq(frame.seq, frame.type)
            try:
                got_event |= self._handle(frame.type, frame.payload)
            except M.BadPayload as exc:
                self.stats.bad_payload += 1
                log.warning("dropped a %#04x frame with a bad payload: %s", frame.type, exc)
        if got_event and self._expected_event is not None:
            self._outgoing.append(self._frame(C.MSG_EVENT_ACK, M.u16(self._expected_event - 1)))
        if not self.decoder.pending:
            self._partial_since = None
        elif self._partial_since is None:
            self._partial_since = now
        if self.decoder.stats.errors != errors:
            self._request_resync()  # a damaged frame may have been an event: ask now, not at a timer
        self._send_resync()  # one for the whole read, however many frames in it were damaged
        return self._take_outgoing()

    def poll(self, now: float) -> bytes:
        if self._partial_since is not None and now - self._partial_since >= STALLED_FRAME_S:
            self._partial_since = None
            if self.decoder.drop_partial():
                self._request_resync()
        if self.state in ("handshake", "incompatible"):
            retry = HELLO_RETRY_S if self.state == "handshake" else 5.0
            if now - self._last_hello_sent >= retry:
                self._last_hello_sent = now
                self._outgoing.append(self._frame(C.MSG_HOST_HELLO, M.host_hello()))
        elif self.state == "ready":
            self._send_resync()
            if now - self._last_tx_heartbeat >= C.HEARTBEAT_MS / 1000:
                self._last_tx_heartbeat = now
                self._outgoing.append(self._frame(C.MSG_HOST_HEARTBEAT))
            due = self._led_sent_at is None or now - self._led_sent_at >= LED_RETRY_S
            if self._led_pending and self._led_frame is not None and due:
                if self._led_sent_at is not None:
                    self.stats.led_retries += 1
                self._led_sent_at = now
                self._outgoing.append(
                    self._frame(C.MSG_LED_FRAME, M.led_frame(self._led_id, self._led_frame)))
        return self._take_outgoing()

    # -- internals ---------------------------------------------------------------------

    def _frame(self, msg_type: int, payload: bytes = b"") -> bytes:
        frame = encode_frame(msg_type, self._tx_seq, payload)
        self._tx_seq = (self._tx_seq + 1) & 0xFF
        return frame

    def _take_outgoing(self) -> bytes:
        out, self._outgoing = b"".join(self._outgoing), []
        return out

    def _request_resync(self, snapshot: bool = False) -> None:
        """Ask for a RESYNC, sent at the end of the current read (or poll): no timer, no rate limit.

        Each one answers a loss the Pi has seen and costs the board only its outbox, so the rate is
        bounded by the damage, and lost events come back within a round trip."""
        self._resync_wanted = True
        self._resync_snapshot |= snapshot

    def _send_resync(self) -> None:
        # "ready" follows an accepted HELLO, so the boot id is known by then
        if self._resync_wanted and self.state == "ready" and self._boot_id is not None:
            self.stats.resyncs_requested += 1
            # Without a base for deltas, ask for the next occupancy event in full.
            flags = M.resync(full=self._event_frame is None, snapshot=self._resync_snapshot, boot_id=self._boot_id)
            self._resync_wanted = self._resync_snapshot = False
            self._outgoing.append(self._frame(C.MSG_RESYNC, flags))

    def _check_seq(self, seq: int, msg_type: int) -> None:
        expected, self._rx_seq = self._rx_seq, seq
        if expected is not None and seq != (expected + 1) & 0xFF and msg_type != C.MSG_HELLO:
            self.stats.seq_gaps += 1
            self._request_resync()  # something was lost: get it back now, not at the next timer

    def _handle(self, msg_type: int, payload: bytes) -> bool:
        """Handle one good frame; True when it was an event (so an ack is due)."""
        if msg_type == C.MSG_HELLO:
            self._on_hello(M.parse_hello(payload))
            return False
        known = msg_type in C.EVENT_TYPES or msg_type in (C.MSG_HEARTBEAT, C.MSG_SNAPSHOT, C.MSG_LED_ACK)
        if not known:
            self.stats.unknown_type += 1
            log.warning("dropped a frame of unknown type %#04x", msg_type)
            return False
        if self.state != "ready":
            self.stats.before_hello += 1
            return False
        if msg_type in C.EVENT_TYPES:
            self._on_event(M.parse_event(msg_type, payload))
            return True
        if msg_type == C.MSG_SNAPSHOT:
            self._on_snapshot(M.parse_snapshot(payload))
        elif msg_type == C.MSG_LED_ACK:
            if M.parse_u16(payload) == self._led_id and self._led_pending:
                self._led_pending = False
                self.stats.led_acks += 1
        else:
            M.parse_heartbeat(payload)
        return False

    def _on_hello(self, hello: M.Hello) -> None:
        self.stats.hellos += 1
        if hello.version != C.PROTOCOL_VERSION:
            self.stats.version_mismatch += 1
            if not self._mismatch_logged:
                log.error(version_mismatch_message(hello.version, hello.firmware))
                self._mismatch_logged = True
            self.state = "incompatible"
            return
        if (hello.files, hello.ranks, hello.channels) != (C.FILES, C.RANKS, C.CHANNELS):
            self.stats.bad_geometry += 1
            if not self._mismatch_logged:
                log.error("board %r reports %dx%d squares with %d channels; this daemon needs %dx%d "
                          "with %d: check the firmware's configuration", hello.firmware, hello.files,
                          hello.ranks, hello.channels, C.FILES, C.RANKS, C.CHANNELS)
                self._mismatch_logged = True
            self.state = "incompatible"
            return
        if hello.boot_id != self._boot_id or self._expected_event is None:
            if self._boot_id is not None:
                log.info("board rebooted (boot id %08x): resynchronising", hello.boot_id)
            self._boot_id = hello.boot_id
            self._expected_event = hello.next_unacked
            self._early.clear()
            self._event_frame = None  # a new board boot: its first occupancy event comes in full
        elif _newer(hello.next_unacked, self._expected_event):
            self._expected_event = hello.next_unacked
            self._early.clear()
            self._event_frame = None  # events were skipped: the base is stale
        was_ready = self.state == "ready"
        self.state = "ready"
        self.firmware = hello.firmware
        self._rx_seq = None
        self._request_resync(snapshot=True)  # full state after every (re)connect
        self._led_sent_at = None  # and the LEDs as they should be
        self._led_pending = self._led_frame is not None
        if not was_ready:
            log.info("board %r connected (protocol v%d)", hello.firmware, hello.version)
            self._deliver(LinkUpdate(True, hello.firmware))

    def _on_event(self, event: M.Event) -> None:
        """Deliver events strictly in id order; keep early arrivals until the gap before them fills."""
        expected = self._expected_event
        assert expected is not None
        if event.event_id != expected:
            if _newer(event.event_id, expected) and ((event.event_id - expected) & 0xFFFF) <= C.OUTBOX_MAX:
                self.stats.out_of_order_events += 1  # an earlier one was lost; it will be resent
                self._early[event.event_id] = event
            else:
                self.stats.duplicate_events += 1
            return
        due: M.Event | None = event
        while due is not None:
            if isinstance(due, M.OccDelta) and self._event_frame is None:
                # Nothing to apply it to: leave it unacknowledged and ask for it in full.
                self.stats.delta_without_base += 1
                log.warning("occupancy delta %d arrived without a base; asking the board for a full frame",
                            due.event_id)
                self._request_resync()
                return
            self._expected_event = (due.event_id + 1) & 0xFFFF
            self._deliver_event(due)
            due = self._early.pop(self._expected_event, None)

    def _deliver_event(self, event: M.Event) -> None:
        if isinstance(event, M.OccChange):
            self._event_frame = event.frame
            self._publish_frame(event.frame, correction=False)
        elif isinstance(event, M.OccDelta):
            assert self._event_frame is not None
            self._event_frame = M.apply_delta(self._event_frame, event.changes)
            self._publish_frame(self._event_frame, correction=False)
        elif isinstance(event, M.ButtonMsg):
            self._deliver(ButtonUpdate(event.button))
        else:
            die = self._dice.get(event.uid)
            if die is None:
                self.stats.unbound_die += 1
                log.warning("die %08x is not bound to a team; ignoring it (bind it in the config)",
                            event.uid)
            elif isinstance(event, M.DieRollMsg):
                self._deliver(DieRollUpdate(die, event.face))
            else:
                self._deliver(DieStatusUpdate(die, event.status))

    def _on_snapshot(self, snap: M.Snapshot) -> None:
        # Only trust a snapshot once every event before it has arrived, else it would jump ahead.
        if snap.next_event == self._expected_event and snap.frame != self._latest_frame:
            if self._latest_frame is not None:
                self.stats.snapshot_corrections += 1
            self._publish_frame(snap.frame, correction=self._latest_frame is not None)

    def _publish_frame(self, frame: bytes, correction: bool) -> None:
        self._latest_frame = frame
        self._deliver(OccupancyUpdate(frame, correction))

    def stats_dict(self) -> dict[str, int]:
        return {**self.decoder.stats.as_dict(), **asdict(self.stats)}

"""Host-side message layouts: parse what the board sends, build what the host sends.

Layouts are documented in README.md and the numbers live in ``firmware/sbconst.py``, shared with
the firmware. Parsers raise ``BadPayload`` for a payload of the wrong length or with impossible
values, so the session can count it and drop it.
"""

from __future__ import annotations

import itertools
import struct
from typing import NamedTuple

from firmware_bridge.firmware import sbconst as C

_HELLO = struct.Struct(">BBBBIH")


class BadPayload(ValueError):
    """A frame with a good CRC whose payload does not fit its message type."""


class Hello(NamedTuple):
    version: int
    files: int
    ranks: int
    channels: int
    boot_id: int
    next_unacked: int  # oldest event id the board still holds (or the next it will use)
    firmware: str


class Snapshot(NamedTuple):
    next_event: int
    frame: bytes


class OccChange(NamedTuple):
    event_id: int
    frame: bytes


class OccDelta(NamedTuple):
    """The squares whose mask differs from the previous occupancy event, with their new masks."""

    event_id: int
    changes: tuple[tuple[int, int], ...]


class DieRollMsg(NamedTuple):
    event_id: int
    uid: int
    face: int


class DieStatusMsg(NamedTuple):
    event_id: int
    uid: int
    status: str


class ButtonMsg(NamedTuple):
    event_id: int
    button: str


def parse_hello(payload: bytes) -> Hello:
    """HELLO's first byte is the version in every protocol version; the rest may differ."""
    if len(payload) < 1:
        raise BadPayload("empty HELLO")
    if payload[0] != C.PROTOCOL_VERSION:
        return Hello(payload[0], 0, 0, 0, 0, 0, _text(payload[_HELLO.size :]))
    if len(payload) < _HELLO.size:
        raise BadPayload("HELLO too short")
    version, files, ranks, channels, boot_id, next_unacked = _HELLO.unpack_from(payload)
    return Hello(version, files, ranks, channels, boot_id, next_unacked, _text(payload[_HELLO.size :]))


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", "replace")[:64]


def _frame(raw: bytes) -> bytes:
    if len(raw) != C.SQUARES or any(b > 7 for b in raw):
        raise BadPayload("occupancy frame must be 128 masks of 3 bits")
    return bytes(raw)


def parse_snapshot(payload: bytes) -> Snapshot:
    if len(payload) != 2 + C.SQUARES:
        raise BadPayload("SNAPSHOT has the wrong length")
    return Snapshot(struct.unpack_from(">H", payload)[0], _frame(payload[2:]))


def _delta(body: bytes) -> tuple[tuple[int, int], ...]:
    """Squares strictly ascending (so none twice), each below 128, masks of 3 bits."""
    if not body or len(body) != 1 + 2 * body[0]:
        raise BadPayload("OCC_DELTA length does not match its count")
    squares, masks = body[1::2], body[2::2]
    if any(m > 7 for m in masks) or any(s >= C.SQUARES for s in squares):
        raise BadPayload("OCC_DELTA square or mask out of range")
    if any(a >= b for a, b in itertools.pairwise(squares)):
        raise BadPayload("OCC_DELTA squares not in ascending order")
    return tuple(zip(squares, masks, strict=True))


def apply_delta(base: bytes, changes: tuple[tuple[int, int], ...]) -> bytes:
    """The occupancy after an OCC_DELTA: idempotent (new masks, not XOR)."""
    frame = bytearray(base)
    for square, mask in changes:
        frame[square] = mask
    return bytes(frame)


Event = OccChange | OccDelta | DieRollMsg | DieStatusMsg | ButtonMsg


def parse_event(msg_type: int, payload: bytes) -> Event:
    """One of the reliable event messages (C.EVENT_TYPES)."""
    if len(payload) < 2:
        raise BadPayload("event without an id")
    event_id = struct.unpack_from(">H", payload)[0]
    body = payload[2:]
    if msg_type == C.MSG_OCC_CHANGE:
        return OccChange(event_id, _frame(body))
    if msg_type == C.MSG_OCC_DELTA:
        return OccDelta(event_id, _delta(body))
    if msg_type in (C.MSG_DIE_ROLL, C.MSG_DIE_STATUS):
        if len(body) != 5:
            raise BadPayload("die message has the wrong length")
        uid, value = struct.unpack(">IB", body)
        if msg_type == C.MSG_DIE_ROLL:
            if not 1 <= value <= 6:
                raise BadPayload(f"die face {value} out of range")
            return DieRollMsg(event_id, uid, value)
        if value >= len(C.DIE_STATUS_NAMES):
            raise BadPayload(f"unknown die status {value}")
        return DieStatusMsg(event_id, uid, C.DIE_STATUS_NAMES[value])
    if msg_type == C.MSG_BUTTON:
        if len(body) != 1 or body[0] >= len(C.BUTTON_NAMES):
            raise BadPayload("unknown button")
        return ButtonMsg(event_id, C.BUTTON_NAMES[body[0]])
    raise BadPayload(f"not an event type: {msg_type:#x}")


def parse_u16(payload: bytes) -> int:
    if len(payload) != 2:
        raise BadPayload("expected a 16-bit value")
    return struct.unpack(">H", payload)[0]


def parse_heartbeat(payload: bytes) -> int:
    if len(payload) != 4:
        raise BadPayload("HEARTBEAT has the wrong length")
    return struct.unpack(">I", payload)[0]


def host_hello() -> bytes:
    return bytes((C.PROTOCOL_VERSION,))


def resync(full: bool, snapshot: bool, boot_id: int) -> bytes:
    """Flags, then the boot id of the HELLO the Pi accepted: only a board of that boot takes it as heard."""
    return struct.pack(">BI", (C.RESYNC_FULL if full else 0) | (C.RESYNC_SNAPSHOT if snapshot else 0),
                       boot_id & 0xFFFFFFFF)


def led_frame(frame_id: int, frame: bytes) -> bytes:
    return struct.pack(">H", frame_id & 0xFFFF) + frame


def buzz(duration_ms: int, frequency_hz: int) -> bytes:
    return struct.pack(">HH", min(max(duration_ms, 0), 0xFFFF), min(max(frequency_hz, 0), 0xFFFF))


def u16(value: int) -> bytes:
    return struct.pack(">H", value & 0xFFFF)

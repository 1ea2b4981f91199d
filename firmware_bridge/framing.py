"""Host-side frame decoder: bytes from the serial port in, checked frames out.

Framing is COBS with a zero delimiter and a CRC-16/CCITT-FALSE over every frame (see
``firmware/sbwire.py`` for the shared codec and README.md for the layout). This decoder is the
gate: whatever is malformed is counted, logged at debug level and dropped, and decoding resumes
at the next delimiter, so no damaged frame ever reaches the protocol layer. The CRC uses
``binascii.crc_hqx`` (the same polynomial, in C) to keep well above 20,000 frames per second.
"""

from __future__ import annotations

import binascii
import logging
from dataclasses import dataclass, fields
from typing import NamedTuple

from firmware_bridge.firmware import sbconst as C
from firmware_bridge.firmware.sbwire import cobs_decode
from firmware_bridge.firmware.sbwire import encode_frame as _encode_frame

log = logging.getLogger(__name__)


def crc16(data: bytes, crc: int = 0xFFFF) -> int:
    """CRC-16/CCITT-FALSE, computed in C."""
    return binascii.crc_hqx(data, crc)


def encode_frame(msg_type: int, seq: int, payload: bytes = b"") -> bytes:
    """One wire frame including the trailing zero delimiter."""
    return _encode_frame(msg_type, seq, payload, crc16)


class Frame(NamedTuple):
    """A frame whose CRC checked out."""

    type: int
    seq: int
    payload: bytes


@dataclass
class DecoderStats:
    """What the decoder saw; every bad frame lands in exactly one counter."""

    frames: int = 0
    bad_cobs: int = 0
    bad_crc: int = 0
    too_short: int = 0
    oversize: int = 0
    stalled: int = 0  # a partial frame that never got its delimiter (dropped by ``drop_partial``)

    @property
    def errors(self) -> int:
        return self.bad_cobs + self.bad_crc + self.too_short + self.oversize + self.stalled

    def as_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


class FrameDecoder:
    """Incremental: ``feed(chunk)`` returns the complete, CRC-valid frames found so far."""

    def __init__(self, max_encoded: int = C.MAX_ENCODED) -> None:
        self._max = max_encoded
        self._partial = b""
        self._skipping = False  # inside an oversize run: drop until the next delimiter
        self.stats = DecoderStats()

    def reset(self) -> None:
        """Forget a partial frame (after a reconnect the old bytes mean nothing)."""
        self._partial = b""
        self._skipping = False

    @property
    def pending(self) -> bool:
        """Bytes of a frame whose delimiter has not arrived yet."""
        return bool(self._partial)

    def drop_partial(self) -> bool:
        """Drop a partial frame that stopped arriving: its delimiter was damaged on the way. The
        board writes whole frames, so without this the loss would show only at its next frame."""
        if not self._partial:
            return False
        self._partial = b""
        self.stats.stalled += 1
        log.debug("a frame stopped before its delimiter; dropped")
        return True

    def feed(self, data: bytes) -> list[Frame]:
        if not data:
            return []
        parts = data.split(b"\x00")
        tail = parts.pop()  # bytes after the last delimiter: an incomplete frame
        frames: list[Frame] = []
        if parts:
            first = parts[0]
            if self._skipping:
                self._skipping = False
                parts[0] = b""
            elif self._partial:
                parts[0] = self._partial + first
            self._partial = b""
            decode = self._decode
            append = frames.append
            for chunk in parts:
                if chunk:
                    frame = decode(chunk)
                    if frame is not None:
                        append(frame)
        if not self._skipping:
            self._partial += tail
            if len(self._partial) > self._max:
                self._partial = b""
                self._skipping = True
                self.stats.oversize += 1
                log.debug("oversize frame dropped; resyncing at the next delimiter")
        return frames

    def _decode(self, chunk: bytes) -> Frame | None:
        stats = self.stats
        if len(chunk) > self._max:
            stats.oversize += 1
            log.debug("oversize frame (%d bytes) dropped", len(chunk))
            return None
        try:
            body = cobs_decode(chunk)
        except ValueError:
            stats.bad_cobs += 1
            log.debug("malformed COBS frame dropped")
            return None
        if len(body) < C.MIN_BODY:
            stats.too_short += 1
            log.debug("frame too short (%d bytes) dropped", len(body))
            return None
        if binascii.crc_hqx(body, 0xFFFF) != 0:
            # A CRC-16/CCITT-FALSE over data followed by its big-endian CRC is zero.
            stats.bad_crc += 1
            log.debug("frame with a wrong CRC dropped")
            return None
        stats.frames += 1
        return Frame(body[0], body[1], body[2:-2])

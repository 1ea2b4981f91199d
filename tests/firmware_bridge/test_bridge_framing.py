"""The frame codec: COBS round trips, CRC check value, the decoder as a gate for bad bytes, and
the occupancy delta (OCC_DELTA) from the firmware's encoder through the decoder to the parser."""

from __future__ import annotations

import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge import messages as M
from firmware_bridge.firmware import sbconst as C
from firmware_bridge.firmware import sbwire
from firmware_bridge.firmware.device import delta
from firmware_bridge.framing import Frame, FrameDecoder, crc16, encode_frame


def test_crc16_is_ccitt_false_and_matches_the_firmware_table():
    assert crc16(b"123456789") == 0x29B1
    assert sbwire.crc16(b"123456789") == 0x29B1
    for data in (b"", b"\x00", bytes(range(256)), b"\xff" * 300):
        assert sbwire.crc16(data) == crc16(data)


@given(st.binary(max_size=1200))
def test_cobs_round_trip_has_no_zero_bytes(data):
    encoded = sbwire.cobs_encode(data)
    assert 0 not in encoded
    assert sbwire.cobs_decode(encoded) == data


def test_decoder_returns_frames_split_across_reads():
    wire = encode_frame(C.MSG_HEARTBEAT, 7, b"\x00\x00\x01\x00") + encode_frame(C.MSG_LED_ACK, 8, b"\x00\x05")
    decoder = FrameDecoder()
    got = []
    for i in range(len(wire)):
        got += decoder.feed(wire[i : i + 1])
    assert got == [Frame(C.MSG_HEARTBEAT, 7, b"\x00\x00\x01\x00"), Frame(C.MSG_LED_ACK, 8, b"\x00\x05")]
    assert decoder.stats.errors == 0


def test_each_kind_of_bad_frame_is_counted_and_the_next_good_frame_survives():
    good = encode_frame(C.MSG_HEARTBEAT, 1, b"\x01\x02\x03\x04")
    bad_crc = bytearray(good)
    bad_crc[4] ^= 0x40  # a payload byte, still non-zero after the flip
    truncated = sbwire.cobs_encode(sbwire.cobs_decode(good[:-1])[:-1]) + b"\x00"  # lost its last byte
    too_short = sbwire.cobs_encode(b"\x02\x01") + b"\x00"
    bad_cobs = b"\x09\x01\x02\x00"  # code byte claims more bytes than the frame holds
    oversize = b"\x01" * (C.MAX_ENCODED + 50)  # no delimiter for far too long
    decoder = FrameDecoder()
    out = decoder.feed(bytes(bad_crc) + truncated + too_short + bad_cobs + oversize)
    out += decoder.feed(b"\x01\x01\x00" + good)
    out += decoder.feed(good[:-3])  # a frame whose end (and delimiter) never comes
    assert decoder.pending and decoder.drop_partial() and not decoder.pending
    out += decoder.feed(good)  # the next frame is not glued to the stalled one
    assert out == [Frame(C.MSG_HEARTBEAT, 1, b"\x01\x02\x03\x04")] * 2
    assert decoder.stats.as_dict() == {
        "frames": 2, "bad_cobs": 1, "bad_crc": 2, "too_short": 1, "oversize": 1, "stalled": 1,
    }


def _reference_cobs_decode(chunk: bytes) -> bytes | None:
    """A deliberately naive COBS decoder, independent of the one under test."""
    out = []
    i = 0
    while i < len(chunk):
        code = chunk[i]
        if i + code > len(chunk):
            return None
        out.extend(chunk[i + 1 : i + code])
        i += code
        if code < 0xFF and i < len(chunk):
            out.append(0)
    return bytes(out)


def _reference_frames(wire: bytes) -> list[Frame]:
    """Every complete chunk of the wire whose CRC-16/CCITT-FALSE (table version) checks out."""
    frames = []
    for chunk in wire.split(b"\x00")[:-1]:
        if not chunk or len(chunk) > C.MAX_ENCODED:
            continue
        body = _reference_cobs_decode(chunk)
        if body is None or len(body) < 4:
            continue
        if sbwire.crc16(body[:-2]) == int.from_bytes(body[-2:], "big"):
            frames.append(Frame(body[0], body[1], body[2:-2]))
    return frames


_masks = st.binary(min_size=C.SQUARES, max_size=C.SQUARES).map(lambda raw: bytes(b & 7 for b in raw))
_edits = st.lists(st.tuples(st.integers(0, C.SQUARES - 1), st.integers(0, 7)), max_size=70)


def _edited(frame: bytes, edits) -> bytes:
    out = bytearray(frame)
    for square, mask in edits:
        out[square] = mask
    return bytes(out)


_delta_frames = st.builds(lambda b, e, s: encode_frame(C.MSG_OCC_DELTA, s, b"\x01\x02" + delta(b, _edited(b, e))),
                          _masks, _edits, st.integers(0, 255))
_frames = st.one_of(st.builds(lambda t, s, p: encode_frame(t, s, p),
                              st.integers(0, 255), st.integers(0, 255), st.binary(max_size=140)),
                    _delta_frames)
_noise = st.one_of(st.binary(max_size=80), st.just(b"\x00"), _frames,
                   _frames.map(lambda f: f[: len(f) // 2]),  # truncated
                   st.tuples(_frames, st.integers(0, 200), st.integers(1, 255)).map(
                       lambda t: bytes(b ^ t[2] if i == t[1] % len(t[0]) else b for i, b in enumerate(t[0]))))


@settings(max_examples=500, deadline=None)
@given(st.lists(_noise, max_size=30), st.lists(st.integers(1, 64), max_size=10))
def test_fuzz_decoder_never_crashes_and_yields_exactly_the_frames_with_a_good_crc(pieces, cuts):
    wire = b"".join(pieces)
    decoder = FrameDecoder()
    got: list[Frame] = []
    pos = 0
    for cut in cuts:  # arbitrary read boundaries, as a serial port delivers them
        got += decoder.feed(wire[pos : pos + cut])
        pos += cut
    got += decoder.feed(wire[pos:])
    assert got == _reference_frames(wire)
    for frame in got:
        body = bytes((frame.type, frame.seq)) + frame.payload
        assert sbwire.crc16(body) == crc16(body)
    assert decoder.stats.frames == len(got)


def test_firmware_deframer_agrees_with_host_decoder():
    wire = encode_frame(1, 2, b"abc") + b"junk\x00" + encode_frame(3, 4, bytes(200))
    host = FrameDecoder().feed(wire)
    firmware = sbwire.Deframer().feed(wire)
    assert [tuple(f) for f in host] == [(a, b, bytes(c)) for a, b, c in firmware]


@settings(max_examples=300, deadline=None)
@given(_masks, _edits, st.integers(0, 0xFFFF))
def test_fuzz_a_delta_survives_the_wire_and_rebuilds_the_frame(base, edits, event_id):
    frame = _edited(base, edits)
    body = delta(base, frame)
    assert len(body) == 1 + 2 * sum(1 for a, b in zip(base, frame, strict=True) if a != b)
    (got,) = FrameDecoder().feed(encode_frame(C.MSG_OCC_DELTA, 9, struct.pack(">H", event_id) + body))
    event = M.parse_event(got.type, got.payload)
    assert event.event_id == event_id
    assert M.apply_delta(base, event.changes) == frame
    assert M.apply_delta(frame, event.changes) == frame  # new masks, not XOR: applying twice is harmless


def _reference_delta_ok(body: bytes) -> bool:
    """When an OCC_DELTA body is acceptable, spelled out independently of the parser."""
    if len(body) < 1 or len(body) != 1 + 2 * body[0]:
        return False
    squares = [body[1 + 2 * i] for i in range(body[0])]
    masks = [body[2 + 2 * i] for i in range(body[0])]
    return all(sq < 128 for sq in squares) and all(m < 8 for m in masks) and squares == sorted(set(squares))


_delta_bodies = st.builds(lambda b, e: delta(b, _edited(b, e)), _masks, _edits)
_payloads = st.one_of(
    st.binary(max_size=260),
    _delta_bodies.map(lambda body: b"\x00\x07" + body),
    st.tuples(_delta_bodies, st.integers(0, 300), st.integers(0, 255)).map(   # one byte changed
        lambda t: b"\x00\x07" + bytes(t[2] if i == t[1] % len(t[0]) else x for i, x in enumerate(t[0]))),
    _delta_bodies.map(lambda body: b"\x00\x07" + body[:-1]),                   # cut short
)


@settings(max_examples=500, deadline=None)
@given(_payloads)
def test_fuzz_occ_delta_payloads_are_parsed_exactly_or_refused(payload):
    ok = len(payload) >= 2 and _reference_delta_ok(payload[2:])
    if not ok:
        with pytest.raises(M.BadPayload):
            M.parse_event(C.MSG_OCC_DELTA, payload)
        return
    event = M.parse_event(C.MSG_OCC_DELTA, payload)
    rebuilt = bytes([len(event.changes)]) + bytes(x for change in event.changes for x in change)
    assert struct.pack(">H", event.event_id) + rebuilt == payload

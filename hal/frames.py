"""Sensor and LED frames: the fixed data contract between the hardware and the core.

A sensor frame is ``bytes`` of ``SENSOR_FRAME_LEN`` (128), one occupancy mask per square in square
order; an LED frame is ``bytes`` of ``LED_FRAME_LEN`` (384), (r, g, b) per square in the same order.
Squares, token channels and both sizes are the board's vocabulary (``hal.board``). Frames are
immutable ``bytes`` so they can be shared across threads and compared with ``==``.
"""

from __future__ import annotations

from typing import NamedTuple

from hal.board import (
    ALL_TOKENS,
    LED_FRAME_LEN,
    SENSOR_FRAME_LEN,
    TOKEN_BIT,
    TOKENS,
    square_index,
    square_name,
    token_bit,
)


def empty_frame() -> bytes:
    """A sensor frame with nothing on the board."""
    return bytes(SENSOR_FRAME_LEN)


def blank_led_frame() -> bytes:
    """An LED frame with every square dark."""
    return bytes(LED_FRAME_LEN)


def is_valid_frame(frame: object) -> bool:
    """True for a well-formed sensor frame: 128 bytes, no bit above the ball bit."""
    return (
        isinstance(frame, (bytes, bytearray))
        and len(frame) == SENSOR_FRAME_LEN
        and not any(b & ~ALL_TOKENS for b in frame)
    )


def check_frame(frame: object) -> bytes:
    """Return the frame as ``bytes`` or raise ValueError saying what is wrong with it."""
    if not isinstance(frame, (bytes, bytearray)):
        raise ValueError(f"sensor frame must be bytes, not {type(frame).__name__}")
    if len(frame) != SENSOR_FRAME_LEN:
        raise ValueError(f"sensor frame must be {SENSOR_FRAME_LEN} bytes, not {len(frame)}")
    if any(b & ~ALL_TOKENS for b in frame):
        raise ValueError("sensor frame has bits above the ball bit")
    return bytes(frame)


def check_led_frame(frame: object) -> bytes:
    """Return the LED frame as ``bytes`` or raise ValueError."""
    if not isinstance(frame, (bytes, bytearray)) or len(frame) != LED_FRAME_LEN:
        raise ValueError(f"LED frame must be {LED_FRAME_LEN} bytes")
    return bytes(frame)


def with_token(frame: bytes, square: str, token: str, present: bool) -> bytes:
    """A copy of ``frame`` with one token set or cleared on one square."""
    index, bit = square_index(square), token_bit(token)
    out = bytearray(frame)
    out[index] = (out[index] | bit) if present else (out[index] & ~bit)
    return bytes(out)


def tokens_at(frame: bytes, square: str) -> set[str]:
    """Token names present on a square."""
    mask = frame[square_index(square)]
    return {name for name in TOKENS if mask & TOKEN_BIT[name]}


class SquareChange(NamedTuple):
    """One token appearing on or leaving one square between two frames."""

    square: str
    token: str
    present: bool  # True: placed, False: lifted


def diff_frames(old: bytes, new: bytes) -> list[SquareChange]:
    """Token-level changes from ``old`` to ``new``, in square order then token bit order."""
    if len(old) != SENSOR_FRAME_LEN or len(new) != SENSOR_FRAME_LEN:
        raise ValueError(f"both frames must be sensor frames of {SENSOR_FRAME_LEN} bytes")
    changes: list[SquareChange] = []
    for index in range(SENSOR_FRAME_LEN):
        changed = old[index] ^ new[index]
        if not changed:
            continue
        name = square_name(index)
        for token in TOKENS:
            bit = TOKEN_BIT[token]
            if changed & bit:
                changes.append(SquareChange(name, token, bool(new[index] & bit)))
    return changes


def led_set(frame: bytes, square: str, rgb: tuple[int, int, int]) -> bytes:
    """A copy of an LED frame with one square's colour replaced."""
    index = square_index(square) * 3
    out = bytearray(frame)
    out[index : index + 3] = bytes(rgb)
    return bytes(out)


def led_at(frame: bytes, square: str) -> tuple[int, int, int]:
    """The (r, g, b) colour of one square in an LED frame."""
    index = square_index(square) * 3
    return frame[index], frame[index + 1], frame[index + 2]

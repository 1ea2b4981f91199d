"""Sensor and LED frames: the fixed data contract between the hardware and the core.

A sensor frame is ``bytes`` of length 128, one byte per square, index ``(rank - 1) * 8 + file``
(file a=0 .. h=7, rank 1..16). Each byte is a 3-bit mask: bit0 red pawn, bit1 blue pawn, bit2 ball.
An LED frame is ``bytes`` of length 384: 128 squares x (r, g, b) in the same square order.
Frames are immutable ``bytes`` so they can be shared across threads and compared with ``==``.
"""

from __future__ import annotations

from typing import NamedTuple

FILES = "abcdefgh"
NUM_FILES = 8
NUM_RANKS = 16
NUM_SQUARES = NUM_FILES * NUM_RANKS  # 128
SENSOR_FRAME_LEN = NUM_SQUARES
LED_FRAME_LEN = NUM_SQUARES * 3  # 384

RED = 1
BLUE = 2
BALL = 4
ALL_TOKENS = RED | BLUE | BALL
TOKEN_BITS = {"red": RED, "blue": BLUE, "ball": BALL}
TOKEN_NAMES = ("red", "blue", "ball")  # in bit order


def square_index(name: str) -> int:
    """Index of a square name such as ``"c10"``; ValueError for anything else."""
    if not isinstance(name, str) or len(name) < 2:
        raise ValueError(f"not a square name: {name!r}")
    file_char, rank_text = name[0], name[1:]
    if file_char not in FILES or not rank_text.isdigit() or rank_text.startswith("0"):
        raise ValueError(f"not a square name: {name!r}")
    rank = int(rank_text)
    if not 1 <= rank <= NUM_RANKS:
        raise ValueError(f"rank out of range in square name: {name!r}")
    return (rank - 1) * NUM_FILES + FILES.index(file_char)


def square_name(index: int) -> str:
    """Square name of a frame index (0..127)."""
    if not 0 <= index < NUM_SQUARES:
        raise ValueError(f"square index out of range: {index}")
    rank, file = divmod(index, NUM_FILES)
    return f"{FILES[file]}{rank + 1}"


def token_bit(token: str) -> int:
    """The mask bit of a token name (``red``, ``blue``, ``ball``)."""
    try:
        return TOKEN_BITS[token]
    except KeyError:
        raise ValueError(f"unknown token {token!r}; expected one of {sorted(TOKEN_BITS)}") from None


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
    return {name for name in TOKEN_NAMES if mask & TOKEN_BITS[name]}


class SquareChange(NamedTuple):
    """One token appearing on or leaving one square between two frames."""

    square: str
    token: str
    present: bool  # True: placed, False: lifted


def diff_frames(old: bytes, new: bytes) -> list[SquareChange]:
    """Token-level changes from ``old`` to ``new``, in square order then token bit order."""
    if len(old) != SENSOR_FRAME_LEN or len(new) != SENSOR_FRAME_LEN:
        raise ValueError("both frames must be sensor frames of 128 bytes")
    changes: list[SquareChange] = []
    for index in range(SENSOR_FRAME_LEN):
        changed = old[index] ^ new[index]
        if not changed:
            continue
        name = square_name(index)
        for token in TOKEN_NAMES:
            bit = TOKEN_BITS[token]
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

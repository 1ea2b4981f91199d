"""The GoDice Bluetooth protocol, as bytes: what a die says, what it is told. Pure, no I/O.

A GoDice is a Nordic UART-like GATT service: the host writes commands to one characteristic and gets
notifications from the other. The facts here are those of the maker's own APIs (the ``godice`` package on
PyPI and GoDice's JavaScript API): a die says ``R`` when it starts rolling, ``S`` and its accelerometer's
x, y, z (signed bytes) when it comes to rest, ``FS`` / ``TS`` / ``MS`` and x, y, z for a *fake* rest (a
short pause), a rest *tilted* against something and a rest after being *moved* (slid, not rolled), and
answers ``Bat`` + level (0-100) and ``Col`` + colour code to the battery and colour requests. The face is
the one whose vector is nearest to x, y, z. Only ``S`` is a roll: the other rests do not count.
"""

from __future__ import annotations

import math
from enum import Enum
from typing import NamedTuple

SERVICE = "6e400001-b5a3-f393-e0a9-e50e24dcca9e"
WRITE = "6e400002-b5a3-f393-e0a9-e50e24dcca9e"      # host -> die
NOTIFY = "6e400003-b5a3-f393-e0a9-e50e24dcca9e"     # die -> host
NAME_PREFIX = "GoDice"                               # advertised as GoDice_<id>_<colour>_<version>

CMD_BATTERY = 3
CMD_SET_LED = 8
CMD_PULSE_LED = 16
CMD_COLOUR = 23

# the accelerometer's reading when each face of the six-sided shell is up
D6_VECTORS: dict[int, tuple[int, int, int]] = {
    1: (-64, 0, 0), 2: (0, 0, 64), 3: (0, 64, 0), 4: (0, -64, 0), 5: (0, 0, -64), 6: (64, 0, 0)}

COLOURS = ("black", "red", "green", "blue", "yellow", "orange")   # the colour of a die's dots, by code

TEAM_RGB: dict[str, tuple[int, int, int]] = {"red": (255, 0, 0), "blue": (0, 0, 255)}


class Kind(Enum):
    ROLLING = "rolling"
    STABLE = "stable"              # came to rest on a face: a roll
    FAKE_STABLE = "fake_stable"    # paused mid-roll
    TILT_STABLE = "tilt_stable"    # resting crooked, against something
    MOVE_STABLE = "move_stable"    # slid or picked up and put down, not rolled
    BATTERY = "battery"
    COLOUR = "colour"
    UNKNOWN = "unknown"


class Message(NamedTuple):
    kind: Kind
    value: int | str | None = None     # the face, the battery level or the dots' colour


_RESTS = {ord("F"): Kind.FAKE_STABLE, ord("T"): Kind.TILT_STABLE, ord("M"): Kind.MOVE_STABLE}


def _signed(byte: int) -> int:
    return byte - 256 if byte > 127 else byte


def face_of(x: int, y: int, z: int) -> int:
    """The face up for an accelerometer reading: the face whose vector is nearest."""
    return min(D6_VECTORS, key=lambda face: math.dist((x, y, z), D6_VECTORS[face]))


def xyz_bytes(face: int) -> bytes:
    """The reading a die at rest on `face` reports (an emulated die's, and the tests')."""
    return bytes(v & 0xFF for v in D6_VECTORS[face])


def parse(data: bytes | bytearray) -> Message:
    """One notification from a die."""
    data = bytes(data)
    if data[:3] == b"Bat" and len(data) >= 4:
        return Message(Kind.BATTERY, data[3])
    if data[:3] == b"Col" and len(data) >= 4:
        return Message(Kind.COLOUR, COLOURS[data[3]] if data[3] < len(COLOURS) else str(data[3]))
    if data[:1] == b"R":
        return Message(Kind.ROLLING)
    if data[:1] == b"S" and len(data) >= 4:
        return Message(Kind.STABLE, face_of(*(_signed(b) for b in data[1:4])))
    if len(data) >= 5 and data[1:2] == b"S" and data[0] in _RESTS:
        return Message(_RESTS[data[0]], face_of(*(_signed(b) for b in data[2:5])))
    return Message(Kind.UNKNOWN)


def set_led(led1: tuple[int, int, int], led2: tuple[int, int, int] | None = None) -> bytes:
    """Both LEDs of a die lit steadily (black is off)."""
    rgb = (*led1, *(led2 if led2 is not None else led1))
    if any(not 0 <= v <= 255 for v in rgb):
        raise ValueError(f"an LED colour is three numbers 0-255, not {rgb}")
    return bytes([CMD_SET_LED, *rgb])


def pulse_led(count: int, on_10ms: int, off_10ms: int, rgb: tuple[int, int, int]) -> bytes:
    return bytes([CMD_PULSE_LED, count, on_10ms, off_10ms, *rgb, 1, 0])


def ask_battery() -> bytes:
    return bytes([CMD_BATTERY])


def ask_colour() -> bytes:
    return bytes([CMD_COLOUR])


def is_godice(name: str | None) -> bool:
    return bool(name) and str(name).startswith(NAME_PREFIX)


def matches(wanted: str, name: str | None, address: str) -> bool:
    """Whether a die advertised as `name` at `address` is the one configured as `wanted`: its address (any
    case), its full name, or the start of its name (GoDice_CE03C9 for GoDice_CE03C9_B_v04)."""
    if wanted.casefold() == address.casefold():
        return True
    return bool(name) and str(name).startswith(wanted)

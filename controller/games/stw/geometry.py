"""Squares, directions and bit masks for the 8 x 16 board.

A square is an int 0..127 as the board's vocabulary (``hal.board``) numbers them. Sets of squares are
Python ints used as 128-bit masks, which keeps path and limit checks to a few integer operations.
"""
from __future__ import annotations

from collections.abc import Iterable

# the board's vocabulary under the engine's short names
from hal.board import FILES as FILES
from hal.board import N_FILES as N_FILES
from hal.board import N_RANKS as N_RANKS
from hal.board import N_SQUARES as N_SQUARES
from hal.board import square_index, square_name

parse = square_index
name = square_name
ALL = (1 << N_SQUARES) - 1

# The eight king directions as (file delta, rank delta).
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1),
)


def square(file: int, rank: int) -> int:
    """Index of the square at file 0..7 and rank 1..16."""
    return (rank - 1) * N_FILES + file


def file_of(sq: int) -> int:
    return sq & 7


def rank_of(sq: int) -> int:
    """Rank 1..16 of a square."""
    return (sq >> 3) + 1


def step(sq: int, direction: tuple[int, int]) -> int:
    """The neighbour of sq in a direction, or -1 off the board."""
    f = (sq & 7) + direction[0]
    r = (sq >> 3) + direction[1]
    if 0 <= f < N_FILES and 0 <= r < N_RANKS:
        return r * N_FILES + f
    return -1


def chebyshev(a: int, b: int) -> int:
    return max(abs((a & 7) - (b & 7)), abs((a >> 3) - (b >> 3)))


def bit(sq: int) -> int:
    return 1 << sq


def mask_of(squares: Iterable[int]) -> int:
    m = 0
    for s in squares:
        m |= 1 << s
    return m


def squares_of(mask: int) -> list[int]:
    """The squares of a mask, lowest index first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def rect(f0: int, r0: int, f1: int, r1: int) -> int:
    """Mask of the rectangle between two corners (files 0..7, ranks 1..16), inclusive."""
    m = 0
    for r in range(min(r0, r1), max(r0, r1) + 1):
        for f in range(min(f0, f1), max(f0, f1) + 1):
            m |= 1 << square(f, r)
    return m


def neighbourhood(sq: int, radius: int = 1) -> int:
    """Mask of the squares within Chebyshev distance `radius` of sq, sq included."""
    f, r = sq & 7, (sq >> 3) + 1
    return rect(max(0, f - radius), max(1, r - radius), min(7, f + radius), min(16, r + radius))


def ring(sq: int, radius: int = 1) -> int:
    """Squares at exactly Chebyshev distance radius + 1: just outside a zone of that radius."""
    return neighbourhood(sq, radius + 1) & ~neighbourhood(sq, radius)


def border(area: int) -> int:
    """Squares touching an area from outside (the 'row and columns just outside')."""
    around = 0
    for s in squares_of(area):
        around |= neighbourhood(s)
    return around & ~area


class Square(int):
    """A square that reads as its name: an int 0..127, so it indexes tables and masks like any square.

    >>> Square("c6")
    Square("c6")
    >>> Square("c6") == 42, str(Square(42)), Square("h16").rank, Square("h16").file
    (True, 'c6', 16, 7)
    >>> Square("i3")
    Traceback (most recent call last):
    ...
    ValueError: 'i3' is not a square name (a1..h16)

    The engine itself keeps plain ints (no object per square in the move generator); wrap a result in
    Square only where it is read by people.
    """
    __slots__ = ()

    def __new__(cls, value: int | str) -> Square:
        if isinstance(value, str):
            return int.__new__(cls, parse(value))
        if not 0 <= value < N_SQUARES:
            raise ValueError(f"{value!r} is not a square index (0..{N_SQUARES - 1})")
        return int.__new__(cls, value)

    @property
    def rank(self) -> int:
        """Rank 1..16."""
        return (self >> 3) + 1

    @property
    def file(self) -> int:
        """File 0..7 (a..h)."""
        return self & 7

    def __repr__(self) -> str:
        return f'Square("{name(self)}")'

    def __str__(self) -> str:
        return name(self)

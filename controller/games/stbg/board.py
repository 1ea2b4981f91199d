"""Where things are in Soccer The Board Game: squares, areas, distances, lines, and the pawns.

Squares are the board's indices 0..127 (hal/board.py): ``(rank - 1) * 8 + file``. Red defends rank 1.
The areas are those of RULES-STBG.md S1; every area is a bit mask (bit n is square n).
"""
from __future__ import annotations

from hal.board import N_SQUARES, TEAMS, square_index, square_name
from hal.board import parse_team as parse_team  # the engine's modules take the team vocabulary from here
from hal.board import team_index as team_index

RED, BLUE = 0, 1
N_PAWNS = 12
PAWNS_A_TEAM = 6
PAWN_IDS = tuple(f"{t}-p{i}" for t in TEAMS for i in range(1, PAWNS_A_TEAM + 1))
KINDS = ("pass", "shoot", "steal")
"""The star cards, in the order the engine counts them."""
REFEREE_CARDS = ("red", "yellow", "blank")
DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


def at(file: int, rank: int) -> int:
    """The square of a file 0..7 and a rank 1..16."""
    return (rank - 1) * 8 + file


def file_of(s: int) -> int:
    return s & 7


def rank_of(s: int) -> int:
    return (s >> 3) + 1


def name(s: int) -> str:
    return square_name(s)


def parse(text: str) -> int:
    return square_index(text)


def on_board(file: int, rank: int) -> bool:
    return 0 <= file < 8 and 1 <= rank <= 16


def _king(a: int, b: int) -> int:
    return max(abs(file_of(a) - file_of(b)), abs(rank_of(a) - rank_of(b)))


_KING = [_king(a, b) for a in range(N_SQUARES) for b in range(N_SQUARES)]


def king(a: int, b: int) -> int:
    """Steps between two squares for a piece that moves straight or diagonally (king distance)."""
    return _KING[a * N_SQUARES + b]


def mask(*squares: int) -> int:
    out = 0
    for s in squares:
        out |= 1 << s
    return out


def block(f0: int, f1: int, r0: int, r1: int) -> int:
    """The rectangle of files f0..f1 and ranks r0..r1, inclusive."""
    return mask(*(at(f, r) for f in range(f0, f1 + 1) for r in range(r0, r1 + 1)))


def squares_of(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


# the areas of each end, indexed by the team that defends it
GOAL_AREA = (mask(at(3, 1), at(4, 1)), mask(at(3, 16), at(4, 16)))
ANY_GOAL_AREA = GOAL_AREA[0] | GOAL_AREA[1]
PENALTY_AREA = (block(1, 6, 1, 3), block(1, 6, 14, 16))
SPOTS = (mask(at(3, 2), at(4, 2)), mask(at(3, 15), at(4, 15)))
OWN_HALF = (block(0, 7, 1, 8), block(0, 7, 9, 16))
CENTRE_BLOCK = block(2, 5, 7, 10)
"""Squares inside or touching the centre circle (d8 e8 d9 e9): c7-f10."""
MIDDLE = ((at(3, 8), at(4, 8)), (at(3, 9), at(4, 9)))
"""The kick-off team's two middle squares: the ball starts with the d-file player."""
CORNERS = ((at(0, 1), at(7, 1)), (at(0, 16), at(7, 16)))
"""Each end's corner squares, the a-file one first."""
GOAL_LINE_RANK = (1, 16)
ALL = (1 << N_SQUARES) - 1


def goal_area_mates(s: int) -> int:
    """The squares that count as the same space as s: both goal-area squares for one of them."""
    for area in GOAL_AREA:
        if area >> s & 1:
            return area
    return 1 << s


def _cost(a: int, b: int) -> int:
    return min(king(x, y) for x in squares_of(goal_area_mates(a)) for y in squares_of(goal_area_mates(b)))


_COST = [_cost(a, b) for a in range(N_SQUARES) for b in range(N_SQUARES)]


def cost(a: int, b: int) -> int:
    """Fewest steps of a player from a to b, crossing any square; a goal area is one space (S1, S5)."""
    return _COST[a * N_SQUARES + b]


def line(a: int, b: int) -> list[int] | None:
    """The squares strictly between a and b when they share a file, rank or diagonal; None otherwise."""
    df, dr = file_of(b) - file_of(a), rank_of(b) - rank_of(a)
    if (df, dr) == (0, 0) or not (df == 0 or dr == 0 or abs(df) == abs(dr)):
        return None
    n = max(abs(df), abs(dr))
    sf, sr = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
    return [a + k * (sf + 8 * sr) for k in range(1, n)]


def ray(a: int, direction: tuple[int, int], length: int) -> list[int]:
    """Up to `length` squares from a (not included) in one direction, stopping at the board's edge."""
    f, r = file_of(a), rank_of(a)
    out = []
    for _ in range(length):
        f, r = f + direction[0], r + direction[1]
        if not on_board(f, r):
            break
        out.append(at(f, r))
    return out


def corner_for(defending: int, entry: int) -> int:
    """The corner square on the side the ball came from (S11): files a-d the a corner, e-h the h one."""
    return CORNERS[defending][0 if file_of(entry) <= 3 else 1]


def team_of(pawn: int) -> int:
    return pawn // PAWNS_A_TEAM


def other(team: int) -> int:
    return 1 - team


def pawns_of(team: int) -> range:
    return range(team * PAWNS_A_TEAM, (team + 1) * PAWNS_A_TEAM)


def parse_pawn(text: str) -> int:
    try:
        return PAWN_IDS.index(text)
    except ValueError:
        raise ValueError(f"unknown pawn {text!r} (red-p1..red-p6, blue-p1..blue-p6)") from None




def standard_slots(team: int, kicks_off: bool) -> list[int]:
    """The standard formation's squares for p1..p6 of a team (RULES-STBG.md, set-up)."""
    red_kick = ["d1", "d8", "e8", "b6", "g6", "d5"]
    red_wait = ["d1", "b6", "d6", "e6", "g6", "d4"]
    names = red_kick if kicks_off else red_wait
    squares = [parse(n) for n in names]
    return squares if team == RED else [at(file_of(s), 17 - rank_of(s)) for s in squares]


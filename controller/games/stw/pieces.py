"""The 22 pawns: ids, teams and roles.

A pawn is an int 0..21: team * 11 + slot, slot 0 the keeper, 1-4 defenders, 5-8 midfielders,
9-10 strikers. Ids on the wire are '<team>-gk', '<team>-d1'.. as docs/board.md section 5 names them.
"""
from __future__ import annotations

from hal.board import TEAMS as TEAMS
from hal.board import parse_team as parse_team
from hal.board import team_index as team_index

RED, BLUE = 0, 1  # indices into TEAMS
KEEPER, DEFENDER, MIDFIELDER, STRIKER = "keeper", "defender", "midfielder", "striker"
SLOTS = ("gk", "d1", "d2", "d3", "d4", "m1", "m2", "m3", "m4", "s1", "s2")
N_PAWNS = 22

ROLE = tuple(
    KEEPER if s == 0 else DEFENDER if s <= 4 else MIDFIELDER if s <= 8 else STRIKER
    for _ in TEAMS for s in range(11)
)
PAWN_IDS = tuple(f"{t}-{s}" for t in TEAMS for s in SLOTS)
_BY_ID = {pid: i for i, pid in enumerate(PAWN_IDS)}


def team_of(pawn: int) -> int:
    return 0 if pawn < 11 else 1


def other(team: int) -> int:
    return 1 - team


def keeper_of(team: int) -> int:
    return team * 11


def pawns_of(team: int) -> range:
    return range(team * 11, team * 11 + 11)


def is_keeper(pawn: int) -> bool:
    return pawn % 11 == 0


def is_defender(pawn: int) -> bool:
    return 1 <= pawn % 11 <= 4


def stays_home(pawn: int) -> bool:
    """Keepers and defenders may not leave their own half (rules 2 and 8)."""
    return pawn % 11 <= 4


def pawn_id(pawn: int) -> str:
    return PAWN_IDS[pawn]


def parse_pawn(text: str) -> int:
    try:
        return _BY_ID[text]
    except (KeyError, TypeError):
        raise ValueError(
            f"{text!r} is not a pawn id (red-gk, red-d1..d4, red-m1..m4, red-s1..s2, same for blue)") from None




class Pawn(int):
    """A pawn that reads as its id: an int 0..21 (team * 11 + slot), usable wherever a pawn index is.

    >>> Pawn("red-s2")
    Pawn("red-s2")
    >>> Pawn("blue-gk") == 11, str(Pawn(10)), Pawn("blue-m1").team, Pawn("blue-m1").role
    (True, 'red-s2', 1, 'midfielder')
    """
    __slots__ = ()

    def __new__(cls, value: int | str) -> Pawn:
        if isinstance(value, str):
            return int.__new__(cls, parse_pawn(value))
        if not 0 <= value < N_PAWNS:
            raise ValueError(f"{value!r} is not a pawn index (0..{N_PAWNS - 1})")
        return int.__new__(cls, value)

    @property
    def team(self) -> int:
        """RED (0) or BLUE (1)."""
        return 0 if self < 11 else 1

    @property
    def role(self) -> str:
        return ROLE[self]

    def __repr__(self) -> str:
        return f'Pawn("{PAWN_IDS[self]}")'

    def __str__(self) -> str:
        return PAWN_IDS[self]

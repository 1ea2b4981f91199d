"""Who stands where, as masks and counts, and the limits of rule 2 on a pawn's destination.

Limits are checked for the moving team on the position after the move, for the runs and areas the
destination belongs to (so a position left over-full by a set piece never freezes play: only a move
that makes a run or an area too full is refused).
"""
from __future__ import annotations

from controller.i18n import N_

from .pieces import N_PAWNS, is_keeper, keeper_of, pawns_of, team_of
from .profile import Profile

Detail = tuple[list[int], list[int], list[int], list[int], list[int], list[int]]
"""Occupancy.detail: ranks, files, field players per penalty area, pawns per goal area, crowded ranks and files."""

MAX_RANK_RUN, MAX_FILE_RUN, MAX_AREA_FIELD, MAX_GOAL_AREA = 4, 3, 4, 1


def _bad_positions(bits: int, width: int, limit: int) -> int:
    """Positions p (not in bits) where adding p makes a run longer than limit.

    A closed form, not a cache keyed by the bit pattern (that one grew with every new file pattern the
    matches brought): the run through p exceeds limit when, for some a, the a squares below p and the
    limit - a squares above it are all occupied."""
    full = (1 << width) - 1
    below = [full]                        # below[a]: positions whose a lower neighbours are all in bits
    above = [full]
    for i in range(1, limit + 1):
        below.append(below[-1] & bits << i)
        above.append(above[-1] & bits >> i)
    out = 0
    for a in range(limit + 1):
        out |= below[a] & above[limit - a]
    return out & ~bits & full


_RANK_BAD = tuple(_bad_positions(bits, 8, MAX_RANK_RUN) for bits in range(256))   # every rank pattern


def _file_bad(bits: int) -> int:
    """_bad_positions(bits, 16, MAX_FILE_RUN) unrolled: limit checks run for every pawn in every listing."""
    b1 = bits << 1
    b2 = b1 & bits << 2
    a1 = bits >> 1
    a2 = a1 & bits >> 2
    return (b2 & bits << 3 | b2 & a1 | b1 & a2 | a2 & bits >> 3) & ~bits & 0xFFFF


def _spread(byte: int, first_rank: int) -> int:
    out = 0
    for r in range(8):
        if byte >> r & 1:
            out |= 1 << ((first_rank + r) * 8)
    return out


_SPREAD_LOW = tuple(_spread(b, 0) for b in range(256))    # ranks 1-8 of file a
_SPREAD_HIGH = tuple(_spread(b, 8) for b in range(256))   # ranks 9-16 of file a


def _file_mask(rank_bits: int, f: int) -> int:
    """Squares of file f at the ranks set in rank_bits (bit r = rank r + 1)."""
    return (_SPREAD_LOW[rank_bits & 255] | _SPREAD_HIGH[rank_bits >> 8]) << f


class Occupancy:
    """A read-only view of the pawns in play (sent-off pawns do not count, block or limit).

    Team masks are built at once; the per-team detail that only limit checks need (ranks, files,
    area counts) is built on first use, for the moving team only."""
    __slots__ = ("_detail", "_pawn_at", "_sent_off", "_sq", "physical", "profile", "team")

    def __init__(self, sq: list[int], sent_off: list[bool], profile: Profile):
        self.profile = profile
        self._sq, self._sent_off = sq, sent_off
        team = [0, 0]
        physical = [0, 0]          # every token the sensors see, sent-off pawns not yet lifted included
        for t in (0, 1):
            for p in pawns_of(t):
                s = sq[p]
                if s >= 0:
                    physical[t] |= 1 << s
                    if not sent_off[p]:
                        team[t] |= 1 << s
        self.team = team
        self.physical = physical
        self._pawn_at: dict[int, list[int]] | None = None
        self._detail: list[Detail | None] = [None, None]

    @property
    def pawn_at(self) -> dict[int, list[int]]:
        if self._pawn_at is None:
            at: dict[int, list[int]] = {}
            for p in range(N_PAWNS):
                if self._sq[p] >= 0 and not self._sent_off[p]:
                    at.setdefault(self._sq[p], []).append(p)
            self._pawn_at = at
        return self._pawn_at

    def detail(self, t: int) -> Detail:
        """(ranks, files, field players per penalty area, pawns per goal area, crowded ranks, crowded files)."""
        d = self._detail[t]
        if d is None:
            ranks, files = [0] * 16, [0] * 8
            sq, sent_off = self._sq, self._sent_off
            for p in pawns_of(t):
                s = sq[p]
                if s >= 0 and not sent_off[p]:
                    ranks[s >> 3] |= 1 << (s & 7)
                    files[s & 7] |= 1 << (s >> 3)
            k = keeper_of(t)
            keeper_bit = 1 << sq[k] if sq[k] >= 0 and not sent_off[k] else 0
            ends = self.profile.ends
            mask = self.team[t]
            d = self._detail[t] = (
                ranks, files,
                [(mask & e.penalty_area & ~keeper_bit).bit_count() for e in ends],
                [(mask & e.goal_area).bit_count() for e in ends],
                [r for r in range(16) if ranks[r].bit_count() >= MAX_RANK_RUN],
                [f for f in range(8) if files[f].bit_count() >= MAX_FILE_RUN],
            )
        return d

    def pawn_of(self, team: int, square: int) -> int:
        """The team's pawn on a square, or -1."""
        for p in self.pawn_at.get(square, ()):
            if team_of(p) == team:
                return p
        return -1

    def count(self, team: int, area: int, sq: list[int], field_only: bool, exclude: int = -1) -> int:
        n = 0
        for p in pawns_of(team):
            if p != exclude and sq[p] >= 0 and area >> sq[p] & 1 and self.team[team] >> sq[p] & 1 \
                    and not (field_only and is_keeper(p)):
                n += 1
        return n

    def forbidden(self, pawn: int, sq: list[int]) -> int:
        """Mask of destinations where this pawn would break a limit of rule 2 (C3: keeper not counted)."""
        team = team_of(pawn)
        here = sq[pawn]
        keeper = is_keeper(pawn)
        ranks, files, area_field, goal_area, crowded_ranks, crowded_files = self.detail(team)
        bad = 0
        for r in crowded_ranks:
            bits = ranks[r]
            if here >= 0 and here >> 3 == r:
                bits &= ~(1 << (here & 7))
            if bits.bit_count() >= MAX_RANK_RUN:
                bad |= _RANK_BAD[bits] << (r * 8)
        for f in crowded_files:
            bits = files[f]
            if here >= 0 and here & 7 == f:
                bits &= ~(1 << (here >> 3))
            if bits.bit_count() >= MAX_FILE_RUN:
                bad |= _file_mask(_file_bad(bits), f)
        for e, end in enumerate(self.profile.ends):
            inside = here >= 0 and end.penalty_area >> here & 1
            if not keeper and area_field[e] - inside >= MAX_AREA_FIELD:
                bad |= end.penalty_area
            if goal_area[e] - (here >= 0 and end.goal_area >> here & 1) >= MAX_GOAL_AREA:
                bad |= end.goal_area
        return bad

    def limit_reason(self, pawn: int, to: int, sq: list[int]) -> tuple[str, str] | None:
        """Which limit a destination breaks, for the rejection message."""
        if not self.forbidden(pawn, sq) >> to & 1:
            return None
        team = team_of(pawn)
        for end in self.profile.ends:
            if end.goal_area >> to & 1 and self.count(team, end.goal_area, sq, False, pawn) >= MAX_GOAL_AREA:
                return "goal_area_limit", N_("only one pawn of each team may stand in a goal area")
            if end.penalty_area >> to & 1 and not is_keeper(pawn) and \
                    self.count(team, end.penalty_area, sq, True, pawn) >= MAX_AREA_FIELD:
                return "penalty_area_limit", N_("at most 4 field players of a team in a penalty area")
        here = sq[pawn]
        bits = self.detail(team)[0][to >> 3]
        if here >= 0 and here >> 3 == to >> 3:
            bits &= ~(1 << (here & 7))
        if _RANK_BAD[bits] >> (to & 7) & 1:
            return "rank_limit", N_("at most 4 pawns of a team side by side in a rank")
        return "file_limit", N_("at most 3 pawns of a team one behind the other in a file")

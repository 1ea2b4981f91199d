"""Who stands where, as masks and counts, and the limits of rule 2 on a pawn's destination.

Limits are checked for the moving team on the position after the move, for the runs and areas the
destination belongs to (so a position left over-full by a set piece never freezes play: only a move
that makes a run or an area too full is refused).
"""
from __future__ import annotations

from functools import lru_cache

from . import geometry as g
from .pieces import N_PAWNS, is_keeper
from .profile import Profile

MAX_RANK_RUN, MAX_FILE_RUN, MAX_AREA_FIELD, MAX_GOAL_AREA = 4, 3, 4, 1


def _longest_run_through(bits: int, pos: int) -> int:
    lo = hi = pos
    while lo > 0 and bits >> (lo - 1) & 1:
        lo -= 1
    while bits >> (hi + 1) & 1:
        hi += 1
    return hi - lo + 1


@lru_cache(maxsize=None)
def _bad_positions(bits: int, width: int, limit: int) -> int:
    """Positions p (not in bits) where adding p makes a run longer than limit."""
    out = 0
    for p in range(width):
        if not bits >> p & 1 and _longest_run_through(bits | 1 << p, p) > limit:
            out |= 1 << p
    return out


@lru_cache(maxsize=None)
def _file_mask(rank_bits: int, f: int) -> int:
    """Squares of file f at the ranks set in rank_bits (bit r = rank r + 1)."""
    out = 0
    for r in g.squares_of(rank_bits):
        out |= 1 << (r * 8 + f)
    return out


class Occupancy:
    """A read-only view of the pawns in play (sent-off pawns do not count, block or limit)."""
    __slots__ = ("team", "physical", "pawn_at", "ranks", "files", "profile", "area_field", "goal_area", "crowded")

    def __init__(self, sq: list[int], sent_off: list[bool], profile: Profile):
        self.profile = profile
        team = [0, 0]
        physical = [0, 0]          # every token the sensors see, sent-off pawns not yet lifted included
        pawn_at: dict[int, list[int]] = {}
        ranks = [[0] * 16, [0] * 16]
        files = [[0] * 8, [0] * 8]
        for p in range(N_PAWNS):
            s = sq[p]
            if s < 0:
                continue
            t = 0 if p < 11 else 1
            physical[t] |= 1 << s
            if sent_off[p]:
                continue
            team[t] |= 1 << s
            pawn_at.setdefault(s, []).append(p)
            ranks[t][s >> 3] |= 1 << (s & 7)
            files[t][s & 7] |= 1 << (s >> 3)
        self.team = team
        self.physical = physical
        self.pawn_at = pawn_at
        self.ranks = ranks
        self.files = files
        # per team and end: field players in the penalty area, pawns in the goal area
        ends = profile.ends
        self.area_field = [[(team[t] & ends[e].penalty_area & ~self._keeper_bit(sq, sent_off, t)).bit_count()
                            for e in (0, 1)] for t in (0, 1)]
        self.goal_area = [[(team[t] & ends[e].goal_area).bit_count() for e in (0, 1)] for t in (0, 1)]
        # only ranks with 4 pawns of a team and files with 3 can be made too long by one more
        self.crowded = [([r for r in range(16) if ranks[t][r].bit_count() >= MAX_RANK_RUN],
                         [f for f in range(8) if files[t][f].bit_count() >= MAX_FILE_RUN]) for t in (0, 1)]

    @staticmethod
    def _keeper_bit(sq: list[int], sent_off: list[bool], team: int) -> int:
        k = team * 11
        return 1 << sq[k] if sq[k] >= 0 and not sent_off[k] else 0

    def pawn_of(self, team: int, square: int) -> int:
        """The team's pawn on a square, or -1."""
        for p in self.pawn_at.get(square, ()):
            if (p >= 11) == (team == 1):
                return p
        return -1

    def count(self, team: int, area: int, sq: list[int], field_only: bool, exclude: int = -1) -> int:
        n = 0
        for p in range(team * 11, team * 11 + 11):
            if p != exclude and sq[p] >= 0 and area >> sq[p] & 1 and self.team[team] >> sq[p] & 1:
                if not (field_only and is_keeper(p)):
                    n += 1
        return n

    def forbidden(self, pawn: int, sq: list[int]) -> int:
        """Mask of destinations where this pawn would break a limit of rule 2 (C3: keeper not counted)."""
        team = 0 if pawn < 11 else 1
        here = sq[pawn]
        keeper = is_keeper(pawn)
        bad = 0
        crowded_ranks, crowded_files = self.crowded[team]
        for r in crowded_ranks:
            bits = self.ranks[team][r]
            if here >= 0 and here >> 3 == r:
                bits &= ~(1 << (here & 7))
            if bits.bit_count() >= MAX_RANK_RUN:
                bad |= _bad_positions(bits, 8, MAX_RANK_RUN) << (r * 8)
        for f in crowded_files:
            bits = self.files[team][f]
            if here >= 0 and here & 7 == f:
                bits &= ~(1 << (here >> 3))
            if bits.bit_count() >= MAX_FILE_RUN:
                bad |= _file_mask(_bad_positions(bits, 16, MAX_FILE_RUN), f)
        for e, end in enumerate(self.profile.ends):
            inside = here >= 0 and end.penalty_area >> here & 1
            if not keeper and self.area_field[team][e] - inside >= MAX_AREA_FIELD:
                bad |= end.penalty_area
            if self.goal_area[team][e] - (here >= 0 and end.goal_area >> here & 1) >= MAX_GOAL_AREA:
                bad |= end.goal_area
        return bad

    def limit_reason(self, pawn: int, to: int, sq: list[int]) -> tuple[str, str] | None:
        """Which limit a destination breaks, for the rejection message."""
        if not self.forbidden(pawn, sq) >> to & 1:
            return None
        team = 0 if pawn < 11 else 1
        for end in self.profile.ends:
            if end.goal_area >> to & 1 and self.count(team, end.goal_area, sq, False, pawn) >= MAX_GOAL_AREA:
                return "goal_area_limit", "only one pawn of each team may stand in a goal area"
            if end.penalty_area >> to & 1 and not is_keeper(pawn) and \
                    self.count(team, end.penalty_area, sq, True, pawn) >= MAX_AREA_FIELD:
                return "penalty_area_limit", "at most 4 field players of a team in a penalty area"
        here = sq[pawn]
        bits = self.ranks[team][to >> 3]
        if here >= 0 and here >> 3 == to >> 3:
            bits &= ~(1 << (here & 7))
        if _bad_positions(bits, 8, MAX_RANK_RUN) >> (to & 7) & 1:
            return "rank_limit", "at most 4 pawns of a team side by side in a rank"
        return "file_limit", "at most 3 pawns of a team one behind the other in a file"

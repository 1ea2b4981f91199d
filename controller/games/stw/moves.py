"""Which squares a pawn or the ball may go to now, and why a given square is refused.

The listings return masks (one int per pawn), the form the tracker and the LED planner use; the
explanations give the stable reason codes of docs/reasons.md.
"""
from __future__ import annotations

from controller.i18n import N_, say

from . import geometry as g
from .errors import Illegal
from .occupancy import Occupancy
from .pieces import DEFENDER, KEEPER, MIDFIELDER, N_PAWNS, ROLE, STRIKER, is_keeper, other, pawn_id, stays_home, team_of
from .profile import Profile
from .reach import ball_targets, table

# the pawns' roles in words, for refusals
ROLE_SAID = {KEEPER: N_("keeper"), DEFENDER: N_("defender"), MIDFIELDER: N_("midfielder"), STRIKER: N_("striker")}


def region(pawn: int, profile: Profile) -> int:
    """Where a pawn may stand: keepers and defenders stay in their own half."""
    return profile.ends[team_of(pawn)].own_half if stays_home(pawn) else g.ALL


def variant(pawn: int) -> int:
    """Which path tables a pawn uses (reach.HALVES): the whole pitch, or its own half (red's or blue's)
    for keepers and defenders."""
    return 1 + team_of(pawn) if stays_home(pawn) else 0


_VARIANT = tuple(variant(p) for p in range(N_PAWNS))     # looked up for every pawn in every listing


def die_destinations(sq: list[int], occ: Occupancy, pawn: int, n: int) -> int:
    """Legal destinations of a field player for a roll of n (rule 2)."""
    team = team_of(pawn)
    dest = table(_VARIANT[pawn], sq[pawn], n).reachable(occ.team[other(team)]) & ~occ.physical[team]
    return dest & ~occ.forbidden(pawn, sq) if dest else 0


def keeper_steps(sq: list[int], occ: Occupancy, keeper: int) -> int:
    """The keeper's one-square moves without a die (rule 6A)."""
    team = team_of(keeper)
    return (g.neighbourhood(sq[keeper]) & ~(1 << sq[keeper]) & region(keeper, occ.profile)
            & ~occ.physical[team] & ~occ.forbidden(keeper, sq))


def explain_die_move(sq: list[int], occ: Occupancy, pawn: int, to: int, n: int) -> Illegal:
    """The reason a die move is refused (call only when `to` is not a legal destination)."""
    here = sq[pawn]
    team = team_of(pawn)
    role = ROLE_SAID[ROLE[pawn]]
    who = say("{pawn} ({role}) from {frm} to {to}", pawn=pawn_id(pawn), role=role, frm=g.name(here), to=g.name(to))
    if not table(0, here, n).targets >> to & 1:
        return Illegal("wrong_distance", say("{who}: no path of exactly {n} steps with at most one change of "
                                             "direction",
                                             who=who, n=n))
    if stays_home(pawn) and not table(variant(pawn), here, n).targets >> to & 1:
        code = "keeper_own_half" if is_keeper(pawn) else "defender_own_half"
        return Illegal(code, say("{who}: a {pawn} must stay in its own half for the whole path",
                                 who=who, pawn=role))
    if not table(variant(pawn), here, n).reachable(occ.team[other(team)]) >> to & 1:
        return Illegal("path_blocked", say("{who}: every path of {n} steps passes through an opponent", who=who, n=n))
    return explain_destination(sq, occ, pawn, to)


def explain_destination(sq: list[int], occ: Occupancy, pawn: int, to: int) -> Illegal:
    team = team_of(pawn)
    if occ.physical[team] >> to & 1:
        return Illegal("square_taken", say("{to} already holds a pawn of the same team", to=g.name(to)))
    if not region(pawn, occ.profile) >> to & 1:
        code = "keeper_own_half" if is_keeper(pawn) else "defender_own_half"
        return Illegal(code, say("{pawn} may not leave its own half", pawn=pawn_id(pawn)))
    limit = occ.limit_reason(pawn, to, sq)
    if limit:
        return Illegal(*limit)
    return Illegal("placement", say("{pawn} may not go to {to} now", pawn=pawn_id(pawn), to=g.name(to)))


def explain_keeper_step(sq: list[int], occ: Occupancy, keeper: int, to: int) -> Illegal:
    if g.chebyshev(sq[keeper], to) != 1:
        return Illegal("keeper_move", say("the keeper moves exactly one square without a roll (from {sq})",
                                          sq=g.name(sq[keeper])))
    return explain_destination(sq, occ, keeper, to)


def ball_destinations(start: int, n: int, forward: int = 0, allowed: int = g.ALL) -> int:
    """Squares the ball may be played to (rule 3, C5; forward and allowed for kick-off and goal kick)."""
    return ball_targets(start, n, forward) & allowed

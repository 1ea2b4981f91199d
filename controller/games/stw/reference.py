"""A slow, obviously correct pawn-path walk: the oracle the precomputed tables are tested against
(tests/rules/test_property_matches.py) and measured against (benchmarks/bench_engine.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import geometry as g
from .moves import region
from .phase import Phase
from .pieces import other, team_of

if TYPE_CHECKING:
    from .game import Game

OPPOSITE = {d: (-d[0], -d[1]) for d in g.DIRECTIONS}


def walked_destinations(game: Game, pawn: int) -> int:
    """Every path of the rolled length walked square by square; limits of rule 2 applied."""
    st, occ = game.state, game.occ
    team = team_of(pawn)
    opp, own, reg, n = occ.team[other(team)], occ.team[team], region(pawn, game.profile), st.roll
    dest = 0
    for d1 in g.DIRECTIONS:
        for k in range(1, n + 1):
            for d2 in (g.DIRECTIONS if k < n else (d1,)):
                if k < n and d2 in (d1, OPPOSITE[d1]):
                    continue
                s, ok = st.sq[pawn], True
                for i in range(n):
                    s = g.step(s, d1 if i < k else d2)
                    if s < 0 or not reg >> s & 1 or (i < n - 1 and opp >> s & 1):
                        ok = False
                        break
                if ok and not own >> s & 1:
                    dest |= 1 << s
    dest &= ~occ.forbidden(pawn, st.sq)
    if st.phase == Phase.CAPTURE and pawn == st.barred:
        dest &= ~(1 << st.ball_sq)
    return dest

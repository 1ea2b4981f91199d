"""A coach's reading of a Soccer Tactics WORLD position, as the chance that a team wins.

The reading is an expected goal margin for the situation on the board, added to the score and weighed
against the time left:

    win chance = logistic(SCALE * (score difference + margin) / spread),  spread = sqrt(BASE + RATE * seconds left)

so a goal's worth of margin matters most near the end, and little with a whole half to play. The margin is
who will have the ball next times what that team's possession threatens, less the same for the other team:

- possession: the holder's team has it; a loose ball goes to the team likelier to reach it first with its
  dice (the attempts alternate, the team to act first), then through the answer's and the battle's odds;
  a battle is the dice with the pawns' modifiers (keeper +2, defender +1 or +2); a set piece is its team's.
- threat of a possession: a shot to take is worth its spinner (4 of 8 goal, 2 of 8 corner). A shot target is a
  team-mate a direct pass turns into a shot: alone in the opponents' penalty area or on a long-distance square,
  onside. The ball is worth a shot times the chance its next play makes one, straight to a target or through a
  direct pass to an onside team-mate whose extra play reaches one (rule 4B); each of up to two targets adds
  TARGET whether or not the die reaches it now (the pawn move that sets up the next set's shot); the ball's
  distance to the goal line adds a decaying bonus, cut by the opponents' field players between the ball and
  their goal (cover).
- cards: a pawn sent off costs its team CARD_SENT_OFF goals of margin, a yellow YELLOW (the next one is red).

The weights were set by hand and tuned on the ladder (benchmarks/players_ladder.py): docs/players.md.
"""
from __future__ import annotations

import math
from functools import cache

from . import geometry as g
from .game import Game
from .moves import variant
from .phase import Phase
from .pieces import N_PAWNS, is_defender, is_keeper, keeper_of, other, pawns_of
from .reach import ball_targets, table

SCALE = 1.7            # logistic(1.7 x) is close to the normal distribution's Phi(x)
BASE = 0.3             # the spread of a finished match's margin: a draw is half
RATE = 1 / 240         # goals a second (both teams): the spread grows with the time left
GOAL_SHOT = 0.5        # 4 of 8 sectors
CORNER_SHOT = 0.25     # 2 of 8 sectors give a corner...
CORNER = 0.12          # ...and a corner's worth in goals
PASS_SHOT = GOAL_SHOT + CORNER_SHOT * CORNER    # a roll that makes a shot (a direct pass to a shot target)
POSSESSION = 0.03      # a possession anywhere: the goal it may lead to in the end
ADVANCE = 0.32         # the ball on the goal line, before cover
ADVANCE_DECAY = 4.0    # ranks over which the advance bonus falls to 1/e
COVER = 0.15           # each opponent field player between ball and goal divides the bonus by 1 + COVER
PASS_OPTION = 0.06     # every face of the die that can pass the ball forward to a team-mate (a direct pass)
TARGET = 0.06         # each (up to two) field player a direct pass would turn into a shot, in the die's reach or not
TERRITORY = 0.04       # a team's field players all on the opponents' goal line rather than on their own
CARD_SENT_OFF = 0.25
YELLOW = 0.03
SHOT = GOAL_SHOT + CORNER_SHOT * CORNER   # a shot to take, in goals


FIELD = tuple(tuple((p, variant(p)) for p in pawns_of(t) if not is_keeper(p)) for t in (0, 1))
"""Each team's field players with the path tables they use (defenders keep to their half)."""


@cache
def _rolls_to(variant: int, start: int) -> tuple[int, ...]:
    """For each target square, the die faces (bit n) that take a pawn from `start` there on an empty board."""
    out = [0] * g.N_SQUARES
    for n in range(1, 7):
        for s in g.squares_of(table(variant, start, n).targets):
            out[s] |= 1 << n
    return tuple(out)


def reach_chance(game: Game, team: int, square: int) -> float:
    """The chance that `team`'s next roll lets one of its field players reach `square` (paths unblocked)."""
    sq, sent_off = game.state.sq, game.state.sent_off
    faces = 0
    for p, v in FIELD[team]:
        s = sq[p]
        if s >= 0 and not sent_off[p]:
            faces |= _rolls_to(v, s)[square]
    return faces.bit_count() / 6


def _keeper_reaches(game: Game, team: int, square: int) -> bool:
    k = keeper_of(team)
    s = game.state.sq[k]
    return s >= 0 and not game.state.sent_off[k] and g.chebyshev(s, square) == 1


@cache
def _battle_odds(mod_o: int, mod_d: int) -> float:
    """The chance the first pawn wins a battle (ties rolled again)."""
    win = lose = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if a + mod_o > b + mod_d:
                win += 1
            elif a + mod_o < b + mod_d:
                lose += 1
    return win / (win + lose)


def _modifier(game: Game, pawn: int) -> int:
    if pawn < 0:
        return 0
    if is_keeper(pawn):
        return 2
    if is_defender(pawn):
        return 2 if game.options.advanced_defenders else 1
    return 0


def _first_to_reach(a: float, b: float) -> float:
    """The chance the side attempting first wins alternating attempts with chances a and b."""
    if a <= 0 and b <= 0:
        return 0.5
    return a / (1 - (1 - a) * (1 - b))


BELOW = tuple((1 << (8 * (r - 1))) - 1 for r in range(1, 18))
"""BELOW[r]: the squares of ranks below rank r (r 1..16; index r - 1)."""


def _below(rank: int) -> int:
    return BELOW[rank - 1]


def _above(rank: int) -> int:
    return g.ALL & ~BELOW[rank]


def _field(game: Game, team: int) -> int:
    """The squares of `team`'s field players in play."""
    st = game.state
    k = keeper_of(team)
    mask = game.occ.team[team]
    s = st.sq[k]
    return mask & ~(1 << s) if s >= 0 and not st.sent_off[k] else mask


def cover(game: Game, team: int, ball: int) -> int:
    """The field players of `team`'s opponents between the ball and their goal line (the ball's rank excluded)."""
    defend = other(team)
    rank = g.rank_of(ball)
    goal_side = _below(rank) if game.profile.ends[defend].goal_rank == 1 else _above(rank)
    return (_field(game, defend) & goal_side).bit_count()


def onside(game: Game, team: int) -> int:
    """The squares where `team`'s pawns are onside (rule 7, C8: level with the opponents' last field player is
    onside; none left: the goal line; its own half always)."""
    defend = other(team)
    line = _field(game, defend)
    if game.profile.ends[defend].goal_rank == 1:
        last = ((line & -line).bit_length() - 1 >> 3) + 1 if line else 1
        return g.ALL & ~_below(min(last, 9))
    last = ((line.bit_length() - 1) >> 3) + 1 if line else 16
    return g.ALL & ~_above(max(last, 8))


def shot_targets(game: Game, team: int, ball: int) -> int:
    """`team`'s field players a direct pass turns into a shot (rule 5): alone in the opponents' penalty area or
    on a long-distance square, and onside."""
    end = game.profile.ends[other(team)]
    occ = game.occ
    alone = occ.team[team] & ~occ.team[other(team)] & (end.penalty_area | end.long_distance) & ~(1 << ball)
    return alone & onside(game, team) if alone else 0


def pass_shot_chance(game: Game, team: int, ball: int) -> float:
    """The chance that `team`'s next ball play from `ball` (one die) can end on a shot target (shot_targets):
    a shot at once (rule 5)."""
    onside = shot_targets(game, team, ball)
    if not onside:
        return 0.0
    return sum(1 for n in range(1, 7) if ball_targets(ball, n) & onside) / 6


def two_play_shot_chance(game: Game, team: int, ball: int) -> float:
    """The chance that `team`'s next ball play makes a shot directly or through one direct pass: a face that
    reaches a shot target counts whole, one that reaches a team-mate alone counts the best such team-mate's
    share of faces reaching a target with the extra play (rule 4B)."""
    targets = shot_targets(game, team, ball)
    if not targets:
        return 0.0
    occ = game.occ
    mates = occ.team[team] & ~occ.team[other(team)] & onside(game, team) & ~targets & ~(1 << ball)
    total = 0.0
    for n in range(1, 7):
        reach = ball_targets(ball, n)
        if reach & targets:
            total += 1.0
            continue
        best = 0
        for m in g.squares_of(reach & mates):
            best = max(best, sum(1 for k in range(1, 7) if ball_targets(m, k) & targets & ~(1 << m)))
        total += best / 6
    return total / 6


def threat(game: Game, team: int, ball: int) -> float:
    """Goals `team` may expect from having the ball on `ball` now (before the next offensive set's dice)."""
    end = game.profile.ends[other(team)]
    dist = abs(g.rank_of(ball) - end.goal_rank)
    bonus = (POSSESSION + ADVANCE * math.exp(-dist / ADVANCE_DECAY)) / (1 + COVER * cover(game, team, ball))
    targets = (TARGET * min(2, shot_targets(game, team, ball).bit_count())) if TARGET else 0.0
    return (PASS_SHOT * two_play_shot_chance(game, team, ball) + PASS_OPTION * pass_chance(game, team, ball)
            + bonus + targets)


def pass_chance(game: Game, team: int, ball: int) -> float:
    """The chance that `team`'s next ball play from `ball` can reach a team-mate ahead of the ball (the
    direct pass that lets it play again at once)."""
    ahead = _above(g.rank_of(ball)) if game.profile.ends[other(team)].goal_rank == 16 else _below(g.rank_of(ball))
    mates = game.occ.team[team] & ~game.occ.team[other(team)] & ahead
    if not mates:
        return 0.0
    return sum(1 for n in range(1, 7) if ball_targets(ball, n) & mates) / 6


def territory(game: Game, team: int) -> float:
    """How far up the pitch `team`'s field players stand on average (0: its own goal line, 1: the opponents'),
    less the same for the opponents."""
    out = 0.0
    sq, sent_off = game.state.sq, game.state.sent_off
    for t in (0, 1):
        up = game.profile.ends[t].goal_rank == 1
        ranks = [g.rank_of(sq[p]) for p, _ in FIELD[t] if sq[p] >= 0 and not sent_off[p]]
        if ranks:
            mean = sum(ranks) / len(ranks)
            out += (1 if t == team else -1) * ((mean - 1) / 15 if up else (16 - mean) / 15)
    return out


def possession(game: Game) -> tuple[int, float, int]:
    """(team, the chance it has the ball next, the ball's square) in the phase of play now."""
    st = game.state
    ph = st.phase
    o = st.offense if st.offense >= 0 else 0
    ball = st.ball if st.ball >= 0 else (st.ball_sq if st.ball_sq >= 0 else 0)
    if ph == Phase.CAPTURE:
        square = st.ball_sq if st.ball_sq >= 0 else ball
        a, b = reach_chance(game, o, square), reach_chance(game, other(o), square)
        first = _first_to_reach(a, b) if st.actor == o else 1 - _first_to_reach(b, a)
        answered = 1.0 if _keeper_reaches(game, other(o), square) else b
        return o, first * (1 - 0.5 * answered), square
    if ph == Phase.ANSWER:
        square = st.ball_sq if st.ball_sq >= 0 else ball
        d = other(o)
        keeper = _keeper_reaches(game, d, square)
        b = 1.0 if keeper else reach_chance(game, d, square)
        if st.roll:       # the D-team has rolled: the moves it has now decide
            b = 1.0 if game.legal_pawn_moves(first_only=True) and _reaches_now(game, square) else 0.0
        mod_d = 2 if keeper else 1
        return o, 1 - b * (1 - _battle_odds(0, mod_d)), square
    if ph == Phase.BATTLE:
        po, pd = st.battlers
        return o, _battle_odds(_modifier(game, po), _modifier(game, pd)), ball
    if st.restart is not None:
        return st.restart.team, 1.0, ball
    return o, 1.0, ball


def _reaches_now(game: Game, square: int) -> bool:
    return any(m >> square & 1 for m in game.legal_pawn_moves().values())


def margin(game: Game, team: int) -> float:
    """Expected goals for `team` less those for its opponent, from the situation on the board."""
    st = game.state
    ph = st.phase
    if ph == Phase.SHOT:
        return SHOT if st.actor == team else -SHOT
    if ph == Phase.PENALTY_SETUP and st.restart is not None:
        return SHOT if st.restart.team == team else -SHOT
    if ph in (Phase.CORNER_SETUP, Phase.CORNER_PLACEMENT, Phase.CORNER_KICK):
        side = st.restart.team if st.restart is not None else st.offense
        return CORNER if side == team else -CORNER
    if ph in (Phase.ROLL_OFF, Phase.SHOOTOUT_ORDER, Phase.SHOOTOUT, Phase.FULL_TIME):
        return 0.0
    holder_team, p, ball = possession(game)
    mine = threat(game, holder_team, ball) * p if p > 0 else 0.0
    if p < 1:
        mine -= threat(game, other(holder_team), ball) * (1 - p)
    if ph in (Phase.CAPTURE, Phase.ANSWER, Phase.BATTLE):
        in_area = game.profile.ends[other(holder_team)].penalty_area >> ball & 1
        keeper_lost = ph == Phase.BATTLE and is_keeper(st.battlers[1])
        if in_area or keeper_lost or (ph == Phase.ANSWER and st.scoring):   # kept by the O-team: a shot
            mine += p * SHOT
    return mine if holder_team == team else -mine


def cards(game: Game, team: int) -> float:
    """Margin lost to `team`'s cards less its opponent's."""
    st = game.state
    if not any(st.yellow) and not any(st.sent_off):
        return 0.0
    out = 0.0
    for p in range(N_PAWNS):
        sign = 1 if p // 11 == team else -1
        if st.sent_off[p]:
            out -= sign * CARD_SENT_OFF
        elif st.yellow[p]:
            out -= sign * YELLOW
    return out


def seconds_left(game: Game) -> float:
    """Regulation time left in the match (extra time not counted)."""
    st = game.state
    half = game.options.half_minutes * 60
    if st.period == 1:
        return max(0.0, half - st.elapsed) + half
    if st.period == 2:
        return max(0.0, half - st.elapsed)
    return 0.0


def win_chance(game: Game, team: int) -> float:
    """The chance `team` wins from here, a draw counting half: 1, 0 or 0.5 at full time."""
    st = game.state
    if st.phase == Phase.FULL_TIME:
        return 0.5 if st.winner < 0 else float(st.winner == team)
    if st.period == 5:
        lead = st.shootout[team] - st.shootout[other(team)]
        return 1 / (1 + math.exp(-1.2 * lead))
    lead = st.score[team] - st.score[other(team)]
    spread = math.sqrt(BASE + RATE * seconds_left(game))
    x = (lead + margin(game, team) + cards(game, team) + TERRITORY * territory(game, team)) / spread
    return 1 / (1 + math.exp(-SCALE * x))

"""A coach's reading of a Soccer The Board Game position, as the chance that a team wins (the searching
computer player's evaluation, controller/players/search_game.py).

The position is first read as an *edge*: the goals a team may expect from it in the next few turns, before the
other side's; the score and the time left then turn score plus edge into a win chance.

The edge, in goals (every weight below is a named constant of this module):
- the team holding the ball threatens (`threat`): a scoring chance is worth `CHANCE` goals with a pawn of the
  defenders in their goal area (both roll: 15/36 a goal, 6/36 a corner worth `CORNER`), a whole goal with none;
  the chance of making one on its turn is the chance of rolling at least the length of a kick line to the goal
  area clear of opponents (team-mates may be kicked over), or one step more than the ball's distance to the
  goal when no line is clear; a Shoot card and a clear line (no pawn between) make it certain, less the card's
  worth. What is not made this turn is worth `LATER` of a chance, times `FAR` for each step beyond a six;
- each opponent between the ball and the goal (in the corridor from the ball to the goal area) takes `BLOCKER`
  of the threat away;
- while the other team is to move, it may come for the ball (a battle, won 15/36) or play a Steal card: the
  holder keeps `HOLD` of its threat as the defenders close the corridor, and the press gives the other team its
  own threat from the ball's square;
- a loose ball goes to whoever reaches it: the team to move with the chance of rolling its nearest pawn's
  distance (certain with a Steal card, less the card's worth), else the other team on the next turn;
- `POSSESSION` goals for holding the ball at all; star cards left: `STARS` goals a card by kind while there is
  time to play them; each player fewer (sent off) `PLAYER` goals over the time left; a kept yellow card
  `YELLOW`; a turn to be skipped (a substitution) `SKIP`; a team without its goalie in the goal area `NO_KEEPER`;
- in the middle of a turn, what the turn has not made by now it will not make: the position is read as the other
  team's to move, unless the holder's kick line to the goal area is open within the points left.
Battles, referee cards, free kicks, penalties and corners are read by their odds (both teams roll a die).
The edge is one team's and the other's is its negative, so `value` is zero-sum.

The win chance: the goal difference plus the edge, over the spread of the goal difference still to come
(`SPREAD` goals over a whole match, shrinking with the square root of the time left, never below `FLOOR`),
through a logistic curve; a scoring chance being rolled for is the expectation over its three outcomes, so a
goal's worth near the end is counted in full. A match over is 1, 0 or 0.5 (a team left with fewer than 3
players loses an abandoned match).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .board import (
    ANY_GOAL_AREA,
    GOAL_AREA,
    KINDS,
    PENALTY_AREA,
    at,
    file_of,
    king,
    line,
    other,
    pawns_of,
    rank_of,
    team_of,
)
from .reach import on_board_count
from .state import BOTH_ROLL, SET_PIECE_TURNS, Phase

if TYPE_CHECKING:
    from .game import Game
    from .state import State

WIN, SAVE, TIE = 15 / 36, 15 / 36, 6 / 36    # two dice: the first higher, lower, equal
CORNER = 0.15       # goals a corner is worth to the attackers
CHANCE = WIN + TIE * CORNER
LATER = 0.3         # a chance not made this turn: its worth on later turns
FAR = 0.8           # ... times this for each step beyond a roll's reach
BLOCKER = 0.2       # share of the threat each opponent between ball and goal takes away
HOLD = 0.8          # share of its threat a holder keeps while the other team moves
POSSESSION = 0.05
STARS = {"pass": 0.02, "shoot": 0.06, "steal": 0.04}
PLAYER = 0.3
YELLOW = 0.04
SKIP = 0.12
NO_KEEPER = 0.1
SPREAD = 2.0        # the goal difference's spread over a whole match
FLOOR = 0.3
LOGISTIC = 1.702    # the logistic curve that follows the normal one

AT_LEAST = [1.0, 1.0, 5 / 6, 4 / 6, 3 / 6, 2 / 6, 1 / 6] + [0.0] * 16
"""AT_LEAST[n]: the chance a die shows n or more."""


def _goal_distance(team: int) -> list[int]:
    return [min(king(s, g) for g in (at(3, 16 if team == 0 else 1), at(4, 16 if team == 0 else 1)))
            for s in range(128)]


GOAL_DISTANCE = (_goal_distance(0), _goal_distance(1))
"""GOAL_DISTANCE[team][s]: king steps from s to the goal area `team` attacks."""


def _corridor(team: int, s: int) -> int:
    """The squares between s and the goal area `team` attacks: nearer the goal line, within a file and a half
    of the straight way from s to the goal's middle."""
    goal_rank = 16 if team == 0 else 1
    r0, f0 = rank_of(s), file_of(s)
    span = goal_rank - r0
    m = 0
    for x in range(128):
        if ANY_GOAL_AREA >> x & 1 or x == s:
            continue
        r = rank_of(x)
        if span == 0 or (r - r0) * (1 if span > 0 else -1) <= 0 or abs(r - r0) > abs(span):
            continue
        expected = f0 + (3.5 - f0) * (r - r0) / span
        if abs(file_of(x) - expected) <= 1.5:
            m |= 1 << x
    return m


CORRIDOR = ([_corridor(0, s) for s in range(128)], [_corridor(1, s) for s in range(128)])
"""CORRIDOR[team][s]: the squares between the ball on s and the goal area `team` attacks."""


def _shot_lines(team: int, s: int) -> list[tuple[int, int]]:
    out = []
    for g in range(128):
        if not GOAL_AREA[other(team)] >> g & 1:
            continue
        between = line(s, g)
        if between is None or any(ANY_GOAL_AREA >> b & 1 for b in between) or ANY_GOAL_AREA >> s & 1:
            continue
        m = 0
        for b in between:
            m |= 1 << b
        out.append((len(between) + 1, m))
    return sorted(out)


SHOT_LINES = ([_shot_lines(0, s) for s in range(128)], [_shot_lines(1, s) for s in range(128)])
"""SHOT_LINES[team][s]: (length, squares between) of each straight line from s into the goal area attacked."""


class Board:
    """What one evaluation reads again and again: each team's squares and star cards left."""
    __slots__ = ("cards", "left", "masks", "play_on", "st")

    def __init__(self, game: Game) -> None:
        st = game.state
        self.st: State = st
        masks = [0, 0]
        for p, s in enumerate(st.sq):
            if s >= 0:
                masks[p // 6] |= 1 << s
        self.masks = (masks[0], masks[1])
        self.cards = (_cards(game, 0), _cards(game, 1))
        self.left = time_left(game)
        self.play_on = min(1.0, 2 * self.left)     # star cards are worth something while there is time


def _cards(game: Game, team: int) -> dict[str, int]:
    """The star cards of each kind `team` may still play (stars.cards_left, for every kind at once)."""
    st = game.state
    used = st.stars_used[team]
    hand = st.hands[team]
    if hand is not None:
        return {k: hand[i] - used[i] for i, k in enumerate(KINDS)}
    deck, rest = game.options.star_cards, game.options.hand_size - sum(used)
    return {k: max(0, min(deck[k] - used[i], rest)) for i, k in enumerate(KINDS)}


def chance_worth(b: Board, attack: int) -> float:
    """Goals a scoring chance is worth to `attack`: a whole goal into an empty goal area."""
    return CHANCE if b.masks[other(attack)] & GOAL_AREA[other(attack)] else 1.0


def clear_shot(b: Board, team: int, square: int, points: int, empty: bool = False) -> bool:
    """Whether a kick of at most `points` reaches the goal area from `square` over no opponent (`empty`: over
    no pawn at all, a Shoot card's line)."""
    over = b.masks[other(team)] | (b.masks[team] if empty else 0)
    return any(n <= points and not between & over for n, between in SHOT_LINES[team][square])


def threat(b: Board, team: int, square: int, stars: bool) -> float:
    """Goals `team` may expect from holding the ball on `square` with its turn to come (`stars`: an open turn,
    when its Shoot card may be played)."""
    d = GOAL_DISTANCE[team][square]
    worth = chance_worth(b, team)
    blockers = (b.masks[other(team)] & CORRIDOR[team][square]).bit_count()
    kicks = [n for n, between in SHOT_LINES[team][square] if not between & b.masks[other(team)]]
    now = AT_LEAST[min(kicks)] if kicks else AT_LEAST[min(d + 1, 22)] * (1 - BLOCKER) ** blockers
    later = LATER * worth * FAR ** max(0, d - 6) * (1 - BLOCKER) ** blockers
    rolled = now * worth + (1 - now) * later
    if stars and b.cards[team]["shoot"] and clear_shot(b, team, square, 16, empty=True):
        return max(rolled, worth - STARS["shoot"] * b.play_on)     # the card is spent
    return rolled


def _reach(b: Board, team: int, square: int) -> int:
    """King steps from the team's nearest pawn to `square` (99 with none on the board)."""
    st = b.st
    return min((king(st.sq[p], square) for p in pawns_of(team) if st.sq[p] >= 0), default=99)


def held(b: Board, team: int, square: int, moving: bool, stars: bool) -> float:
    """The edge of `team` holding the ball on `square`: its turn next (`moving`) or the other team's first."""
    mine = threat(b, team, square, stars)
    if moving:
        return POSSESSION + mine
    o = other(team)
    press = AT_LEAST[min(_reach(b, o, square), 22)] * WIN
    if stars and b.cards[o]["steal"]:
        press = max(press, 0.7)
    return POSSESSION + (1 - press) * HOLD * mine - press * threat(b, o, square, False)


def loose(b: Board, mover: int, square: int, stars: bool) -> float:
    """The edge of the team to move (`mover`, not rolled yet) with the ball loose on `square`."""
    o = other(mover)
    q = AT_LEAST[min(_reach(b, mover, square), 22)]
    qo = AT_LEAST[min(_reach(b, o, square), 22)]
    mine, theirs = held(b, mover, square, False, False), held(b, o, square, False, False)
    rolled = q * mine - (1 - q) * qo * theirs
    if stars and b.cards[mover]["steal"]:
        return max(rolled, held(b, mover, square, True, False) - STARS["steal"] * b.play_on)   # the card is spent
    return rolled


def play_edge(b: Board, team: int) -> float:
    """The edge of `team` in a turn (phase play)."""
    st = b.st
    mover = st.turn
    stars = st.kind not in SET_PIECE_TURNS and not st.rolled and not st.star_played
    if st.rolled or st.star:
        # what the turn has not made by now it will not make: the other team moves next, unless a shot is on
        if st.holder >= 0 and team_of(st.holder) == mover:
            points = st.points if st.star != "shoot" else 16
            if st.star != "pass" and clear_shot(b, mover, st.ball, points, empty=st.star == "shoot"):
                e = POSSESSION + chance_worth(b, mover)
                return e if team == mover else -e
        mover, stars = other(mover), True
    h = st.holder
    if st.ball < 0:
        e = 0.0
    elif h >= 0:
        ht = team_of(h)
        e = held(b, ht, st.ball, ht == mover, stars and ht == mover)
        e = e if ht == mover else -e
    else:
        e = loose(b, mover, st.ball, stars)
    return e if team == mover else -e


def card_cost(game: Game, team: int) -> float:
    """The goals a referee card drawn for `team`'s fault is expected to cost it."""
    st = game.state
    left = {k: game.options.referee_cards[k] for k in ("red", "yellow", "blank")}
    left["yellow"] -= sum(y for p, y in enumerate(st.yellow) if not st.sent_off[p] and y == 1)
    total = sum(max(0, n) for n in left.values()) or 1
    second = st.fouler >= 0 and st.yellow[st.fouler] == 1
    return (max(0, left["red"]) * PLAYER + max(0, left["yellow"]) * (PLAYER if second else YELLOW)) / total


def set_piece_edge(game: Game, b: Board, team: int) -> float:
    """The edge of `team` between turns: a battle, a card, a set-up (the attacking team's set piece to come)."""
    st = b.st
    if st.phase == Phase.BATTLE:
        c = st.challenger
        ct, ht = team_of(c), other(team_of(c))
        award = CHANCE if PENALTY_AREA[ct] >> st.ball & 1 else held(b, ht, st.ball, True, False)
        e = (WIN * held(b, ct, st.ball, True, False) - SAVE * held(b, ht, st.ball, True, False)
             - TIE * (award + card_cost(game, ct)))
        return e if team == ct else -e
    if st.phase == Phase.CARD:
        a = st.attack
        award = CHANCE if st.award == "penalty_kick" else held(b, a, st.ball, True, False)
        e = award + card_cost(game, other(a))
        return e if team == a else -e
    if st.phase in (Phase.FREE_KICK_SETUP, Phase.CORNER_SETUP):
        a = st.attack
        e = held(b, a, st.ball, True, False)
        return e if team == a else -e
    if st.phase == Phase.PENALTY_SETUP:
        return CHANCE if team == st.attack else -CHANCE
    if st.phase == Phase.KICKOFF_SETUP:
        return POSSESSION if team == st.kickoff_team else -POSSESSION
    return 0.0


def standing(b: Board, team: int) -> float:
    """What a team has beside the ball: star cards, players, cards, skipped turns, its goalie; `team`'s less
    the other's."""
    st = b.st
    players = PLAYER * (0.3 + 0.7 * b.left)
    out = 0.0
    for t, sign in ((team, 1.0), (other(team), -1.0)):
        cards = b.cards[t]
        v = (STARS["pass"] * cards["pass"] + STARS["shoot"] * cards["shoot"] + STARS["steal"] * cards["steal"]) \
            * b.play_on - players * (6 - b.masks[t].bit_count()) - SKIP * st.skips[t]
        for p in pawns_of(t):
            if st.yellow[p] == 1 and not st.sent_off[p]:
                v -= YELLOW
        if not b.masks[t] & GOAL_AREA[t]:
            v -= NO_KEEPER
        out += sign * v
    return out


def time_left(game: Game) -> float:
    """The share of the match still to play (0 once time is up in the second period)."""
    st = game.state
    length = game.options.half_minutes * 60.0
    if st.period >= 2:
        rest = 0.0 if st.time_up else max(0.0, length - st.elapsed)
    else:
        rest = length + (0.0 if st.time_up else max(0.0, length - st.elapsed))
    return rest / (2 * length)


def win_chance(lead: float, left: float) -> float:
    """The chance of winning (a draw half) with `lead` goals and `left` of the match to play."""
    spread = math.sqrt(SPREAD * SPREAD * left + FLOOR * FLOOR)
    x = LOGISTIC * lead / spread
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def edge(game: Game, team: int) -> float:
    """The goals `team` may expect from the position beyond the score, less the other team's."""
    b = Board(game)
    e = play_edge(b, team) if game.state.phase == Phase.PLAY else set_piece_edge(game, b, team)
    return e + standing(b, team)


def value(game: Game, team: int) -> float:
    """The chance `team` wins from here, 0..1, a draw half: 1, 0 or 0.5 once the match is over."""
    st = game.state
    o = other(team)
    if st.phase == Phase.FULL_TIME:
        return 0.5 if st.winner < 0 else float(st.winner == team)
    if st.phase == Phase.ABANDONED:
        short = [t for t in (0, 1) if on_board_count(st, t) < 3]
        return 0.5 if len(short) != 1 else float(short[0] != team)
    if st.phase in (Phase.SHOOTOUT_ORDER, Phase.SHOOTOUT):
        return min(0.95, max(0.05, 0.5 + 0.2 * (st.shootout[team] - st.shootout[o])))
    left = time_left(game)
    lead: float = st.score[team] - st.score[o]
    if st.phase == Phase.CHANCE:
        # both roll: a goal, a save (the goalie holds, a goal kick) or a corner
        sign = 1 if st.attack == team else -1
        lead += standing(Board(game), team)
        return (WIN * win_chance(lead + sign, left) + SAVE * win_chance(lead - sign * POSSESSION, left)
                + TIE * win_chance(lead + sign * CORNER, left))
    if st.phase in BOTH_ROLL and st.phase != Phase.BATTLE:
        return win_chance(lead, left)
    return win_chance(lead + edge(game, team), left)



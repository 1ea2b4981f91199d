"""From what the board senses to engine actions, for Soccer The Board Game.

The core hands over the difference between the sensed board and the game (tokens missing from squares,
tokens extra on squares); it is read here as the moves that make it (several pawns and the ball of a split
turn, in any order: one action or a Batch), as a position on its way to one (tokens in hand, a holder
put down before its ball, a ball on its line), or as wrong. Nothing here changes the game.
"""
from __future__ import annotations

from collections.abc import Iterable
from itertools import permutations
from typing import TYPE_CHECKING

from controller.i18n import Say, say
from controller.seam import Illegal, Reading
from hal.board import BALL_BIT, N_SQUARES, TEAM_BIT, TEAMS

from .actions import Batch, Kick, Leave, Step
from .board import line, name, squares_of
from .reach import pawn_at, within
from .restarts import allowed_places
from .state import OVER, SETUPS, Phase

if TYPE_CHECKING:
    from .game import Game

Token = tuple[int, str]
Unit = tuple[Step | Kick, ...]
MAX_UNITS = 4
__all__ = ["Reading", "expected_occupancy", "read_difference"]


def expected_occupancy(game: Game) -> bytearray:
    st = game.state
    out = bytearray(N_SQUARES)
    for p, s in enumerate(st.sq):
        if s >= 0:
            out[s] |= TEAM_BIT[p // 6]
    for p, s in enumerate(st.standing):            # sent off, not lifted yet
        if s >= 0:
            out[s] |= TEAM_BIT[p // 6]
    if st.ball >= 0:
        out[st.ball] |= BALL_BIT
    return out


def may_lift(game: Game, token: str) -> Illegal | None:
    """A lift is always possible; it breaks the game when that token may not be moved now."""
    st = game.state
    if st.phase in OVER:
        return None
    if st.phase in SETUPS:
        if token == "ball":
            return None if game.ball_destinations() else Illegal("not_your_turn", say("the ball is not placed now"))
        return None if token == TEAMS[st.turn] else Illegal("not_your_turn", say("{turn} sets up now",
                                                                                 turn=Say(TEAMS[st.turn])))
    if st.phase != Phase.PLAY:
        return Illegal("not_expected", say("nothing moves now (phase {phase}): {input} first",
                                           phase=st.phase, input=game.expects()['input']))
    if token not in ("ball", TEAMS[st.turn]):
        return Illegal("not_your_turn", say("it is {turn}'s turn", turn=Say(TEAMS[st.turn])))
    if not st.rolled and st.star != "steal" and not (token == "ball" and st.star):
        return Illegal("roll_first", say("{turn} rolls (or plays a star card) first", turn=Say(TEAMS[st.turn])))
    return None


def read_difference(game: Game, missing: list[Token], extra: list[Token], final: bool = False) -> Reading:
    if not missing and not extra:
        return Reading("exact")
    leaving = [(p, (s, t)) for p, s in enumerate(game.state.standing) for t in (TEAMS[p // 6],) if (s, t) in missing]
    if leaving:                                    # a sent-off pawn lifted off the board
        if len(leaving) == len(missing) and not extra:
            return Reading("exact", Leave(leaving[0][0]))
        missing = [m for m in missing if m not in {token for _, token in leaving}]
    for _, token in missing:
        err = may_lift(game, token)
        if err is not None:
            return Reading("wrong", error=err)
    for token in ("red", "blue", "ball"):
        if sum(t == token for _, t in extra) > sum(t == token for _, t in missing):
            square = next(s for s, t in extra if t == token)
            return Reading("wrong", error=Illegal("board_mismatch", say("a {token} token appeared on {square}",
                                                                        token=token, square=name(square))))
    st = game.state
    if len(missing) == len(extra):
        action, err = _sequence(game, missing, extra)
        if action is not None:
            follow = isinstance(action, Kick) and st.holder >= 0 and bool(game.dribble_destinations() >> action.to & 1)
            return Reading("exact", action, open_ended=st.phase == Phase.PLAY and (not final or follow))
        if _on_its_way(game, missing, extra, final):
            return Reading("pending")
        return Reading("wrong", error=err or Illegal("board_mismatch", say("these tokens are on no legal way")))
    err = _placements(game, missing, extra)
    return Reading("pending") if err is None else Reading("wrong", error=err)


def _trial(game: Game, action: Step | Kick | Batch, extra: list[Token]) -> Illegal | None:
    """Whether the game accepts the action and then expects the moved tokens where the board has them
    (a game that relocated tokens itself, after a goal, is not asked that)."""
    st = game.state
    before = st.phase
    try:
        game.apply(action)
    except Illegal as e:
        return e
    try:
        if game.state.phase == before or game.state.phase == Phase.PLAY:
            occ = expected_occupancy(game)
            bits = {"red": 1, "blue": 2, "ball": 4}
            for s, t in extra:
                if not occ[s] & bits[t]:
                    return Illegal("board_mismatch", say("the {t} token on {s} is not where those moves put it",
                                                         t=t, s=name(s)))
        return None
    finally:
        game.undo()


def _units(game: Game, moves: list[tuple[int, int, int]], ball: tuple[int, int] | None) -> list[list[Unit]]:
    """The moves as units of actions, each way they may be read: a holder and the ball going together is
    one dribble (S8); a pawn ending with a loose ball that was elsewhere may have gone to the ball first
    and carried it, or the ball may have been kicked to it."""
    st = game.state
    readings: list[list[Unit]] = [[]]
    ball_done = [ball is None]
    for p, a, b in moves:
        if ball is not None and b == ball[1] and st.phase == Phase.PLAY:
            if p == st.holder and a == ball[0]:
                for r in readings:
                    r.append((Step(p, b),))
                ball_done = [True] * len(readings)
                continue
            if a != ball[0] and st.holder < 0:
                carried = [[*r, (Step(p, ball[0]), Step(p, b))] for r in readings]
                readings = [[*r, (Step(p, b),)] for r in readings] + carried
                ball_done = ball_done + [True] * len(carried)
                continue
        if p == st.holder and st.phase == Phase.PLAY and ball is None:
            return []                                   # the holder moved without its ball: not yet (S15)
        for r in readings:
            r.append((Step(p, b),))
    if ball is not None:
        for r, done in zip(readings, ball_done, strict=True):
            if not done:
                r.insert(0, (Kick(ball[1]),))
    return readings


def _sequence(game: Game, missing: list[Token],
              extra: list[Token]) -> tuple[Step | Kick | Batch | None, Illegal | None]:
    """The first order and pairing of the moves that the rules accept, or the objection to the first tried."""
    st = game.state
    first: Illegal | None = None
    ball = next(((a, b) for a, t in missing if t == "ball" for b, u in extra if u == "ball"), None)
    per_team: list[list[list[tuple[int, int, int]]]] = []
    for team, colour in enumerate(TEAMS):
        froms = [s for s, t in missing if t == colour]
        tos = [s for s, t in extra if t == colour]
        pairings = []
        for targets in permutations(tos):
            pairs = []
            for a, b in zip(froms, targets, strict=True):
                p = pawn_at(st, team, a)
                if p < 0:
                    return None, Illegal("no_token", say("no {colour} pawn on {a}", colour=colour, a=name(a)))
                pairs.append((p, a, b))
            pairings.append(pairs)
        per_team.append(pairings)
    for red in per_team[0]:
        for blue in per_team[1]:
            readings = _units(game, red + blue, ball)
            if not readings:
                first = first or _holder_alone(game, red + blue)
            for units in readings:
                orders: Iterable[tuple[Unit, ...]] = permutations(units) if len(units) <= MAX_UNITS \
                    else [tuple(units)]
                for order in orders:
                    acts = tuple(a for unit in order for a in unit)
                    action: Step | Kick | Batch = acts[0] if len(acts) == 1 else Batch(acts)
                    err = _trial(game, action, extra)
                    if err is None:
                        return action, None
                    first = first or err
    return None, first or Illegal("board_mismatch", say("these tokens are on no legal way"))


def _holder_alone(game: Game, moves: list[tuple[int, int, int]]) -> Illegal:
    """The holder put down without its ball: why carrying the ball there is refused (over_budget, path_blocked,
    ...), or, when it may carry it there, that the ball goes down too (S15)."""
    st = game.state
    for p, _, b in moves:
        if p == st.holder:
            try:
                game.apply(Step(p, b))
            except Illegal as e:
                return e
            game.undo()
    return Illegal("not_expected", say("the holder takes the ball along: put the ball down too"))


def _on_its_way(game: Game, missing: list[Token], extra: list[Token], final: bool) -> bool:
    """A token resting on its way: a ball on the line to a legal end (a kick sliding, not for a `move` line
    that says where it ends), or a holder put down before its ball on a square it may carry the ball to (S8)."""
    st = game.state
    if st.phase != Phase.PLAY or len(missing) != 1:
        return False
    (a, token), (b, _) = missing[0], extra[0]
    if token == "ball":
        if final:
            return False
        for end in squares_of(game.ball_destinations()):
            between = line(a, end)
            if between and b in between:
                return True
        return False
    p = pawn_at(st, TEAMS.index(token), a)
    return p == st.holder and bool(game.dribble_destinations() >> b & 1)


def _placements(game: Game, missing: list[Token], extra: list[Token]) -> Illegal | None:
    """With tokens still in hand: None when every token put down may be on its way (at a set-up, a square
    the set-up allows for one of them: anything else is refused at once, S20)."""
    st = game.state
    for b, token in extra:
        froms = [a for a, t in missing if t == token]
        if token == "ball":
            ok = bool(game.ball_destinations() >> b & 1) if st.phase in SETUPS else \
                any(within(a, max(st.points, 1)) >> b & 1 for a in froms)
            if not ok and st.phase == Phase.PLAY and st.holder >= 0:
                ok = bool(game.dribble_destinations() >> b & 1)
        else:
            team = TEAMS.index(token)
            pawns = [pawn_at(st, team, a) for a in froms]
            if st.phase in SETUPS:
                ok = any(p >= 0 and allowed_places(game, p) >> b & 1 for p in pawns)
            else:
                ok = any(p >= 0 and (game.legal_pawn_moves(pawn=p).get(p, 0) | within(st.sq[p], st.points)) >> b & 1
                         for p in pawns)
        if not ok:
            reason = "placement" if st.phase in SETUPS else "over_budget"
            return Illegal(reason, say("the {token} token on {b} is on no legal way ({input} from {value})",
                                       token=token, b=name(b), input=game.expects()['input'],
                                       value=game.expects().get('team')))
    return None


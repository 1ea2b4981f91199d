"""From what the board senses to engine actions, for Soccer Tactics WORLD.

The core compares the sensed occupancy with the occupancy the game expects; the difference (tokens
missing from squares, tokens extra on squares) is read here as the one action that would produce it,
or as a position still on its way to one (a lifted pawn, a ball played one square that its holder may
follow for a dribble). The game state stays the authority: nothing here changes it.
"""
from __future__ import annotations

import heapq
import itertools
from typing import TYPE_CHECKING

from controller.i18n import say
from controller.seam import Illegal
from controller.seam import Reading as Reading  # re-exported: read_difference returns it
from hal.board import BALL_BIT, N_SQUARES, TEAM_BIT

from . import geometry as g
from .actions import Action, Batch, Dribble, MinorFoul, MoveBall, MovePawn, RemovePawn
from .phase import BALL_PHASES, Phase
from .pieces import N_PAWNS, TEAMS, other, pawns_of, team_of

if TYPE_CHECKING:
    from .game import Game

def expected_occupancy(game: Game) -> bytearray:
    """One occupancy mask per square: where the game expects every token (sent-off pawns until lifted)."""
    st = game.state
    out = bytearray(N_SQUARES)
    for p in range(N_PAWNS):
        if st.sq[p] >= 0:
            out[st.sq[p]] |= TEAM_BIT[team_of(p)]
    if st.ball >= 0:
        out[st.ball] |= BALL_BIT
    return out


def _pawn_at(game: Game, team: int, square: int) -> int:
    st = game.state
    for p in pawns_of(team):
        if st.sq[p] == square:
            return p
    return -1


def _legal(game: Game, action: Action) -> Illegal | None:
    """Try an action on the game and take it back: None if the rules allow it."""
    try:
        game.apply(action)
    except Illegal as e:
        return e
    game.undo()
    return None


def may_lift(game: Game, square: int, token: str) -> Illegal | None:
    """Lifting is always physically possible; it breaks the game when that token may not act now."""
    st = game.state
    exp = game.expects()
    if token == "ball":
        if exp["input"] in ("ball", "setup") or (exp["input"] == "roll" and st.phase in
                                                 BALL_PHASES):
            return None
        return Illegal("not_your_turn", say("the ball on {square} is not to be played now", square=g.name(square)))
    team = TEAMS.index(token)
    p = _pawn_at(game, team, square)
    if p >= 0 and (st.sent_off[p] or (p == st.shooter and st.phase.startswith("corner"))):
        return None
    if exp["input"] == "setup":
        if exp.get("team") not in (None, token):
            return Illegal("not_your_turn", say("{team} places a pawn now (the set-up goes in turns)",
                                                team=exp['team']))
        return None
    if exp.get("team") in (token, "both") and exp["input"] in ("roll", "move", "place", "ball"):
        return None
    return Illegal("not_your_turn", say("{token} may not move a pawn now (waiting for {input}{value})",
                                        token=token, input=exp['input'],
                                        value=' from ' + exp['team'] if exp.get('team') else ''))


def read_difference(game: Game, missing: list[tuple[int, str]], extra: list[tuple[int, str]],
                    final: bool = False) -> Reading:
    """Read the difference between the board and the game as an action, a pending move or an error.

    final: the last input stated where its token ends (a `move` line), so a token standing on the
    way to somewhere else is not in transit; raw lifts and places (final=False) may be."""
    if not missing and not extra:
        return Reading("exact")
    together = _put_down_together(game, missing, extra)
    if together is not None:
        return together
    action, err = _single_action(game, missing, extra)
    if action is not None and err is None:
        return Reading("exact", action, open_ended=_open_ended(game, action, missing, final))
    why = _not_on_the_way(game, missing, extra, final)
    if why is None:
        return Reading("pending")
    return Reading("wrong", error=err or why)


MOST_TOGETHER = 8
"""Most pawns of one colour read as put down together; with more in hand the board waits for some to land."""
READINGS_TRIED = 24
"""Readings (which pawn went where) tried, nearest first, before a board change is refused."""


def _put_down_together(game: Game, missing: list[tuple[int, str]], extra: list[tuple[int, str]]) -> Reading | None:
    """Several pawns of one colour lifted at once and all put down in a set-up or the corner's placements
    (docs/board.md 3): the sensors cannot tell which went where, so the board reads as the nearest assignment
    the rules allow (each pawn to the square closest to where it stood), made as one Batch; the core then asks
    the players to confirm it, as in open play. Refused with the nearest reading's objection when none is
    legal; None when this is no such change."""
    if game.expects()["input"] not in ("setup", "place") or len(missing) != len(extra) \
            or not 2 <= len(missing) <= MOST_TOGETHER:
        return None
    tokens = {t for _, t in missing} | {t for _, t in extra}
    if len(tokens) != 1 or "ball" in tokens:
        return None
    team = TEAMS.index(tokens.pop())
    pawns = [_pawn_at(game, team, s) for s, _ in missing]
    if min(pawns) < 0:
        return None
    sources = [s for s, _ in missing]
    readings = heapq.nsmallest(READINGS_TRIED, itertools.permutations(s for s, _ in extra),
                               key=lambda to: sum(g.chebyshev(a, b) for a, b in zip(sources, to, strict=True)))
    first_error: Illegal | None = None
    for to in readings:
        batch, error = _in_a_legal_order(game, [MovePawn(p, s) for p, s in zip(pawns, to, strict=True)])
        if batch is not None:
            return Reading("exact", batch)
        first_error = first_error or error
    return Reading("wrong", error=first_error)


def _in_a_legal_order(game: Game, moves: list[MovePawn]) -> tuple[Batch | None, Illegal | None]:
    """The moves as a Batch in an order the rules accept one by one (the first that may go, each time), or
    None with the rules' first objection. The game is left as it was."""
    done: list[MovePawn] = []
    left = list(moves)
    error: Illegal | None = None
    try:
        while left:
            for move in left:
                try:
                    game.apply(move)
                except Illegal as e:
                    error = error or e
                    continue
                done.append(move)
                left.remove(move)
                break
            else:
                return None, error
    finally:
        for _ in done:
            game.undo()
    return Batch(tuple(done)), None


def _open_ended(game: Game, action: Action, missing: list[tuple[int, str]], final: bool) -> bool:
    """Whether a legal action could still grow into another: a ball played one square on a roll of 1
    that its holder may follow (a dribble), or, for raw lifts and places, a token resting on a square
    that is both a legal end and on the path to another one (a slide in progress)."""
    st = game.state
    if isinstance(action, MoveBall):
        if st.roll == 1 and missing[0][0] == st.ball and _legal(game, Dribble(action.to)) is None:
            return True
        # a square crossed after k < n steps is at most k away: an end n squares away is on no other path
        if final or g.chebyshev(st.ball, action.to) >= st.roll:
            return False
        return bool(game.ball_transit_squares() >> action.to & 1)
    if isinstance(action, MovePawn) and not final and st.roll and len(missing) == 1 \
            and g.chebyshev(missing[0][0], action.to) < st.roll:
        return _on_the_way_on(game, action.pawn, action.to)
    return False


def _on_the_way_on(game: Game, pawn: int, square: int) -> bool:
    """Whether an unblocked path to another legal destination of the pawn passes through `square`."""
    from .moves import variant
    from .reach import table
    st = game.state
    t = table(variant(pawn), st.sq[pawn], st.roll)
    through = t.only.get(square, 0) | t.through_multi.get(square, 0)
    if not through:
        return False
    legal = game.legal_pawn_moves(pawn=pawn).get(pawn, 0) & through
    opp = game.occ.team[other(team_of(pawn))]
    bit = 1 << square
    for d in g.squares_of(legal):
        for inter in t.by_target.get(d, ()):
            if inter & bit and not inter & opp:
                return True
    return False


# where a refused placement left on the board is a minor foul (C10): play, and the corner's placements (each a
# team's move in turn); fixing a restart's required position is only corrected
PLAY_PHASES = (Phase.OFFENSIVE_SET, Phase.CAPTURE, Phase.ANSWER, Phase.KICK_OFF, Phase.BALL_PLAY, Phase.CORNER_KICK,
               Phase.CORNER_PLACEMENT)
NOT_FOULS = ("board_mismatch", "no_token", "bad_input", "game_over", "identity_ambiguous")


def strict_foul(game: Game, missing: list[tuple[int, str]], extra: list[tuple[int, str]],
                error: Illegal | None) -> MinorFoul | None:
    """C10 strict_minor_fouls: the minor foul (rule 9C) that a placement the rules refuse becomes if it is
    still on the board when the settle window ends; None when the option is off or this is no placement in
    play (a token out of nowhere, a restart's set-up placement, which are only corrected)."""
    st = game.state
    if error is None or not game.options.strict_minor_fouls or error.reason in NOT_FOULS or st.paused \
            or st.phase not in PLAY_PHASES:
        return None
    if len(missing) != 1 or len(extra) != 1 or missing[0][1] != extra[0][1]:
        return None
    (a, token), (b, _) = missing[0], extra[0]
    if token == "ball":
        return MinorFoul(st.actor if st.actor >= 0 else st.offense, error.reason, -1, b)
    p = _pawn_at(game, TEAMS.index(token), a)
    if p < 0:
        return None
    return MinorFoul(team_of(p), error.reason, p, b)


def _single_action(game: Game, missing: list[tuple[int, str]],
                   extra: list[tuple[int, str]]) -> tuple[Action | None, Illegal | None]:
    """The one engine action whose board change this is, with the rules' objection if any."""
    st = game.state
    if len(missing) == 1 and not extra:
        square, token = missing[0]
        p = _pawn_at(game, TEAMS.index(token), square) if token != "ball" else -1
        if p >= 0 and (st.sent_off[p] or p == st.shooter):
            act: Action = RemovePawn(p)
            return act, _legal(game, act)
        return None, None
    if not missing and len(extra) == 1:
        square, token = extra[0]
        if token != "ball" and st.shooter >= 0 and st.sq[st.shooter] < 0 \
                and TEAMS.index(token) == team_of(st.shooter):
            act = MovePawn(st.shooter, square)
            return act, _legal(game, act)
        return None, Illegal("board_mismatch", say("a {token} token appeared on {square}",
                                                   token=token, square=g.name(square)))
    if len(missing) == 1 and len(extra) == 1 and missing[0][1] == extra[0][1]:
        (a, token), (b, _) = missing[0], extra[0]
        if token == "ball":
            act = MoveBall(b)
        else:
            p = _pawn_at(game, TEAMS.index(token), a)
            if p < 0:
                return None, Illegal("no_token", say("no {token} pawn on {a}", token=token, a=g.name(a)))
            act = MovePawn(p, b)
        return act, _legal(game, act)
    if st.phase == Phase.CORNER_KICK and st.shooter >= 0 and (st.ball, "ball") in missing and len(extra) == 2:
        # the taker stepped onto the corner square and kicked, read as one settled change (rule 8)
        taker = TEAMS[team_of(st.shooter)]
        rest = [m for m in missing if m != (st.ball, "ball")]
        ball_to = [s for s, t in extra if t == "ball"]
        if (st.ball, taker) in extra and len(ball_to) == 1 and rest in ([], [(st.sq[st.shooter], taker)]):
            act = MoveBall(ball_to[0])
            return act, _legal(game, act)
    if len(missing) == 2 and len(extra) == 2 and "ball" in {t for _, t in missing}:
        from_sq = {s for s, _ in missing}
        to_sq = {s for s, _ in extra}
        if len(from_sq) == 1 and len(to_sq) == 1 and sorted(t for _, t in missing) == sorted(t for _, t in extra):
            act = Dribble(extra[0][0])
            return act, _legal(game, act)
    return None, None


def _not_on_the_way(game: Game, missing: list[tuple[int, str]], extra: list[tuple[int, str]],
                    final: bool) -> Illegal | None:
    """None when the board could still become a legal action: tokens in hand, a pawn resting on a
    square of a legal path, a ball played one square that its holder may still follow (dribble)."""
    for square, token in missing:
        err = may_lift(game, square, token)
        if err is not None:
            return err
    in_hand = list(missing)
    for b, token in extra:
        several = sum(1 for _, t in missing if t == token) > 1
        match = next((m for m in in_hand if m[1] == token and _may_reach(game, m[0], b, token, final, several)),
                     None)
        if match is None:
            return Illegal("board_mismatch", say("the {token} token on {b} is on no legal way ({game})",
                                                 token=token, b=g.name(b), game=_waiting_for(game)))
        in_hand.remove(match)
    return None


def _may_reach(game: Game, a: int, b: int, token: str, final: bool, several: bool) -> bool:
    """Could a token lifted from a, now standing on b, still be on its way to a legal action?"""
    st = game.state
    dribble = st.roll == 1 and a == st.ball and st.holder >= 0 and _legal(game, Dribble(b)) is None
    if dribble:
        return True                      # the ball or its holder went first; the other may follow
    if final:
        return False
    if game.expects()["input"] in ("setup", "place"):
        return several                   # with several in hand, which one went where is not known yet
    if token == "ball":
        return bool((game.ball_destinations() | game.ball_transit_squares()) >> b & 1)
    p = _pawn_at(game, TEAMS.index(token), a)
    if p < 0:
        return False
    if st.phase == Phase.CORNER_KICK and p == st.shooter and b == st.ball:
        return True                      # the taker steps onto the corner square to kick (rule 8)
    moves = game.legal_pawn_moves().get(p, 0) | game.free_moves(p)
    return bool((moves | _transit_squares(game, p, moves)) >> b & 1)


def _transit_squares(game: Game, pawn: int, legal: int) -> int:
    """Squares crossed on the unblocked paths to the pawn's legal destinations (a slide in progress)."""
    from .moves import variant
    from .reach import table
    st = game.state
    if not legal or not st.roll:
        return 0
    t = table(variant(pawn), st.sq[pawn], st.roll)
    opp = game.occ.team[other(team_of(pawn))]
    out = 0
    for d in g.squares_of(legal):
        for inter in t.by_target.get(d, ()):
            if not inter & opp:
                out |= inter
    return out


def _waiting_for(game: Game) -> str:
    exp = game.expects()
    return f"the game waits for {exp['input']}" + (f" from {exp['team']}" if exp.get("team") else "")

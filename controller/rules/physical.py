"""From what the board senses to engine actions, for Soccer Tactics WORLD.

The core compares the sensed occupancy with the occupancy the game expects; the difference (tokens
missing from squares, tokens extra on squares) is read here as the one action that would produce it,
or as a position still on its way to one (a lifted pawn, a ball played one square that its holder may
follow for a dribble). The game state stays the authority: nothing here changes it.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import geometry as g
from .actions import Dribble, MoveBall, MovePawn, RemovePawn
from .errors import Illegal
from .pieces import N_PAWNS, TEAMS, pawn_id

RED_BIT, BLUE_BIT, BALL_BIT = 1, 2, 4
TOKEN_BIT = {"red": RED_BIT, "blue": BLUE_BIT, "ball": BALL_BIT}
BIT_TOKEN = {v: k for k, v in TOKEN_BIT.items()}


def expected_occupancy(game) -> bytearray:
    """128 three-bit masks: where the game expects every token (sent-off pawns until lifted)."""
    st = game.state
    out = bytearray(128)
    for p in range(N_PAWNS):
        if st.sq[p] >= 0:
            out[st.sq[p]] |= RED_BIT if p < 11 else BLUE_BIT
    if st.ball >= 0:
        out[st.ball] |= BALL_BIT
    return out


@dataclass(frozen=True)
class Reading:
    """How a board difference reads: an action (maybe still open to a longer one), pending, or wrong."""
    kind: str                       # "exact", "pending", "wrong"
    action: object = None
    open_ended: bool = False        # an exact action that could still grow (ball first of a dribble)
    error: Illegal | None = None


def _pawn_at(game, team: int, square: int) -> int:
    st = game.state
    for p in range(team * 11, team * 11 + 11):
        if st.sq[p] == square:
            return p
    return -1


def _legal(game, action) -> Illegal | None:
    """Try an action on the game and take it back: None if the rules allow it."""
    try:
        game.apply(action)
    except Illegal as e:
        return e
    game.undo()
    return None


def may_lift(game, square: int, token: str) -> Illegal | None:
    """Lifting is always physically possible; it breaks the game when that token may not act now."""
    st = game.state
    exp = game.expects()
    if token == "ball":
        if exp["input"] in ("ball", "setup") or (exp["input"] == "roll" and st.phase in
                                                 ("kick_off", "ball_play", "corner_kick")):
            return None
        return Illegal("not_your_turn", f"the ball on {g.name(square)} is not to be played now")
    team = TEAMS.index(token)
    p = _pawn_at(game, team, square)
    if p >= 0 and (st.sent_off[p] or p == st.shooter and st.phase.startswith("corner")):
        return None
    if exp["input"] in ("setup",):
        return None
    if exp.get("team") in (token, "both") and exp["input"] in ("roll", "move", "place", "ball"):
        return None
    return Illegal("not_your_turn", f"{token} may not move a pawn now (waiting for {exp['input']}"
                                    f"{' from ' + exp['team'] if exp.get('team') else ''})")


def read_difference(game, missing: list[tuple[int, str]], extra: list[tuple[int, str]]) -> Reading:
    """Read the difference between the board and the game as an action, a pending move or an error."""
    if not missing and not extra:
        return Reading("exact")
    if len(missing) == 1 and not extra:
        square, token = missing[0]
        if token != "ball":
            p = _pawn_at(game, TEAMS.index(token), square)
            if p >= 0 and (game.state.sent_off[p] or p == game.state.shooter):
                err = _legal(game, RemovePawn(p))
                if err is None:
                    return Reading("exact", RemovePawn(p))
        err = may_lift(game, square, token)
        return Reading("pending") if err is None else Reading("wrong", error=err)
    if not missing and len(extra) == 1:
        square, token = extra[0]
        if token != "ball" and game.state.shooter >= 0 and game.state.sq[game.state.shooter] < 0 \
                and TEAMS.index(token) == (0 if game.state.shooter < 11 else 1):
            act = MovePawn(game.state.shooter, square)
            err = _legal(game, act)
            return Reading("exact", act) if err is None else Reading("wrong", error=err)
        return Reading("wrong", error=Illegal("board_mismatch", f"a {token} token appeared on {g.name(square)}"))
    if len(missing) == 1 and len(extra) == 1 and missing[0][1] == extra[0][1]:
        (a, token), (b, _) = missing[0], extra[0]
        return _read_one_token(game, token, a, b)
    if len(missing) == 2 and len(extra) == 2:
        m, e = sorted(missing, key=lambda x: x[1]), sorted(extra, key=lambda x: x[1])
        if m[0][0] == m[1][0] and e[0][0] == e[1][0] and {t for _, t in m} == {t for _, t in e} and \
                "ball" in {t for _, t in m}:
            err = _legal(game, Dribble(e[0][0]))
            return Reading("exact", Dribble(e[0][0])) if err is None else Reading("wrong", error=err)
    what = ", ".join(f"{t} off {g.name(s)}" for s, t in missing) + "; " + \
        ", ".join(f"{t} on {g.name(s)}" for s, t in extra)
    return Reading("wrong", error=Illegal("board_mismatch", f"the board reads as more than one move ({what})"))


def _read_one_token(game, token: str, a: int, b: int) -> Reading:
    st = game.state
    dribble_open = (st.roll == 1 and a == st.ball and st.holder >= 0 and g.chebyshev(a, b) == 1
                    and _legal(game, Dribble(b)) is None)
    if token == "ball":
        act = MoveBall(b)
        err = _legal(game, act)
        if err is None:
            return Reading("exact", act, open_ended=dribble_open)
        return Reading("pending") if dribble_open else Reading("wrong", error=err)
    p = _pawn_at(game, TEAMS.index(token), a)
    if p < 0:
        return Reading("wrong", error=Illegal("no_token", f"no {token} pawn on {g.name(a)}"))
    if dribble_open and p == st.holder:
        return Reading("pending")
    act = MovePawn(p, b)
    err = _legal(game, act)
    return Reading("exact", act) if err is None else Reading("wrong", error=err)


def describe(action) -> str:
    if isinstance(action, MovePawn):
        return f"{pawn_id(action.pawn)} to {g.name(action.to)}"
    if isinstance(action, MoveBall):
        return f"ball to {g.name(action.to)}"
    if isinstance(action, Dribble):
        return f"dribble to {g.name(action.to)}"
    if isinstance(action, RemovePawn):
        return f"{pawn_id(action.pawn)} off the pitch"
    return repr(action)

"""Engine actions as the scenario lines a physical board would report (docs/board.md section 5).

The simulator and the property tests play with bots at the engine level, then drive the core with
these lines, so what they check is the path the daemon takes.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import geometry as g
from .actions import Dribble, MinorFoul, MoveBall, MovePawn, Press, RemovePawn, Roll, Spin, Tick
from .pieces import TEAMS

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game

Line = dict[str, Any]


def lines_for(game: Game, action: Action) -> list[Line]:
    """The lines for `action` in the game's current state (call before applying it)."""
    st = game.state
    if isinstance(action, Roll):
        return [{"type": "roll", "die": TEAMS[action.team], "value": action.value}]
    if isinstance(action, Spin):
        return [{"type": "spin", "outcome": action.outcome}]
    if isinstance(action, Tick):
        return [{"type": "clock", "advance": action.seconds}]
    if isinstance(action, Press):
        return [{"type": "press", "button": action.button}]

    def team(p: int) -> str:
        return TEAMS[0 if p < 11 else 1]

    if isinstance(action, MovePawn):
        frm = st.sq[action.pawn]
        if frm < 0:
            return [{"type": "place", "square": g.name(action.to), "token": team(action.pawn)}]
        return [{"type": "move", "from": g.name(frm), "to": g.name(action.to), "token": team(action.pawn)}]
    if isinstance(action, MoveBall):
        out: list[Line] = []
        if st.kick == "corner" and st.holder >= 0 and st.sq[st.holder] != st.ball:
            taker = st.holder
            if st.sq[taker] < 0:
                out.append({"type": "place", "square": g.name(st.ball), "token": team(taker)})
            else:
                out.append({"type": "move", "from": g.name(st.sq[taker]), "to": g.name(st.ball), "token": team(taker)})
        out.append({"type": "move", "from": g.name(st.ball), "to": g.name(action.to), "token": "ball"})
        return out
    if isinstance(action, Dribble):
        return [{"type": "move", "from": g.name(st.ball), "to": g.name(action.to), "token": "ball"},
                {"type": "move", "from": g.name(st.ball), "to": g.name(action.to), "token": team(st.holder)}]
    if isinstance(action, RemovePawn):
        return [{"type": "lift", "square": g.name(st.sq[action.pawn]), "token": team(action.pawn)}]
    if isinstance(action, MinorFoul):
        raise ValueError("a minor foul is not a board input")
    raise ValueError(f"no scenario line for {action!r}")

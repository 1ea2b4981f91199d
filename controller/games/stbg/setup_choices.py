"""The set-up placements worth weighing, shared by the casual bot (bot.StbgBot) and the searching player's view
(search_view.StbgSearch), so that both narrow a set-up the same way: the ball's squares while the ball is still
to place, every square still to fill, and a few squares for each pawn out of place, each scored by the needs it
leaves."""
from __future__ import annotations

from collections.abc import Callable

from . import Action, Done, Game, Kick, Step
from .board import squares_of
from .legal import may_press_done
from .restarts import setup_needs
from .state import SETUPS

Squares = Callable[[int, int], list[int]]
"""Which of a pawn's allowed squares outside those to fill (a mask) to try for it: (pawn, mask) -> squares."""


def placements(game: Game, team: int, squares_for: Squares) -> list[Action]:
    """`team`'s set-up moves worth weighing: `done` alone once the position allows it, else the ball's squares
    (when the ball is still to place), every move onto a square still to fill, and `squares_for` of each pawn a
    need names (a pawn out of place)."""
    if may_press_done(game):
        return [Done(team)]
    needs = setup_needs(game, team)
    candidates: list[Action] = []
    if any(n.ball for n in needs):
        candidates += [Kick(s) for s in squares_of(game.ball_destinations())]
    fill = 0
    for n in needs:
        if not n.ball and n.pawn < 0:
            fill |= n.squares
    named = {n.pawn for n in needs if n.pawn >= 0}
    for p, m in game.legal_pawn_moves().items():
        candidates += [Step(p, s) for s in squares_of(m & fill)]
        if p in named:
            candidates += [Step(p, s) for s in squares_for(p, m & ~fill)]
    return candidates


def needs_left(game: Game, team: int, action: Action) -> int:
    """The set-up needs `action` leaves `team` (-1 when it ends the set-up: play restarts by itself)."""
    game.apply(action)
    try:
        return len(setup_needs(game, team)) if game.state.phase in SETUPS else -1
    finally:
        game.undo()

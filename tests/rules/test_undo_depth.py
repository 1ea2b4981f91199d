"""Undo reaches back UNDO_DEPTH actions; older states are dropped, so a long match keeps a flat memory."""
import pytest

from controller.games.stw.actions import Roll
from controller.games.stw.bot import Bot, play_match
from controller.games.stw.errors import Illegal
from controller.games.stw.game import UNDO_DEPTH, Game
from controller.games.stw.state import Options


def _played(seed: int = 3):
    """A seeded match played to the final whistle, with the state before every action."""
    game = Game.kick_off(None, Options(half_minutes=15.0, extra_time=False))
    states = [game.state.clone()]
    play_match(game, Bot(seed), on_action=lambda action, events: states.append(game.state.clone()))
    return game, states


def test_history_is_capped_over_a_whole_match():
    game, states = _played()
    assert len(states) - 1 > 5 * UNDO_DEPTH          # the match was long enough to hit the cap many times
    assert len(game.history) <= UNDO_DEPTH + 1


def test_the_last_actions_undo_one_by_one_to_the_exact_states_then_stop():
    game, states = _played()
    depth = len(game.history)
    assert depth >= UNDO_DEPTH
    for back in range(1, depth + 1):
        assert game.undo() == states[-1 - back]
    with pytest.raises(Illegal) as e:
        game.undo()
    assert e.value.reason == "nothing_to_undo"


def test_a_trial_apply_and_undo_never_costs_an_undo_step():
    """physical.py probes a move by applying and undoing it; at a full history that must not drop a state."""
    game = Game.kick_off(None)
    from controller.games.stw.actions import Tick
    for _ in range(3 * UNDO_DEPTH):
        game.apply(Tick(0.0))
    before = list(game.history)
    game.apply(Roll(0, 3))
    game.undo()
    assert list(game.history)[-UNDO_DEPTH:] == before[-UNDO_DEPTH:]


def test_undo_after_a_short_game_still_goes_back_to_the_start():
    game = Game.kick_off(None)
    start = game.state.clone()
    game.apply(Roll(0, 3))
    game.apply(Roll(1, 5))
    game.undo()
    game.undo()
    assert game.state == start

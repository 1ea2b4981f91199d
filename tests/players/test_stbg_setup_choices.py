"""The set-up placements the casual bot and the search view share (controller/games/stbg/setup_choices.py)."""
from __future__ import annotations

from controller.games.stbg import BLUE, RED, Game, Roll, parse_action
from controller.games.stbg.board import squares_of
from controller.games.stbg.bot import StbgBot
from controller.games.stbg.restarts import setup_needs
from controller.games.stbg.search_view import StbgSearch
from controller.games.stbg.setup_choices import needs_left, placements
from controller.games.stbg.state import SETUPS, Phase
from tests.players.test_stbg_search_view import open_play

VIEW = StbgSearch()


def corner_set_up() -> Game:
    game = open_play("d14")
    for action in (Roll(RED, 2), parse_action("ball d16"), Roll(RED, 3), Roll(BLUE, 3)):
        game.apply(action)
    assert game.state.phase == Phase.CORNER_SETUP
    return game


def every_square(pawn: int, mask: int) -> list[int]:
    return squares_of(mask)


def test_the_bot_and_the_view_place_from_the_same_placements() -> None:
    game = corner_set_up()
    for _ in range(12):
        if game.state.phase not in SETUPS:
            break
        team = game.state.turn
        widest = placements(game, team, every_square)
        assert set(VIEW.choices(game)) <= set(widest)
        action = StbgBot(7).next_action(game)
        assert action in widest
        game.apply(action)
    assert game.state.phase == Phase.PLAY and game.state.kind == "corner"


def test_needs_left_counts_the_needs_a_placement_leaves_and_undoes_it() -> None:
    game = corner_set_up()
    seen = 0
    while game.state.phase in SETUPS:
        team = game.state.turn
        for action in placements(game, team, every_square):
            before = game.state.clone().__dict__
            left = needs_left(game, team, action)
            assert game.state.__dict__ == before
            after = Game(game.state.clone(), game.options)
            after.apply(action)
            assert left == (len(setup_needs(after, team)) if after.state.phase in SETUPS else -1)
            seen += 1
        game.apply(VIEW.choices(game)[0])
    assert seen > 10

"""A game's searchable view may declare its own table of levels; without one every game plays LEVELS."""
from __future__ import annotations

import random
from dataclasses import replace

from controller.players.computer import Computer
from controller.players.levels import LEVELS, Level, level, levels_of
from controller.players.search import Search
from simulator.bench.players import UNCAPPED, chooser
from tests.players.test_search_exact import TinyGame, TinySearch

OWN = {n: replace(lvl, nodes=lvl.nodes + 1000 * n) for n, lvl in LEVELS.items()}


class OwnLevels(TinySearch):
    """The tiny game, with a level table of its own."""
    levels = OWN


def test_a_view_without_levels_plays_the_common_table() -> None:
    assert levels_of(TinySearch()) is LEVELS
    assert Search(TinySearch(), 0, 4).level == LEVELS[4]
    assert Computer(TinySearch(), 0, 4).level == LEVELS[4]


def test_a_view_with_its_own_levels_is_searched_at_them() -> None:
    assert levels_of(OwnLevels()) is OWN
    assert Search(OwnLevels(), 0, 5).level == OWN[5]
    assert Computer(OwnLevels(), 1, 2).level == OWN[2]


def test_the_ladder_plays_a_views_own_level_uncapped() -> None:
    decide = chooser(OwnLevels(), "5", 0, 1)
    search = decide.__self__
    assert isinstance(search, Search)
    assert search.level == replace(OWN[5], seconds=UNCAPPED)


def test_a_level_given_whole_passes_through_any_table() -> None:
    mine = Level(9, sample=0, depth=2, width=3, nodes=50, temperature=0.0, seconds=1.0)
    assert level(mine, OWN) is mine
    assert Search(OwnLevels(), 0, mine, random.Random(0)).level is mine
    assert Search(OwnLevels(), 0, 1).decide(TinyGame()) in ("safe", "risky")


def test_stbg_level_4_searches_fewer_choices_deeper_than_level_5_and_more_than_level_3() -> None:
    from controller.games.stbg.search_view import StbgSearch
    own = levels_of(StbgSearch())
    assert own[3].width < own[4].width < own[5].width and own[3].nodes < own[4].nodes < own[5].nodes
    assert own[4].depth == own[5].depth == 1
    assert all(own[n] == LEVELS[n] for n in (1, 2, 3, 5))

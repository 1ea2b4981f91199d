"""The search on a tiny hand-made game of chance, whose expectimax values are worked out by hand."""
from __future__ import annotations

import random
from typing import Any

import pytest

from controller.players.levels import Level, level
from controller.players.search import LEAVE_TO_CHANCE, Search, best, rank_choices

# team 0 picks safe or risky. safe: a fair coin ends the game at 0.6 or 0.4 (team 0's win chance).
# risky: a die with odds 1/2, 1/4, 1/4 to x, y, z; then team 1 picks the end (the lowest value for team 0).
TREE: dict[str, Any] = {
    "": ("team", 0, ["safe", "risky"]),
    "safe": ("chance", [("heads", 0.5), ("tails", 0.5)]),
    "risky": ("chance", [("x", 0.5), ("y", 0.25), ("z", 0.25)]),
    "safe/heads": ("end", 0.6), "safe/tails": ("end", 0.4),
    "risky/x": ("team", 1, ["x1", "x2"]), "risky/y": ("team", 1, ["y1", "y2"]), "risky/z": ("team", 1, ["z1"]),
    "risky/x/x1": ("end", 0.9), "risky/x/x2": ("end", 0.7),
    "risky/y/y1": ("end", 0.2), "risky/y/y2": ("end", 0.8), "risky/z/z1": ("end", 1.0),
}
RISKY = 0.5 * 0.7 + 0.25 * 0.2 + 0.25 * 1.0    # 0.65: team 1 answers x with x2, y with y1
SAFE = 0.5 * 0.6 + 0.5 * 0.4                     # 0.5


class TinyGame:
    """The game's position is its path of actions; apply and undo push and pop it."""

    def __init__(self) -> None:
        self.path: list[str] = []

    def key(self) -> str:
        return "/".join(self.path)

    def apply(self, action: str) -> None:
        self.path.append(action)

    def undo(self) -> None:
        self.path.pop()


class TinySearch:
    """The SearchGame of TinyGame; its evaluation before the end misleads (risky looks bad)."""

    def decider(self, game: TinyGame) -> int | None:
        node = TREE[game.key()]
        return node[1] if node[0] == "team" else None

    def choices(self, game: TinyGame) -> list[Any]:
        return list(TREE[game.key()][2])

    def chance(self, game: TinyGame) -> list[tuple[Any, float]]:
        node = TREE[game.key()]
        return list(node[1]) if node[0] == "chance" else []

    def value(self, game: TinyGame, team: int) -> float:
        node = TREE[game.key()]
        v = node[1] if node[0] == "end" else (0.1 if game.key().startswith("risky") else 0.5)
        return v if team == 0 else 1 - v

    def lines_for(self, game: TinyGame, action: Any) -> list[dict[str, Any]]:
        return [{"type": "tiny", "action": action}]

    def think_time(self, game: TinyGame, rng: random.Random) -> None:
        return None


DEEP = Level(9, sample=0, depth=1, width=2, nodes=100, temperature=0.0, seconds=10.0)
SHALLOW = Level(9, sample=0, depth=0, width=0, nodes=100, temperature=0.0, seconds=10.0)


def test_expectimax_values_are_the_hand_computed_expectations() -> None:
    ranked = rank_choices(TinySearch(), TinyGame(), 0, DEEP)
    assert [a for a, _ in ranked] == ["risky", "safe"]
    assert ranked[0][1] == pytest.approx(RISKY)
    assert ranked[1][1] == pytest.approx(SAFE)


def test_one_ply_judges_by_the_evaluation_alone() -> None:
    ranked = rank_choices(TinySearch(), TinyGame(), 0, SHALLOW)
    assert ranked == [("safe", 0.5), ("risky", pytest.approx(0.1))]


def test_the_opponent_is_searched_as_minimising_the_players_chance() -> None:
    game = TinyGame()
    game.apply("risky")
    game.apply("y")
    ranked = rank_choices(TinySearch(), game, 1, DEEP)
    assert ranked == [("y1", pytest.approx(0.8)), ("y2", pytest.approx(0.2))]   # team 1's own chance


def test_best_takes_the_highest_expectation_and_leaves_the_game_as_it_was() -> None:
    game = TinyGame()
    assert best(TinySearch(), game, 0, DEEP) == "risky"
    assert game.path == []


def test_nothing_is_ranked_for_a_team_that_does_not_decide() -> None:
    assert rank_choices(TinySearch(), TinyGame(), 1, DEEP) == []
    assert best(TinySearch(), TinyGame(), 1, DEEP) is None


def test_leaving_it_to_chance_is_valued_as_the_chance_node() -> None:
    sg = TinySearch()
    game = TinyGame()
    game.apply("safe")
    search = Search(sg, 0, DEEP)
    assert search._after(game, LEAVE_TO_CHANCE, 1, 50.0, 0) == pytest.approx(SAFE)


def test_a_budget_too_small_for_the_chance_node_falls_back_to_the_evaluation() -> None:
    poor = Level(9, sample=0, depth=1, width=2, nodes=4, temperature=0.0, seconds=10.0)
    ranked = dict(rank_choices(TinySearch(), TinyGame(), 0, poor))
    assert ranked["risky"] == pytest.approx(0.1)      # one node for its three outcomes: not searched


@pytest.mark.parametrize("bad", [0, 6, -1, 2.5, "3", True])
def test_levels_outside_one_to_five_are_refused(bad: Any) -> None:
    with pytest.raises(ValueError, match="1 to 5"):
        level(bad)


# team 0 decides twice in a row (a turn of two actions), then chance, then team 1 answers. Its evaluation before
# the end likes the a-line (0.8) and dislikes the b-line (0.4).
TURN: dict[str, Any] = {
    "": ("team", 0, ["a", "b"]),
    "a": ("team", 0, ["a1", "a2"]), "b": ("team", 0, ["b1"]),
    "a/a1": ("chance", [("h", 0.5), ("t", 0.5)]), "a/a2": ("end", 0.6),
    "a/a1/h": ("team", 1, ["h1", "h2"]), "a/a1/t": ("end", 0.7),
    "a/a1/h/h1": ("end", 0.9), "a/a1/h/h2": ("end", 0.3),
    "b/b1": ("chance", [("h", 0.5), ("t", 0.5)]),
    "b/b1/h": ("team", 1, ["x", "y"]), "b/b1/t": ("end", 0.6),
    "b/b1/h/x": ("end", 0.8), "b/b1/h/y": ("end", 0.9),
}
TURN_A = max(0.5 * 0.3 + 0.5 * 0.7, 0.6)     # 0.6: a2, since team 1 answers a1's heads with h2
TURN_B = 0.5 * 0.8 + 0.5 * 0.6               # 0.7


class TurnSearch(TinySearch):
    """A game whose turns are two decisions of one team."""

    def decider(self, game: TinyGame) -> int | None:
        node = TURN[game.key()]
        return node[1] if node[0] == "team" else None

    def choices(self, game: TinyGame) -> list[Any]:
        return list(TURN[game.key()][2])

    def chance(self, game: TinyGame) -> list[tuple[Any, float]]:
        node = TURN[game.key()]
        return list(node[1]) if node[0] == "chance" else []

    def value(self, game: TinyGame, team: int) -> float:
        node = TURN[game.key()]
        v = node[1] if node[0] == "end" else (0.8 if game.key().startswith("a") else 0.4)
        return v if team == 0 else 1 - v


def test_depth_in_decisions_stops_at_the_turns_second_action() -> None:
    one = Level(9, sample=0, depth=1, width=2, nodes=100, temperature=0.0, seconds=10.0)
    ranked = rank_choices(TurnSearch(), TinyGame(), 0, one)
    assert ranked == [("a", pytest.approx(0.8)), ("b", pytest.approx(0.4))]


def test_depth_in_turns_searches_the_whole_turn_and_the_answer_exactly() -> None:
    turn = Level(9, sample=0, depth=1, width=2, nodes=100, temperature=0.0, seconds=10.0, turns=True)
    ranked = rank_choices(TurnSearch(), TinyGame(), 0, turn)
    assert ranked == [("b", pytest.approx(TURN_B)), ("a", pytest.approx(TURN_A))]
    game = TinyGame()
    assert best(TurnSearch(), game, 0, turn) == "b" and game.path == []


def test_depth_in_turns_is_the_same_search_where_every_turn_is_one_decision() -> None:
    turn = Level(9, sample=0, depth=1, width=2, nodes=100, temperature=0.0, seconds=10.0, turns=True)
    assert rank_choices(TinySearch(), TinyGame(), 0, turn) == rank_choices(TinySearch(), TinyGame(), 0, DEEP)


def test_depth_zero_in_turns_searches_the_players_own_turn_and_stops_at_the_other_teams_roll() -> None:
    own = Level(9, sample=0, depth=0, width=2, nodes=100, temperature=0.0, seconds=10.0, turns=True)
    seen: set[str] = set()

    class Seen(TinyGame):
        def apply(self, action: str) -> None:
            super().apply(action)
            seen.add(self.key())

    assert rank_choices(TurnSearch(), Seen(), 0, own) == [("a", pytest.approx(0.8)), ("b", pytest.approx(0.4))]
    assert seen == {"a", "b", "a/a1", "a/a2", "b/b1"}       # the turn's actions: no roll, no answer

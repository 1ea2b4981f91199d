"""Soccer The Board Game as the searching computer player sees it (controller/games/stbg/search_view.py,
evaluate.py): the choices it lists are the rules' own, its chance nodes are the dice and cards, its evaluation
reads the position as a coach would, and the levels play whole matches."""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from controller.core import Core
from controller.games.stbg import (
    BLUE,
    RED,
    Done,
    Game,
    Hand,
    Illegal,
    Options,
    Roll,
    Star,
    Tick,
    parse,
    parse_action,
)
from controller.games.stbg.bot import StbgBot, play_match
from controller.games.stbg.ruleset import SoccerTheBoardGame
from controller.games.stbg.search_view import StbgSearch
from controller.games.stbg.state import BOTH_ROLL, Phase
from controller.players import players_for
from controller.players.computer import Computer
from controller.players.levels import level, levels_of
from controller.players.search import LEAVE_TO_CHANCE, Search
from controller.scenario import parse_obj
from hal.board import SETTLE_SECONDS

VIEW = StbgSearch()


def casual_positions(seeds: range, half_minutes: float = 3.0) -> list[Game]:
    """Every position of seeded casual matches, each a game of its own."""
    found: list[Game] = []
    for seed in seeds:
        game = Game.kick_off(None, Options(half_minutes=half_minutes))

        def keep(action: object, events: object, game: Game = game) -> None:
            found.append(Game(game.state.clone(), game.options))
        play_match(game, StbgBot(seed), keep)
    return found


@pytest.fixture(scope="module")
def positions() -> list[Game]:
    return casual_positions(range(6))


def test_every_listed_choice_is_accepted_by_the_engine(positions: list[Game]) -> None:
    deciding = [g for g in positions if VIEW.decider(g) is not None]
    assert len(deciding) > 500
    for game in deciding:
        choices = VIEW.choices(game)
        assert choices, game
        for action in choices:
            if action is LEAVE_TO_CHANCE:
                assert [a for a, _ in VIEW.chance(game)] == [Roll(game.state.turn, v) for v in range(1, 7)]
                continue
            try:
                game.apply(action)
            except Illegal as e:
                pytest.fail(f"{action} listed in {game!r} but refused: {e}")
            game.undo()


def test_the_listed_choices_cover_every_kind_of_decision(positions: list[Game]) -> None:
    kinds = {(type(a).__name__, g.state.phase) for g in positions if VIEW.decider(g) is not None
             for a in VIEW.choices(g)}
    assert {("Substitution", Phase.FREE_KICK_SETUP), ("Star", Phase.PLAY), ("LeaveToChance", Phase.PLAY),
            ("Done", Phase.KICKOFF_SETUP), ("Done", Phase.PLAY), ("Kick", Phase.PLAY)} <= kinds


def follow_the_first_choices(game: Game, until: Phase) -> None:
    """Play the first listed choice of each set-up decision until the game reaches `until`."""
    for _ in range(30):
        if game.state.phase == until:
            return
        assert VIEW.decider(game) == game.state.turn
        game.apply(VIEW.choices(game)[0])
    pytest.fail(f"the set-up's choices did not lead to {until}: {game!r}")


def test_a_corners_set_up_choices_lead_to_the_corner_kick() -> None:
    game = open_play("d14")
    for action in (Roll(RED, 2), parse_action("ball d16"), Roll(RED, 3), Roll(BLUE, 3)):
        game.apply(action)
    assert game.state.phase == Phase.CORNER_SETUP
    follow_the_first_choices(game, Phase.PLAY)
    assert game.state.kind == "corner" and game.state.turn == RED


def test_a_penaltys_set_up_choices_lead_to_the_kick() -> None:
    game = open_play("d14", BLUE)
    for action in (Roll(BLUE, 4), parse_action("blue-p3 d14"), Roll(RED, 2), Roll(BLUE, 2)):
        game.apply(action)
    assert game.state.phase == Phase.CARD and VIEW.decider(game) is None
    game.apply(parse_action("card blank"))
    assert game.state.phase == Phase.PENALTY_SETUP
    follow_the_first_choices(game, Phase.CHANCE)


def test_choices_are_pruned_to_a_few_hundred_at_most(positions: list[Game]) -> None:
    counts = [len(VIEW.choices(g)) for g in positions if VIEW.decider(g) is not None]
    raw = [len(g.legal_actions()) for g in positions if VIEW.decider(g) is not None]
    assert max(counts) < 200
    assert max(raw) > 300            # the rules' own count explodes: the pruning is needed


def test_the_pruned_choices_keep_every_shot_kick_and_star_card(positions: list[Game]) -> None:
    for game in positions:
        if VIEW.decider(game) is None:
            continue
        listed = set(VIEW.choices(game))
        for action in game.legal_actions():
            if isinstance(action, Star) or (type(action).__name__ == "Kick" and game.state.phase == Phase.PLAY):
                assert action in listed, (game, action)


def test_nobody_decides_at_a_roll_both_teams_make_or_a_referee_card(positions: list[Game]) -> None:
    seen = set()
    for game in positions:
        st = game.state
        if st.phase in BOTH_ROLL or st.phase == Phase.CARD:
            seen.add(st.phase)
            assert VIEW.decider(game) is None
            outcomes = VIEW.chance(game)
            assert outcomes and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    assert {Phase.BATTLE, Phase.CHANCE} <= seen


def test_a_turn_without_a_star_card_to_play_starts_with_chance() -> None:
    game = Game.kick_off(RED)             # no star card at a kick-off
    assert VIEW.decider(game) is None
    assert [a for a, _ in VIEW.chance(game)] == [Roll(RED, v) for v in range(1, 7)]


def test_a_team_that_may_play_a_star_card_chooses_between_it_and_the_roll() -> None:
    game = open_play("d10")
    assert VIEW.decider(game) == RED
    choices = VIEW.choices(game)
    assert LEAVE_TO_CHANCE in choices and Star(RED, "shoot") in choices
    assert all(isinstance(a, Star) or a is LEAVE_TO_CHANCE for a in choices)


def open_play(ball: str, turn: int = RED) -> Game:
    """Open play with red's p2 holding the ball on `ball`, the other pawns where they stay out of its way."""
    pawns = {0: parse("d1"), 1: parse(ball), 2: parse("a3"), 3: parse("h3"), 4: parse("a5"), 5: parse("h5"),
             6: parse("d16"), 7: parse("a14"), 8: parse("h14"), 9: parse("a12"), 10: parse("h12"), 11: parse("a10")}
    return Game.from_position(pawns, parse(ball), turn, Options(half_minutes=5))


def around_the_ball(rank: int, turn: int) -> Game:
    """Red's p2 holding the ball on the d file at `rank`, the outfield players of both teams where they stand
    as far from it wherever it is (beside it and behind it, out of its way to either goal), the goalies home;
    red holds no Shoot card (it would make a shot from anywhere as good)."""
    at = {0: "d1", 1: f"d{rank}", 2: f"b{rank - 3}", 3: f"g{rank - 3}", 4: f"a{rank - 1}", 5: f"h{rank - 1}",
          6: "d16", 7: f"a{rank}", 8: f"h{rank}", 9: f"a{rank - 2}", 10: f"h{rank - 2}", 11: f"b{rank - 4}"}
    game = Game.from_position({p: parse(s) for p, s in at.items()}, parse(f"d{rank}"), turn, Options(half_minutes=5))
    game.apply(Hand(RED, ("pass", "pass", "pass", "steal", "steal", "steal")))
    return game


def test_value_rises_as_the_ball_nears_the_goal_with_all_else_equal() -> None:
    for turn in (RED, BLUE):
        values = [VIEW.value(around_the_ball(r, turn), RED) for r in range(5, 16)]
        assert values == sorted(values) and len(set(values)) == len(values), (turn, values)


def test_value_is_a_chance_the_two_teams_share(positions: list[Game]) -> None:
    for game in positions[::7]:
        red, blue = VIEW.value(game, RED), VIEW.value(game, BLUE)
        assert 0.0 <= red <= 1.0 and abs(red + blue - 1) < 1e-9


def test_value_at_the_end_is_the_result() -> None:
    outcomes = set()
    for seed in range(40):
        game = Game.kick_off(None, Options(half_minutes=1))
        play_match(game, StbgBot(seed))
        assert game.is_terminal()
        winner = game.state.winner
        if winner < 0:
            assert VIEW.value(game, RED) == VIEW.value(game, BLUE) == 0.5
        else:
            assert VIEW.value(game, winner) == 1.0 and VIEW.value(game, 1 - winner) == 0.0
        outcomes.add(winner)
        if len(outcomes) == 3:
            break
    assert outcomes == {-1, 0, 1}


def test_a_lead_is_worth_more_as_time_runs_out() -> None:
    early, late = open_play("d8"), open_play("d8")
    for game in (early, late):
        game.state.score = [1, 0]
    late.state.period, late.state.elapsed = 2, 240.0
    assert 0.5 < VIEW.value(early, RED) < VIEW.value(late, RED)


def test_searching_leaves_the_game_as_it_was(positions: list[Game]) -> None:
    for game in [g for g in positions if VIEW.decider(g) is not None][::40]:
        for g in (game, Game(game.state.clone(), game.options)):
            before, history = g.state.clone().__dict__, len(g.history)
            Search(VIEW, VIEW.decider(g), 5, random.Random(1)).decide(g)
            assert g.state.__dict__ == before and len(g.history) == history


def test_the_search_on_a_game_without_its_scratch_copy_undoes_every_action(positions: list[Game]) -> None:
    class NoScratch:
        """The view without its scratch copy: the search works on the game itself."""
        def __getattr__(self, name: str) -> object:
            if name == "scratch":
                raise AttributeError(name)
            return getattr(VIEW, name)

    for game in [g for g in positions if VIEW.decider(g) is not None][::60]:
        before, history = game.state.clone().__dict__, len(game.history)
        Search(NoScratch(), VIEW.decider(game), 4, random.Random(2)).decide(game)   # type: ignore[arg-type]
        assert game.state.__dict__ == before and len(game.history) == history


Seat = Callable[[Game], object]


def seat(player: int | str, team: int, seed: int) -> Seat:
    """A level's search for `team` without its wall-clock cap (a loaded machine would cut the search short and
    make the seeded match depend on the load), or the casual bot."""
    if player == "casual":
        return VIEW.casual(team, seed)
    return Search(VIEW, team, replace(level(int(player), levels_of(VIEW)), seconds=600.0), random.Random(seed)).decide


def duel(red: int | str, blue: int | str, seed: int, half_minutes: float = 2.0) -> Game:
    """A seeded match on the engine: chance drawn by its odds, each team's player asked when it decides, the
    players' thinking time let pass; every action must be accepted."""
    game = Game.kick_off(None, Options(half_minutes=half_minutes))
    rng = random.Random(seed)
    seats = {RED: seat(red, RED, seed * 2 + 1), BLUE: seat(blue, BLUE, seed * 2 + 2)}
    for _ in range(20000):
        if game.is_terminal():
            return game
        team = VIEW.decider(game)
        action = None if team is None else seats[team](game)
        if team is None or action is LEAVE_TO_CHANCE:
            outcomes = VIEW.chance(game)
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        game.apply(action)       # type: ignore[arg-type]
        tick = VIEW.think_time(game, rng)
        if tick is not None:
            game.apply(tick)
    pytest.fail(f"the match of seed {seed} did not end: {game!r}")


@pytest.mark.parametrize("lvl", [2, 3])
def test_a_computer_plays_whole_matches_against_the_casual_bot(lvl: int) -> None:
    for seed, (red, blue) in enumerate(((lvl, "casual"), ("casual", lvl))):
        assert duel(red, blue, seed).is_terminal()


def test_a_computer_plays_a_whole_match_through_the_core_as_board_lines() -> None:
    """The daemon's path: the computer's lines (and its dice) for red, the casual bot's for blue, all
    accepted by the core."""
    core = Core(SoccerTheBoardGame())
    players = players_for("stbg")
    assert players.search is not None
    computer = Computer(players.search(), RED, 2, seed=3, roller=players.opponent(RED, 3))
    casual = players.opponent(BLUE, 4)
    rng = random.Random(5)

    def feed(line: dict) -> None:
        out = core.feed(parse_obj(line))
        assert out.verdict["ok"], (line, out.verdict)

    feed({"type": "setup", "ruleset": "stbg", "formation": "standard", "options": {"half_minutes": 2}})
    for _ in range(5000):
        game = core.game
        assert isinstance(game, Game)
        if game.is_terminal():
            break
        lines = computer.plan(game) or casual.plan(game)
        if lines is None:
            exp = game.expects()
            if exp["input"] == "card":
                outcomes = VIEW.chance(game)
                lines = VIEW.lines_for(game, rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                lines = VIEW.lines_for(game, Tick(30.0))
        for line in lines:
            feed(line)
        if core.pending is not None:
            feed({"type": "clock", "advance": SETTLE_SECONDS * 2})
        tick = VIEW.think_time(core.game, rng)
        if tick is not None and not core.game.is_terminal():
            feed({"type": "clock", "advance": tick.seconds})
    assert core.game.is_terminal()


def test_level_5_beats_level_1_in_a_small_seeded_sample() -> None:
    """Not a statistical claim (the ladder benchmark makes it): two seeded matches, one in each colour."""
    first, second = duel(5, 1, 0).state.score, duel(1, 5, 1).state.score
    assert first[RED] > first[BLUE] and second[BLUE] > second[RED]


def test_done_is_listed_once_the_turn_may_end() -> None:
    game = open_play("d10")
    game.apply(Roll(RED, 2))
    assert Done(RED) in VIEW.choices(game)

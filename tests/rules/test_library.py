"""The engine as a library: readable squares and pawns, the text notation, and the game's summary views."""
from __future__ import annotations

import pytest

from controller.games.stw import (
    BLUE,
    RED,
    Dribble,
    Game,
    Illegal,
    MinorFoul,
    MoveBall,
    MovePawn,
    Options,
    Pawn,
    Press,
    RemovePawn,
    Roll,
    Spin,
    Square,
    Tick,
    parse_action,
)
from controller.games.stw.geometry import N_SQUARES
from controller.games.stw.pieces import N_PAWNS


def test_squares_and_pawns_are_ints_that_read_as_names():
    for s in range(N_SQUARES):
        sq = Square(s)
        assert sq == s and hash(sq) == hash(s) and Square(str(sq)) == s
        assert eval(repr(sq)) == s
    for p in range(N_PAWNS):
        assert Pawn(str(Pawn(p))) == p and eval(repr(Pawn(p))) == p
    with pytest.raises(ValueError):
        Square(128)
    with pytest.raises(ValueError):
        Pawn("green-s1")


ALL_KINDS = [Roll(RED, 1), Roll(BLUE, 6), Spin("goal"), Spin("corner"), Spin("goal_kick"), MovePawn(10, 73),
             MovePawn(11, 0), MoveBall(127), Dribble(64), RemovePawn(15), Press("confirm"), Press("decline"),
             Press("pause"), Press("resume"), Tick(1.5), Tick(0.05), MinorFoul(RED, "move_clock"),
             MinorFoul(BLUE, "illegal_place", 14, 40), MinorFoul(RED, "illegal_place", -1, 3)]


@pytest.mark.parametrize("action", ALL_KINDS, ids=str)
def test_notation_round_trips(action):
    assert parse_action(str(action)) == action
    assert eval(repr(action)) == action


def test_notation_examples():
    assert parse_action("red-s2 c10") == MovePawn(Pawn("red-s2"), Square("c10"))
    assert parse_action("  roll   red 4 ") == Roll(RED, 4)
    assert parse_action("dribble d9") == Dribble(Square("d9"))
    assert str(Tick(2.0)) == "tick 2"


@pytest.mark.parametrize("text", ["", "roll", "roll red", "roll green 3", "roll red 0", "roll red x", "spin post",
                                  "press honk", "tick soon", "ball", "ball i9", "red-s2", "red-s2 c10 c11",
                                  "red-s9 c10", "foul red", "foul red x red-s1", "lift", "remove blue-d3", "jump c3"])
def test_bad_notation_is_a_value_error(text):
    with pytest.raises(ValueError, match="^" + repr(text).replace("'", "'")[:1]):
        parse_action(text)


def test_every_legal_action_of_a_match_round_trips():
    from controller.games.stw.bot import Bot, play_match
    game = Game.kick_off(None, Options(half_minutes=5))
    seen: set[type] = set()

    def check(action, events, game=game):
        seen.add(type(action))
        assert parse_action(str(action)) == action
        for legal in game.legal_actions():
            assert parse_action(str(legal)) == legal
    play_match(game, Bot(3), on_action=check)
    assert {Roll, MovePawn, MoveBall} <= seen


def test_repr_result_and_terminal():
    game = Game.kick_off(None)
    assert repr(game) == "<Game roll_off, red 0-0 blue, red and blue to roll>"
    assert not game.is_terminal()
    assert game.result() == (False, None, (0, 0), None, False)
    game.state.phase, game.state.score, game.state.winner = "full_time", [2, 1], RED
    assert game.is_terminal()
    assert game.result().winner == "red" and game.result().score == (2, 1)
    assert repr(game) == "<Game full_time, red 2-1 blue, red won>"
    assert game.chance_outcomes() == []
    with pytest.raises(Illegal):
        game.apply(Roll(RED, 3))


def probabilities(game):
    out = game.chance_outcomes()
    assert abs(sum(p for _, p in out) - 1) < 1e-9
    return out


def test_chance_outcomes_roll_off_battle_and_player_turns():
    game = Game.kick_off(None)
    assert [a for a, _ in probabilities(game)] == [Roll(RED, v) for v in range(1, 7)]
    game.apply(Roll(RED, 2))
    assert [a for a, _ in probabilities(game)] == [Roll(BLUE, v) for v in range(1, 7)]
    game = Game.kick_off(RED)
    game.apply(Roll(RED, 4))
    assert game.chance_outcomes() == []           # red must play the ball
    game.apply(Press("pause"))
    assert game.chance_outcomes() == []


@pytest.mark.parametrize("shooting_die", [False, True])
def test_chance_outcomes_at_a_shot(shooting_die):
    pawns = {Pawn(p): Square(s) for p, s in (("red-gk", "d1"), ("red-s1", "d12"), ("red-m1", "e14"), ("red-m2", "a10"),
                                             ("blue-gk", "d16"), ("blue-d1", "h15"))}
    trial = Game.from_position(pawns, Square("d12"), RED, "offensive_set", Options(shooting_die=shooting_die))
    for text in ("roll red 1", "red-m2 a11", "roll red 2", "ball e14"):     # a direct pass into the area
        trial.apply(parse_action(text))
    assert trial.state.phase == "shot"
    out = dict(probabilities(trial))
    if shooting_die:
        assert list(out) == [Roll(RED, v) for v in range(1, 7)]
    else:
        assert out == {Spin("goal"): 0.5, Spin("corner"): 0.25, Spin("goal_kick"): 0.25}
    for action in out:                            # every listed outcome is one the game accepts
        copy = Game(trial.state.clone(), trial.options, trial.profile)
        copy.apply(action)

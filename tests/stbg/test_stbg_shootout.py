"""RULES-STBG.md S14: the tournament shoot-out, an option (`shootout`); without it a draw stands."""
import pytest
from pydantic import ValidationError

from controller.games.stbg import Game, Illegal, Options, parse_action
from controller.games.stbg.snapshot import snapshot_of

from .dsl import play, position


def drawn_at_full_time(**options) -> Game:
    game = position(shootout=True, **options)
    game.state.period = 2
    play(game, "roll red 1", "tick 900")
    return game


def rolls(game: Game, *pairs: tuple[int, int]) -> list[str]:
    """Each pair is (red, blue), the red die first."""
    names: list[str] = []
    for red, blue in pairs:
        names += play(game, f"roll red {red}", f"roll blue {blue}")
    return names


def kicks(game: Game, *pairs: tuple[int, int]) -> list[str]:
    """Each pair is (shooter, keeper): the shooting team's roll and the other team's."""
    names: list[str] = []
    for shooter, keeper in pairs:
        team = game.state.attack
        red, blue = (shooter, keeper) if team == 0 else (keeper, shooter)
        names += rolls(game, (red, blue))
    return names


def test_s14_the_shoot_out_is_off_by_default_a_draw_stands():
    assert Options().shootout is False
    game = position()
    game.state.period = 2
    names = play(game, "roll red 1", "tick 900")
    assert "shootout" not in names and names[-1] == "full_time" and game.result().winner is None


def test_s14_a_draw_goes_to_the_shoot_out_the_higher_roll_shoots_first_a_tie_rolled_again():
    game = drawn_at_full_time()
    assert game.state.phase == "shootout_order" and not game.is_terminal()
    assert game.expects() == {"input": "roll", "team": "both", "waiting": ["red", "blue"]}
    assert rolls(game, (4, 4)) == ["shootout_order_tie"] and game.state.phase == "shootout_order"
    assert rolls(game, (2, 5)) == ["shootout_order"] and game.state.phase == "shootout"
    assert game.expects()["shooter"] == "blue"


def test_s14_a_decided_match_has_no_shoot_out():
    game = position(shootout=True)
    game.state.period, game.state.score = 2, [1, 0]
    names = play(game, "roll red 1", "tick 900")
    assert "shootout" not in names and game.result().winner == "red"


def test_s14_a_kick_scores_on_the_shooters_higher_roll_a_tie_or_lower_is_a_miss():
    game = drawn_at_full_time()
    rolls(game, (6, 1))                               # red shoots first
    out = game.apply(parse_action("roll blue 3")) + game.apply(parse_action("roll red 3"))
    assert out == [{"event": "shootout_kick", "team": "red", "scored": False, "outcome": "tie",
                    "tally": {"red": 0, "blue": 0}}]
    kicks(game, (5, 4))                               # blue
    save = game.apply(parse_action("roll red 2")) + game.apply(parse_action("roll blue 6"))
    assert [(e["team"], e["scored"], e["outcome"]) for e in save] == [("red", False, "save")]
    assert game.state.shootout == [0, 1] and game.state.shootout_taken == [2, 1]


def test_s14_it_ends_as_soon_as_one_team_cannot_catch_up():
    game = drawn_at_full_time()
    rolls(game, (6, 1))
    kicks(game, (6, 1), (1, 6), (6, 1), (1, 6), (6, 1))        # red 3-0 after three kicks, blue two taken
    assert not game.is_terminal()
    names = kicks(game, (1, 6))                                # blue's third miss: at most 2 more, 3 behind
    assert names[-1] == "full_time" and game.is_terminal()
    assert game.result().winner == "red" and game.result().score == (0, 0)
    snap = snapshot_of(game).to_json_dict()
    assert snap["shootout"] == {"red": 3, "blue": 0} and snap["winner"] == "red" and snap["phase"] == "full_time"


def test_s14_after_five_each_pairs_until_decided():
    game = drawn_at_full_time()
    rolls(game, (1, 6))                                        # blue first
    for _ in range(5):
        kicks(game, (6, 1), (6, 1))                            # both score every kick: 5-5
    assert not game.is_terminal() and game.state.shootout == [5, 5]
    kicks(game, (6, 1))                                        # blue 6-5, red still to kick
    assert not game.is_terminal()
    names = kicks(game, (1, 6))                                # red misses
    assert names[-1] == "full_time" and game.result().winner == "blue"


def test_s14_the_number_of_kicks_is_an_option():
    game = drawn_at_full_time(shootout_kicks=1)
    rolls(game, (6, 1))
    kicks(game, (6, 1))
    assert kicks(game, (1, 6))[-1] == "full_time" and game.result().winner == "red"
    with pytest.raises(ValidationError):
        Options(shootout_kicks=0)


def test_s14_no_star_card_nor_move_in_a_shoot_out_and_a_die_rolls_once_a_kick():
    game = drawn_at_full_time()
    rolls(game, (6, 1))
    play(game, "roll red 5")
    for step, reason in (("roll red 4", "not_your_turn"), ("star blue shoot", "card_not_allowed")):
        before = game.state.clone()
        with pytest.raises(Illegal) as refused:
            game.apply(parse_action(step))
        assert refused.value.reason == reason and game.state == before
    with pytest.raises(Illegal):
        game.apply(parse_action("red-p3 a3"))


def test_s14_undo_takes_back_a_shoot_out_kick():
    game = drawn_at_full_time()
    rolls(game, (6, 1))
    kicks(game, (6, 1))
    game.undo()
    assert game.state.shootout == [0, 0] and game.state.shootout_taken == [0, 0]


def test_s14_the_seeded_bots_play_a_shoot_out_through_the_core_with_no_refused_line():
    from controller.games.stbg.bot import simulate
    snap = simulate(1, {"half_minutes": 0.5, "shootout": True}).snapshot()    # raises if the core refuses a line
    assert snap["phase"] == "full_time" and snap["score"]["red"] == snap["score"]["blue"]
    assert snap["shootout"] is not None and snap["shootout"]["red"] != snap["shootout"]["blue"]
    assert snap["winner"] == max(("red", "blue"), key=lambda team: snap["shootout"][team])

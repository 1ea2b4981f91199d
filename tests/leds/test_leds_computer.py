"""The computer's step (or a hint) on the LEDs: the square to lift and the square to put on, in colours of their
own that stay apart, for colour-blind players too, from what is lit with them; when a step is shown no other
move guidance is, and a correction still comes first."""
from __future__ import annotations

import pytest
from leds_helpers import expect_exact

from controller.games.stw import geometry as g
from controller.games.stw.game import Game
from controller.leds import RGB, BoardView, plan_leds
from tests.leds.test_leds_palette import MIN_DE, worst_de
from tests.rules.dsl import play

P = g.parse
BLUE_LINE = "a16 b16 c16 d16 e16 f16 g16 h16"
LIT_WITH_IT = ("correction_lift", "correction_put", "identity_question", "lifted_from", "free_kick_zone",
               "setup_lift_off")


def kicked_off():
    game = Game.kick_off(1)
    play(game, "roll blue 3")
    return game


def test_the_computers_step_lights_its_lift_and_put_squares_and_nothing_else_of_the_move():
    game = kicked_off()
    assert plan_leds(game).by_meaning().get("ball_destination")           # without a step: every destination
    expect_exact(plan_leds(game, BoardView(guide=(P("d9"), P("b6")))),
                 {"blue_to_act": BLUE_LINE, "computer_lift": "d9", "computer_put": "b6"})


def test_once_the_token_is_in_hand_only_the_put_square_is_lit():
    expect_exact(plan_leds(kicked_off(), BoardView(lifted=((P("d9"), "ball"),), guide=(-1, P("b6")))),
                 {"blue_to_act": BLUE_LINE, "computer_put": "b6", "lifted_from": "d9"})


def test_a_correction_is_shown_over_the_computers_step():
    view = BoardView(extra=((P("a6"), "ball"),), missing=((P("d9"), "ball"),), mismatch=True, guide=(P("d9"), P("b6")))
    meanings = plan_leds(kicked_off(), view).by_meaning()
    assert meanings["correction_lift"] == ["a6"] and meanings["correction_put"] == ["d9"]
    assert meanings["computer_put"] == ["b6"]


@pytest.mark.parametrize("guide", [(128, 0), (0, -2), (1,)])
def test_a_step_off_the_board_is_refused(guide):
    with pytest.raises(ValueError, match=r"BoardView\.guide"):
        BoardView(guide=guide)


@pytest.mark.parametrize("meaning", ["computer_lift", "computer_put"])
def test_the_computers_colours_stay_apart_from_what_is_lit_with_them(meaning):
    assert worst_de(RGB["computer_lift"], RGB["computer_put"]) >= MIN_DE
    for other in LIT_WITH_IT:
        assert worst_de(RGB[meaning], RGB[other]) >= MIN_DE, (meaning, other, round(worst_de(RGB[meaning], RGB[other])))

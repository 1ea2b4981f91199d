"""Undo takes back the game, and everything the core knew about the input it took back: on a sensed board the
pawn stays where the hand put it until the players put it back (the LEDs show how), and an identity question
about the undone move is dropped."""
from tests.core.core_helpers import lift, move, new_core, ok, place, press, roll
from tests.core.test_core_identity import swapped_in_hand


def test_undo_on_a_sensed_board_waits_for_the_players_to_put_the_pawn_back():
    core = new_core(sensed=True)
    ok(roll(core, "red", 3))
    ok(lift(core, "c6"))
    ok(place(core, "c9"))                                       # red-m1 c6 -> c9, on the real board
    ok(press(core, "undo"))                                     # the game: red-m1 back on c6
    snap = core.snapshot()
    assert snap["pawns"]["red-m1"]["square"] == "c6"
    assert snap["board"]["consistent"] is False
    assert roll(core, "red", 2).verdict["reason"] == "board_mismatch"
    ok(lift(core, "c9"))
    ok(place(core, "c6"))
    assert core.snapshot()["board"]["consistent"]
    ok(move(core, "c6", "c3"))


def test_undo_drops_the_identity_question_about_the_move_it_took_back():
    core, _ = swapped_in_hand()
    assert core.question is not None
    ok(press(core, "undo"))
    assert core.snapshot()["pawns"]["red-m1"]["square"] == "c6"
    assert core.question is None
    assert core.board_view().ambiguous == 0
    ok(move(core, "c6", "c9"))
    ok(roll(core, "red", 2))

"""A board out of step with the game: nothing is accepted, the core says (and the LEDs show) what to
lift and where to put it back, and putting it right clears it (docs/board.md section 6, docs/reasons.md
board_mismatch)."""
from .core_helpers import (
    expected_frame,
    game_part,
    lift,
    move,
    new_core,
    ok,
    place,
    press,
    roll,
    square,
    with_changes,
)


def misplaced():
    """Red rolls 3 and puts red-m1 (c6) down on g6: no path of three joins them."""
    core = new_core()
    ok(roll(core, "red", 3))
    ok(lift(core, "c6"))
    out = place(core, "g6")
    assert out.verdict["ok"] is False and out.verdict["reason"] == "wrong_distance" and out.events == []
    return core


def test_a_pawn_on_a_wrong_square_is_refused_and_the_game_does_not_move():
    core = misplaced()
    snap = core.snapshot()
    assert snap["pawns"]["red-m1"]["square"] == "c6" and snap["phase"] == "offensive_set" and snap["roll"] == 3
    assert snap["board"]["consistent"] is False
    assert snap["board"]["mismatch"]["reason"] == "wrong_distance"
    assert core.mismatch is not None


def test_a_mismatch_guides_the_correction_what_to_lift_and_where_to_put_it():
    core = misplaced()
    view = core.board_view()
    assert view.mismatch is True
    assert view.extra == ((square("g6"), "red"),) and view.missing == ((square("c6"), "red"),)
    refused = roll(core, "red", 2)
    assert refused.verdict["reason"] == "board_mismatch"
    assert "lift the red token on g6" in refused.verdict["detail"]
    assert "put a red token back on c6" in refused.verdict["detail"]


def test_while_out_of_step_every_input_but_the_correction_is_refused_and_nothing_changes():
    core = misplaced()
    before = game_part(core)
    for out in (roll(core, "red", 2), roll(core, "blue", 4), press(core, "confirm"),
                move(core, "a6", "a9"), place(core, "d9", "blue")):
        assert out.verdict["ok"] is False and out.verdict["reason"] == "board_mismatch", out.verdict
        assert out.events == [] and out.settled == []
    assert game_part(core) == before and core.mismatch is not None


def test_putting_the_pawn_back_clears_the_mismatch_and_play_goes_on():
    core = misplaced()
    before = game_part(core)
    ok(lift(core, "g6"))
    out = ok(place(core, "c6"))
    assert out.events == [] and core.mismatch is None
    snap = core.snapshot()
    assert snap["board"] == {"consistent": True, "mismatch": None, "question": None}
    assert game_part(core) == before and core.board_view().mismatch is False
    ok(move(core, "c6", "c9"))                                  # the roll of 3 is still there to use
    assert core.snapshot()["pawns"]["red-m1"]["square"] == "c9"


def test_lifting_the_misplaced_pawn_is_accepted_and_leaves_it_in_hand():
    core = misplaced()
    out = ok(lift(core, "g6"))
    assert out.events == [] and core.mismatch is None
    view = core.board_view()
    assert view.mismatch is False and view.lifted == ((square("c6"), "red"),)


def test_a_token_out_of_nowhere_is_a_mismatch_until_it_is_lifted():
    core = new_core()
    ok(roll(core, "red", 3))
    out = place(core, "d9", "blue")
    assert out.verdict["reason"] == "board_mismatch" and "d9" in out.verdict["detail"]
    assert core.board_view().extra == ((square("d9"), "blue"),)
    assert roll(core, "red", 3).verdict["reason"] == "board_mismatch"
    ok(lift(core, "d9", "blue"))
    assert core.snapshot()["board"]["consistent"] and core.mismatch is None


def test_a_refused_move_line_is_taken_back_so_the_board_stays_in_step():
    core = new_core()
    ok(roll(core, "red", 3))
    board = bytes(core.board)
    out = move(core, "c6", "g6")
    assert out.verdict["reason"] == "wrong_distance"
    assert core.mismatch is None and bytes(core.board) == board and core.snapshot()["board"]["consistent"]
    ok(move(core, "c6", "c9"))


def test_a_whole_board_restated_as_the_game_expects_clears_the_mismatch():
    core = misplaced()
    core.set_board(with_changes(expected_frame(core), ("a6", "red", False), ("a7", "red", True)))
    assert core.mismatch is not None                            # still not the game's board
    core.set_board(expected_frame(core))                        # the players followed the LEDs; a resync
    assert core.mismatch is None and core.snapshot()["board"]["consistent"]
    ok(move(core, "c6", "c9"))                                  # and the roll of 3 is used
    assert core.snapshot()["pawns"]["red-m1"]["square"] == "c9"


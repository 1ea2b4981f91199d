"""Pawn identity: the sensors see colours, not pawns. The core follows each pawn from the square it was
lifted from; a pawn put back on its own square made no move; with two pawns of a colour in hand at once
it asks the players to confirm who stands where, and never guesses (docs/board.md section 3)."""
from .core_helpers import SETUP, clock, feed, game_part, lift, move, names, new_core, ok, place, press, roll, square

# red-m1 on c6 and red-m2 on e6 can both reach d8 on a roll of 2
TWO_WAYS = {**SETUP, "pawns": {**SETUP["pawns"], "red-m2": "e6"}}


def test_the_pawn_lifted_is_the_pawn_that_moved_when_two_could_reach_the_square():
    for frm, mover, stayer, stays_on in (("c6", "red-m1", "red-m2", "e6"), ("e6", "red-m2", "red-m1", "c6")):
        core = new_core(TWO_WAYS)
        ok(roll(core, "red", 2))
        ok(lift(core, frm))
        ok(place(core, "d8"))
        snap = core.snapshot()
        assert snap["pawns"][mover]["square"] == "d8" and snap["pawns"][stayer]["square"] == stays_on, frm
        assert snap["phase"] == "ball_play" and snap["board"]["consistent"] and core.question is None


def test_a_move_line_names_the_pawn_by_its_square_too():
    core = new_core(TWO_WAYS)
    ok(roll(core, "red", 2))
    ok(move(core, "e6", "d8"))
    snap = core.snapshot()
    assert snap["pawns"]["red-m2"]["square"] == "d8" and snap["pawns"]["red-m1"]["square"] == "c6"


def test_a_pawn_lifted_and_put_back_on_its_own_square_made_no_move():
    core = new_core()
    ok(roll(core, "red", 3))
    before = game_part(core)
    ok(lift(core, "c6"))
    out = ok(place(core, "c6"))
    assert out.events == [] and out.settled == [] and out.verdict == {"ok": True}
    assert game_part(core) == before and core.pending is None and core.question is None
    assert core.snapshot()["roll"] == 3                         # the roll still waits to be used
    ok(lift(core, "c6"))
    ok(place(core, "c9"))
    assert core.snapshot()["pawns"]["red-m1"]["square"] == "c9"


def test_a_knocked_pawn_stood_back_up_out_of_turn_changes_nothing():
    core = new_core()
    before = game_part(core)
    refused = lift(core, "g9", "blue")                           # blue may not move now: caught, not a move
    assert refused.verdict["reason"] == "not_your_turn"
    ok(place(core, "g9", "blue"))
    assert game_part(core) == before and core.snapshot()["board"]["consistent"]
    ok(roll(core, "red", 3))


def swapped_in_hand():
    """Red rolls 3; red-m1 (c6) and red-m2 (a6) are in hand at once; a6 and c9 are filled again."""
    core = new_core()
    ok(roll(core, "red", 3))
    ok(lift(core, "c6"))
    ok(lift(core, "a6"))
    ok(place(core, "a6"))
    return core, place(core, "c9")


def test_two_pawns_of_a_colour_in_hand_at_once_ask_who_stands_where():
    core, out = swapped_in_hand()
    assert out.verdict["ok"]
    question = {"team": "red", "pawns": {"a6": "red-m2", "c9": "red-m1"}}
    assert {"event": "identity_question", **question} in out.events
    assert core.question == question and core.snapshot()["board"]["question"] == question
    assert core.board_view().ambiguous == 1 << square("a6") | 1 << square("c9")


def test_an_open_identity_question_holds_play_until_confirmed():
    core, _ = swapped_in_hand()
    before = game_part(core)
    refused = roll(core, "red", 2)
    assert refused.verdict["reason"] == "identity_ambiguous" and "red-m1 on c9" in refused.verdict["detail"]
    assert game_part(core) == before
    ok(clock(core, 1.0))                                         # time still passes
    out = ok(press(core, "confirm"))
    assert names(out.events) == ["identity_confirmed"] and out.events[0]["pawns"] == {"a6": "red-m2", "c9": "red-m1"}
    assert core.question is None and core.board_view().ambiguous == 0
    ok(roll(core, "red", 2))
    assert core.snapshot()["phase"] == "ball_play" and core.snapshot()["roll"] == 2


def test_two_defenders_in_hand_at_once_are_interchangeable_and_ask_nothing():
    setup = {**SETUP, "pawns": {**SETUP["pawns"], "red-d2": "d4"}}
    core = new_core(setup)
    ok(roll(core, "red", 3))
    ok(lift(core, "b4"))
    ok(lift(core, "d4"))
    ok(place(core, "d4"))
    out = ok(place(core, "b7"))
    assert "identity_question" not in names(out.events) and core.question is None
    snap = core.snapshot()
    assert {snap["pawns"]["red-d1"]["square"], snap["pawns"]["red-d2"]["square"]} == {"b7", "d4"}
    assert snap["phase"] == "ball_play"


def test_a_set_up_forgets_the_pawns_in_hand_of_the_match_before():
    """Players clearing the board for the next match lift many pawns at once; the next match's first move
    must ask nothing, as a replay of that match's own journal (a fresh core) asks nothing."""
    core = new_core(TWO_WAYS, sensed=True)
    ok(roll(core, "red", 2))
    lift(core, "c6")
    lift(core, "e6")                                     # two red pawns in hand: the old match's business
    place(core, "e6")
    again = feed(core, **TWO_WAYS)                       # the next match, set up as the board stands
    assert again.verdict["ok"] and core.question is None
    fresh = new_core(TWO_WAYS, sensed=True)
    for c in (core, fresh):
        ok(roll(c, "red", 2))
        ok(lift(c, "c6"))
        out = ok(place(c, "d8"))
        assert "identity_question" not in [e["event"] for e in out.events], out.events
    assert core.question is None and game_part(core) == game_part(fresh)

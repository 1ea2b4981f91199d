"""Pawn identity: the sensors see colours, not pawns. The core follows each pawn from the square it was
lifted from; a pawn put back on its own square made no move; with two pawns of a colour in hand at once
it asks the players to confirm who stands where, and never guesses (docs/board.md section 3)."""
from .core_helpers import (
    SETUP,
    clock,
    feed,
    game_part,
    lift,
    move,
    names,
    new_core,
    ok,
    place,
    press,
    roll,
    spin,
    square,
)

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


# red-s1 shoots from e14 (red-m2 also in blue's area, on c14) and the spin is a goal kick: both must leave the area
GOAL_KICK = {"type": "setup", "offense": "red", "ball": "d10", "phase": "offensive_set",
             "pawns": {"red-gk": "d1", "red-m1": "d10", "red-s1": "e14", "red-m2": "c14", "red-d1": "b3",
                       "blue-gk": "d16", "blue-d1": "b15", "blue-d2": "g15"}}


def goal_kick_set_up(sensed: bool = False):
    core = new_core(GOAL_KICK, sensed=sensed)
    ok(roll(core, "red", 1))
    ok(move(core, "b3", "b4"))
    ok(roll(core, "red", 4))
    ok(move(core, "d10", "e14", "ball"))
    ok(spin(core, "goal_kick"))
    ok(move(core, "e14", "d16", "ball"))
    assert core.snapshot()["phase"] == "goal_kick_setup"
    return core


def test_board3_two_pawns_in_hand_at_a_goal_kick_set_up_are_asked_about():
    for sensed in (False, True):
        core = goal_kick_set_up(sensed)
        ok(lift(core, "e14"))
        ok(lift(core, "c14"))
        ok(place(core, "c13"))
        out = ok(place(core, "e13"))
        # the nearest reading is taken (each pawn straight out of the area), and the players are asked
        question = {"team": "red", "pawns": {"c13": "red-m2", "e13": "red-s1"}}
        assert names(out.events) == ["restart_ready", "identity_question"], out.events
        assert core.question == question
        snap = core.snapshot()
        assert snap["pawns"]["red-m2"]["square"] == "c13" and snap["pawns"]["red-s1"]["square"] == "e13"
        assert snap["restart"] is None and snap["phase"] == "offensive_set" and snap["offense"] == "blue"
        assert snap["board"] == {"consistent": True, "mismatch": None, "question": question}
        before = game_part(core)
        assert roll(core, "blue", 1).verdict["reason"] == "identity_ambiguous" and game_part(core) == before
        assert names(ok(press(core, "confirm")).events) == ["identity_confirmed"]
        ok(roll(core, "blue", 1))
        ok(move(core, "b15", "b14", "blue"))
        assert core.snapshot()["pawns"]["blue-d1"]["square"] == "b14"


def test_board3_a_set_up_of_two_pawns_at_once_is_one_move_to_undo():
    core = goal_kick_set_up()
    before = game_part(core)
    for line in (lift(core, "e14"), lift(core, "c14"), place(core, "c13"), place(core, "e13"), press(core, "undo")):
        ok(line)
    assert game_part(core) == before and core.question is None


def test_board3_two_pawns_put_down_where_no_reading_is_a_legal_set_up_are_refused():
    core = goal_kick_set_up()
    ok(lift(core, "e14"))
    ok(lift(core, "c14"))
    ok(place(core, "c13"))
    refused = place(core, "e15")                         # still inside blue's penalty area, whichever pawn it is
    assert refused.verdict["reason"] == "placement"
    snap = core.snapshot()
    assert snap["board"]["mismatch"]["reason"] == "placement" and snap["phase"] == "goal_kick_setup"
    ok(lift(core, "e15"))
    out = ok(place(core, "e13"))
    assert names(out.events) == ["restart_ready", "identity_question"]


# red-s1 captures on d8 (a centre square) and blue lets its answer run out: red's free kick, with blue's two
# defenders on c9 and e9 inside the zone round the ball
FREE_KICK = {"type": "setup", "offense": "red", "ball": "d6", "phase": "offensive_set",
             "pawns": {"red-gk": "d1", "red-m1": "d6", "red-s1": "f8", "red-d1": "b3",
                       "blue-gk": "d16", "blue-d1": "c9", "blue-d2": "e9", "blue-m1": "h12"}}


def test_board3_two_defenders_in_hand_at_once_at_a_set_up_are_interchangeable_and_ask_nothing():
    core = new_core(FREE_KICK)
    for line in (roll(core, "red", 1), move(core, "b3", "b4"), roll(core, "red", 2), move(core, "d6", "d8", "ball"),
                 roll(core, "red", 2), move(core, "f8", "d8"), roll(core, "blue", 6), clock(core, 61)):
        ok(line)
    assert core.snapshot()["phase"] == "free_kick_setup"
    for line in (lift(core, "c9", "blue"), lift(core, "e9", "blue"), place(core, "c10", "blue")):
        ok(line)
    out = ok(place(core, "e10", "blue"))
    assert names(out.events) == ["restart_ready"] and core.question is None
    snap = core.snapshot()
    assert {snap["pawns"]["blue-d1"]["square"], snap["pawns"]["blue-d2"]["square"]} == {"c10", "e10"}
    assert snap["phase"] == "offensive_set" and snap["board"]["consistent"]


# red-s1 dribbles onto blue-m1 in blue's penalty area; blue rolls 1 against 6: a penalty kick, placed in turns
PENALTY = {"type": "setup", "offense": "red", "ball": "c12", "phase": "offensive_set",
           "pawns": {"red-gk": "d1", "red-m1": "c12", "red-s1": "g14", "red-m2": "b14",
                     "blue-gk": "d16", "blue-d1": "c15", "blue-d2": "f15", "blue-m1": "e14"}}


def test_rule9B_C19_two_pawns_of_a_team_put_down_at_once_in_a_penalty_set_up_are_one_too_many():
    core = new_core(PENALTY)
    for line in (roll(core, "red", 2), move(core, "g14", "e14"), roll(core, "red", 2), move(core, "c12", "e14", "ball"),
                 roll(core, "red", 6), roll(core, "blue", 1)):
        ok(line)
    assert core.snapshot()["expects"] == {"input": "setup", "team": "blue"}
    for line in (lift(core, "c15", "blue"), lift(core, "f15", "blue"), place(core, "c13", "blue")):
        ok(line)
    refused = place(core, "f13", "blue")                 # blue places first, then red: never two in a row
    assert refused.verdict["reason"] == "not_your_turn"
    assert core.snapshot()["board"]["mismatch"]["reason"] == "not_your_turn"
    ok(lift(core, "f13", "blue"))
    out = ok(place(core, "f15", "blue"))                 # one back where it stood: blue-d1's placement alone
    assert core.snapshot()["pawns"]["blue-d1"]["square"] == "c13" and out.verdict == {"ok": True}
    assert core.snapshot()["expects"] == {"input": "setup", "team": "red"}

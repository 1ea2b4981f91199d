"""Undo (the board's undo button, `cmd/undo`): the game goes back one accepted action and the board has to
follow: a board that follows the game (replay, simulator) is put back by the core and says which tokens it
moved (`relocated`); nothing to take back is refused."""
from .core_helpers import (
    bits,
    expected_frame,
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
)


def test_undo_takes_back_the_last_move_and_the_board_follows():
    core = new_core()
    ok(roll(core, "red", 3))
    before, board_before = game_part(core), bytes(core.board)
    ok(move(core, "c6", "c9"))
    assert core.snapshot()["pawns"]["red-m1"]["square"] == "c9"
    out = ok(press(core, "undo"))
    assert out.events == [{"event": "undone"}]
    assert game_part(core) == before                            # red-m1 back on c6, the roll of 3 to use again
    assert bytes(core.board) == board_before == expected_frame(core)
    assert core.relocated == bits(("c9", "red"), ("c6", "red"))   # the tokens the core moved back itself
    assert core.snapshot()["board"]["consistent"]
    ok(move(core, "c6", "c3"))                                  # the roll is used again, another way
    assert core.snapshot()["pawns"]["red-m1"]["square"] == "c3"


def test_undo_never_takes_back_a_roll_a_die_already_rolled_is_not_rolled_again():
    core = new_core()
    ok(roll(core, "red", 3))
    ok(move(core, "c6", "c9"))
    ok(press(core, "undo"))                                     # the move goes back, the roll of 3 stays
    before = core.snapshot()
    assert before["roll"] == 3 and before["expects"]["input"] == "move"
    out = press(core, "undo")                                   # the roll itself is never taken back
    assert out.verdict["ok"] is False and out.verdict["reason"] == "nothing_to_undo" and out.events == []
    assert core.snapshot() == before


def test_undo_reaches_over_the_clock_lines_that_decided_nothing():
    """The daemon feeds a clock line before every input, the undo press included: the move still goes back."""
    core = new_core()
    ok(roll(core, "red", 3))
    before = game_part(core)
    ok(move(core, "c6", "c9"))
    ok(feed(core, type="clock", advance=2.5))
    ok(feed(core, type="clock", advance=0.001))
    ok(press(core, "undo"))
    assert game_part(core) == before and core.snapshot()["pawns"]["red-m1"]["square"] == "c6"


def test_undo_with_nothing_to_take_back_is_refused_and_changes_nothing():
    core = new_core()
    before = core.snapshot()
    out = press(core, "undo")
    assert out.verdict["ok"] is False and out.verdict["reason"] == "nothing_to_undo" and out.events == []
    assert core.snapshot() == before


def test_undo_of_a_goal_puts_the_board_back_from_the_kickoff_formation():
    setup = {"type": "setup", "offense": "red", "ball": "d12",
             "pawns": {"red-gk": "d1", "red-s1": "d12", "red-m1": "e14", "red-m2": "a10",
                       "blue-gk": "d16", "blue-d1": "h15", "blue-s1": "h10"}}
    core = new_core(setup)
    ok(roll(core, "red", 1))
    ok(move(core, "a10", "a11"))
    ok(roll(core, "red", 2))
    shot = ok(move(core, "d12", "e14", "ball"))                 # a direct pass into the penalty area: a shot
    assert names(shot.events)[-1] == "shot"
    before = game_part(core)
    goal = ok(spin(core, "goal"))
    assert "goal" in names(goal.events) and core.snapshot()["phase"] == "kick_off"
    out = ok(press(core, "undo"))
    assert out.events == [{"event": "undone"}]
    assert game_part(core) == before and core.snapshot()["score"] == {"red": 0, "blue": 0}
    assert bytes(core.board) == expected_frame(core) and core.relocated != 0


def test_undo_clears_a_mismatch_on_a_board_that_follows_the_game():
    core = new_core()
    ok(roll(core, "red", 3))
    ok(move(core, "c6", "c9"))
    ok(roll(core, "red", 2))
    ok(lift(core, "e5", "ball"))
    assert place(core, "h5", "ball").verdict["ok"] is False          # no play of 2 ends there
    assert press(core, "undo").verdict["reason"] == "nothing_to_undo"         # the ball's roll stands
    assert core.mismatch is not None
    core = new_core()
    ok(roll(core, "red", 3))
    ok(move(core, "c6", "c9"))
    ok(lift(core, "c9"))
    ok(lift(core, "e5", "ball"))
    assert place(core, "h8", "ball").verdict["ok"] is False
    out = ok(press(core, "undo"))                               # takes back the move; the core puts the tokens back
    assert out.events == [{"event": "undone"}] and core.mismatch is None
    assert bytes(core.board) == expected_frame(core) and core.snapshot()["roll"] == 3

"""The settle window (50 ms): a position counts once it has stood for the window; a change shorter than
the window changes nothing. Two places hold it: the frame tracker, which hands the core only settled
sensor changes, and the core, which keeps a position that could still grow into another move (a ball
played one square on a roll of 1, which its holder may follow as a dribble) pending until the window
ends or the next input tells it apart (docs/board.md section 6)."""
from controller.core import SETTLE_SECONDS
from controller.tracking import FrameTracker

from .core_helpers import (
    clock,
    expected_frame,
    feed,
    game_part,
    lift,
    move,
    names,
    new_core,
    ok,
    place,
    roll,
    with_changes,
)


def ball_one_square():
    """Red's offensive set up to its ball roll of 1, then the ball put one square on, the holder still on e5."""
    core = new_core()
    ok(roll(core, "red", 1))
    ok(move(core, "a6", "a7"))
    ok(roll(core, "red", 1))
    ok(lift(core, "e5", "ball"))
    out = ok(place(core, "e6", "ball"))
    assert out.verdict == {"ok": True, "pending": True} and out.events == []
    return core


def test_a_ball_played_one_square_on_a_one_is_pending_and_counts_for_nothing_yet():
    core = ball_one_square()
    snap = core.snapshot()
    assert core.pending is not None
    assert snap["phase"] == "ball_play" and snap["ball"] == "e5" and snap["roll"] == 1   # the game has not moved
    assert snap["board"]["consistent"] is False                 # the board differs from the game meanwhile


def test_a_clock_line_shorter_than_the_settle_window_settles_nothing():
    core = ball_one_square()
    before = game_part(core)
    out = ok(clock(core, SETTLE_SECONDS * 0.6))
    assert out.settled == [] and out.events == []
    assert core.pending is not None and game_part(core)["ball"] == before["ball"] == "e5"
    assert game_part(core)["phase"] == "ball_play"


def test_a_clock_line_reaching_the_settle_window_settles_the_pass():
    core = ball_one_square()
    out = ok(clock(core, SETTLE_SECONDS))
    assert names(out.settled) == ["ball_played"]
    assert out.settled[0]["frm"] == "e5" and out.settled[0]["to"] == "e6"
    snap = core.snapshot()
    assert core.pending is None and snap["phase"] == "capture" and snap["ball"] == "e6" and snap["holder"] is None
    assert snap["pawns"]["red-s1"]["square"] == "e5" and snap["board"]["consistent"]


def test_the_next_input_tells_the_pending_position_apart_and_is_judged_after_it():
    core = ball_one_square()
    out = ok(roll(core, "red", 2))                              # the capture attempt's roll: it was a pass
    assert names(out.settled) == ["ball_played"] and out.verdict == {"ok": True}
    snap = core.snapshot()
    assert snap["phase"] == "capture" and snap["roll"] == 2 and snap["ball"] == "e6"


def test_the_holder_following_within_the_window_makes_it_a_dribble_not_a_pass():
    core = ball_one_square()
    ok(clock(core, SETTLE_SECONDS / 5))
    ok(lift(core, "e5"))
    out = ok(place(core, "e6"))
    assert names(out.settled) == [] and names(out.events) == ["dribble"]
    snap = core.snapshot()
    assert snap["pawns"]["red-s1"]["square"] == "e6" and snap["ball"] == "e6" and snap["phase"] == "answer"


def test_the_end_of_input_settles_a_pending_position():
    core = ball_one_square()
    assert names(core.finish()) == ["ball_played"]
    assert core.snapshot()["phase"] == "capture"


def test_a_sensor_glitch_shorter_than_the_window_never_reaches_the_core():
    core = new_core(sensed=True)
    start = expected_frame(core)
    tracker = FrameTracker(settle=SETTLE_SECONDS)
    tracker.start(start)
    before, board_before = core.snapshot(), bytes(core.board)
    glitch = with_changes(start, ("c6", "red", False), ("d9", "blue", True), ("e5", "ball", False))
    t = 0.0
    lines = tracker.feed(glitch, t)
    for _ in range(4):                                         # the glitch holds for 40 ms, then it is gone
        t += 0.01
        lines += tracker.feed(glitch, t)
    t += 0.01
    lines += tracker.feed(start, t)
    for _ in range(20):
        t += 0.01
        lines += tracker.feed(start, t)
    lines += tracker.poll(t + 1.0)
    assert lines == []
    assert core.snapshot() == before and bytes(core.board) == board_before


def test_a_change_that_stays_for_the_window_reaches_the_core_as_one_move():
    core = new_core(sensed=True)
    ok(roll(core, "red", 3))
    start = expected_frame(core)
    tracker = FrameTracker(settle=SETTLE_SECONDS)
    tracker.start(start)
    lifted = with_changes(start, ("c6", "red", False))
    on_c9 = with_changes(lifted, ("c9", "red", True))
    t, lines = 0.0, []
    for frame, count in ((lifted, 2), (on_c9, 2)):              # in hand 20 ms, down for 20 ms: not yet
        for _ in range(count):
            t += 0.01
            lines += tracker.feed(frame, t)
    assert lines == []
    t += SETTLE_SECONDS                                          # now it has stood for the window
    lines = tracker.feed(on_c9, t)
    assert lines == [{"type": "lift", "square": "c6", "token": "red"},
                     {"type": "place", "square": "c9", "token": "red"}]
    outs = [ok(feed(core, **line)) for line in lines]
    assert names(outs[-1].events) == [] and outs[0].verdict == {"ok": True, "pending": True}
    snap = core.snapshot()
    assert snap["pawns"]["red-m1"]["square"] == "c9" and snap["phase"] == "ball_play" and snap["board"]["consistent"]


def test_a_pawn_resting_on_its_way_counts_only_where_it_comes_to_rest():
    core = new_core()
    ok(roll(core, "red", 3))
    before = game_part(core)
    ok(lift(core, "c6"))
    for frm, to in (("", "c7"), ("c7", "c8")):                  # slid along its path, resting on the way
        if frm:
            ok(lift(core, frm))
        out = ok(place(core, to))
        assert out.verdict == {"ok": True, "pending": True} and out.events == []
    out = ok(clock(core, SETTLE_SECONDS * 4))                   # however long it rests there: not a move yet
    after = game_part(core)
    assert out.settled == [] and core.pending is not None
    assert (after["pawns"], after["phase"], after["roll"]) == (before["pawns"], before["phase"], before["roll"])
    ok(lift(core, "c8"))
    out = ok(place(core, "c9"))                                 # three squares from c6: the move
    assert out.verdict == {"ok": True} and core.pending is None
    snap = core.snapshot()
    assert snap["pawns"]["red-m1"]["square"] == "c9" and snap["phase"] == "ball_play" and snap["board"]["consistent"]

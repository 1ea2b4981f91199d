"""Rule 10: free kick (the zone, the ring just outside it, the kicker barred)."""
from controller.games.stw.pieces import parse_pawn

from .dsl import holder, offense, play, position, rejects, squares


def fouled():
    gm = position(red={"gk": "d1", "s1": "d7", "m1": "a3", "m2": "c9"},
                  blue={"gk": "d16", "m1": "d8", "m2": "e9", "d4": "h12"}, ball="d7")
    play(gm, "roll red 1", "red-m1 a4", "roll red 1", "dribble d8", "roll red 6", "roll blue 1")
    return gm


def test_rule10_opponents_leave_the_zone_for_the_ring_just_outside():
    gm = fouled()
    assert gm.state.phase == "free_kick_setup"
    assert rejects(gm, "blue-m1 d12") == "free_kick_zone"        # too far: the ring just outside
    assert rejects(gm, "red-m2 c10") == "placement"              # red has nothing to fix
    play(gm, "blue-m1 d10")
    assert gm.state.phase == "free_kick_setup"                   # blue-m2 on e9 is still in the zone
    play(gm, "blue-m2 f10")
    assert gm.state.phase == "offensive_set" and holder(gm) == "red-s1"


def test_rule10_the_kicker_may_not_touch_the_ball_until_another_pawn_has():
    gm = fouled()
    play(gm, "blue-m1 d10", "blue-m2 f10", "roll red 1", "red-m1 a5", "roll red 2", "ball b8", "roll red 2")
    assert rejects(gm, "red-s1 b8") == "kicker_barred"
    play(gm, "red-m2 b8")
    assert holder(gm) == "red-m2" and gm.state.barred == -1


def test_rule10_ring_is_the_squares_at_distance_two():
    from controller.games.stw import geometry as g
    assert squares(g.ring(g.parse("a16"), 1)) == {"a14", "b14", "c14", "c15", "c16"}


def test_rule10_after_an_offside_a_pawn_of_the_offended_team_close_to_the_ball_kicks():
    gm = position(red={"gk": "d1", "s1": "d10", "m4": "h3", "m1": "e13"},
                  blue={"gk": "d16", "d1": "c12", "d2": "f11", "m1": "f12"}, ball="d10")
    names = play(gm, "roll red 1", "red-m4 h4", "roll red 3", "ball e13")
    assert names[-2:] == ["offside", "free_kick"] and gm.state.phase == "free_kick_setup"
    assert rejects(gm, "red-m1 e12") == "free_kick_zone"        # the offside pawn leaves for the ring
    play(gm, "red-m1 e11", "blue-m1 e13")                       # blue-m1, next to the ball, takes it
    assert gm.state.phase == "offensive_set" and holder(gm) == "blue-m1" and offense(gm) == "blue"


def test_rule10_an_opponent_touching_the_ball_frees_the_kicker():
    gm = fouled()
    play(gm, "blue-m1 d10", "blue-m2 f10", "roll red 1", "red-m1 a5", "roll red 2", "ball b8")
    play(gm, "roll red 1", "red-m2 c10", "roll blue 2")         # red misses; blue answers
    events = play(gm, "blue-m1 b8")                             # a blue pawn takes the ball ("from either team")
    assert "capture" in events and gm.state.barred == -1


# ----- the taker's dribble is the taker touching the ball again -----------------------------------------
def _replayed(*lines: dict) -> tuple[dict[int, dict], list[dict]]:
    import json

    from controller.replay import replay_lines
    out = replay_lines([json.dumps(x) for x in lines])
    return {o["line"]: o for o in out if "line" in o}, out


BATTLE_FOUL = (
    {"type": "setup", "pawns": {"red-gk": "d1", "red-m1": "b10", "red-s1": "f10", "red-m2": "a5",
                                "blue-gk": "d16", "blue-m1": "d10", "blue-d1": "c14"},
     "ball": "b10", "offense": "red", "phase": "offensive_set"},
    {"type": "roll", "die": "red", "value": 2}, {"type": "move", "from": "f10", "to": "d10", "token": "red"},
    {"type": "roll", "die": "red", "value": 2}, {"type": "move", "from": "b10", "to": "d10", "token": "ball"},
    {"type": "roll", "die": "red", "value": 6}, {"type": "roll", "die": "blue", "value": 1},   # foul: free kick d10
    {"type": "move", "from": "d10", "to": "d12", "token": "blue"},                            # blue-m1 leaves the zone
    {"type": "roll", "die": "red", "value": 1}, {"type": "move", "from": "a5", "to": "a6", "token": "red"},
    {"type": "roll", "die": "red", "value": 1},
)


def test_rule10_free_kick_taker_may_not_dribble():
    gm = fouled()
    play(gm, "blue-m1 d10", "blue-m2 f10", "roll red 1", "red-m1 a5", "roll red 1")
    assert holder(gm) == "red-s1" and gm.state.kicker == gm.state.holder
    assert rejects(gm, "dribble d8") == "kicker_barred"
    assert not [a for a in gm.legal_actions() if type(a).__name__ == "Dribble"]
    play(gm, "ball c7")                                          # the kick: one square, the ball alone
    assert gm.state.phase == "capture" and gm.state.barred == parse_pawn("red-s1")
    assert rejects(gm, "red-s1 c7") == "kicker_barred"


def test_rule10_free_kick_taker_may_not_dribble_on_the_board():
    """The ball one square on a roll of 1 and the taker after it: the ball was played, and the taker may
    not follow it (refused as touching the ball again, not read as a dribble)."""
    v, out = _replayed(*BATTLE_FOUL, {"type": "move", "from": "d10", "to": "d11", "token": "ball"},
                       {"type": "move", "from": "d10", "to": "d11", "token": "red"})
    assert v[12] == {"line": 12, "ok": True}                     # the kick, settled at once
    assert v[13]["ok"] is False and v[13]["reason"] == "kicker_barred"
    assert not [e for e in out if e.get("event") == "dribble"]
    snap = out[-1]["snapshot"]
    assert snap["barred"] == "red-s1" and snap["ball"] == "d11" and snap["phase"] == "capture"
    assert snap["pawns"]["red-s1"]["square"] == "d10"


def test_rule10_free_kick_taker_may_not_dribble_raw_lines():
    v, out = _replayed(*BATTLE_FOUL, {"type": "lift", "square": "d10", "token": "ball"},
                       {"type": "lift", "square": "d10", "token": "red"},
                       {"type": "place", "square": "d11", "token": "ball"},
                       {"type": "place", "square": "d11", "token": "red"})
    assert v[15]["ok"] is False and v[15]["reason"] == "kicker_barred"
    assert out[-1]["snapshot"]["pawns"]["red-s1"]["square"] == "d10"


def test_rule10_C17_centre_circle_free_kick_taker_may_not_dribble():
    gm = position(red={"gk": "d1", "s1": "c5", "m1": "e8", "m2": "a3"},
                  blue={"gk": "d16", "d1": "c12", "m1": "f12"}, ball="c5")
    play(gm, "roll red 3", "tick 61", "ball d9", "blue-m1 d9", "red-m1 e7")     # C17: blue-m1 takes it on d9
    assert gm.state.phase == "offensive_set" and holder(gm) == "blue-m1"
    play(gm, "roll blue 1", "blue-d1 c13", "roll blue 1")
    assert rejects(gm, "dribble d10") == "kicker_barred"
    play(gm, "ball d10")
    assert gm.state.phase == "capture" and gm.state.barred == parse_pawn("blue-m1")


def test_rule10_the_taker_may_dribble_again_once_another_pawn_has_touched_the_ball():
    gm = fouled()
    play(gm, "blue-m1 d10", "blue-m2 f10", "roll red 1", "red-m1 a5", "roll red 2", "ball b8", "roll red 2",
         "red-m2 b8", "roll blue 1", "blue-m1 d11")                # red-m2 holds it; blue's answer misses
    assert holder(gm) == "red-m2" and gm.state.barred == -1 and gm.state.kicker == -1

"""Rule 3: how the ball moves (exact distance, one change, C5 never back to a rank or file, over pawns)."""
import itertools

from controller.games.stw import geometry as g
from controller.games.stw.reach import ball_targets

from .dsl import ball, play, position, rejects


def game():
    return position(red={"gk": "d1", "s1": "d6", "m1": "a1"}, blue={"gk": "d16", "d1": "d9", "m1": "e8"}, ball="d6")


def test_rule3_ball_moves_the_exact_roll():
    gm = game()
    play(gm, "roll red 1", "red-m1 a2", "roll red 3")
    assert rejects(gm, "ball d8") == "wrong_distance"
    play(gm, "ball d9")                                          # over blue's e8 path? straight N over nothing
    assert ball(gm) == "d9"


def test_rule3_C5_ball_never_returns_to_a_rank_or_file_it_left():
    # from d6 in 3: N then NE is monotone; NE then NW would go back to file e... not allowed
    targets = {g.name(s) for s in g.squares_of(ball_targets(g.parse("d6"), 3))}
    assert "e9" in targets and "f9" in targets                   # N,N,NE and N,NE,NE
    assert "d8" not in targets                                   # NE then NW leaves file e then returns
    assert "d6" not in targets and "d4" not in targets
    gm = game()
    play(gm, "roll red 1", "red-m1 a2", "roll red 2")
    assert rejects(gm, "ball d6") == "wrong_distance"
    assert rejects(gm, "ball d7") == "wrong_distance"            # NE then NW: back to file d


def test_rule3_ball_passes_over_pawns_of_both_teams():
    gm = position(red={"gk": "d1", "s1": "d6", "m1": "a1", "m2": "d7"}, blue={"gk": "d16", "m1": "d8"}, ball="d6")
    play(gm, "roll red 1", "red-m1 a2", "roll red 3", "ball d9")
    assert ball(gm) == "d9"


# ----- the ball tracked square by square on a physical board (docs/board.md section 6) ----------------------
def raw(*lines, setup=None):
    import json

    from controller.replay import replay_lines
    first = setup or {"type": "setup", "formation": "standard", "kickoff": "red"}
    out = replay_lines([json.dumps(first), *(json.dumps(x) for x in lines)])
    verdicts = {o["line"]: o for o in out if "line" in o}
    return verdicts, [o for o in out if "event" in o], out[-1]["snapshot"]


def slide(squares, token="ball"):
    out = []
    for a, b in itertools.pairwise(squares):
        out += [{"type": "lift", "square": a, "token": token}, {"type": "place", "square": b, "token": token}]
    return out


def test_rule3_ball_slid_square_by_square_along_its_path_is_one_ball_play():
    v, events, snap = raw({"type": "roll", "die": "red", "value": 3}, *slide(["d8", "d9", "d10", "d11"]))
    assert all(x["ok"] for x in v.values()), v
    assert v[4] == {"line": 4, "ok": True, "pending": True}        # resting on d9, on its way
    played = [e for e in events if e["event"] == "ball_played"]
    assert played == [{"event": "ball_played", "team": "red", "pawn": "red-s1", "frm": "d8", "to": "d11"}]
    assert snap["ball"] == "d11" and snap["phase"] == "capture"


def test_rule3_ball_resting_where_a_path_could_end_or_go_on_waits_for_the_next_input():
    # from d6 on a roll of 4: f8 is a destination (N2 then E2) and a square of the NE path to h10
    setup = {"type": "setup", "pawns": {"red-gk": "d1", "red-s1": "d6", "red-m1": "a3", "blue-gk": "d16",
                                        "blue-d1": "c12"}, "ball": "d6", "offense": "red"}
    start = [{"type": "roll", "die": "red", "value": 1}, {"type": "move", "from": "a3", "to": "a4", "token": "red"},
             {"type": "roll", "die": "red", "value": 4}]
    v, events, snap = raw(*start, *slide(["d6", "e7", "f8", "g9", "h10"]), setup=setup)
    assert all(x["ok"] for x in v.values()), v
    assert [e["to"] for e in events if e["event"] == "ball_played"] == ["h10"] and snap["ball"] == "h10"
    # the same ball left on f8: the next input (or the settle window) makes it the play to f8
    v, events, snap = raw(*start, *slide(["d6", "e7", "f8"]), {"type": "clock", "advance": 0.1}, setup=setup)
    assert v[8] == {"line": 8, "ok": True, "pending": True}
    assert [e["to"] for e in events if e["event"] == "ball_played"] == ["f8"] and snap["phase"] == "capture"
    v, events, snap = raw(*start, *slide(["d6", "e7", "f8"]), {"type": "roll", "die": "red", "value": 2},
                          setup=setup)
    assert v[9]["ok"] and snap["ball"] == "f8" and snap["roll"] == 2


def test_rule3_ball_off_every_path_is_refused():
    v, _events, _snap = raw({"type": "roll", "die": "red", "value": 3}, *slide(["d8", "a8"]))
    assert v[4]["ok"] is False and v[4]["reason"] == "kickoff_forward"


def test_rule4C_a_ball_played_one_square_on_a_1_still_waits_for_the_holders_dribble():
    setup = {"type": "setup", "pawns": {"red-gk": "d1", "red-s1": "d6", "red-m1": "a3", "blue-gk": "d16",
                                        "blue-d1": "c12"}, "ball": "d6", "offense": "red"}
    start = [{"type": "roll", "die": "red", "value": 1}, {"type": "move", "from": "a3", "to": "a4", "token": "red"},
             {"type": "roll", "die": "red", "value": 1}]
    v, events, snap = raw(*start, *slide(["d6", "d7"]), *slide(["d6", "d7"], "red"), setup=setup)
    assert all(x["ok"] for x in v.values()) and v[6]["pending"]
    assert "dribble" in [e["event"] for e in events] and snap["phase"] == "answer"

"""Rule 3: how the ball moves (exact distance, one change, C5 never back to a rank or file, over pawns)."""
from controller.rules import geometry as g
from controller.rules.paths import ball_targets

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

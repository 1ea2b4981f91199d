"""Rule 2: how the pawns move (exact distance, one change, blocking, halves, limits, C3, C4, C11)."""
from .dsl import at, play, position, rejects

KEEPERS_R = {"gk": "d1"}
KEEPERS_B = {"gk": "d16"}


def base(red=None, blue=None, ball="e5"):
    return position(red={**KEEPERS_R, "s1": "e5", **(red or {})}, blue={**KEEPERS_B, "d1": "c12", **(blue or {})},
                    ball=ball)


def test_rule2_exact_number_of_steps():
    game = base(red={"m1": "c5"})
    play(game, "roll red 3")
    assert rejects(game, "red-m1 c7") == "wrong_distance"
    play(game, "red-m1 c8")
    assert at(game, "red-m1") == "c8"


def test_rule2_direction_changes_at_most_once():
    game = base(red={"m1": "c5"})
    play(game, "roll red 3")
    assert rejects(game, "red-m1 c4") == "wrong_distance"   # needs E, S, W: two changes
    play(game, "red-m1 b7")                                 # N then NW


def test_rule2_may_not_pass_an_opponent_but_may_pass_a_team_mate():
    blocked = base(red={"m1": "a5"}, blue={"m1": "a6", "m2": "b6"})
    play(blocked, "roll red 2")
    assert rejects(blocked, "red-m1 a7") == "path_blocked"
    open_path = base(red={"m1": "a5", "m2": "a6"}, blue={"m2": "b6"})
    play(open_path, "roll red 2", "red-m1 a7")
    assert at(open_path, "red-m1") == "a7"


def test_rule2_may_end_on_an_opponent_never_on_a_team_mate():
    game = base(red={"m1": "a5", "m2": "a7"}, blue={"m1": "a6"})
    play(game, "roll red 2")
    assert rejects(game, "red-m1 a7") == "square_taken"
    game = base(red={"m1": "a5"}, blue={"m1": "a6"})
    play(game, "roll red 1", "red-m1 a6")
    assert at(game, "red-m1") == "a6" and at(game, "blue-m1") == "a6"


def test_rule2_defenders_stay_in_their_own_half():
    game = base(red={"d1": "c7"})
    play(game, "roll red 3")
    assert rejects(game, "red-d1 c10") == "defender_own_half"
    play(game, "red-d1 c4")


def test_rule2_at_most_four_side_by_side_in_a_rank():
    game = base(red={"m1": "b6", "m2": "c6", "m3": "d6", "m4": "e6", "s2": "g7"})
    play(game, "roll red 1")
    assert rejects(game, "red-s2 f6") == "rank_limit"
    play(game, "red-s2 g6")                                  # b-e and g: no run of five


def test_rule2_at_most_three_one_behind_the_other_in_a_file():
    game = base(red={"m1": "c5", "m2": "c6", "m3": "c7", "m4": "b9"})
    play(game, "roll red 1")
    assert rejects(game, "red-m4 c8") == "file_limit"
    play(game, "red-m4 b8")


def test_rule2_C3_four_field_players_in_a_penalty_area_keeper_not_counted():
    game = base(red={"d1": "b2", "d2": "c2", "d3": "f2", "m1": "e5", "m2": "a4"}, ball="g5",
                ) if False else position(
        red={"gk": "d1", "d1": "b2", "d2": "c2", "d3": "f2", "m1": "e5", "m2": "a5", "s1": "g5"},
        blue={"gk": "d16", "d1": "c12"}, ball="g5")
    play(game, "roll red 2", "red-m1 e3")                    # fourth field player (keeper not counted): fine
    play(game, "roll red 2", "ball g7")                      # free square: capture attempts
    play(game, "roll red 2")
    assert rejects(game, "red-m2 b3") == "penalty_area_limit"


def test_rule2_one_pawn_of_a_team_in_a_goal_area():
    game = base(red={"d1": "e3"})
    play(game, "roll red 2")
    assert rejects(game, "red-d1 e1") == "goal_area_limit"


def test_rule2_C4_a_roll_with_no_legal_move_lapses():
    game = position(red={"gk": "d1", "s1": "e5"}, blue={"gk": "d16", "d1": "c12"}, ball="e5")
    events = play(game, "roll red 4")
    assert events == ["clock_started", "roll_lapsed"] and game.state.phase == "ball_play"


def test_rule2_C11_keeper_never_moves_on_offence():
    game = base(red={"m1": "c5"})
    assert rejects(game, "red-gk d2") == "keeper_move"
    play(game, "roll red 1")
    assert rejects(game, "red-gk d2") == "keeper_move"


def _longest_run_with(bits: int, p: int) -> int:
    """Walk outwards from p square by square: the length of the run p would join."""
    lo = hi = p
    while lo > 0 and bits >> (lo - 1) & 1:
        lo -= 1
    while bits >> (hi + 1) & 1:
        hi += 1
    return hi - lo + 1


def test_rule2_rank_and_file_limits_every_pattern_against_a_square_by_square_walk():
    """For every pattern of a team's pawns in a rank (8 squares, at most 4 side by side) and every pattern in a
    file (16 squares, at most 3 one behind the other) that the other ten pawns of a team can make, the squares
    the limits forbid a moving pawn are exactly those where it would make a run too long. Rank 6 and file a
    touch no penalty or goal area, so only the run limits speak there."""
    from controller.games.stw import parse_square
    from controller.games.stw.occupancy import MAX_FILE_RUN, MAX_RANK_RUN, Occupancy
    from controller.games.stw.pieces import N_PAWNS
    from controller.games.stw.profile import default_profile

    profile = default_profile()
    mover = 9                                                   # red-s1, off the board: the pawn about to move
    others = [p for p in range(11) if p != mover]
    a6, a1 = parse_square("a6"), parse_square("a1")
    lines = ((8, MAX_RANK_RUN, lambda i: a6 + i), (16, MAX_FILE_RUN, lambda i: a1 + 8 * i))   # a6..h6, a1..a16
    for width, limit, square in lines:
        for bits in range(1 << width):
            if bits.bit_count() > len(others):
                continue
            sq = [-1] * N_PAWNS
            for pawn, i in zip(others, [i for i in range(width) if bits >> i & 1], strict=False):
                sq[pawn] = square(i)
            forbidden = Occupancy(sq, [False] * N_PAWNS, profile).forbidden(mover, sq)
            found = sum(1 << i for i in range(width) if forbidden >> square(i) & 1)
            walked = sum(1 << p for p in range(width)
                         if not bits >> p & 1 and _longest_run_with(bits, p) > limit)
            assert found == walked, (width, bin(bits))


def test_rule2_a_pawn_slid_through_a_square_where_another_path_could_end_is_one_move():
    # red-m1 from d4 on a roll of 3: e5 is a destination (N2 then SE1) and a square of the NE path to g7
    import json

    from controller.replay import replay_lines
    setup = {"type": "setup", "pawns": {"red-gk": "d1", "red-s1": "d8", "red-m1": "d4", "blue-gk": "d16",
                                        "blue-d1": "c12"}, "ball": "d8", "offense": "red"}
    lines = [setup, {"type": "roll", "die": "red", "value": 3}]
    for a, b in (("d4", "e5"), ("e5", "f6"), ("f6", "g7")):
        lines += [{"type": "lift", "square": a, "token": "red"}, {"type": "place", "square": b, "token": "red"}]
    out = replay_lines([json.dumps(x) for x in lines])
    verdicts = {o["line"]: o for o in out if "line" in o}
    assert all(x["ok"] for x in verdicts.values()), verdicts
    assert out[-1]["snapshot"]["pawns"]["red-m1"]["square"] == "g7" and out[-1]["snapshot"]["phase"] == "ball_play"


# ----- a refusal names the rule the move breaks, before the roll it lacks ------------------------------------
def test_rule2_defender_own_half_is_named_before_roll_first():
    """A defender holding the ball on d8: the ball played one square over the line and the defender after it
    is a defender leaving its half (no roll would allow it), not a move made before the roll."""
    import json

    from controller.replay import replay_lines
    lines = [{"type": "setup", "pawns": {"red-gk": "d1", "red-d1": "d8", "red-m2": "a5", "blue-gk": "d16",
                                         "blue-m1": "h12", "blue-d1": "c14"}, "ball": "d8", "offense": "red",
              "phase": "offensive_set"},
             {"type": "roll", "die": "red", "value": 1}, {"type": "move", "from": "a5", "to": "a6", "token": "red"},
             {"type": "roll", "die": "red", "value": 1}, {"type": "move", "from": "d8", "to": "d9", "token": "ball"},
             {"type": "move", "from": "d8", "to": "d9", "token": "red"}]
    out = replay_lines([json.dumps(x) for x in lines])
    v = {o["line"]: o for o in out if "line" in o}
    assert v[5] == {"line": 5, "ok": True}                      # the ball played to d9: a free square
    assert v[6]["reason"] == "defender_own_half"


def test_rule2_rules_no_roll_could_satisfy_come_before_roll_first():
    gm = position(red={"gk": "d1", "d1": "d8", "m1": "c6", "m2": "c7", "s1": "e5"},
                  blue={"gk": "d16", "d1": "c12"}, ball="e5")
    assert rejects(gm, "red-d1 d9") == "defender_own_half"      # out of its half, before any roll
    assert rejects(gm, "red-m1 c7") == "square_taken"           # onto a team-mate
    assert rejects(gm, "red-m1 c5") == "roll_first"             # a square the right roll would allow
    gm = position(red={"gk": "d1", "d1": "d8", "m1": "c6"}, blue={"gk": "d16", "d1": "c12"}, ball="d8",
                  phase="ball_play")
    assert rejects(gm, "dribble d9") == "defender_own_half"     # the holder is a defender: never over the line
    assert rejects(gm, "dribble c8") == "roll_first"

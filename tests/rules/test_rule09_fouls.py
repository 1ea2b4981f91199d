"""Rule 9: fouls in battles (6 against 1), yellow and red cards, the defenders' shared count, penalty kicks,
minor fouls with the decline option (C10)."""
import json

from controller.replay import replay_lines

from .dsl import at, ball, edited, holder, offense, play, play_events, position, rejects


def duel(blue_pawn="m1", square="d9", **blue):
    """Red's striker on d8 dribbles onto a blue pawn: a battle on `square`."""
    gm = position(red={"gk": "d1", "s1": "d8", "m1": "a3"},
                  blue={"gk": "d16", blue_pawn: square, "d4": "h12", **blue}, ball="d8")
    play(gm, "roll red 1", "red-m1 a4", "roll red 1", f"dribble {square}")
    assert gm.state.phase == "battle"
    return gm


def test_rule9A_six_against_one_is_a_foul_yellow_card_and_free_kick():
    gm = duel()
    events = play_events(gm, "roll red 6", "roll blue 1")
    names = [e["event"] for e in events]
    assert names == ["foul", "yellow_card", "free_kick"]
    assert events[1]["pawn"] == "blue-m1" and events[2] == {"event": "free_kick", "team": "red", "square": "d9"}
    assert gm.state.yellow[16] == 1 and offense(gm) == "red" and gm.state.phase == "free_kick_setup"


def test_rule9A_modifiers_do_not_matter_for_the_foul():
    gm = duel(blue_pawn="d1")
    names = play(gm, "roll red 1", "roll blue 6")                # red's raw 1 against blue's raw 6
    assert names[:2] == ["foul", "yellow_card"] and offense(gm) == "blue"


def test_rule9A_second_yellow_is_a_red_card_and_the_pawn_leaves():
    gm = duel()
    play(gm, "roll red 6", "roll blue 1", "blue-m1 d11")
    play(gm, "roll red 1", "red-m1 a5", "roll red 2", "ball d11")    # the free kick onto blue-m1: its ball
    play(gm, "roll blue 1", "blue-d4 h11", "roll blue 1", "dribble d10")
    play(gm, "roll red 1", "red-s1 d10")                          # red's answer reaches the ball: a battle
    names = play(gm, "roll red 6", "roll blue 1")
    assert names[:3] == ["foul", "yellow_card", "red_card"]
    assert gm.state.sent_off[16] and at(gm, "blue-m1") == "d10"
    assert gm.state.phase == "free_kick_setup"                   # the sent-off pawn leaves before the kick
    play(gm, "lift blue-m1")
    assert at(gm, "blue-m1") is None and gm.state.phase == "offensive_set"


def test_rule9A_defenders_share_one_yellow_count():
    gm = duel(blue_pawn="d1")
    play(gm, "roll red 6", "roll blue 1")                        # blue-d1: the group's first yellow
    assert gm.state.defender_yellows[1] == 1 and not gm.state.sent_off[12]
    gm2 = duel(blue_pawn="d2")
    gm2.state.defender_yellows[1] = 1                            # one yellow already shown to the group
    names = play(gm2, "roll red 6", "roll blue 1")
    assert names[:3] == ["foul", "yellow_card", "red_card"] and gm2.state.sent_off[13]
    assert gm2.state.defender_yellows[1] == 0                    # the count starts again


def test_rule9B_foul_by_the_d_team_in_its_penalty_area_is_a_penalty_kick():
    gm = position(red={"gk": "d1", "s1": "d13", "m1": "a3", "m2": "c14"},
                  blue={"gk": "d16", "d1": "d14", "d2": "f14", "m1": "e15"}, ball="d13")
    play(gm, "roll red 1", "red-m1 a4", "roll red 1", "dribble d14")
    names = play(gm, "roll red 6", "roll blue 1")
    assert names == ["foul", "yellow_card", "penalty_kick"] and gm.state.phase == "penalty_setup"
    assert rejects(gm, "blue-d1 d13") == "placement"             # the penalty arc is the kicker's
    play(gm, "blue-d1 c13", "red-m2 a14", "blue-d2 f13", "red-s1 d13", "blue-m1 h14")
    assert gm.state.phase == "penalty_setup"
    names = play(gm, "ball d15")
    assert names[-1] == "shot" and gm.state.phase == "shot" and gm.state.penalty
    play(gm, "spin goal")
    assert gm.state.score == [1, 0]


def penalty():
    """Red-s1 dribbles onto blue-d1 in blue's penalty area and is fouled: a penalty kick for red."""
    gm = position(red={"gk": "d1", "s1": "d13", "m1": "a3", "m2": "c14"},
                  blue={"gk": "d16", "d1": "d14", "d2": "f14", "m1": "e15"}, ball="d13")
    play(gm, "roll red 1", "red-m1 a4", "roll red 1", "dribble d14", "roll red 6", "roll blue 1")
    assert gm.state.phase == "penalty_setup"
    return gm


def test_rule9B_C19_penalty_setup_order_fouling_team_first_alternating():
    gm = penalty()
    assert gm.expects() == {"input": "setup", "team": "blue"}
    assert rejects(gm, "red-m2 a14") == "not_your_turn"          # blue fouled: blue places first
    play(gm, "blue-d1 c13")
    assert gm.expects()["team"] == "red"
    assert rejects(gm, "blue-d2 f13") == "not_your_turn"         # alternating
    play(gm, "red-m2 a14", "blue-d2 f13")
    assert rejects(gm, "blue-m1 h14") == "not_your_turn"
    play(gm, "red-s1 d13")                                        # the fouled pawn onto the penalty arc
    # red has nothing left to place: blue places on until it is done too
    play(gm, "blue-m1 h14")
    assert gm.state.phase == "penalty_setup" and gm.expects()["team"] is None    # only the ball is left
    play(gm, "ball d15")
    assert gm.state.phase == "shot" and gm.state.penalty


def test_rule9B_C19_penalty_setup_a_team_with_nothing_to_place_lets_the_other_go_on():
    gm = penalty()
    play(gm, "blue-d1 c13", "red-m2 a14", "blue-d2 f13", "red-s1 d13")
    assert gm.expects()["team"] == "blue"
    play(gm, "ball e15")                                          # the ball is not a pawn: any time
    assert gm.expects()["team"] == "blue"
    play(gm, "blue-m1 h14")
    assert gm.state.phase == "shot"


def test_rule9B_C19_penalty_setup_lists_only_the_placing_teams_pawns():
    from controller.games.stw.actions import MovePawn
    gm = penalty()
    movers = {a.pawn for a in gm.legal_actions() if isinstance(a, MovePawn)}
    assert movers and all(p >= 11 for p in movers)                # blue's pawns only


def test_rule9C_move_clock_expiry_is_a_minor_foul_free_kick_from_the_centre_circle():
    gm = position(red={"gk": "d1", "s1": "d7", "m1": "a3"}, blue={"gk": "d16", "d1": "c12"}, ball="d7")
    names = play(gm, "roll red 3", "tick 61")
    assert names == ["clock_started", "move_clock_expired", "foul", "free_kick"] and offense(gm) == "blue"
    assert rejects(gm, "press decline") == "not_expected"        # only the O-team may decline
    assert rejects(gm, "ball c9") == "placement"
    play(gm, "ball d9", "blue-d1 d9")                            # a defender may kick from its own half
    assert holder(gm) == "blue-d1" and gm.state.phase == "offensive_set"


def test_rule9C_o_team_may_decline_a_free_kick_and_play_on():
    gm = position(red={"gk": "d1", "s1": "d7", "m1": "a3"}, blue={"gk": "d16", "d1": "c12", "m1": "e9"}, ball="d7")
    play(gm, "roll red 1", "red-m1 a4", "roll red 2", "ball d9", "roll red 2", "red-s1 d9")
    names = play(gm, "roll blue 4", "tick 61")                   # blue dawdles over its answer
    assert names == ["move_clock_expired", "foul", "free_kick"] and gm.state.restart.declinable
    play(gm, "press decline")
    assert gm.state.phase == "offensive_set" and holder(gm) == "red-s1" and ball(gm) == "d9"


def test_rule9C_o_team_may_decline_a_free_kick_that_needs_no_set_up():
    """The capture on d8, a centre square, leaves nothing to set up: the free kick is ready at once, and the
    offended O-team still chooses, until its first roll of the free kick's set, to decline it (C18)."""
    gm = position(red={"gk": "d1", "s1": "f8", "m1": "d6", "d1": "b3"}, blue={"gk": "d16", "d1": "c14", "m1": "h12"},
                  ball="d6")
    play(gm, "roll red 1", "red-d1 b4", "roll red 2", "ball d8", "roll red 2", "red-s1 d8")
    names = play(gm, "roll blue 3", "tick 61")                   # blue dawdles over its answer
    assert names == ["move_clock_expired", "foul", "free_kick", "restart_ready"]
    assert gm.state.phase == "offensive_set" and gm.expects() == {"input": "roll", "team": "red", "or": "decline"}
    names = play(gm, "press decline")
    assert names == ["free_kick_declined"]
    assert gm.state.phase == "offensive_set" and holder(gm) == "red-s1" and ball(gm) == "d8"
    assert gm.expects() == {"input": "roll", "team": "red"}
    play(gm, "roll red 1", "red-d1 b5")                           # the chance goes on (C4: blue's answer lapsed)
    assert at(gm, "red-d1") == "b5" and holder(gm) == "red-s1"


def test_rule9C_the_free_kicks_first_roll_takes_it_and_ends_the_choice():
    gm = position(red={"gk": "d1", "s1": "f8", "m1": "d6", "d1": "b3"}, blue={"gk": "d16", "d1": "c14", "m1": "h12"},
                  ball="d6")
    play(gm, "roll red 1", "red-d1 b4", "roll red 2", "ball d8", "roll red 2", "red-s1 d8", "roll blue 3", "tick 61")
    play(gm, "roll red 1")
    assert gm.state.resume is None and rejects(gm, "press decline") == "not_expected"


def test_rule9C_o_team_may_still_decline_once_the_free_kick_is_set_up():
    gm = position(red={"gk": "d1", "s1": "d7", "m1": "a3"}, blue={"gk": "d16", "d1": "c12", "m1": "e9"}, ball="d7")
    play(gm, "roll red 1", "red-m1 a4", "roll red 2", "ball d9", "roll red 2", "red-s1 d9", "roll blue 4", "tick 61")
    assert play(gm, "blue-m1 f9") == ["restart_ready"]            # blue clears the zone: nothing left to fix
    assert play(gm, "press decline") == ["free_kick_declined"]
    assert gm.state.phase == "offensive_set" and holder(gm) == "red-s1" and at(gm, "blue-m1") == "e9"


def test_rule9C_C18_undoing_a_decline_lets_the_team_decline_again():
    gm = position(red={"gk": "d1", "s1": "d7", "m1": "a3"}, blue={"gk": "d16", "d1": "c12", "m1": "e9"}, ball="d7")
    play(gm, "roll red 1", "red-m1 a4", "roll red 2", "ball d9", "roll red 2", "red-s1 d9", "roll blue 4", "tick 61")
    play(gm, "press decline", "roll red 1", "red-m1 a5")
    gm.undo()
    gm.undo()
    gm.undo()
    assert gm.state.phase == "free_kick_setup"
    play(gm, "press decline")
    assert gm.state.phase == "offensive_set" and at(gm, "red-m1") == "a4" and gm.state.roll == 0


def test_rule9C_C10_a_minor_foul_reported_by_the_board_gives_a_free_kick():
    gm = position(red={"gk": "d1", "s1": "d7", "m1": "a3"}, blue={"gk": "d16", "d1": "c12"}, ball="d7")
    names = play(gm, "foul red")
    assert names == ["foul", "free_kick"] and offense(gm) == "blue"


def test_rule9A_a_pawn_sent_off_as_the_half_ends_leaves_the_board_at_the_kickoff():
    gm = duel()
    gm.state.yellow[16] = 1                                       # blue-m1 already has a yellow
    gm.state.clock_running, gm.state.time_up = True, True         # the time ran out during the chance
    names = play(gm, "roll red 6", "roll blue 1")
    assert names[:3] == ["foul", "yellow_card", "red_card"] and "half_time" in names
    assert at(gm, "blue-m1") is None and gm.state.phase == "kick_off"


def test_rule2_a_team_mate_may_not_land_where_a_sent_off_pawn_still_stands():
    gm = position(red={"gk": "d1", "s1": "e5", "m1": "c5", "m2": "c7"}, blue={"gk": "d16", "d1": "c12"}, ball="e5")
    gm.state.sent_off[6] = True                                   # red-m2 sent off, not yet lifted
    gm = edited(gm)
    play(gm, "roll red 2")
    assert rejects(gm, "red-m1 c7") == "square_taken"


def test_rule9B_C19_penalty_setup_on_the_board_a_pawn_lifted_out_of_turn_is_refused():
    from controller.replay import replay_lines
    lines = [
        '{"type": "setup", "pawns": {"red-gk": "d1", "red-m1": "c12", "red-s1": "g14", "blue-gk": "d16",'
        ' "blue-d1": "b15", "blue-m1": "e14"}, "ball": "c12", "offense": "red"}',
        '{"type": "roll", "die": "red", "value": 2}', '{"type": "move", "from": "g14", "to": "e14", "token": "red"}',
        '{"type": "roll", "die": "red", "value": 2}', '{"type": "move", "from": "c12", "to": "e14", "token": "ball"}',
        '{"type": "roll", "die": "red", "value": 6}', '{"type": "roll", "die": "blue", "value": 1}',
        '{"type": "lift", "square": "e14", "token": "red"}',          # red's kicker, but blue places first
        '{"type": "place", "square": "e14", "token": "red"}',         # put back
        '{"type": "lift", "square": "e14", "token": "blue"}',
        '{"type": "place", "square": "f13", "token": "blue"}',
        '{"type": "move", "from": "e14", "to": "d13", "token": "red"}',
    ]
    out = replay_lines(lines)
    verdicts = {o["line"]: o for o in out if "line" in o}
    assert verdicts[8]["reason"] == "not_your_turn"
    assert all(verdicts[n]["ok"] for n in (9, 10, 11, 12)), verdicts
    assert out[-1]["snapshot"]["pawns"]["red-s1"]["square"] == "d13"


# ----- C10 strict_minor_fouls: an illegal placement left on the board is a minor foul (rule 9C, C17) ----------
STRICT_SETUP = {"type": "setup", "pawns": {"red-gk": "d1", "red-s1": "c5", "red-d2": "d7", "blue-gk": "d16",
                                           "blue-m1": "e12", "blue-d1": "c14"},
                "ball": "c5", "offense": "red", "phase": "offensive_set", "options": {"strict_minor_fouls": True}}
LIFT_D7 = {"type": "lift", "square": "d7", "token": "red"}
PLACE_D10 = {"type": "place", "square": "d10", "token": "red"}      # a defender over the half-way line


def replay(*lines, setup=STRICT_SETUP):
    import json

    from controller.replay import replay_lines
    out = replay_lines([json.dumps(x) for x in (setup, *lines)])
    events = [o for o in out if "event" in o and o["event"] != "clock_started"]    # the first roll starts the clock
    return {o["line"]: o for o in out if "line" in o}, events, out, out[-1]["snapshot"]


def test_rule9C_C10_C17_strict_minor_fouls_an_illegal_placement_left_on_the_board_is_a_minor_foul():
    v, events, out, snap = replay({"type": "roll", "die": "red", "value": 3}, LIFT_D7, PLACE_D10,
                                  {"type": "clock", "advance": 0.1})
    assert v[4]["reason"] == "defender_own_half"                  # caught as it is placed, as by default
    assert v[5] == {"line": 5, "ok": True}                         # the window's end: never board_mismatch
    foul = out.index(next(e for e in events if e["event"] == "foul"))
    assert foul < out.index(v[5])                                 # the foul's events come out first
    assert [e["event"] for e in events] == ["foul", "free_kick"]
    assert events[0] == {"event": "foul", "team": "red", "kind": "minor", "reason": "defender_own_half",
                         "pawn": "red-d2", "square": "d10"}
    assert events[1] == {"event": "free_kick", "team": "blue", "square": None}     # from the centre circle
    assert snap["phase"] == "free_kick_setup" and snap["offense"] == "blue" and snap["restart"]["declinable"] is False
    assert snap["pawns"]["red-d2"]["square"] == "d7" and snap["board"]["consistent"]   # the move corrected


def test_rule9C_C24_strict_minor_foul_the_players_correction_is_accepted_with_no_effect():
    """C24: the foul's game put red-d2 back on d7; the players then lift it from d10 and put it on d7 (what a
    journal of a real strict-mode match holds): the board catching up, accepted, changing nothing."""
    foul = ({"type": "roll", "die": "red", "value": 3}, LIFT_D7, PLACE_D10, {"type": "clock", "advance": 0.1})
    blue_sets_up = ({"type": "move", "from": "c5", "to": "e9", "token": "ball"},
                    {"type": "move", "from": "e12", "to": "e9", "token": "blue"})
    _, _, out_without, snap_without = replay(*foul, *blue_sets_up)
    raw, _, out_raw, snap_raw = replay(*foul, {"type": "lift", "square": "d10", "token": "red"},
                                       {"type": "clock", "advance": 0.5},
                                       {"type": "place", "square": "d7", "token": "red"}, *blue_sets_up)
    assert all(raw[n] == {"line": n, "ok": True} for n in (6, 7, 8)), raw
    moved, _, out_moved, snap_moved = replay(*foul, {"type": "move", "from": "d10", "to": "d7", "token": "red"},
                                             *blue_sets_up)
    assert moved[6] == {"line": 6, "ok": True}, moved
    events = [[o for o in out if "event" in o] for out in (out_without, out_raw, out_moved)]
    assert events[0] == events[1] == events[2]                       # the correction made no event
    untimed = [{k: v for k, v in snap.items() if k != "clock"} for snap in (snap_without, snap_raw, snap_moved)]
    assert untimed[0] == untimed[1] == untimed[2]                     # a journal without it replays the same
    assert snap_raw["pawns"]["red-d2"]["square"] == "d7" and snap_raw["board"]["consistent"]
    assert snap_raw["phase"] == "offensive_set" and snap_raw["holder"] == "blue-m1"


def test_rule9C_C24_only_the_correction_is_accepted_with_no_effect():
    """After the correction, or once play went on, a lift from the empty wrong square is refused as ever."""
    foul = ({"type": "roll", "die": "red", "value": 3}, LIFT_D7, PLACE_D10, {"type": "clock", "advance": 0.1})
    v, *_ = replay(*foul, {"type": "move", "from": "d10", "to": "d7", "token": "red"},
                   {"type": "lift", "square": "d10", "token": "red"})
    assert v[7]["reason"] == "no_token"
    v, *_ = replay(*foul, {"type": "lift", "square": "d10", "token": "red"},
                   {"type": "place", "square": "d8", "token": "red"})   # the pawn in hand never went to d8
    assert v[6]["ok"] and not v[7]["ok"]
    v, *_ = replay(*foul, {"type": "press", "button": "confirm"}, {"type": "lift", "square": "d10", "token": "red"})
    assert v[7]["reason"] == "no_token"


def test_rule9C_C24_on_a_sensed_board_the_correction_brings_board_and_game_together():
    import json

    from controller.core import Core
    from controller.scenario import parse_obj
    core = Core(board_follows_game=False)
    lines = [STRICT_SETUP, {"type": "roll", "die": "red", "value": 3}, LIFT_D7, PLACE_D10,
             {"type": "clock", "advance": 0.1}, {"type": "lift", "square": "d10", "token": "red"},
             {"type": "place", "square": "d7", "token": "red"}]
    verdicts = [core.feed(parse_obj(json.loads(json.dumps(x)))).verdict for x in lines]
    assert [v["ok"] for v in verdicts] == [True, True, True, False, True, True, True]
    snap = core.snapshot()
    assert snap["board"]["consistent"] and snap["phase"] == "free_kick_setup"


def test_rule9C_C10_strict_minor_fouls_any_following_input_ends_the_window_and_is_judged_after_the_foul():
    v, events, _out, snap = replay({"type": "roll", "die": "red", "value": 3}, LIFT_D7, PLACE_D10,
                                   {"type": "roll", "die": "red", "value": 2})
    assert v[5]["reason"] == "not_expected"                       # judged in the free-kick set-up
    assert [e["event"] for e in events] == ["foul", "free_kick"] and snap["phase"] == "free_kick_setup"
    v, events, _out, snap = replay({"type": "roll", "die": "red", "value": 3}, LIFT_D7, PLACE_D10,
                                   {"type": "move", "from": "c5", "to": "d9", "token": "ball"})
    assert v[5]["ok"] and [e["event"] for e in events] == ["foul", "free_kick"] and snap["ball"] == "d9"
    v, events, _out, snap = replay({"type": "roll", "die": "red", "value": 3}, LIFT_D7, PLACE_D10)
    assert [e["event"] for e in events] == ["foul", "free_kick"]  # the end of the file ends the window too


def test_rule9C_C10_strict_minor_fouls_a_placement_lifted_within_the_window_is_no_foul():
    v, events, _out, snap = replay({"type": "roll", "die": "red", "value": 3}, LIFT_D7, PLACE_D10,
                                  {"type": "clock", "advance": 0.02},
                                  {"type": "lift", "square": "d10", "token": "red"},
                                  {"type": "place", "square": "d4", "token": "red"}, {"type": "clock", "advance": 1})
    assert v[5]["ok"] and all(v[n]["ok"] for n in (6, 7, 8)), v
    assert "foul" not in [e["event"] for e in events] and snap["pawns"]["red-d2"]["square"] == "d4"


def test_rule9C_C10_by_default_an_illegal_placement_is_only_corrected():
    setup = {**STRICT_SETUP, "options": {}}
    v, events, _out, snap = replay({"type": "roll", "die": "red", "value": 3}, LIFT_D7, PLACE_D10,
                                  {"type": "clock", "advance": 0.1}, setup=setup)
    assert v[4]["reason"] == "defender_own_half" and v[5]["reason"] == "board_mismatch"
    assert events == [] and snap["phase"] == "offensive_set"


def test_rule9C_C10_C18_strict_minor_foul_by_the_d_team_may_be_declined_and_play_goes_on():
    setup = {**STRICT_SETUP, "pawns": {"red-gk": "d1", "red-s1": "c5", "red-m1": "a3", "blue-gk": "d16",
                                       "blue-d1": "c10", "blue-m1": "e12"}}
    # red plays to c7, captures with red-s1 (c5 -> c7 on a 2); blue answers and slides its defender onto d4...
    v, events, _out, snap = replay(
        {"type": "roll", "die": "red", "value": 1}, {"type": "move", "from": "a3", "to": "a4", "token": "red"},
        {"type": "roll", "die": "red", "value": 2}, {"type": "move", "from": "c5", "to": "c7", "token": "ball"},
        {"type": "roll", "die": "red", "value": 2}, {"type": "move", "from": "c5", "to": "c7", "token": "red"},
        {"type": "roll", "die": "blue", "value": 3},
        {"type": "lift", "square": "e12", "token": "blue"}, {"type": "place", "square": "e7", "token": "blue"},
        {"type": "clock", "advance": 0.1}, {"type": "press", "button": "decline"}, setup=setup)
    assert v[10]["reason"] == "wrong_distance"
    names = [e["event"] for e in events]
    assert names[-3:] == ["foul", "free_kick", "free_kick_declined"]
    assert events[-2] == {"event": "free_kick", "team": "red", "square": None}
    # the illegal answer counts as not made (C18): red keeps the ball and starts a new offensive set
    assert snap["phase"] == "offensive_set" and snap["holder"] == "red-s1"
    assert snap["pawns"]["blue-m1"]["square"] == "e12"


def test_rule9C_C17_offended_team_puts_the_ball_on_a_centre_square_and_a_field_player_on_it():
    gm = position(red={"gk": "d1", "s1": "c5", "m1": "e8", "m2": "a3"},
                  blue={"gk": "d16", "d1": "c12", "m1": "f12"}, ball="c5")
    names = play(gm, "roll red 3", "tick 61")                     # red's move clock: blue is offended
    assert names == ["clock_started", "move_clock_expired", "foul", "free_kick"]
    assert rejects(gm, "ball c9") == "placement"                  # one of the four centre squares
    play(gm, "ball d8")
    assert rejects(gm, "blue-d1 d8") == "defender_own_half"       # defenders only in their own half
    play(gm, "ball d9")                                           # the team may still choose the square
    assert rejects(gm, "blue-gk d9") == "placement"               # a field player takes it, not the keeper
    play(gm, "blue-m1 d9")
    assert gm.state.phase == "free_kick_setup"                    # red-m1 on e8 is inside the zone
    assert rejects(gm, "red-m1 e9") == "free_kick_zone"
    play(gm, "red-m1 e7")                                         # to the ring just outside (rule 10)
    assert gm.state.phase == "offensive_set" and holder(gm) == "blue-m1" and offense(gm) == "blue"


def test_rule9C_C18_declined_free_kick_after_a_late_answer_in_the_penalty_area_is_the_shot():
    gm = position(red={"gk": "d1", "s1": "d12", "m1": "a10", "m2": "c12"}, blue={"gk": "d16", "d1": "h13"},
                  ball="d12")
    play(gm, "roll red 1", "red-m1 a11", "roll red 2", "ball d14", "roll red 2", "red-m2 d14")
    assert gm.state.phase == "answer" and gm.state.scoring          # a capture in blue's penalty area
    names = play(gm, "roll blue 3", "tick 61")                     # blue's answer comes too late
    assert names == ["move_clock_expired", "foul", "free_kick"] and gm.state.restart.declinable
    events = play_events(gm, "press decline")
    assert [e["event"] for e in events] == ["free_kick_declined", "shot"]
    assert events[1]["pawn"] == "red-m2" and events[1]["square"] == "d14"
    assert gm.state.phase == "shot" and holder(gm) == "red-m2" and offense(gm) == "red"
    play(gm, "spin goal")
    assert gm.state.score == [1, 0]


def test_rule9C_C18_declined_free_kick_after_a_late_answer_elsewhere_is_a_new_offensive_set():
    gm = position(red={"gk": "d1", "s1": "d7", "m1": "a3"}, blue={"gk": "d16", "d1": "c12", "m1": "e9"}, ball="d7")
    play(gm, "roll red 1", "red-m1 a4", "roll red 2", "ball d9", "roll red 2", "red-s1 d9", "roll blue 4", "tick 61")
    events = play_events(gm, "press decline")
    assert [e["event"] for e in events] == ["free_kick_declined"]
    assert gm.state.phase == "offensive_set" and holder(gm) == "red-s1" and gm.state.roll == 0


def test_rule9C_C10_strict_minor_foul_not_called_twice_when_the_move_clock_ran_out_in_the_window():
    v, events, _out, snap = replay({"type": "roll", "die": "red", "value": 3}, {"type": "clock", "advance": 59.99},
                                  LIFT_D7, PLACE_D10, {"type": "clock", "advance": 0.02},
                                  {"type": "clock", "advance": 0.1})
    assert [e["event"] for e in events] == ["move_clock_expired", "foul", "free_kick"]
    assert events[1]["reason"] == "move_clock" and snap["offense"] == "blue"
    assert v[7]["reason"] == "board_mismatch"                    # red-d2 is still to be put back by hand


# ----- penalty kick set-up (rule 9B) and the fouls around it ---------------------------------------------------
def test_rule9B_penalty_pawns_leave_the_area_for_rows_3_or_4_of_that_end():
    gm = penalty()
    assert rejects(gm, "blue-d1 d12") == "placement"            # rank 12 is that end's fifth row
    assert rejects(gm, "blue-d1 c15") == "placement"            # still in the area
    play(gm, "blue-d1 a14")                                     # row 3, just outside the area
    assert rejects(gm, "red-m2 b11") == "placement"
    play(gm, "red-m2 h13")                                      # row 4
    assert at(gm, "blue-d1") == "a14" and at(gm, "red-m2") == "h13"


def test_rule9B_penalty_no_d_team_pawn_on_the_penalty_arc():
    gm = position(red={"gk": "d1", "s1": "d13", "m1": "a3"},
                  blue={"gk": "d16", "d1": "d14", "m1": "e13"}, ball="d13")
    play(gm, "roll red 1", "red-m1 a4", "roll red 1", "dribble d14", "roll red 6", "roll blue 1")
    assert gm.state.phase == "penalty_setup"
    play(gm, "blue-d1 c13", "red-s1 d13")
    assert gm.state.phase == "penalty_setup"                    # blue-m1 still stands on the arc square e13
    assert rejects(gm, "blue-m1 d13") == "placement"            # nor onto the other arc square
    play(gm, "blue-m1 g13")
    play(gm, "ball d15")
    assert gm.state.phase == "shot"


def test_rule9B_penalty_the_keeper_stays_and_goes_onto_the_goal_line_the_fouled_pawn_shoots():
    gm = position(red={"gk": "d1", "s1": "d13", "m1": "a3", "m2": "c14"},
                  blue={"gk": "c15", "d1": "d14", "d2": "f14", "m1": "e15"}, ball="d13")
    play(gm, "roll red 1", "red-m1 a4", "roll red 1", "dribble d14", "roll red 6", "roll blue 1")
    play(gm, "blue-d1 c13", "red-m2 a14", "blue-d2 f13", "red-s1 d13", "blue-m1 h14", "ball d15")
    assert gm.state.phase == "penalty_setup"                    # the keeper is not on a goal-area square yet
    assert rejects(gm, "blue-gk b13") == "placement"
    events = play_events(gm, "blue-gk e16")
    assert events[-1] == {"event": "shot", "team": "red", "pawn": "red-s1", "square": "d15", "penalty": True}
    assert holder(gm) == "red-s1" and gm.state.phase == "shot"


def test_rule9A_rule9B_a_foul_by_the_o_team_in_the_penalty_area_is_a_free_kick_not_a_penalty():
    gm = position(red={"gk": "d1", "s1": "d13", "m1": "a3", "m2": "c14"},
                  blue={"gk": "d16", "d1": "d14", "d2": "f14", "m1": "e15"}, ball="d13")
    play(gm, "roll red 1", "red-m1 a4", "roll red 1", "dribble d14")
    events = play_events(gm, "roll red 1", "roll blue 6")
    assert [e["event"] for e in events] == ["foul", "yellow_card", "free_kick"]
    assert events[1]["pawn"] == "red-s1" and events[2] == {"event": "free_kick", "team": "blue", "square": "d14"}
    assert gm.state.phase == "free_kick_setup" and offense(gm) == "blue"
    play(gm, "red-s1 d12")                                      # the fouling pawn leaves the ball's square
    play(gm, "red-m2 b14")                                      # and red-m2 (c14) the zone, for the ring
    assert gm.state.phase == "offensive_set" and holder(gm) == "blue-d1"    # the fouled pawn kicks


def test_rule9C_C17_the_minor_foul_free_kick_taker_may_not_touch_the_ball_until_another_pawn_has():
    gm = position(red={"gk": "d1", "s1": "c5", "m2": "a3"}, blue={"gk": "d16", "d1": "c12", "m1": "f12"}, ball="c5")
    play(gm, "roll red 3", "tick 61", "ball d9", "blue-m1 d9")
    assert holder(gm) == "blue-m1" and gm.state.phase == "offensive_set"
    play(gm, "roll blue 1", "blue-d1 c11", "roll blue 2", "ball d11", "roll blue 2")
    assert rejects(gm, "blue-m1 d11") == "kicker_barred"
    play(gm, "blue-d1 d11")
    assert holder(gm) == "blue-d1" and gm.state.barred == -1


def test_rule9B_penalty_at_reds_end_pawns_leave_for_rows_3_or_4_and_the_arc_is_the_kickers():
    gm = position(blue={"gk": "d16", "s1": "d4", "m1": "a14", "m2": "c3"},
                  red={"gk": "d1", "d1": "d3", "d2": "f3", "m1": "e2"}, ball="d4", offense="blue")
    play(gm, "roll blue 1", "blue-m1 a13", "roll blue 1", "dribble d3")
    names = play(gm, "roll blue 6", "roll red 1")                 # red-d1 fouls in its own penalty area
    assert names == ["foul", "yellow_card", "penalty_kick"] and gm.expects() == {"input": "setup", "team": "red"}
    assert rejects(gm, "red-d1 d5") == "placement"               # rank 5 is not row 3 or 4
    play(gm, "red-d1 c4", "blue-m2 a3")
    assert rejects(gm, "red-d2 d4") == "placement"               # the penalty arc: no D-team pawn
    play(gm, "red-d2 g4", "blue-s1 e4", "red-m1 h3")
    events = play_events(gm, "ball e2")
    assert events[-1] == {"event": "shot", "team": "blue", "pawn": "blue-s1", "square": "e2", "penalty": True}


def test_rule9A_rule9B_only_a_minor_foul_free_kick_may_be_declined():
    gm = duel()
    play(gm, "roll red 6", "roll blue 1")                         # a battle foul: red's free kick
    assert gm.state.phase == "free_kick_setup" and rejects(gm, "press decline") == "not_expected"
    gm = penalty()
    assert rejects(gm, "press decline") == "not_expected"


def test_rule9B_an_o_team_team_mate_may_stand_on_the_other_arc_square():
    gm = position(red={"gk": "d1", "s1": "d13", "m1": "a3", "m2": "c14"},
                  blue={"gk": "d16", "d1": "d14", "d2": "f14", "m1": "e15"}, ball="d13")
    play(gm, "roll red 1", "red-m1 a4", "roll red 1", "dribble d14", "roll red 6", "roll blue 1")
    play(gm, "blue-d1 c13")
    play(gm, "red-m2 e13")                                        # no D-team pawn on the arc; red may stand there
    assert at(gm, "red-m2") == "e13"
    assert rejects(gm, "blue-d2 e13") in ("square_taken", "placement", "not_your_turn")


def test_rule9C_C10_strict_an_illegal_corner_placement_left_on_the_board_is_a_minor_foul():
    setup = {"type": "setup", "offense": "red", "ball": "d12", "options": {"strict_minor_fouls": True},
             "pawns": {"red-gk": "d1", "red-s1": "d12", "red-m1": "d14", "red-m2": "a10", "red-m3": "e13",
                       "blue-gk": "c15", "blue-d1": "b15", "blue-d2": "f13", "blue-m1": "a15"}}
    moves = [("a10", "a11", "red"), None, ("d12", "d14", "ball"), "corner", ("d14", "a16", "ball"),
             ("a15", "c14", "blue"), ("b15", "c16", "blue"), ("c15", "d16", "blue")]
    lines = [setup, {"type": "roll", "die": "red", "value": 1}]
    for m in moves:
        if m is None:
            lines.append({"type": "roll", "die": "red", "value": 2})
        elif m == "corner":
            lines.append({"type": "spin", "outcome": "corner"})
        else:
            lines.append({"type": "move", "from": m[0], "to": m[1], "token": m[2]})
    lines += [{"type": "lift", "square": "d14", "token": "red"},
              {"type": "lift", "square": "f13", "token": "blue"},
              {"type": "place", "square": "b16", "token": "blue"},     # line 13: in the zone, refused at once
              {"type": "clock", "advance": 0.1}]                        # line 14: the settle window ends
    out = replay_lines([json.dumps(x) for x in lines])
    verdicts = {o["line"]: o for o in out if "line" in o}
    assert verdicts[13]["reason"] == "free_kick_zone"
    assert verdicts[14]["ok"], verdicts[14]
    fouls = [o for o in out if o.get("event") == "foul"]
    assert fouls and fouls[0]["kind"] == "minor" and fouls[0]["team"] == "blue"

"""Passes, headers, the template, claims and the ball going out (p.12-14, P5, P10-P15, P25, P37, P47)."""
from __future__ import annotations

from controller.story import sentence

from .table import Table, named

HOLDER = {"half": 1, "turn": 3, "team": "red", "holder": "red-6"}


def table(**options: object) -> Table:
    return Table(start=HOLDER, options=dict(options) if options else None)


def test_A2_a_low_pass_of_18_cm_is_short_and_needs_no_roll() -> None:
    t = table()
    events = t.do(type="pass", model="red-6", to="red-9", cm=18, height="low")
    assert named(events, "pass")[0]["result"] == "short"
    snap = t.snapshot()
    assert snap["ball"] == {"holder": "red-9", "state": "held"} and snap["acted"]
    assert snap["awaiting"]["dice"] == {"red": 0, "blue": 0}


def test_A2_a_second_pass_that_phase_is_already_acted() -> None:
    t = table()
    t.do(type="pass", model="red-6", to="red-9", cm=18, height="low")
    assert t.refused(type="pass", model="red-9", to="red-6", cm=10, height="low") == "already_acted"


def test_P45_a_model_that_has_passed_moves_no_further() -> None:
    t = table()
    t.do(type="pass", model="red-6", to="red-9", cm=18, height="low")
    assert t.refused(type="move", model="red-6", cm=3) == "already_acted"


def test_A3_a_28_cm_high_pass_by_P2_succeeds_on_a_3() -> None:
    t = table()
    t.do(type="pass", model="red-6", to="red-9", cm=28, height="high")
    assert t.snapshot()["awaiting"] == {"what": "roll", "for": "pass", "team": "red", "model": "red-6",
                                        "dice": {"red": 1, "blue": 0}, "may": []}
    event = named(t.roll("red", 3), "pass")[0]
    assert (event["result"], event["total"], event["need"], event["modifier"]) == ("success", 3, 3, 0)
    assert t.snapshot()["ball"] == {"holder": "red-9", "state": "high"}


def test_A3_a_roll_of_2_deviates_and_5_3_5_is_arrow_5_8_cm() -> None:
    t = table()
    t.do(type="pass", model="red-6", to="red-9", cm=28, height="high")
    assert named(t.roll("red", 2), "pass")[0]["result"] == "deviate"
    assert t.snapshot()["awaiting"]["dice"] == {"red": 3, "blue": 0}
    assert t.snapshot()["awaiting"]["for"] == "deviation"
    event = named(t.roll("red", 5, 3, 5), "deviation")[0]
    assert (event["direction"], event["cm"], event["arrow"]) == (5, 8, "short_left")
    assert t.snapshot()["ball"] == {"holder": None, "state": "loose"}
    assert t.snapshot()["awaiting"]["what"] == "claim"


def test_A4_a_field_models_65_cm_pass_awaits_the_template_without_a_success_roll() -> None:
    t = table()
    events = t.do(type="pass", model="red-6", to="red-9", cm=65, height="high")
    assert named(events, "pass")[0]["result"] == "deviate"
    assert t.snapshot()["awaiting"]["dice"] == {"red": 4, "blue": 0}      # D6 + 3D6


def test_A4_a_keepers_65_cm_pass_is_rolled_at_minus_3() -> None:
    t = Table(start={"half": 1, "turn": 3, "team": "red", "holder": "red-1"})
    t.do(type="pass", model="red-1", to="red-9", cm=65, height="low")
    event = named(t.roll("red", 4), "pass")[0]
    assert (event["modifier"], event["total"], event["result"]) == (2 - 3, 3, "success")


def test_P11_a_pass_band_includes_its_top() -> None:
    t = table()
    t.do(type="pass", model="red-6", to="red-9", cm=40, height="low")
    assert named(t.roll("red", 2), "pass")[0]["modifier"] == 2 - 1


def test_P12_beyond_80_cm_the_template_rolls_4D6() -> None:
    t = table()
    t.do(type="pass", model="red-6", to="point", cm=85, height="high")
    assert t.snapshot()["awaiting"]["dice"]["red"] == 5


def test_P5_a_passs_receiver_may_shoot_or_head_and_any_other_line_declines() -> None:
    t = table()
    t.do(type="pass", model="red-6", to="red-9", cm=28, height="high")
    t.roll("red", 6)
    assert t.snapshot()["awaiting"]["may"] == ["header", "shoot"]
    t.do(type="move", model="red-2", cm=5)
    assert t.snapshot()["awaiting"]["may"] == []
    assert t.refused(type="header", model="red-9", to="red-8", cm=10) == "not_expected"


def test_P15_a_header_is_the_pass_method_with_H_high_again_without_High_minus_1() -> None:
    t = table()
    t.do(type="pass", model="red-6", to="red-9", cm=28, height="high")
    t.roll("red", 6)
    assert t.refused(type="header", model="red-9", to="red-8", cm=26) == "too_far"
    t.do(type="header", model="red-9", to="red-8", cm=22)
    event = named(t.roll("red", 2), "header")[0]
    assert (event["modifier"], event["total"], event["result"]) == (2 - 1, 3, "success")
    assert t.snapshot()["ball"] == {"holder": "red-8", "state": "high"}
    assert t.snapshot()["awaiting"]["may"] == ["header"]          # chains; no P5 shot after a header
    t.do(type="header", model="red-8", to="red-7", cm=5)          # no short pass: rolled
    assert t.snapshot()["awaiting"]["for"] == "header"


def test_P32_a_named_challenger_is_awaited_before_anything_else() -> None:
    t = table()
    t.do(type="pass", model="red-6", to="red-9", cm=28, height="high", challenger="blue-4")
    t.roll("red", 6)
    snap = t.snapshot()["awaiting"]
    assert (snap["what"], snap["team"], snap["model"]) == ("intercept", "blue", "blue-4")
    assert t.refused(type="header", model="red-9", to="red-8", cm=10) == "not_expected"
    t.do(type="decline", team="blue")
    t.do(type="header", model="red-9", to="red-8", cm=10)


def test_P37_a_pass_carrying_offside_is_decided_at_once() -> None:
    t = table()
    events = t.do(type="pass", model="red-6", to="red-9", cm=28, height="high", offside="red-9")
    assert [e["event"] for e in events] == ["offside", "indirect_kick", "turn_end"]
    assert named(events, "indirect_kick")[0]["team"] == "blue"
    assert (t.snapshot()["phase"], t.snapshot()["team"]) == ("indirect_kick", "blue")


def test_p13_the_claims_radius_is_shown_to_one_decimal_in_its_event_and_sentence() -> None:
    t = table()
    t.do(type="pass", model="red-6", to="point", cm=30, height="low")
    t.roll("red", 1)
    t.roll("red", 1, 2, 2)
    [claim] = named(t.do(type="claim", model="blue-7", cm=14.8), "claim")
    assert (claim["radius_cm"], claim["follow_cm"]) == (22.2, 14.8)
    assert "within 22.2 may follow 14.8" in sentence(claim, "soccer")


def test_P45_distances_moved_are_shown_to_one_decimal() -> None:
    t = table()
    t.do(type="move", model="red-7", cm=0.1)
    t.do(type="move", model="red-7", cm=0.2)
    assert t.snapshot()["models"]["red-7"]["moved"] == 0.3


def test_A5_a_claim_at_12_cm_lets_others_within_18_follow_12() -> None:
    t = table()
    t.do(type="pass", model="red-6", to="point", cm=30, height="low")
    t.roll("red", 1)
    t.roll("red", 1, 2, 2)
    events = t.do(type="claim", model="blue-7", cm=12)
    claim = named(events, "claim")[0]
    assert (claim["radius_cm"], claim["follow_cm"]) == (18, 12)
    assert named(events, "possession")[0] == {"event": "possession", "team": "blue", "model": "blue-7"}


def test_P13_models_as_close_contest_the_claim_and_ties_are_rolled_again() -> None:
    t = table()
    t.do(type="pass", model="red-6", to="point", cm=30, height="low")
    t.roll("red", 6)
    assert t.refused(type="claim", model="red-7", cm=4, tie="red-8") == "bad_input"
    t.do(type="claim", model="red-7", cm=4, tie="blue-3")
    assert named(t.roll("red", 3) + t.roll("blue", 3), "awareness_test")[0]["winner"] is None
    events = t.roll("blue", 4) + t.roll("red", 2)
    assert named(events, "claim")[0]["model"] == "blue-3"


def test_P42_a_die_not_due_while_the_other_is_due_is_wrong_die() -> None:
    t = table()
    t.do(type="pass", model="red-6", to="red-9", cm=28, height="high")
    assert t.refused(type="roll", die="blue", value=3) == "wrong_die"


def test_P42_with_shared_die_any_die_serves_the_acting_model_first() -> None:
    t = table(shared_die=True)
    t.do(type="pass", model="red-6", to="point", cm=30, height="low")
    t.roll("blue", 6)
    t.do(type="claim", model="blue-7", cm=4, tie="red-3")
    events = t.roll("red", 6) + t.roll("red", 1)        # the first serves blue-7, the claimer
    assert named(events, "claim")[0]["model"] == "blue-7"


def _loose(t: Table) -> None:
    t.do(type="pass", model="red-6", to="point", cm=30, height="low")
    t.roll("red", 1)
    t.roll("red", 1, 2, 2)


def test_P14_over_a_side_line_a_throw_in_to_the_team_that_did_not_touch_it_last() -> None:
    t = table()
    _loose(t)
    events = t.do(type="ball", out="side")
    assert named(events, "throw_in")[0]["team"] == "blue"
    assert t.snapshot()["counted"] == 1


def test_P14_over_a_goal_line_a_goal_kick_or_a_corner() -> None:
    t = table()
    _loose(t)
    assert named(t.do(type="ball", out="goal_line", end="blue"), "goal_kick")[0]["team"] == "blue"
    t = table()
    _loose(t)
    assert named(t.do(type="ball", out="goal_line", end="red"), "corner_kick")[0]["team"] == "blue"


def test_P14_between_the_posts_the_keeper_needs_6_with_A_else_a_goal() -> None:
    t = table()
    _loose(t)
    t.do(type="ball", out="goal", end="blue")
    assert t.snapshot()["awaiting"]["model"] == "blue-1"
    events = t.roll("blue", 3)
    assert named(events, "goal")[0]["team"] == "red" and t.snapshot()["score"] == {"red": 1, "blue": 0}
    assert (t.snapshot()["phase"], t.snapshot()["team"]) == ("kick_off", "blue")
    t = table()
    _loose(t)
    t.do(type="ball", out="goal", end="blue")
    assert named(t.roll("blue", 4), "keeper_ball")[0]["team"] == "blue"


def test_P25_a_team_mates_pass_reaching_the_keeper_is_in_his_hands_and_no_stoppage() -> None:
    t = Table(start={"half": 1, "turn": 3, "team": "red", "holder": "red-4"})
    t.do(type="pass", model="red-4", to="red-1", cm=15, height="low")
    assert t.match.ball.hands and t.snapshot()["phase"] == "play"


def test_P47_with_backpass_a_passed_ball_is_at_the_keepers_feet() -> None:
    t = Table(start={"half": 1, "turn": 3, "team": "red", "holder": "red-4"}, options={"backpass": True})
    t.do(type="pass", model="red-4", to="red-1", cm=15, height="low")
    assert not t.match.ball.hands


def test_P24_a_throw_from_his_hands_reaches_40_cm_and_needs_a_natural_3() -> None:
    t = Table(start={"half": 1, "turn": 3, "team": "red", "holder": "red-4"})
    t.do(type="pass", model="red-4", to="red-1", cm=15, height="low")
    t.do(type="end_phase")
    t.do(type="end_phase")
    assert t.refused(type="pass", model="red-1", to="red-5", cm=41, height="low", with_="hands") == "too_far"
    t.do(type="pass", model="red-1", to="red-5", cm=35, height="low", with_="hands")
    t.roll("red", 2)
    assert t.snapshot()["awaiting"]["dice"] == {"red": 2, "blue": 0}
    assert named(t.roll("red", 1, 4), "deviation")[0]["cm"] == 7      # D6 + 3


def test_P49_in_inches_limits_are_cm_over_2_5_rounded_down() -> None:
    t = table(units="in")
    events = t.do(type="pass", model="red-6", to="red-9", cm=8, height="low")      # 20 cm = 8 in: short
    assert named(events, "pass")[0]["result"] == "short"
    t = table(units="in")
    t.do(type="pass", model="red-6", to="red-9", cm=9, height="low")
    assert named(t.roll("red", 2), "pass")[0]["modifier"] == 2 - 1

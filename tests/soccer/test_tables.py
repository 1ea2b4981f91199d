"""The dice tables of Soccer!!, each test named after the rulebook page or spec point it checks."""

from __future__ import annotations

import pytest

from controller.games.soccer import contest_tables as ct
from controller.games.soccer import shot_tables as st
from controller.games.soccer import tables as t


def test_p3_units_in_inches_divide_the_cm_figure_by_2_5_rounded_down() -> None:
    assert t.limit(20, "cm") == 20
    assert t.limit(20, "in") == 8
    assert t.limit(25, "in") == 10
    assert t.limit(1, "in") == 0
    assert t.rolled_distance(8, "in") == 3


def test_P13_in_inches_the_one_cm_tie_is_an_exact_tie() -> None:
    assert t.claim_is_tie(10, 11)
    assert not t.claim_is_tie(10, 11.5)
    assert t.claim_is_tie(4, 4, "in")
    assert not t.claim_is_tie(4, 5, "in")


def test_p8_control_zone_grows_half_a_cm_per_awareness_level_above_1() -> None:
    assert [t.control_zone_cm(a) for a in (1, 2, 3, 4)] == [2.5, 3.0, 3.5, 4.0]


def test_p6_injury_time_adds_a_turn_per_two_counted_events_up_to_15() -> None:
    assert t.half_length(0) == 12
    assert t.half_length(4) == 14  # A16: 3 throw-ins and 1 foul
    assert t.half_length(5) == 14
    assert t.half_length(20) == 15


def test_p11_the_holder_moves_on_only_when_higher() -> None:
    assert t.holder_keeps_moving(5, 4)
    assert not t.holder_keeps_moving(4, 4)


def test_p13_claim_radius_is_one_and_a_half_times_the_move_and_followers_move_as_far() -> None:
    assert t.claim_radius(12) == 18  # A5
    assert t.claim_follow(12) == 12


def test_p12_a_low_pass_up_to_20_cm_is_short_and_never_a_header() -> None:
    assert t.is_short_pass(18, "low")
    assert t.is_short_pass(20, "low")
    assert not t.is_short_pass(20.5, "low")
    assert not t.is_short_pass(18, "high")
    assert not t.is_short_pass(18, "low", header=True)


@pytest.mark.parametrize(
    ("cm", "keeper", "expected"),
    [(20, False, 0), (20.5, False, -1), (40, False, -1), (60, False, -2), (60.5, False, None), (65, True, -3),
     (80, True, -3), (81, True, None)],
)
def test_P11_pass_bands_include_their_top_and_only_keepers_reach_80(
    cm: float, keeper: bool, expected: int | None
) -> None:
    assert t.pass_band_modifier(cm, keeper) == expected


def test_p13_example_a_28_cm_high_pass_is_minus_2_and_needs_3() -> None:
    modifier = t.pass_modifier(28, "high")
    assert modifier == -2
    assert t.pass_succeeds(3 + 2 + modifier)  # A3: P2, roll 3
    assert not t.pass_succeeds(2 + 2 + modifier)


def test_P15_a_header_has_no_high_minus_1() -> None:
    assert t.pass_modifier(24, "high", header=True) == -1


def test_P11_bands_in_inches_use_the_converted_tops() -> None:
    assert t.pass_band_modifier(8, units="in") == 0
    assert t.pass_band_modifier(9, units="in") == -1
    assert t.pass_band_modifier(25, units="in") is None


@pytest.mark.parametrize(("cm", "dice"), [(None, 2), (28, 2), (40, 2), (41, 3), (65, 3), (80, 3), (81, 4)])
def test_p13_template_distance_dice_by_pass_length(cm: float | None, dice: int) -> None:
    assert t.template_dice(cm) == dice


def test_P12_template_arrows_from_1_beyond_to_6_long_left() -> None:
    assert [t.template_direction(f) for f in range(1, 7)] == [
        "beyond", "long_right", "short_right", "back", "short_left", "long_left"]
    with pytest.raises(ValueError):
        t.template_direction(7)


def test_p16_interception_modifiers_skill_helper_and_orientation() -> None:
    assert ct.interception_modifier() == 0
    assert ct.interception_modifier(skill=True, helper=True) == 2
    assert ct.interception_modifier(side="front") == 1
    assert ct.interception_modifier(side="back") == -1


@pytest.mark.parametrize(
    ("difference", "outcome"),
    [(-4, "holder_keeps"), (-2, "holder_keeps"), (-1, "kicked_away_by_holder"), (0, "foul"),
     (1, "kicked_away_by_interceptor"), (2, "won"), (5, "won")],
)
def test_p16_interception_results_by_difference(difference: int, outcome: str) -> None:
    assert ct.interception_outcome(difference) == outcome


def test_p16_foul_table_rows() -> None:
    assert ct.foul_result(2) == ct.FoulResult("indirect_kick", "D")
    assert ct.foul_result(3) == ct.FoulResult("indirect_kick", "A")
    assert [ct.foul_result(n).to for n in (4, 5, 6)] == ["D", "A", "D"]
    assert ct.foul_result(7) == ct.FoulResult("direct_kick", "A", "yellow", "D")
    assert ct.foul_result(8) == ct.FoulResult("direct_kick", "D", "yellow", "A")
    assert ct.foul_result(9) == ct.FoulResult("direct_kick", "A", "yellow", "D")
    assert ct.foul_result(10) == ct.FoulResult("direct_kick", "D", "yellow", "A")
    assert ct.foul_result(11) == ct.FoulResult("direct_kick", "A", "red", "D")
    assert ct.foul_result(12) == ct.FoulResult("direct_kick", "D", "red", "A")
    with pytest.raises(ValueError):
        ct.foul_result(13)


def test_P18_a_direct_kick_in_the_fouling_teams_penalty_area_is_a_penalty_an_indirect_never() -> None:
    assert ct.foul_award("direct_kick", True) == "penalty_kick"
    assert ct.foul_award("direct_kick", False) == "direct_kick"
    assert ct.foul_award("indirect_kick", True) == "indirect_kick"


def test_P18_a_second_yellow_is_a_red_and_sends_off() -> None:
    assert ct.card_after(0, "yellow") == (1, False)
    assert ct.card_after(1, "yellow") == (2, True)
    assert ct.card_after(0, "red") == (0, True)


def test_P19_kicked_away_out_side_line_and_goal_line() -> None:
    assert [ct.kicked_away_side_line(f) for f in range(1, 7)] == ["A"] * 3 + ["D"] * 3
    assert [ct.kicked_away_goal_line(f) for f in range(1, 7)] == ["goal_kick"] * 3 + ["corner_kick"] * 3


def test_p17_shot_conditions_i_ii_iii() -> None:
    assert st.shot_allowed("i", 30)
    assert st.shot_allowed("ii", 2.5)
    assert not st.shot_allowed("ii", 3)
    assert st.shot_allowed("iii", 5)
    assert not st.shot_allowed("iii", 6)  # A15


def test_p18_shot_distance_modifier() -> None:
    assert [st.shot_distance_modifier(cm) for cm in (8, 10, 15, 20, 21)] == [1, 1, 0, 0, -1]


def test_p18_shot_modifiers_zones_capped_at_two_keeper_out_side_penalty_wall() -> None:
    assert st.shot_modifier(8, zones=1) == 0  # A11
    assert st.shot_modifier(15, zones=3) == -2
    assert st.shot_modifier(15, gk_out=True) == 1
    assert st.shot_modifier(15, side=True) == -2
    assert st.shot_modifier(11, penalty=True, skill=True) == 2
    assert [st.shot_modifier(15, wall=w) for w in (0, 2, 3, 4)] == [0, -1, -2, -3]
    with pytest.raises(ValueError):
        st.wall_modifier(1)


def test_p18_shot_outcome_by_difference() -> None:
    assert [st.shot_outcome(d) for d in (-3, 0, 1, 2, 3)] == ["failed", "failed", "saved", "goal", "goal"]


def test_p18_failed_shot_table() -> None:
    assert [st.failed_shot(n) for n in range(2, 13)] == (
        ["deflection"] * 2 + ["goal_kick"] * 4 + ["keeper_ball"] * 2 + ["corner_kick"] * 2 + ["post"])


def test_p19_saved_shot_table() -> None:
    assert [st.saved_shot(n) for n in range(2, 13)] == (
        ["goal"] + ["corner_kick"] * 4 + ["keeper_ball"] * 4 + ["post"] * 2)
    with pytest.raises(ValueError):
        st.saved_shot(1)


def test_P31_which_post_left_bar_right() -> None:
    assert [st.post_hit(f) for f in range(1, 7)] == ["left", "left", "bar", "bar", "right", "right"]


def test_P16_header_at_goal_only_line_distance_and_dive_header_modify() -> None:
    assert st.header_at_goal_modifier(8) == 1  # A13
    assert st.header_at_goal_modifier(12) == 0
    assert st.header_at_goal_modifier(8, skill=True) == 2


def test_P16_header_at_goal_outcomes_and_the_keepers_d6() -> None:
    assert [st.header_at_goal_outcome(d) for d in (-2, -1, 0, 1)] == ["goal_kick", "goal_kick", "keeper_roll", "goal"]
    assert [st.header_keeper_roll(f) for f in range(1, 7)] == (
        ["goal_kick"] * 2 + ["keeper_ball"] * 2 + ["post"] * 2)
    assert [st.header_post_crossing(f) for f in range(1, 7)] == ["goal"] * 3 + ["keeper_ball"] * 3


def test_P14_keeper_blocks_a_deviation_between_the_posts_on_6() -> None:
    assert t.keeper_blocks(6)
    assert not t.keeper_blocks(5)  # A12: 3 + A2


def test_P26_exit_need_by_distance_and_axis_modifier() -> None:
    assert [st.exit_need(cm) for cm in (10, 12, 15, 20, 21)] == [3, 4, 4, 5, None]
    assert st.exit_modifier(1) == -1


def test_P26_modified_1_or_less_is_an_offence() -> None:
    assert st.exit_is_offence(1)  # A14: 2 - 1
    assert not st.exit_is_offence(2)
    assert [st.exit_offence(f) for f in range(1, 7)] == ["direct"] * 2 + ["yellow"] * 2 + ["red"] * 2


def test_P26_the_shot_after_a_failed_exit_adds_s_above_2_and_needs_4() -> None:
    assert st.exit_shot_modifier(3) == 1
    assert st.exit_shot_modifier(1) == 0
    assert st.exit_shot_scores(3 + st.exit_shot_modifier(3))  # A14: S3 rolls 3
    assert not st.exit_shot_scores(3 + st.exit_shot_modifier(2))


def test_P27_a_corner_exits_offence_is_a_natural_1_with_an_opponent_outside_the_goal_area() -> None:
    assert st.corner_exit_is_offence(1, True, False)
    assert not st.corner_exit_is_offence(1, True, True)
    assert not st.corner_exit_is_offence(1, False, False)
    assert not st.corner_exit_is_offence(2, True, False)


def test_p20_throw_in_limits_and_modifiers() -> None:
    assert t.throw_in_max(False) == 20
    assert t.throw_in_max(True) == 30
    assert [t.throw_in_modifier(cm) for cm in (10, 15, 25)] == [2, 1, 0]
    assert t.throw_in_modifier(10, skill=True, opp_near=True) == 2
    assert t.throw_in_succeeds(3)
    assert not t.throw_in_succeeds(2)


def test_P24_P36_keeper_kick_limits_and_the_throw_from_his_hands() -> None:
    assert t.keeper_kick_max(with_hands=False) == 80
    assert t.keeper_kick_max(with_hands=True) == 40
    assert [t.keeper_throw_succeeds(f) for f in range(1, 7)] == [False, False, True, True, True, True]
    assert t.keeper_throw_deviation(4) == 7
    assert t.keeper_throw_deviation(4, "in") == 2


def test_p22_a_blocked_corner_is_minus_1() -> None:
    assert t.corner_modifier(True) == -1
    assert t.corner_modifier(False) == 0

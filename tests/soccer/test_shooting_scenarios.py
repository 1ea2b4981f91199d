"""The acceptance scenarios A11-A14 (shots, posts, headers, exits) on their `soccerboard replay` output."""

from __future__ import annotations

from .test_scenarios import events, last, verdict


def test_A11_s3_at_8_cm_in_one_zone_5_vs_2_scores_and_the_conceding_team_kicks_off() -> None:
    shot = events("A11_shot_goal", "shot")[0]
    assert shot["totals"] == [8, 4] and shot["result"] == "goal"
    assert verdict("A11_shot_goal", 9)["reason"] == "not_your_turn"
    assert events("A11_shot_goal", "kick_off")[0]["team"] == "blue"
    assert last("A11_shot_goal")["score"] == {"red": 1, "blue": 0}


def test_A12_failed_12_the_bar_the_template_and_a_keeper_block_of_5_is_a_goal() -> None:
    assert events("A12_failed_post_goal", "post")[0]["post"] == "bar"
    assert events("A12_failed_post_goal", "deviation")[0]["team"] == "red"
    goal = events("A12_failed_post_goal", "goal")[0]
    assert goal["team"] == "red" and goal["total"] == 5 and goal["need"] == 6


def test_A13_a_header_difference_0_keeper_5_hits_the_post_and_d6_2_over_the_line_scores() -> None:
    header = events("A13_header_post_goal", "header")[0]
    assert header["modifiers"] == [1, 0] and header["difference"] == 0
    assert events("A13_header_post_goal", "post")[0]["post"] == "closest"
    assert events("A13_header_post_goal", "goal")[0]["team"] == "red"


def test_A14_a_failed_exit_then_s3_rolling_3_scores() -> None:
    exit_ = events("A14_exit_fails", "gk_exit")[0]
    assert (exit_["total"], exit_["need"], exit_["result"]) == (3, 4, "fail")
    assert events("A14_exit_fails", "goal")[0]["team"] == "red"


def test_A14_an_exit_of_2_minus_1_in_the_area_d6_5_is_a_red_card_and_a_penalty() -> None:
    assert events("A14_exit_offence", "gk_exit")[0]["result"] == "offence"
    assert events("A14_exit_offence", "red_card")[0]["model"] == "blue-1"
    assert events("A14_exit_offence", "penalty_kick")[0]["team"] == "red"
    assert verdict("A14_exit_offence", 8)["reason"] == "not_expected"  # P41: blue names a keeper first
    assert last("A14_exit_offence")["models"]["blue-2"]["keeper"]

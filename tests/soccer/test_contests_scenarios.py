"""The acceptance scenarios A8-A10 (interceptions, fouls, cards, kick-aways): the rule each journal under
scenarios/ shows, checked on its `soccerboard replay` output (test_scenarios.py holds the output exactly)."""

from __future__ import annotations

from .test_scenarios import events, last, verdict


def test_A8_a_foul_4_3_at_red_penalty_is_a_yellow_and_a_penalty_to_blue_counted_twice() -> None:
    assert events("A8_foul_penalty", "interception")[0]["difference"] == 0
    assert events("A8_foul_penalty", "yellow_card")[0]["model"] == "red-2"
    assert events("A8_foul_penalty", "penalty_kick")[0]["team"] == "blue"
    assert not events("A8_foul_penalty", "direct_kick")
    assert last("A8_foul_penalty")["counted"] == 2


def test_A8_a_foul_1_2_at_red_penalty_is_an_indirect_kick_to_blue_and_no_penalty() -> None:
    assert events("A8_foul_indirect", "indirect_kick")[0]["team"] == "blue"
    assert not events("A8_foul_indirect", "penalty_kick")
    assert last("A8_foul_indirect")["counted"] == 1


def test_A9_a_second_yellow_is_a_red_card_sent_off_and_no_substitution() -> None:
    yellows = events("A9_second_yellow", "yellow_card")
    assert [y["yellow"] for y in yellows] == [1, 2]
    assert events("A9_second_yellow", "red_card")[0]["model"] == "blue-4"
    assert last("A9_second_yellow")["models"]["blue-4"]["status"] == "sent_off"
    assert verdict("A9_second_yellow", 16)["reason"] == "no_substitution"


def test_A10_a_kick_away_out_over_the_side_line_d6_2_is_the_interceptors_throw_in() -> None:
    assert events("A10_kick_away_out", "interception")[0]["result"] == "kicked_away_by_interceptor"
    assert events("A10_kick_away_out", "deviation")[0]["team"] == "blue"
    assert events("A10_kick_away_out", "throw_in")[0]["team"] == "blue"
    assert last("A10_kick_away_out")["phase"] == "throw_in"

"""The acceptance scenario A15 (refusals around shots and set pieces) on its `soccerboard replay` output."""

from __future__ import annotations

from .test_scenarios import events, verdict


def test_A15_open_play_substitution_bad_shots_a_long_throw_in_and_an_indirect_kicks_shot_are_refused() -> None:
    assert verdict("A15_refusals", 5)["reason"] == "no_substitution"
    assert verdict("A15_refusals", 6)["reason"] == "no_shot"
    assert verdict("A15_refusals", 7)["reason"] == "no_shot"
    assert verdict("A15_refusals", 10)["reason"] == "too_far"
    assert verdict("A15_refusals", 14)["reason"] == "must_pass"
    assert events("A15_refusals", "pass")[-1]["restart"] == "indirect_kick"

"""The acceptance scenarios (A1-A7, A16, A17) as journals under tests/soccer/scenarios, each run through
`soccerboard replay` in a subprocess: the output is held exactly (.expected.jsonl, reviewed) and the rule each
scenario shows is checked on it."""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from .scenarios.regenerate import replay

HERE = Path(__file__).parent / "scenarios"
SCENARIOS = sorted(p for p in HERE.glob("*.jsonl") if not p.name.endswith(".expected.jsonl"))


@cache
def output(stem: str) -> str:
    return replay(HERE / f"{stem}.jsonl")


def docs(stem: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in output(stem).splitlines()]


def verdict(stem: str, line: int) -> dict[str, Any]:
    return next(d for d in docs(stem) if d.get("line") == line)


def events(stem: str, name: str) -> list[dict[str, Any]]:
    return [d for d in docs(stem) if d.get("event") == name]


def last(stem: str) -> dict[str, Any]:
    snapshot: dict[str, Any] = docs(stem)[-1]["snapshot"]
    return snapshot


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_the_replay_is_the_reviewed_output(scenario: Path) -> None:
    assert output(scenario.stem) == scenario.with_suffix(".expected.jsonl").read_text()


def test_A1_a_dear_roster_or_two_level_4s_on_a_model_are_roster_invalid() -> None:
    assert verdict("A1_roster_invalid", 3)["reason"] == "roster_invalid"
    assert verdict("A1_roster_invalid", 4)["reason"] == "roster_invalid"
    assert verdict("A1_roster_invalid", 5)["reason"] == "not_expected"        # P38: rosters first
    assert verdict("A1_roster_invalid", 6)["ok"] and verdict("A1_roster_invalid", 7)["ok"]
    assert verdict("A1_roster_invalid", 9)["reason"] == "not_expected"        # P38: not after the kick-off


def test_A2_a_short_pass_then_already_acted() -> None:
    assert events("A2_short_pass", "pass")[0]["result"] == "short"
    assert verdict("A2_short_pass", 6)["reason"] == "already_acted"
    assert verdict("A2_short_pass", 7)["reason"] == "already_acted"           # P45: the passer moves no more


def test_A3_a_high_pass_succeeds_on_3_and_deviates_arrow_5_8_cm() -> None:
    passes = events("A3_pass_and_deviation", "pass")
    assert [p["result"] for p in passes] == ["success", "deviate"]
    assert verdict("A3_pass_and_deviation", 4)["reason"] == "wrong_die"
    deviation = events("A3_pass_and_deviation", "deviation")[0]
    assert (deviation["direction"], deviation["cm"]) == (5, 8)


def test_A4_a_field_models_65_cm_pass_is_the_template_and_a_keepers_is_rolled_at_minus_3() -> None:
    passes = events("A4_long_pass", "pass")
    assert passes[0]["result"] == "deviate" and "dice" not in passes[0]
    assert events("A4_long_pass", "deviation")[0]["dice"] == [1, 2, 2, 2]
    assert (passes[2]["model"], passes[2]["modifier"], passes[2]["result"]) == ("red-1", 2 - 3, "success")


def test_A5_a_claim_at_12_cm_has_radius_18_and_follow_12() -> None:
    claim = events("A5_claim", "claim")[0]
    assert (claim["radius_cm"], claim["follow_cm"]) == (18, 12)


def test_A6_a_tied_awareness_test_stops_the_holder_and_blue_intercepts_in_reds_phase() -> None:
    assert events("A6_awareness_stop", "awareness_test")[0]["winner"] == "blue-4"
    assert verdict("A6_awareness_stop", 7)["reason"] == "not_expected"
    assert verdict("A6_awareness_stop", 8)["ok"]
    assert last("A6_awareness_stop")["awaiting"]["for"] == "interception"


def test_A7_the_holder_keeps_the_ball_and_the_interceptor_is_neutralized() -> None:
    assert events("A7_interception_kept", "neutralized")[0]["model"] == "blue-4"
    assert verdict("A7_interception_kept", 12)["reason"] == "neutralized"
    assert verdict("A7_interception_kept", 13)["ok"]


def test_A16_three_throw_ins_and_a_foul_make_14_turns_and_half_time_follows_turn_14() -> None:
    assert events("A16_injury_time", "half_length")[0]["turns"] == 14
    assert events("A16_injury_time", "half_time")
    assert events("A16_injury_time", "turn_end")[-1]["turn"] == 14


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_A17_a_journal_replays_byte_identical(scenario: Path) -> None:
    assert replay(scenario) == output(scenario.stem)

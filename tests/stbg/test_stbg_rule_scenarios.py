"""Soccer The Board Game's rules, one scenario each, written from the rules sheet and its clarifications (S1-S34)
rather than from the engine, and played through the real `soccerboard replay` command (a separate process).

Each ``scenarios/NN_name.jsonl`` is checked against its ``scenarios/NN_name.expect.json`` sidecar (the same shape
as the first game's ``tests/scenarios/blind``):

* ``rule``: the rule or clarification the scenario exercises (the test id is the file name);
* ``rejected``: {"<1-based file line>": "<reason>"}: those lines are refused with that stable reason; every other
  input line is accepted;
* ``events``: event names that appear in this order (a subsequence of everything emitted);
* ``absent_events``: names that must not appear at all;
* ``snapshot``: a partial final snapshot; every key given must be there with that value (objects key by key).
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.scenarios.test_blind_scenarios import _is_input, _missing_from_subsequence, _partial_mismatches

ROOT = Path(__file__).resolve().parents[2]
SCENARIO_DIR = Path(__file__).parent / "scenarios"
SCENARIOS = sorted(SCENARIO_DIR.glob("*.jsonl"))


def replay_command(path: Path) -> list[dict]:
    """`soccerboard replay PATH` as a person runs it: its JSON Lines, after checking it read the file to the end."""
    done = subprocess.run([sys.executable, "-m", "controller.cli", "replay", str(path)], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def check(scenario: Path, outputs: list[dict]) -> list[str]:
    """What in the outputs disagrees with the scenario's sidecar (empty: all agrees)."""
    lines = scenario.read_text(encoding="utf-8").splitlines()
    expect = json.loads(scenario.with_name(scenario.stem + ".expect.json").read_text(encoding="utf-8"))
    rejected = {int(number): reason for number, reason in expect["rejected"].items()}
    input_lines = [number for number, line in enumerate(lines, start=1) if _is_input(line)]
    problems: list[str] = []
    if not set(rejected) <= set(input_lines):
        problems.append(f"the sidecar rejects non-input lines {sorted(set(rejected) - set(input_lines))}")

    verdicts = {out["line"]: out for out in outputs if "line" in out and "ok" in out}
    for number in input_lines:
        verdict = verdicts.get(number)
        if verdict is None:
            problems.append(f"line {number}: no verdict")
        elif number in rejected:
            if verdict["ok"] is not False or verdict.get("reason") != rejected[number]:
                problems.append(f"line {number}: {verdict}, expected the reason {rejected[number]!r}")
        elif verdict["ok"] is not True:
            problems.append(f"line {number}: refused ({verdict.get('reason')}: {verdict.get('detail')}), "
                            "expected ok")

    events = [out["event"] for out in outputs if "event" in out]
    missing = _missing_from_subsequence(expect.get("events", []), events)
    if missing is not None:
        problems.append(f"events {expect['events']} are not told in this order (stuck at {missing!r}): {events}")
    problems += [f"event {name!r} must not be told" for name in expect.get("absent_events", []) if name in events]

    if not outputs or "snapshot" not in outputs[-1]:
        problems.append("the last output is not a snapshot")
    else:
        problems += _partial_mismatches(expect.get("snapshot", {}), outputs[-1]["snapshot"], "snapshot")
    return problems


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[path.stem for path in SCENARIOS])
def test_stbg_rule_scenario(scenario: Path) -> None:
    outputs = replay_command(scenario)
    problems = check(scenario, outputs)
    rule = json.loads(scenario.with_name(scenario.stem + ".expect.json").read_text(encoding="utf-8"))["rule"]
    assert not problems, f"{scenario.name} ({rule}):\n" + "\n".join(problems)


def test_every_scenario_has_its_sidecar_and_names_its_rule() -> None:
    assert len(SCENARIOS) >= 40
    for scenario in SCENARIOS:
        sidecar = scenario.with_name(scenario.stem + ".expect.json")
        assert sidecar.exists(), f"{scenario.name} has no {sidecar.name}"
        assert json.loads(sidecar.read_text(encoding="utf-8"))["rule"]


def test_the_checker_catches_a_wrong_verdict_event_or_snapshot() -> None:
    """The check is not vacuous: a refusal not expected, a missing event and a wrong score are all reported."""
    scenario = SCENARIO_DIR / "21_empty_goal_area_is_a_goal_at_once.jsonl"
    outputs = replay_command(scenario)
    assert check(scenario, outputs) == []
    tampered = [dict(out) for out in outputs]
    for out in tampered:
        if out.get("line") == 3:
            out.update(ok=False, reason="over_budget")
        if out.get("event") == "goal":
            out["event"] = "save"
    tampered[-1] = {"snapshot": {**tampered[-1]["snapshot"], "score": {"red": 0, "blue": 0}}}
    problems = check(scenario, tampered)
    assert any(p.startswith("line 3:") for p in problems)
    assert any("stuck at 'goal'" in p for p in problems)
    assert any("snapshot.score.red" in p for p in problems)

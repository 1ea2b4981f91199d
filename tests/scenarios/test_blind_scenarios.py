"""Blind acceptance scenarios, written from the rulebook and its clarifications without reading the engine.

Each ``blind/NN_name.jsonl`` is replayed with ``controller.replay.replay_lines`` and checked against its
``blind/NN_name.expect.json`` sidecar:

* ``rejected``: {"<1-based file line>": "<reason code>"} - those lines must be rejected with that reason;
  every other non-comment, non-blank line must be accepted (``ok: true``);
* ``events``: names that must appear, in this order, as a subsequence of all emitted events;
* ``absent_events`` (optional): names that must not appear at all;
* ``snapshot``: a partial document; every key given must be present in the final snapshot with that value
  (objects are compared recursively, key by key; other values by equality).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

BLIND_DIR = Path(__file__).parent / "blind"
SCENARIOS = sorted(BLIND_DIR.glob("*.jsonl"))


def _is_input(line: str) -> bool:
    text = line.strip()
    return bool(text) and not text.startswith("#")


def _partial_mismatches(expected, actual, where: str) -> list[str]:
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: expected an object, got {actual!r}"]
        problems: list[str] = []
        for key, value in expected.items():
            if key not in actual:
                problems.append(f"{where}.{key}: missing (expected {value!r})")
            else:
                problems.extend(_partial_mismatches(value, actual[key], f"{where}.{key}"))
        return problems
    if expected != actual:
        return [f"{where}: expected {expected!r}, got {actual!r}"]
    return []


def _missing_from_subsequence(wanted: list[str], seen: list[str]) -> str | None:
    """None if ``wanted`` is a subsequence of ``seen``, else the first name that could not be matched."""
    position = 0
    for name in wanted:
        while position < len(seen) and seen[position] != name:
            position += 1
        if position == len(seen):
            return name
        position += 1
    return None


def _format_outputs(verdicts: list[dict], events: list[str], lines: list[str]) -> str:
    rows = []
    for verdict in verdicts:
        number = verdict.get("line")
        text = lines[number - 1].strip() if isinstance(number, int) and 0 < number <= len(lines) else "?"
        status = "ok" if verdict.get("ok") else f"REJECTED {verdict.get('reason')}: {verdict.get('detail', '')}"
        rows.append(f"  line {number}: {status}    <- {text}")
    return "verdicts:\n" + "\n".join(rows) + "\nevents: " + ", ".join(events)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[path.stem for path in SCENARIOS])
def test_blind_scenario(scenario: Path) -> None:
    from controller.replay import replay_lines

    lines = scenario.read_text(encoding="utf-8").splitlines()
    expect = json.loads(scenario.with_name(scenario.stem + ".expect.json").read_text(encoding="utf-8"))
    rejected = {int(number): reason for number, reason in expect.get("rejected", {}).items()}
    input_lines = [number for number, line in enumerate(lines, start=1) if _is_input(line)]
    # A sidecar that names a comment or blank line is a bug in the scenario, not in the engine.
    assert set(rejected) <= set(input_lines), \
        f"sidecar rejects non-input lines {sorted(set(rejected) - set(input_lines))}"

    outputs = replay_lines(lines)

    verdicts = [out for out in outputs if "line" in out and "ok" in out]
    events = [out["event"] for out in outputs if "event" in out]
    snapshots = [out["snapshot"] for out in outputs if "snapshot" in out]
    problems: list[str] = []

    by_line: dict[int, dict] = {}
    for verdict in verdicts:
        number = verdict["line"]
        if number in by_line:
            problems.append(f"line {number}: more than one verdict")
        by_line[number] = verdict
    for number in sorted(set(by_line) - set(input_lines)):
        problems.append(f"line {number}: a verdict for a comment or blank line")
    for number in input_lines:
        verdict = by_line.get(number)
        if verdict is None:
            problems.append(f"line {number}: no verdict")
        elif number in rejected:
            if verdict.get("ok") is not False:
                problems.append(f"line {number}: accepted, expected rejection {rejected[number]!r}")
            elif verdict.get("reason") != rejected[number]:
                problems.append(
                    f"line {number}: rejected with {verdict.get('reason')!r}, expected {rejected[number]!r}"
                )
        elif verdict.get("ok") is not True:
            problems.append(f"line {number}: rejected with {verdict.get('reason')!r}, expected ok")

    missing = _missing_from_subsequence(expect.get("events", []), events)
    if missing is not None:
        problems.append(f"events: {expect.get('events')} is not a subsequence (stuck at {missing!r})")
    for name in expect.get("absent_events", []):
        if name in events:
            problems.append(f"events: {name!r} must not be emitted")

    if not outputs or "snapshot" not in outputs[-1]:
        problems.append("the last output is not a snapshot")
    if snapshots:
        problems.extend(_partial_mismatches(expect.get("snapshot", {}), snapshots[-1], "snapshot"))

    assert not problems, (
        f"{scenario.name} ({expect.get('rule')}):\n"
        + "\n".join(problems)
        + "\n"
        + _format_outputs(verdicts, events, lines)
    )

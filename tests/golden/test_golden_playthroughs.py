"""Golden playthroughs: whole sequences (scenario in, verdicts, events and snapshot out), reviewed once
and then held exactly. tests/golden/regenerate.py rewrites them after a deliberate change."""
import json
from pathlib import Path

import pytest

from controller.replay import replay_lines

HERE = Path(__file__).parent
SCENARIOS = sorted(p for p in HERE.glob("*.jsonl") if not p.name.endswith(".expected.jsonl"))


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_golden_playthrough(scenario: Path):
    expected = [json.loads(line) for line in scenario.with_suffix(".expected.jsonl").read_text().splitlines()]
    actual = replay_lines(scenario.read_text().splitlines())
    # the common part first, for a message naming the first output that differs; the lengths after
    for i, (a, e) in enumerate(zip(actual, expected, strict=False)):
        assert a == e, f"output {i + 1} differs:\n actual   {json.dumps(a)[:400]}\n expected {json.dumps(e)[:400]}"
    assert len(actual) == len(expected)


def test_golden_match_reaches_the_final_whistle():
    last = json.loads((HERE / "04_seeded_full_match.expected.jsonl").read_text().splitlines()[-1])
    assert last["snapshot"]["phase"] == "full_time"

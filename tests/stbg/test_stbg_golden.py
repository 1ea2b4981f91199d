"""STBG golden playthroughs (tests/stbg/golden): whole sequences, scenario in, verdicts, events and snapshot
out, reviewed once and then held exactly; tests/stbg/golden/regenerate.py rewrites them after a deliberate
change."""
import json
from pathlib import Path

import pytest

from controller.replay import replay_lines

HERE = Path(__file__).parent / "golden"
SCENARIOS = sorted(p for p in HERE.glob("*.jsonl") if not p.name.endswith(".expected.jsonl"))


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_golden_playthrough(scenario: Path):
    expected = [json.loads(line) for line in scenario.with_suffix(".expected.jsonl").read_text().splitlines()]
    actual = replay_lines(scenario.read_text().splitlines())
    for i, (a, e) in enumerate(zip(actual, expected, strict=False)):
        assert a == e, f"output {i + 1} differs:\n actual   {json.dumps(a)[:400]}\n expected {json.dumps(e)[:400]}"
    assert len(actual) == len(expected)


def test_the_seeded_match_is_refused_nothing_and_reaches_full_time():
    out = [json.loads(line) for line in (HERE / "06_seeded_full_match.expected.jsonl").read_text().splitlines()]
    assert not [o for o in out if o.get("ok") is False]
    assert out[-1]["snapshot"]["phase"] == "full_time"


def test_the_seeded_match_is_what_the_bot_plays_now():
    from .golden.regenerate import SEEDED, seeded_match
    assert SEEDED.read_text() == "\n".join(seeded_match()) + "\n"

"""Rewrite the .expected.jsonl files from the current replay output.

Run it only after a deliberate behaviour change, then read the diff line by line: the goldens are
reviewed outputs, not snapshots to accept blindly.  .venv/bin/python tests/golden/regenerate.py
(the virtualenv has the packages installed, editable).
"""
import json
from pathlib import Path

from controller.replay import replay_lines

for scenario in sorted(Path(__file__).parent.glob("*.jsonl")):
    if scenario.name.endswith(".expected.jsonl"):
        continue
    out = replay_lines(scenario.read_text().splitlines())
    scenario.with_suffix(".expected.jsonl").write_text("".join(json.dumps(o, sort_keys=True) + "\n" for o in out))
    print(scenario.name, len(out))

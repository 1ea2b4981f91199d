"""Rewrite the .expected.jsonl of each scenario here from `soccerboard replay`'s output now.

Run it only after a deliberate behaviour change, then read the diff line by line: the expected files are
reviewed outputs.  .venv/bin/python tests/soccer/scenarios/regenerate.py
"""
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent


def replay(scenario: Path) -> str:
    return subprocess.run([sys.executable, "-m", "controller.cli", "replay", str(scenario)], capture_output=True,
                          text=True, check=False, timeout=120).stdout


if __name__ == "__main__":
    for path in sorted(HERE.glob("*.jsonl")):
        if not path.name.endswith(".expected.jsonl"):
            path.with_suffix(".expected.jsonl").write_text(replay(path))
            print(path.name)

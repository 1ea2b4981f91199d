"""`soccerboard bench --quick` runs from the installed package, under 90 s, and writes every figure with its goal
and a ratio to a baseline of the same run. Only presence and sanity are checked, never speed: the machines
that run this are shared and noisy."""
from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
import time
from pathlib import Path

EXPECTED = [
    "engine: legal moves of all pawns after a roll",
    "engine: actions/s replaying random matches",
    "engine: actions/s self-play",
    "tracking: settled frame -> action + LED frame, median",
    "tracking: settled frame -> action + LED frame, p99",
    "tracking: unchanged frame",
    "LED plan + frame, median",
    "LED plan + frame, p99",
    "bridge: frame decoder",
]
DAEMON = ["daemon: sensor change -> state at a subscriber, median",
          "daemon: sensor change -> state at a subscriber, p99", "daemon: resident memory",
          "daemon: restart after kill -9"]
ELSEWHERE = ["resume after an unplug", "bench_dashboard.py", "bench_firmware.py"]


def finite_positive(x) -> bool:
    return isinstance(x, (int, float)) and math.isfinite(x) and x > 0


def test_bench_quick_writes_every_figure(tmp_path: Path):
    out = tmp_path / "out.json"
    t0 = time.monotonic()
    run = subprocess.run([sys.executable, "-m", "controller.cli", "bench", "--quick", "--json", str(out)],
                         capture_output=True, text=True, timeout=180, cwd=tmp_path)
    took = time.monotonic() - t0
    assert run.returncode == 0, run.stderr[-3000:]
    assert took < 90, f"bench --quick took {took:.0f} s"
    doc = json.loads(out.read_text())
    rows = doc["rows"]
    measured = EXPECTED + (DAEMON if shutil.which("mosquitto") or Path("/usr/sbin/mosquitto").exists() else [])
    for name in measured:
        found = [r for r in rows if r["figure"].startswith(name)]
        assert found, f"no row {name!r} in {[r['figure'] for r in rows]}"
        row = found[0]
        assert finite_positive(row["value"]), row
        assert finite_positive(row["baseline"]), row
        assert finite_positive(row["ratio"]), row
        assert row["goal"] and row["unit"] and row["baseline_what"], row
        assert row["figure"] in run.stdout                 # the table shows the same rows
    for name in ELSEWHERE:                                  # what the command leaves to the scripts, and says so
        assert any(r["value"] is None and name in (r["figure"] + r["note"]) and "not measured here" in r["note"]
                   for r in rows), name
    assert "not measured here" in run.stdout

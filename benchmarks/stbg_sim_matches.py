"""Soccer The Board Game's seeded bots through the real `soccerboard sim --ruleset stbg --speed 0`: N whole
matches (two 15-minute periods), then every journal replayed as `soccerboard replay` does, counting the bot
lines the core refused and how each match ended.

    .venv/bin/python benchmarks/stbg_sim_matches.py [--matches 100] [--seed 1]

Prints a table: figure, value, goal. A refused line is a bot and the referee disagreeing about the rules; a
match ends at full time, or abandoned when a team is down to two players (a rules outcome, S26).
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from controller.replay import replay_lines

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="stbg-sim-") as tmp:
        started = time.monotonic()
        done = subprocess.run([sys.executable, "-m", "controller.cli", "sim", "--ruleset", "stbg", "--speed", "0",
                               "--no-web", "--quiet", "--listen", "127.0.0.1", "--seed", str(args.seed),
                               "--matches", str(args.matches), "--journal-dir", tmp],
                              capture_output=True, text=True, cwd=ROOT)
        took = time.monotonic() - started
        refused, ends, lines = 0, Counter[str](), 0
        paths = sorted(Path(tmp).glob("*.jsonl"))
        for path in paths:
            out = replay_lines(path.read_text().splitlines())
            verdicts = [o for o in out if "line" in o]
            lines += len(verdicts)
            bad = [v for v in verdicts if not v["ok"]]
            refused += len(bad)
            ends[out[-1]["snapshot"]["phase"]] += 1
            for v in bad[:3]:
                print(f"{path.name}: {json.dumps(v)}", file=sys.stderr)
    rows = [("sim exit status", str(done.returncode), "0"),
            ("matches played (journals)", str(len(paths)), str(args.matches)),
            ("inputs judged", str(lines), "-"),
            ("bot lines refused", str(refused), "0"),
            ("ended at full time", str(ends["full_time"]), "-"),
            ("ended abandoned (S26)", str(ends["abandoned"]), "-"),
            ("unfinished", str(len(paths) - ends["full_time"] - ends["abandoned"]), "0"),
            ("wall time, s", f"{took:.1f}", "-"),
            ("wall time a match, s", f"{took / max(1, len(paths)):.2f}", "-")]
    width = max(len(r[0]) for r in rows)
    print(f"{'figure':<{width}}  {'value':>8}  {'goal':>6}")
    for figure, value, goal in rows:
        print(f"{figure:<{width}}  {value:>8}  {goal:>6}")
    ok = done.returncode == 0 and refused == 0 and len(paths) == args.matches
    return 0 if ok and ends["full_time"] + ends["abandoned"] == len(paths) else 1


if __name__ == "__main__":
    sys.exit(main())

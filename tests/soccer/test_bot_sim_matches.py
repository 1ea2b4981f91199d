"""`soccerboard sim --ruleset soccer --speed 0` plays seeded bot matches (`--matches N`, one process: the daemon
with its embedded broker, the registry's bots) and the core refuses none of the bots' lines: each match's
journal, replayed, has every verdict ok and ends at full time after both halves.

SOCCERBOARD_SOCCER_SIM_MATCHES sets N: 20 in the suite, to keep its time down; 100 for the full check
(docs/soccer-bot.md)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from controller.replay import replay_lines

ROOT = Path(__file__).resolve().parents[2]
MATCHES = int(os.environ.get("SOCCERBOARD_SOCCER_SIM_MATCHES", "20"))
FIRST_SEED = 1


def test_sim_plays_seeded_matches_to_full_time_with_no_refused_bot_line(tmp_path):
    journals = tmp_path / "journals"
    done = subprocess.run([sys.executable, "-m", "controller.cli", "sim", "--ruleset", "soccer", "--speed", "0",
                           "--no-web", "--quiet", "--listen", "127.0.0.1", "--seed", str(FIRST_SEED),
                           "--matches", str(MATCHES), "--journal-dir", str(journals)],
                          capture_output=True, text=True, cwd=ROOT, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr and "refused" not in done.stdout, (done.stdout[-2000:], done.stderr)

    paths = sorted(journals.glob("*.jsonl"))
    assert len(paths) == MATCHES
    seeds = []
    for path in paths:
        lines = path.read_text().splitlines()
        header = json.loads(lines[0].split(" ", 2)[2])
        assert header["ruleset"] == "soccer"
        seeds.append(header["source"]["seed"])
        out = replay_lines(lines)                    # what `soccerboard replay JOURNAL` prints
        verdicts = [o for o in out if "line" in o]
        refused = [v for v in verdicts if not v["ok"]]
        assert len(verdicts) > 100 and not refused, (path.name, refused[:3])
        snap = out[-1]["snapshot"]
        assert snap["phase"] == "full_time" and snap["half"] == 2, (path.name, snap["phase"])
        assert sum(1 for o in out if o.get("event") == "half_time") == 1
    assert sorted(seeds) == list(range(FIRST_SEED, FIRST_SEED + MATCHES))

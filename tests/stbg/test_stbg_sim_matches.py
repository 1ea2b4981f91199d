"""`soccerboard sim --ruleset stbg --speed 0` plays whole seeded matches (two 15-minute periods, the default)
through the real daemon with its embedded broker, and the core refuses none of the bots' lines: each match's
journal, replayed, has every verdict ok and ends at full time. A bounded number here; benchmarks/stbg_sim_matches.py
plays a hundred."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from controller.replay import replay_lines

ROOT = Path(__file__).resolve().parents[2]
SEEDS = range(1, 6)


def test_sim_plays_five_seeded_full_length_matches_to_full_time_with_no_refused_bot_line(tmp_path):
    journals = tmp_path / "journals"
    done = subprocess.run([sys.executable, "-m", "controller.cli", "sim", "--ruleset", "stbg", "--speed", "0",
                           "--no-web", "--quiet", "--listen", "127.0.0.1", "--seed", str(SEEDS[0]),
                           "--matches", str(len(SEEDS)), "--journal-dir", str(journals)],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr and "refused" not in done.stdout, (done.stdout[-2000:], done.stderr)
    assert done.stdout.count("Full time") == len(SEEDS), done.stdout[-2000:]

    paths = sorted(journals.glob("*.jsonl"))
    assert len(paths) == len(SEEDS)
    for seed, path in zip(SEEDS, paths, strict=True):
        lines = path.read_text().splitlines()
        header = json.loads(lines[0].split(" ", 2)[2])
        assert header["ruleset"] == "stbg" and header["source"] == {"seed": seed}
        assert header["options"]["half_minutes"] == 15.0
        out = replay_lines(lines)                    # what `soccerboard replay JOURNAL` prints
        verdicts = [o for o in out if "line" in o]
        refused = [v for v in verdicts if not v["ok"]]
        assert len(verdicts) > 200 and not refused, (path.name, refused[:3])
        snap = out[-1]["snapshot"]
        assert snap["phase"] == "full_time" and snap["clock"]["period"] == 2, (path.name, snap["phase"])
        assert any(o.get("event") == "half_time" for o in out)

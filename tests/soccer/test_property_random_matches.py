"""Property test: seeded random matches of the Soccer!! bots to full time, with options drawn per match and the
rules' invariants checked after every accepted line (simulator/bench/soccer_matches.py: at most 11 of a team on
the pitch, at most 3 substitutions a team, at most 2 yellows a model, a half of at most 15 turns, the score
moving only with a `goal` event; no bot line refused), and journals replayed through `soccerboard replay` twice
to the same bytes and to the snapshot the live match ended with.

SOCCERBOARD_SOCCER_MATCHES sets the number of matches (default 1,000: about two and a half minutes of one core);
benchmarks/soccer_bot_matches.py plays them with the same checks and prints what they reached."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

from simulator.bench.soccer_matches import journal_of, play_checked

ROOT = Path(__file__).resolve().parents[2]
MATCHES = int(os.environ.get("SOCCERBOARD_SOCCER_MATCHES", "1000"))
JOURNAL_SEEDS = (0, 1, 2)        # these matches' journals are replayed


def test_random_bot_matches_keep_the_invariants_and_reach_full_time():
    totals = Counter[str]()
    lines = 0
    for seed in range(MATCHES):
        check, _ = play_checked(seed)
        totals.update(check.events)
        lines += check.lines
    # the bots reach the rules' corners, not only the middle of the pitch
    for event in ("goal", "pass", "header", "shot", "interception", "claim", "throw_in", "corner_kick",
                  "goal_kick", "direct_kick", "penalty_kick", "substitution", "yellow_card", "offside"):
        assert totals[event] > 0, (event, totals)
    assert lines > MATCHES * 100


def test_a_journal_replays_to_the_same_snapshot_twice_byte_for_byte(tmp_path):
    for seed in JOURNAL_SEEDS:
        lines, live = journal_of(seed)
        path = tmp_path / f"match-{seed}.jsonl"
        path.write_text("\n".join(lines) + "\n")
        runs = [subprocess.run([sys.executable, "-m", "controller.cli", "replay", str(path)], capture_output=True,
                               cwd=ROOT, timeout=120) for _ in range(2)]
        assert runs[0].returncode == 0, runs[0].stderr[-2000:]
        assert runs[0].stdout == runs[1].stdout, seed
        out = [json.loads(x) for x in runs[0].stdout.splitlines()]
        verdicts = [o for o in out if "line" in o]
        assert len(verdicts) == len(lines) and all(v["ok"] for v in verdicts), seed
        assert out[-1]["snapshot"] == live, seed

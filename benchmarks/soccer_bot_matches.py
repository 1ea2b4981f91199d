"""Soccer!!'s seeded bots over many matches (1,000 by default), every accepted line checked against the rules'
invariants as the property test checks them (simulator/bench/soccer_matches.py), with the wall time and what
the matches held. The property test plays 200 of them; this plays the full 1,000.

    .venv/bin/python benchmarks/soccer_bot_matches.py [--matches 1000] [--seed 0]

Prints a table: figure, value. Exits 1 if a bot line is refused or an invariant breaks.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

from simulator.bench.soccer_matches import play_checked

COUNTED = ("goal", "shot", "pass", "header", "interception", "claim", "foul", "yellow_card", "red_card",
           "throw_in", "corner_kick", "goal_kick", "direct_kick", "indirect_kick", "penalty_kick", "keeper_ball",
           "offside", "substitution", "dispute", "half_length")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    totals, lines, failed = Counter[str](), 0, []
    started = time.monotonic()
    for seed in range(args.seed, args.seed + args.matches):
        try:
            check, _ = play_checked(seed)
        except (AssertionError, RuntimeError) as e:
            failed.append(f"seed {seed}: {str(e)[:300]}")
            continue
        totals.update(check.events)
        lines += check.lines
    took = time.monotonic() - started
    rows = [("matches", str(args.matches)), ("failed (refused line or broken invariant)", str(len(failed))),
            ("lines entered", str(lines)), ("lines a match", f"{lines / max(1, args.matches):.0f}"),
            ("wall time, s", f"{took:.1f}"), ("lines per second (bot and engine)", f"{lines / took:.0f}"),
            *((f"{name} events", str(totals[name])) for name in COUNTED)]
    width = max(len(r[0]) for r in rows)
    for figure, value in rows:
        print(f"{figure:<{width}}  {value:>9}")
    for f in failed[:10]:
        print(f, file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

"""Engine speed: listing the legal moves after a roll, and actions per second over random matches.

Prints a table of medians with a baseline measured in the same run (a direct path walk without the
precomputed tables), so the ratio means something on a shared, noisy machine. Not a test.

    python benchmarks/bench_engine.py [--matches 20] [--repeat 7]
"""
from __future__ import annotations

import argparse
import sys
import time

from simulator.bench.engine import (
    matches_per_second,
    naive_destinations,
    per_position_median,
    positions_after_rolls,
    time_per_call,
    warm_tables,
)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--matches", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    warm_tables()
    warm = time.perf_counter() - t0
    games = positions_after_rolls(max(3, args.matches // 4))
    for gm in games:                                # sanity: the baseline agrees with the engine
        assert naive_destinations(gm) == gm.legal_pawn_moves()
    fast = time_per_call(lambda gm: gm.legal_pawn_moves(), games, args.repeat)
    fast_med = per_position_median(lambda gm: gm.legal_pawn_moves(), games)
    objects = time_per_call(lambda gm: gm.legal_actions(), games, args.repeat)
    naive = time_per_call(naive_destinations, games, max(3, args.repeat // 2))

    play, replay, copy, played = matches_per_second(args.matches)

    rows = [
        ("legal moves after a roll, all pawns (masks)", f"{fast:8.1f} us", f"median per position {fast_med:.1f} us"),
        ("legal actions after a roll (action objects)", f"{objects:8.1f} us", f"{objects / fast:.2f}x the masks"),
        ("baseline: walk every path square by square", f"{naive:8.1f} us",
         f"{naive / fast:.1f}x slower than the tables"),
        ("engine apply, replaying random matches", f"{replay:8.0f} /s",
         f"{played} actions, {args.matches} matches"),
        ("self-play incl. bot decisions and listing", f"{play:8.0f} /s", "median over matches"),
        ("baseline: copying the state once per action", f"{copy:8.0f} /s", ""),
        ("building all path tables (start-up, once)", f"{warm * 1000:8.0f} ms", ""),
    ]
    print(f"positions after a roll: {len(games)}; repeat {args.repeat}; Python {sys.version.split()[0]}")
    print(f"{'measure':<48} {'value':>12}   note")
    for name, value, note in rows:
        print(f"{name:<48} {value:>12}   {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

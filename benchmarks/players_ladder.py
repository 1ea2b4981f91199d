"""The computer players' ladder: seeded matches between each level and the one below, and level 5 against the
casual bot and level 1, on a game's engine (simulator/bench/players.py). Prints, per pair, wins, draws and
losses, the score (a draw half) with its 95% Wilson interval and the goals; per player the decision time
(median, p95, max); and the peak memory. Not a test: the claims about strength are made here, on hundreds of
matches.

    python benchmarks/players_ladder.py [--game stw|stbg] [--matches 200] [--jobs 1] [--quick] [--pairs 5:casual,2:1]
    [--half-minutes 5]
    (soccerboard bench --players runs the same)
"""
from __future__ import annotations

import argparse
import sys

from simulator.bench.players import LADDER, run


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="stw", help="stw (Soccer Tactics WORLD) or stbg (Soccer The Board Game)")
    ap.add_argument("--matches", type=int, default=200, help="matches a pair (colours alternate)")
    ap.add_argument("--jobs", type=int, default=1, help="processes playing the matches")
    ap.add_argument("--seed", type=int, default=0, help="the first match's seed")
    ap.add_argument("--quick", action="store_true", help="6 matches a pair")
    ap.add_argument("--pairs", help="only these pairs, e.g. 5:casual,2:1 (default: the whole ladder)")
    ap.add_argument("--half-minutes", type=float, help="halves of this many minutes (default: 10 for stw, 5 for stbg)")
    args = ap.parse_args(argv)
    pairs = [tuple(p.split(":", 1)) for p in args.pairs.split(",")] if args.pairs else LADDER
    run(args.game, args.matches, args.quick, args.jobs, pairs=pairs, seed=args.seed, half_minutes=args.half_minutes)
    return 0


if __name__ == "__main__":
    sys.exit(main())

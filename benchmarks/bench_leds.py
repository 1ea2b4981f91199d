"""LED planner speed: plan_leds + frame() for positions from random matches.

The tracker's budget is a settled frame to an accepted action plus a new LED frame in under
1 ms at the 99th percentile, so the planner must take a small part of that. Prints median and p99 per
kind of position, with baselines measured in the same run (building a blank frame; turning a ready
plan into a frame) so the ratios mean something on a shared, noisy machine. `--cpu` times with the process's CPU
time instead of the wall clock: other programs' load then moves the figures much less (compare versions so).
Not a test.

    python benchmarks/bench_leds.py [--matches 6] [--repeat 5] [--cpu]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time

from controller.leds import LedPlan, plan_leds
from simulator.bench.common import pct
from simulator.bench.leds import collect
from simulator.bench.leds import sample as wall_sample


def cpu_sample(fn, items, repeat: int) -> list[float]:
    """As simulator.bench.leds.sample, timed with the process's CPU time."""
    times = []
    for _ in range(repeat):
        for _, gm, view in items:
            gm._occ = None
            t0 = time.process_time()
            fn(gm, view)
            times.append((time.process_time() - t0) * 1e6)
    return times


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--matches", type=int, default=6)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--cpu", action="store_true", help="CPU time of this process instead of the wall clock")
    args = ap.parse_args(argv)
    sample = cpu_sample if args.cpu else wall_sample
    items = collect(args.matches)
    for _, gm, view in items[:200]:                 # warm the path tables and the code
        plan_leds(gm, view).frame()

    plans = {id(gm): plan_leds(gm, view) for _, gm, view in items}
    blank = sample(lambda gm, view: bytes(384), items, args.repeat)
    frame_only = sample(lambda gm, view: LedPlan(plans[id(gm)].meanings).frame(), items, args.repeat)
    full = sample(lambda gm, view: plan_leds(gm, view).frame(), items, args.repeat)

    rows = [("baseline: a blank 384-byte frame", blank), ("baseline: frame() of ready meanings", frame_only),
            ("plan_leds + frame(), all positions", full)]
    kinds = sorted({k for k, _, _ in items})
    for kind in kinds:
        sub = [it for it in items if it[0] == kind]
        rows.append((f"  {kind} ({len(sub)})", sample(lambda gm, view: plan_leds(gm, view).frame(), sub, args.repeat)))
    base = statistics.median(blank)
    print(f"positions: {len(items)} from {args.matches} matches; repeat {args.repeat}; "
          f"{'CPU time' if args.cpu else 'wall clock'}; Python {sys.version.split()[0]}")
    print(f"{'measure':<48} {'median us':>10} {'p99 us':>9} {'max us':>9} {'median / blank':>15}")
    for name, xs in rows:
        med = statistics.median(xs)
        print(f"{name:<48} {med:10.1f} {pct(xs, 0.99):9.1f} {max(xs):9.1f} {med / base:14.0f}x")
    p99 = pct(full, 0.99)
    print(f"budget: p99 {p99:.0f} us of the 1000 us settled-frame-to-action-plus-LEDs target ({p99 / 10:.0f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

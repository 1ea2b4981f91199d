"""Board tracking speed: a settled sensor frame to the accepted action and the new LED frame, and the
cost of an unchanged frame (the common case at 100 scans a second). Prints medians and p99 with a
baseline measured in the same run: applying the same action to the engine directly. Not a test.

    python benchmarks/bench_tracking.py [--matches 10]
"""
from __future__ import annotations

import argparse
import statistics
import sys

from simulator.bench.common import pct
from simulator.bench.engine import warm_tables
from simulator.bench.tracking import measure


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--matches", type=int, default=10)
    args = ap.parse_args(argv)
    warm_tables()
    settled, direct, unchanged, copy = measure(args.matches)
    print(f"moves measured: {len(settled)} over {args.matches} matches")
    print(f"{'measure':<56} {'median':>9} {'p99':>9}")
    rows = [("settled frame -> accepted action + LED frame", settled),
            ("baseline: engine.apply of the same action alone", direct),
            ("unchanged frame (tracker)", unchanged),
            ("baseline: copying a 128-byte frame", copy)]
    for name, xs in rows:
        print(f"{name:<56} {statistics.median(xs):7.1f}us {pct(xs, 0.99):7.1f}us")
    print(f"ratio settled/apply (median): {statistics.median(settled) / statistics.median(direct):.1f}x; "
          f"unchanged/copy: {statistics.median(unchanged) / statistics.median(copy):.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""`soccerboard bench [--quick] [--json FILE]`: every figure of benchmarks/ that runs from the installed package,
in one table beside its goal and as a ratio to a baseline measured in the same run."""
from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

from simulator.bench import bridge, daemon, engine, leds, players, tracking
from simulator.bench.common import Row, fmt, skipped

AREAS: list[Callable[[bool], list[Row]]] = [engine.figures, tracking.figures, leds.figures, bridge.figures,
                                            daemon.figures]
ELSEWHERE = [   # figures that need the checkout or tools this command does not assume
    ("daemon: resume after an unplug", "needs the e2e test's match of the checkout (run benchmarks/bench_resume.py)"),
    ("daemon: journal per idle hour, resume after a 120-minute match",
     "needs the checkout (run benchmarks/bench_resume.py --journal)"),
    ("spectator page: load, publish -> paint, CPU", "needs headless Chromium (run benchmarks/bench_dashboard.py)"),
    ("firmware on MicroPython", "needs the MicroPython unix port (run benchmarks/bench_firmware.py)"),
    ("Soccer The Board Game engine", "run benchmarks/bench_stbg.py"),
]


def run(quick: bool) -> list[Row]:
    rows: list[Row] = []
    for area in AREAS:
        rows += area(quick)
    rows += [skipped(name, why) for name, why in ELSEWHERE]
    return rows


def table(rows: list[Row]) -> str:
    out = [f"{'figure':<60} {'value':>10} {'unit':<8} {'goal':<20} {'baseline':>10} {'ratio':>8}  baseline is"]
    for r in rows:
        if r.value is None:
            out.append(f"{r.figure:<60} {'-':>10} {'':<8} {'':<20} {'-':>10} {'-':>8}  {r.note}")
            continue
        ratio = f"{r.ratio:.2f}x" if r.ratio is not None else "-"
        out.append(f"{r.figure:<60} {fmt(r.value):>10} {r.unit:<8} {r.goal:<20} {fmt(r.baseline):>10} {ratio:>8}  "
                   f"{r.baseline_what}")
    return "\n".join(out)


def main(args: argparse.Namespace) -> int:
    if args.players:
        players.run(args.game, args.matches, args.quick, args.jobs, half_minutes=args.half_minutes)
        return 0
    started = time.perf_counter()
    rows = run(args.quick)
    took = time.perf_counter() - started
    machine = f"{platform.machine()}, {platform.processor() or 'cpu'}, Python {platform.python_version()}"
    print(f"soccerboard bench{' --quick' if args.quick else ''}: {machine}; {took:.0f} s; ratio = value / baseline, "
          "both measured in this run (medians; p99 where named)")
    print(table(rows))
    if args.json:
        doc = {"quick": args.quick, "machine": machine, "seconds": took, "rows": [r.as_dict() for r in rows]}
        Path(args.json).write_text(json.dumps(doc, indent=1, allow_nan=False) + "\n")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add `bench` to the soccerboard command's subcommands."""
    p = sub.add_parser("bench", help="measure the engine, tracking, LEDs, bridge and daemon against baselines",
                       description="Every figure of benchmarks/ that runs from the installed package, each beside its "
                                   "goal and as a ratio to a baseline measured in the same run, so figures from "
                                   "different machines compare.")
    p.add_argument("--quick", action="store_true", help="small samples: under a minute (for CI)")
    p.add_argument("--json", metavar="FILE", help="also write the rows to FILE as JSON")
    p.add_argument("--players", action="store_true",
                   help="instead: the computer players' ladder (levels 1-5, the casual bot; --quick: 6 a pair)")
    p.add_argument("--game", default="stw", help="the ladder's game: stw or stbg")
    p.add_argument("--matches", type=int, default=200, help="the ladder's matches a pair")
    p.add_argument("--jobs", type=int, default=1, help="the ladder's processes")
    p.add_argument("--half-minutes", type=float,
                   help="the ladder's halves in minutes (default: 10 for stw, 5 for stbg)")
    p.set_defaults(handler=main)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(prog="bench")
    register(ap.add_subparsers())
    sys.exit(main(ap.parse_args(["bench", *sys.argv[1:]])))

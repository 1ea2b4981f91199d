"""Soccer!! engine speed: the lines of seeded bot matches (their journals) fed again to a fresh core, the lines
per second of the engine alone (the lines parsed beforehand; by the wall clock and by the process's CPU time, which a
shared machine's load disturbs less) and with parsing, and the snapshot's cost. Medians
of --repeat runs, so a noisy shared machine still gives a figure to compare. Not a test.

    .venv/bin/python benchmarks/bench_soccer.py [--matches 20] [--repeat 5]
"""
from __future__ import annotations

import argparse
import json
import statistics
import time

from controller.core import Core
from controller.games import get_ruleset
from controller.scenario import Line, parse_line, parse_obj
from simulator.bench.soccer_matches import journal_of


def feed_all(lines: list[Line]) -> int:
    core = Core(get_ruleset("soccer"))
    for line in lines:
        out = core.feed(line)
        assert out.verdict["ok"], out.verdict
    return len(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    journals = [journal_of(seed)[0] for seed in range(args.matches)]
    parsed = [[parse_obj(json.loads(text)) for text in lines] for lines in journals]
    n = sum(len(lines) for lines in journals)
    engine, engine_cpu, with_parse, snaps = [], [], [], []
    for _ in range(args.repeat):
        t, c = time.perf_counter(), time.process_time()
        for lines in parsed:
            feed_all(lines)
        engine.append(n / (time.perf_counter() - t))
        engine_cpu.append(n / (time.process_time() - c))
        t = time.perf_counter()
        for texts in journals:
            feed_all([line for text in texts if (line := parse_line(text)) is not None])
        with_parse.append(n / (time.perf_counter() - t))
        core = Core(get_ruleset("soccer"))
        for line in parsed[0]:
            core.feed(line)
        t = time.perf_counter()
        for _ in range(200):
            core.snapshot()
        snaps.append((time.perf_counter() - t) / 200 * 1e6)
    rows = [("matches (bot journals)", f"{args.matches}"), ("lines", f"{n}"),
            ("engine lines/s (median)", f"{statistics.median(engine):.0f}"),
            ("engine lines per CPU second (median)", f"{statistics.median(engine_cpu):.0f}"),
            ("parse + engine lines/s (median)", f"{statistics.median(with_parse):.0f}"),
            ("snapshot, us (median)", f"{statistics.median(snaps):.0f}")]
    width = max(len(r[0]) for r in rows)
    for figure, value in rows:
        print(f"{figure:<{width}}  {value:>9}")


if __name__ == "__main__":
    main()

"""The soak's full form: autoplayed matches through the whole stack with faults injected, and its figures.

    python benchmarks/soak.py [--matches 500] [--lanes 3] [--speed 0.01] [--faults survived|all|KIND,...]
                              [--faults-per-match 2] [--segments N] [--load]

Each match is `soccerboard sim` as a subprocess against a private Mosquitto, watched by a subscriber that checks
every seq; the faults (docs/reliability.md) come at random moments of play, the harness restarts the daemon as
systemd would, and each finished match's journal is replayed and compared with the uninterrupted run of its
seed. Prints matches completed, events published, lost, duplicated, wrong actions accepted, crashes, silent
divergences, and recovery p50/p99 per fault kind. --segments adds the serial lane: `soccerboard run` on the
serial backend refereeing segments of seeded matches played by an emulated board while the sensors glitch, the
wire corrupts and drops frames, the cable is pulled and the board reboots. --load adds the command
load figure. The harness is simulator/bench/soak; the test tests/reliability/test_soak.py runs it too
(SOCCERBOARD_SOAK_MATCHES and SOCCERBOARD_SOAK_SEGMENTS set its size).
"""
from __future__ import annotations

import argparse
import sys

from simulator.bench.soak.faults import FAULTS, SURVIVED
from simulator.bench.soak.load import command_load, load_table
from simulator.bench.soak.runner import Figures, run_soak
from simulator.bench.soak.serial_lane import run_serial_soak


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--matches", type=int, default=500)
    p.add_argument("--lanes", type=int, default=3, help="daemons (each with its own broker) playing at once")
    p.add_argument("--speed", type=float, default=0.01, help="seconds between the bots' inputs")
    p.add_argument("--faults", default="survived",
                   help="survived (the faults the daemon comes through), all, or kinds separated by commas: "
                        + ", ".join(FAULTS))
    p.add_argument("--faults-per-match", type=int, default=2)
    p.add_argument("--seed", type=int, default=1, help="the first match's seed (then seed+1, ...)")
    p.add_argument("--segments", type=int, default=0, help="serial lane segments (three serial faults each)")
    p.add_argument("--load", action="store_true", help="also measure the command load figure")
    args = p.parse_args(argv)
    kinds = SURVIVED if args.faults == "survived" else list(FAULTS) if args.faults == "all" \
        else args.faults.split(",")
    unknown = [k for k in kinds if k not in FAULTS]
    if unknown:
        p.error(f"unknown fault kinds: {', '.join(unknown)}")

    def progress(f: Figures) -> None:
        if f.matches % 50 == 0 and f.matches < args.matches:      # a long run shows its figures as it goes
            print(f"after {f.matches} of {args.matches} matches:\n{f.table()}\n", flush=True)

    runs = []
    if args.matches:
        runs.append(run_soak(args.matches, lanes=args.lanes, speed=args.speed, seed=args.seed,
                             faults_per_match=args.faults_per_match, kinds=kinds, progress=progress))
    if args.segments:
        runs.append(run_serial_soak(args.segments, seed=args.seed))
    for figures in runs:
        print(figures.table())
        for note in figures.notes[:40] + figures.fault_exits[:20] + figures.gap_notes[:20]:
            print("  " + note)
        print()
    if args.load:
        print()
        print(load_table(command_load()))
    bad = [f for f in runs if f.lost + f.duplicated + f.wrong_accepted + f.spurious_inputs + f.crashes
           + f.silent_divergence or f.completed != f.matches]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

"""The `soccerboard` command."""
from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="soccerboard", description="A live referee for a Soccer Tactics WORLD board.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="feed a scenario or journal to the referee and print verdicts, events and the final snapshot")
    p.add_argument("file", help="scenario file (JSON Lines), or - for standard input")
    p = sub.add_parser("sim", help="watch a simulated match refereed live (seeded bots play both teams)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--half-minutes", type=float, default=45.0)
    p.add_argument("--speed", type=float, default=0.0, help="seconds to wait between actions (0: as fast as possible)")
    p.add_argument("--quiet", action="store_true", help="print only goals, cards and the final score")
    sub.add_parser("schema", help="print the JSON Schema of the published snapshot")
    args = parser.parse_args(argv)
    if args.command == "replay":
        from .replay import run
        return run(args.file)
    if args.command == "sim":
        from simulator.autoplay import run_cli
        return run_cli(args)
    if args.command == "schema":
        import json
        from .rules.snapshot import Snapshot
        print(json.dumps(Snapshot.model_json_schema(), indent=2))
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())

"""The `soccerboard` command."""
from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["emulate-board"]:        # its own options: hand the rest over untouched
        from firmware_bridge.emulator import main as emulate
        return emulate(argv[1:])
    if argv[:1] == ["render"]:
        from .render import render_main
        return render_main(argv[1:])
    from .daemon.main import add_daemon_commands, add_sim_options, dispatch
    parser = argparse.ArgumentParser(prog="soccerboard",
                                     description="A live referee for a Soccer Tactics WORLD board.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="feed a scenario or journal to the referee and print verdicts, events and the "
                                      "final snapshot")
    p.add_argument("file", help="scenario file (JSON Lines), or - for standard input")
    p.add_argument("--leds", action="store_true", help="also print the LED frame after each input that changes it")
    sub.add_parser("render", help="draw a scenario's final position or a snapshot as SVG or PNG (see its --help)")
    p = sub.add_parser("sim", help="the daemon on a simulated board with an embedded broker; seeded bots play a "
                                   "live match")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--half-minutes", type=float, default=45.0)
    p.add_argument("--speed", type=float, default=0.25, help="seconds between inputs (0: as fast as possible)")
    p.add_argument("--quiet", action="store_true", help="print only goals, cards and the final score")
    add_sim_options(p)
    sub.add_parser("schema", help="print the JSON Schema of the published snapshot")
    sub.add_parser("emulate-board", help="a board on a pseudo-terminal speaking the bridge protocol (see its --help)")
    add_daemon_commands(sub)
    args = parser.parse_args(argv)
    if args.command == "replay":
        from .replay import run
        return run(args.file, leds=args.leds)
    if args.command == "schema":
        import json

        from .rules.snapshot import Snapshot
        print(json.dumps(Snapshot.model_json_schema(), indent=2))
        return 0
    result = dispatch(args)
    return 2 if result is None else result


if __name__ == "__main__":
    sys.exit(main())

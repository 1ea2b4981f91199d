"""The `soccerboard` command.

Its own subcommands are defined here and in controller/daemon/main.py. Packages layered above the
controller (the simulator's `sim` and `emulate-board`) add theirs through the `soccerboard.commands`
entry points that pyproject.toml declares, so the controller never imports them; their modules are
loaded only when one of them, or the help, is asked for.
"""
from __future__ import annotations

import argparse
import sys
from types import ModuleType

COMMAND_PLUGINS = "soccerboard.commands"    # entry point group: a callable that adds one subparser


def _add_plugin_commands(sub: argparse._SubParsersAction) -> None:
    """Let each installed command plugin add its subparser (it sets `handler` as its default)."""
    from importlib.metadata import PackageNotFoundError, distribution
    try:
        entry_points = distribution("soccerboard").entry_points
    except PackageNotFoundError:      # run from a checkout that was never installed: built-in commands only
        return
    for entry_point in entry_points:
        if entry_point.group == COMMAND_PLUGINS:
            entry_point.load()(sub)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["render"]:
        from .render import render_main
        return render_main(argv[1:])
    daemon: ModuleType | None = None
    try:
        from .daemon import main as daemon
    except ImportError as e:          # installed without the daemon extra: the engine's commands only
        missing = e.name
    if daemon is None and argv[:1] and argv[0] not in ("replay", "render", "schema", "-h", "--help"):
        print(f"soccerboard {argv[0]}: needs the daemon extra ({missing} is not installed): "
              "pip install 'soccerboard[daemon]'", file=sys.stderr)
        return 2
    parser = argparse.ArgumentParser(
        prog="soccerboard", description="A live referee for a Soccer Tactics WORLD board.",
        epilog=None if daemon else f"The daemon's commands need the daemon extra ({missing} is not installed): "
                                   "pip install 'soccerboard[daemon]'.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="feed a scenario or journal to the referee and print verdicts, events and the "
                                      "final snapshot")
    p.add_argument("file", help="scenario file (JSON Lines), or - for standard input")
    p.add_argument("--leds", action="store_true", help="also print the LED frame after each input that changes it")
    sub.add_parser("render", help="draw a scenario's final position or a snapshot as SVG or PNG (see its --help)")
    sub.add_parser("schema", help="print the JSON Schema of the published snapshot")
    if daemon is not None:
        daemon.add_daemon_commands(sub)
        if not argv[:1] or argv[0] not in sub.choices:
            _add_plugin_commands(sub)       # the simulator's commands need the daemon too
    args = parser.parse_args(argv)
    if args.command == "replay":
        from .replay import run
        return run(args.file, leds=args.leds)
    if args.command == "schema":
        import json

        from .rules.snapshot import Snapshot
        print(json.dumps(Snapshot.model_json_schema(), indent=2))
        return 0
    if hasattr(args, "handler"):
        return int(args.handler(args))
    result = daemon.dispatch(args) if daemon is not None else None
    return 2 if result is None else result


if __name__ == "__main__":
    sys.exit(main())

"""The `soccerboard` command.

Its own subcommands are defined here and in controller/daemon/main.py. Packages layered above the
controller (the simulator's `sim` and `emulate-board`) add theirs through the `soccerboard.commands`
entry points that pyproject.toml declares, so the controller never imports them; their modules are
loaded only when one of them, or the help, is asked for.

Every command answers the same way (docs/daemon.md, "Exit status"): 0 when all went well, 1 when an input
was rejected or a check failed, 2 for a usage or configuration error, 130 after Ctrl-C. An error is one
line on standard error, `soccerboard <command>: what went wrong (what to do)`, never a traceback unless
the command was given `-v`; a reader that closes the output pipe (`| head`) ends the command quietly.
"""
from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Iterator
from types import ModuleType

from .commandline import INTERRUPTED, OK, REJECTED, USAGE, Parser, quiet_stdout
from .i18n.languages import choose
from .i18n.translate import LANGUAGES

COMMAND_PLUGINS = "soccerboard.commands"    # entry point group: a callable that adds one subparser


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed
    try:
        return installed("soccerboard")
    except PackageNotFoundError:
        return "unknown (not installed: pip install .)"


def _add_plugin_commands(sub: argparse._SubParsersAction, command: str | None = None) -> None:
    """Let each installed command plugin add its subparser (it sets `handler` as its default); only the one
    named `command` when a plugin is named so (each plugin's modules cost start-up time: `sim` starts without
    loading the benchmarks)."""
    from importlib.metadata import PackageNotFoundError, distribution
    try:
        entry_points = distribution("soccerboard").entry_points
    except PackageNotFoundError:      # run from a checkout that was never installed: built-in commands only
        return
    plugins = [e for e in entry_points if e.group == COMMAND_PLUGINS]
    if any(e.name == command for e in plugins):
        plugins = [e for e in plugins if e.name == command]
    for entry_point in plugins:
        entry_point.load()(sub)


def build_parser(argv: list[str] | None = None) -> tuple[Parser, ModuleType | None]:
    """The command's parser (every command when argv names none) and the daemon module, if installed."""
    argv = argv or []
    daemon: ModuleType | None = None
    missing = None
    try:
        from .daemon import main as daemon
    except ImportError as e:          # installed without the daemon extra: the engine's commands only
        missing = e.name
    parser = Parser(
        prog="soccerboard", description="A live referee for soccer board games on a sensed board.",
        epilog=("Exit status: 0 ok, 1 rejected input or failed check, 2 usage or configuration error, "
                "130 stopped by Ctrl-C. `soccerboard COMMAND --help` tells more." if daemon else
                f"The daemon's commands need the daemon extra ({missing} is not installed): "
                "pip install 'soccerboard[daemon]'."))
    parser.add_argument("--version", action="version", version=f"soccerboard {version()}",
                        help="show program's version number and exit")
    parser.add_argument("--lang", choices=LANGUAGES, help="the language people's words are in, anywhere on the line "
                                                          "(default: the locale; docs/languages.md)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = sub.add_parser("replay", help="feed a scenario or journal to the referee and print verdicts, events and the "
                                      "final snapshot")
    p.add_argument("file", help="scenario file (JSON Lines), or - for standard input")
    p.add_argument("--leds", action="store_true", help="also print the LED frame after each input that changes it")
    p.add_argument("--format", choices=("json", "text"), default="json",
                   help="json: one JSON line per output (docs/board.md section 6); text: the refused inputs and "
                        "the match story in words, then the result")
    p.add_argument("-v", "--verbose", action="store_true", help="show a traceback when something fails")
    sub.add_parser("render", help="draw a scenario's final position or a snapshot as SVG or PNG (see its --help)",
                   add_help=False)
    p = sub.add_parser("schema", help="print the JSON Schema of the published snapshot")
    p.add_argument("--game", metavar="NAME", default=None,
                   help="the game whose snapshot it is (default: the game played when none is named)")
    p.add_argument("-v", "--verbose", action="store_true", help="show a traceback when something fails")
    if daemon is not None:
        daemon.add_daemon_commands(sub)
        from .watch import add_watch_command
        add_watch_command(sub)
        if not argv[:1] or argv[0] not in sub.choices:
            _add_plugin_commands(sub, argv[0] if argv else None)   # the simulator's commands need the daemon too
    return parser, daemon


def commands() -> Iterator[tuple[str, str]]:
    """(name, one-line help) of every command, as `soccerboard --help` lists them (the README's table)."""
    parser, _ = build_parser()
    for action in parser._subparsers._group_actions if parser._subparsers else []:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                yield choice.dest, choice.help or ""


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    argv, lang = take_lang(argv)
    choose(lang)
    verbose = bool({"-v", "--verbose"} & set(argv))
    # The daemon's start-up allocates a few hundred thousand long-lived objects (modules, models, path tables):
    # the collector would walk them again and again for nothing. It is off until the daemon is ready, which
    # turns it back on with those objects frozen out of its sight (controller/daemon/main.py settle_memory).
    quiet_start = argv[:1] in (["run"], ["sim"]) and gc.isenabled()
    if quiet_start:
        gc.disable()
    try:
        return _main(argv)
    except BrokenPipeError:               # the reader went away (| head): nothing left to say
        quiet_stdout()
        return OK
    except KeyboardInterrupt:
        print(f"soccerboard {argv[0] if argv else ''}: interrupted".replace("  ", " "), file=sys.stderr)
        return INTERRUPTED
    except Exception as e:                # a bug: one line, and the traceback with -v
        if verbose:
            raise
        if _config_error(e):              # a configuration found wanting late (a password file): status 2
            from .i18n.translate import error_text
            print(f"soccerboard {argv[0] if argv else ''}: {error_text(e)}", file=sys.stderr)
            return USAGE
        print(f"soccerboard {argv[0] if argv else ''}: failed: {type(e).__name__}: {e} "
              "(run it again with -v for the traceback, and report it)", file=sys.stderr)
        return REJECTED
    finally:
        if quiet_start:
            gc.enable()


def take_lang(argv: list[str]) -> tuple[list[str], str | None]:
    """`--lang en|it` (or `--lang=it`) anywhere on the command line, for every command alike: the words people
    read (the console, report, doctor, errors) in that language; machine output (replay's JSON) stays English."""
    rest, lang = [], None
    it = iter(argv)
    for arg in it:
        if arg == "--":
            rest += [arg, *it]
        elif arg == "--lang":
            lang = next(it, "")
        elif arg.startswith("--lang="):
            lang = arg.partition("=")[2]
        else:
            rest.append(arg)
    return rest, lang


def _config_error(e: Exception) -> bool:
    try:
        from .daemon.operations.config import ConfigError
    except ImportError:
        return False
    return isinstance(e, ConfigError)


def _main(argv: list[str]) -> int:
    if argv[:1] == ["render"]:
        from .render import render_main
        return render_main(argv[1:])
    parser, daemon = build_parser(argv)
    if daemon is None and argv[:1] and argv[0] not in ("replay", "render", "schema", "-h", "--help", "--version"):
        try:
            from .daemon import main as _  # noqa: F401
        except ImportError as e:
            missing = e.name
        print(f"soccerboard {argv[0]}: needs the daemon extra ({missing} is not installed): "
              "pip install 'soccerboard[daemon]'", file=sys.stderr)
        return USAGE
    args = parser.parse_args(argv)
    if args.command == "replay":
        from .replay import run
        return run(args.file, leds=args.leds, fmt=args.format)
    if args.command == "schema":
        return _schema(args.game)
    if hasattr(args, "handler"):
        return int(args.handler(args))
    result = daemon.dispatch(args) if daemon is not None else None
    return USAGE if result is None else result


def _schema(name: str | None) -> int:
    """The JSON Schema of a game's snapshot (GameInfo.snapshot_model), as its package's snapshot.schema.json has it."""
    import json

    from .games import UnknownGame, default, info
    try:
        game = default() if name is None else info(name)
    except UnknownGame as e:
        print(f"soccerboard schema: --game: {e}", file=sys.stderr)
        return USAGE
    if game.snapshot_model is None:
        print(f"soccerboard schema: the game {game.name} publishes no snapshot schema", file=sys.stderr)
        return REJECTED
    print(json.dumps(game.snapshot_model().model_json_schema(), indent=2))
    return OK


if __name__ == "__main__":
    sys.exit(main())

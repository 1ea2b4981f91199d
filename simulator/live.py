"""`soccerboard sim`: the real daemon on a simulated board, with an embedded broker and the spectator page.

Seeded bots play both teams, or one team against a person in the browser, or people play both; the daemon,
core, journal, publisher and page are the real ones, only the board and the players are simulated. The
command joins the `soccerboard` CLI through the `soccerboard.commands` entry point (pyproject.toml).
"""
from __future__ import annotations

import argparse
import ipaddress
import shlex
import socket
import sys
import tempfile
from typing import TYPE_CHECKING, TextIO

from pydantic import ValidationError

from controller import games as registry
from controller.commandline import at_least_one, not_negative, port, positive
from controller.daemon.coach_desk import CoachDesk
from controller.daemon.computer_seat import ComputerSeat
from controller.daemon.inputs.sources import LineSource, ScenarioSource
from controller.daemon.main import (
    FAILED,
    INTERRUPTED,
    Console,
    StopSignals,
    journal_refused,
    make_publisher,
    mask_url,
    serve,
    settings_from,
    setup_logging,
    storyteller,
)
from controller.daemon.match_seat import level_argument
from controller.daemon.operations.config import ConfigError, Settings, file_problems
from controller.daemon.outputs.broker import EmbeddedBroker, free_port
from controller.daemon.outputs.observer_thread import ObserverThread
from controller.daemon.service import Daemon
from controller.i18n import N_, Say, say, translate
from controller.scenario import BadInput, Setup, parse_line
from controller.web.server import WebServer
from hal.backends import open_hardware

if TYPE_CHECKING:
    from simulator.players import BotOpponent



class GameDefault(float):
    """An option's default that is the default game's: not given, each game takes its own
    (`GameInfo.half_minutes`)."""


_OR = N_("or")


def _listed(items: list[str], conjunction: Say = _OR) -> str:
    """'a', 'a or b', 'a, b or c', the conjunction in the command line's language."""
    joint = f" {translate.text(conjunction)} "
    return joint.join(filter(None, (", ".join(items[:-1]), items[-1]))) if items else ""


def register(sub: argparse._SubParsersAction) -> None:
    """Add `sim` to the soccerboard command's subcommands."""
    p = sub.add_parser("sim", help="the daemon on a simulated board with an embedded broker; seeded bots play a "
                                   "live match",
                       description="The real daemon on a simulated board, with an embedded MQTT broker and the "
                                   "spectator page; seeded bots play both teams (or one: --human; none: --manual). "
                                   "Ctrl-C stops it and says how to resume the match from its journal.")
    p.add_argument("--seed", type=int, default=1, help="the bots' seed: the same seed plays the same match")
    games = [registry.info(name) for name in registry.names()]
    without = [game.title for game in games if not game.extra_time]
    p.add_argument("--ruleset", choices=registry.names(), default=None,
                   help=say("the game: {games} (default: the config's [game] ruleset, else {game})",
                            games=_listed([f"{game.name} ({game.title})" for game in games]),
                            game=registry.default().name))
    p.add_argument("--half-minutes", type=positive, default=GameDefault(registry.default().half_minutes or 0.0),
                   metavar="MIN",
                   help=say("length of each half, match minutes (unless given, each game's own: {minutes})",
                            minutes=_listed([translate.text(say("{minutes:g} for {game}", minutes=g.half_minutes,
                                                                game=g.title)) for g in games if g.half_minutes],
                                            N_("and"))))
    p.add_argument("--extra-time-minutes", type=not_negative, default=None, metavar="MIN",
                   help=(say("length of each extra-time half after a draw (default 15; 0: straight to the penalty "
                             "shoot-out)") if not without else
                         say("length of each extra-time half after a draw (default 15; 0: straight to the penalty "
                             "shoot-out; {games} has no extra time)", games=without[0]) if len(without) == 1 else
                         say("length of each extra-time half after a draw (default 15; 0: straight to the penalty "
                             "shoot-out; {games} have no extra time)", games=_listed(without, N_("and")))))
    p.add_argument("--speed", type=not_negative, default=0.25, metavar="S",
                   help="seconds between inputs (0: as fast as possible)")
    p.add_argument("--quiet", action="store_true", help="print only goals, cards (yellow and red) and the result")
    add_sim_options(p)
    p.set_defaults(handler=sim_command)


class SimError(Exception):
    """An option that cannot work, found before anything starts: one line, exit status 2."""


def check_scenario(path: str) -> None:
    """A scenario file must be readable and hold scenario lines (docs/board.md section 5), one a set-up."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            texts = f.read().splitlines()
    except OSError as e:
        raise SimError(f"--scenario {path}: cannot read it: {e.strerror} (give a scenario file, JSON Lines)") from None
    lines = 0
    for number, text in enumerate(texts, start=1):
        try:
            line = parse_line(text)
        except BadInput as e:
            raise SimError(f"--scenario {path}: line {number} is not a scenario line ({e}); scenario lines are "
                           "JSON objects, docs/board.md section 5") from None
        if line is None:
            continue
        if not lines and not isinstance(line, Setup):
            raise SimError(f"--scenario {path}: line {number} must be a set-up line ({{\"type\": \"setup\", ...}}) "
                           "to start the match")
        lines += 1
    if not lines:
        raise SimError(f"--scenario {path}: no scenario line in it (a set-up line first, docs/board.md section 5)")


def match_options(args, settings: Settings) -> dict:
    """The match options: the config's, with this command's lengths; checked here, before anything starts."""
    game = registry.info(settings.game.ruleset)
    given = args.half_minutes is not None and not isinstance(args.half_minutes, GameDefault)
    options = dict(settings.game.options)
    if game.half_minutes is None:
        if given:
            raise SimError(f"--half-minutes: {game.title} has no halves")
    else:
        options["half_minutes"] = float(args.half_minutes) if given else game.half_minutes
    if game.players is None and not (args.scenario or args.manual):
        raise SimError(f"{game.title} has no computer players: play it with --manual or --scenario FILE")
    if not game.extra_time:
        if args.extra_time_minutes is not None:
            raise SimError(f"--extra-time-minutes: {game.title} has no extra time (a draw stands)")
    else:
        options["extra_time_minutes"] = 15.0 if args.extra_time_minutes is None else args.extra_time_minutes
    try:
        game.make_ruleset(options)      # the played game's modules only: a faster start
    except ValidationError as e:
        problems = "; ".join(f"{'.'.join(map(str, err['loc']))}: {err['msg']}" for err in e.errors())
        raise SimError(f"the match options are not valid: {problems} (check [game] options in the config)") from None
    return options


def resume_command(journal_dir: str, argv: list[str]) -> str:
    """The command that resumes the match: the same options, with the journal folder it left."""
    out, skip = [], False
    for arg in argv:
        if skip:
            skip = False
            continue
        if arg == "--journal-dir":
            skip = True
            continue
        if arg.startswith("--journal-dir="):
            continue
        out.append(arg)
    return shlex.join(["soccerboard", *out, "--journal-dir", journal_dir])


def sim_command(args) -> int:
    setup_logging(args.verbose, quiet=True)
    overrides = {}
    if args.board_id:
        overrides["board_id"] = args.board_id
    try:
        if args.scenario:
            check_scenario(args.scenario)
        if args.journal_dir:
            overrides["journal__dir"] = args.journal_dir
        if args.ruleset:
            overrides["game__ruleset"] = args.ruleset
        if args.kickoff:
            overrides["game__kickoff"] = args.kickoff
        if args.computer:
            if args.human is not None or args.manual:
                raise SimError("--computer plays one team against a person: not with --human or --manual")
            overrides["match__computer"] = args.computer
        elif args.manual:
            overrides["match__computer"] = "none"      # people play both teams; the seat gives hints only
        if args.level is not None:
            overrides["match__level"] = args.level
        settings = settings_from(args.config, **overrides)
        options = match_options(args, settings)
        if not args.journal_dir and not args.config:
            settings = settings_from(None, **overrides, journal__dir=tempfile.mkdtemp(prefix="soccerboard-sim-"))
        found = file_problems(settings, args.config, journal=False)     # a password file it cannot read
        if found:
            raise ConfigError("\n".join(found))
    except (ConfigError, SimError) as e:
        print(f"soccerboard sim: {translate.error_text(e)}", file=sys.stderr)
        return 2
    if journal_refused(settings, "sim"):
        return FAILED
    settings.game.options = options
    # a person plays: time is the wall clock, as on a board
    people = args.manual or args.human is not None or args.computer is not None
    hardware = open_hardware({"backend": "sim", "clock": "wall" if people else "sim"})
    broker = web = None
    url = args.broker
    signals = StopSignals()       # taken before anything answers: a stop from then on is the clean one
    console: ObserverThread | None = None
    daemon: Daemon | None = None
    try:
        if not url:
            try:
                broker = EmbeddedBroker(host=args.listen).start()
            except OSError as e:
                _tell(say("soccerboard sim: cannot start the embedded broker on {listen}: {why} (give another "
                          "--listen address, or --broker URL)", listen=args.listen, why=e.strerror or e), sys.stderr)
                return 2
            url = broker.url
            warning = lan_warning(args.listen, broker.port, broker.ws_port)
            if warning:
                print(warning, file=sys.stderr, flush=True)
        daemon = Daemon(settings, hardware, board_follows_game=True, tick=0.1 if people else 0.05,
                        auto_setup=people, sim_mode=True)
        teller = storyteller(daemon)
        pub = make_publisher(settings, daemon, url, teller=teller)
        if not args.no_web:
            web = _start_web(args, settings, broker, daemon)
        source: LineSource | BotOpponent | ComputerSeat | None = None

        def backlog() -> int:   # at full speed, wait for MQTT too (while it is up), or the outbox grows
            return daemon.inputs.qsize() + (pub.backlog() if pub.connected.is_set() else 0)
        # A few dozen outputs on their way keep the broker busy; thousands only raise the peak memory (the
        # outbox and paho's queue hold every payload) that the process then keeps for the rest of its life.
        kw = {"speed": args.speed, "backlog": backlog, "on_end": daemon.end_of_source, "max_backlog": 64}
        if args.scenario:
            source = ScenarioSource(args.scenario, daemon.put, **kw)
        elif args.human is not None:
            from simulator.players import BotOpponent  # the bots' modules only when a bot plays: a faster start
            source = BotOpponent("blue" if args.human == "red" else "red", args.seed, daemon.put,
                                 ruleset=settings.game.ruleset).attach(daemon)
        elif args.computer is not None or args.manual:    # the computer's seat (none with --manual), and hints
            source = ComputerSeat(daemon, seed=args.seed, think=1.0, hands=False).attach()
        else:
            from simulator.players import AutoplaySource
            source = AutoplaySource(args.seed, options, daemon.put, matches=args.matches,
                                    ruleset=settings.game.ruleset, **kw)
        # said once the players are seated: a person (or a test) who opens the page finds the match under way
        if web is not None:
            query = f"?board={settings.board_id}" + ("&sim=1" if people else "")
            for page in _page_urls(web, args.listen):
                _tell(say("open     {url}", url=page + query))
        _tell(say("broker   {url}   (websockets {ws})", url=mask_url(url), ws=broker.ws_url) if broker
              else say("broker   {url}", url=mask_url(url)))
        _tell(say("journal  {folder}", folder=settings.journal.dir))
        console = ObserverThread(Console(args.quiet, teller))    # a stuck terminal stops no answer
        daemon.observers.append(console)
        finite = source is not None and not people
        status = serve(daemon, source, stop_when_done=finite and not args.stay, signals=signals)
        console.close()
        if status == INTERRUPTED:
            _tell_resume(daemon, settings, args)
        return status
    finally:
        if console is not None:
            console.close()
        if web is not None:
            web.stop()
        if broker is not None:
            broker.stop()
        hardware.close()


def _tell_resume(daemon: Daemon, settings: Settings, args) -> None:
    """After Ctrl-C: where the journal is, and the command that goes on with the match."""
    journal = daemon.journal_path
    if journal is None:
        _tell(say("stopped; journals are in {folder}", folder=settings.journal.dir), sys.stderr)
        return
    _tell(say("stopped; the unfinished match is kept in {journal}", journal=journal), sys.stderr)
    folder = shlex.quote(str(settings.journal.dir))
    if args.human is None and not args.manual and args.computer is None:
        command = resume_command(str(settings.journal.dir), sys.argv[1:])
    else:
        command = f"soccerboard sim --journal-dir {folder} ..."
    _tell(say("resume it with: {command}", command=command), sys.stderr)
    _tell(say("its report: {command}", command="soccerboard report " + folder), sys.stderr)


def _tell(sentence: Say, to: TextIO | None = None) -> None:
    """A line of the simulator's own, in the language in use (--lang or the locale)."""
    print(translate.text(sentence), file=to or sys.stdout, flush=True)


def _start_web(args, settings: Settings, broker, daemon: Daemon):
    """The spectator page and simulator, told where the broker's WebSocket listener is, with the coaches' path
    as `run` has it (docs/coach.md): a game with TeamLines is entered and read from the coaches' phones here too."""
    config: dict = {"prefix": settings.base.rsplit("/", 1)[0], "board": settings.board_id, "sim": True}
    if args.ws_url:
        config["ws_url"] = args.ws_url
    elif broker is not None:
        config["ws_port"] = broker.ws_port
    coach = CoachDesk(daemon, settings.journal.dir)      # made before the daemon starts: it follows its match
    return WebServer(args.listen, free_port(args.http_port, args.listen), config, coach=coach).start()


def lan_warning(listen: str, port: int, ws_port: int) -> str | None:
    """What the embedded broker exposes when it listens beyond this machine, or None on a loopback address.

    The broker takes anonymous clients and lets them publish (the browser simulator plays through it), so on
    the LAN anyone can send inputs: move tokens, roll, start a new game. That is what a club evening with
    phones and tablets around one match wants, so it stays open, and the player is told so."""
    try:
        local = all(ipaddress.ip_address(info[4][0]).is_loopback
                    for info in socket.getaddrinfo(listen or None, None, proto=socket.IPPROTO_TCP))
    except (OSError, ValueError):
        local = False
    if local and listen not in ("", "0.0.0.0", "::"):
        return None
    return (f"warning: the embedded broker listens on {listen or '0.0.0.0'} (MQTT port {port}, websockets "
            f"{ws_port}) for anonymous clients: anyone on the network can watch the match and send inputs "
            "(move tokens, roll, press buttons, start a new game). Use --listen 127.0.0.1 to keep it on this "
            "machine; a board with its own Mosquitto (deploy/) takes only its own accounts' inputs.")


def _page_urls(web, listen: str) -> list[str]:
    """Where to open the page: this machine, and the LAN addresses when listening on all of them."""
    if listen not in ("0.0.0.0", "::", ""):
        return [f"http://{_host(listen)}:{web.port}/"]
    urls = [f"http://127.0.0.1:{web.port}/"]
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for addr in sorted({str(info[4][0]) for info in infos}):      # AF_INET: (host, port)
        if not addr.startswith("127."):
            urls.append(f"http://{addr}:{web.port}/")
    return urls


def _host(addr: str) -> str:
    return f"[{addr}]" if ":" in addr else addr




def add_sim_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--broker", metavar="URL",
                   help="publish to this broker (mqtt://user:pass@host:port) instead of an embedded one")
    p.add_argument("--scenario", metavar="FILE", help="drive the board with this scenario file instead of the bots")
    p.add_argument("--autoplay", action="store_true", help="seeded bots play both teams (the default)")
    p.add_argument("--manual", action="store_true",
                   help="no bots: a standard set-up, then people play both teams in the browser (wall-clock time)")
    p.add_argument("--human", choices=("red", "blue"),
                   help="a person plays this team in the browser, a seeded bot the other (wall-clock time)")
    p.add_argument("--computer", choices=("red", "blue"),
                   help="the searching computer plays this team, a person the other in the browser (wall-clock "
                        "time); the page's hint button works with --computer and --manual")
    p.add_argument("--level", type=level_argument, metavar="1-5",
                   help="the computer's level, 1 (casual) to 5 (strongest); default: the config's [match] level")
    p.add_argument("--kickoff", choices=("red", "blue"),
                   help="the team that kicks off the match people play (--manual, --human); default: the config's "
                        "[game] kickoff, else as the game decides (a roll-off; a game played at a table asks for it)")
    p.add_argument("--listen", default="127.0.0.1", metavar="ADDR",
                   help="address of the embedded broker and the web page (0.0.0.0: the whole LAN, where anyone "
                        "can watch and send inputs; sim warns so)")
    p.add_argument("--http-port", type=port, default=8080, metavar="PORT",
                   help="web page port (another free one if taken; 0: any free port)")
    p.add_argument("--ws-url", metavar="URL", help="the broker's WebSocket URL for the page, with --broker "
                                                   "(default: port 9001 of the page's host)")
    p.add_argument("--no-web", action="store_true", help="do not serve the web page")
    p.add_argument("--matches", type=at_least_one, default=1, metavar="N",
                   help="autoplay this many matches (seeds seed, seed+1, ...)")
    p.add_argument("--journal-dir", metavar="DIR",
                   help="where journals go; an unfinished match there is resumed (default: a fresh temporary "
                        "directory)")
    p.add_argument("--board-id", metavar="ID", help="the board's name in MQTT topics, soccerboard/<ID>/... "
                                                    "(default: the config's, board1)")
    p.add_argument("--config", metavar="FILE", help="TOML file for MQTT credentials, board id and options")
    p.add_argument("--stay", action="store_true", help="keep serving the final state after the match")
    p.add_argument("-v", "--verbose", action="store_true", help="log what the daemon does, and show tracebacks")

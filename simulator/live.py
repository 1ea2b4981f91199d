"""`soccerboard sim`: the real daemon on a simulated board, with an embedded broker and the spectator page.

Seeded bots play both teams, or one team against a person in the browser, or people play both; the daemon,
core, journal, publisher and page are the real ones, only the board and the players are simulated. The
command joins the `soccerboard` CLI through the `soccerboard.commands` entry point (pyproject.toml).
"""
from __future__ import annotations

import argparse
import socket
import sys
import tempfile

from controller.daemon.broker import EmbeddedBroker, free_port
from controller.daemon.config import ConfigError, Settings
from controller.daemon.main import make_publisher, serve, settings_from, setup_logging, terminal_view
from controller.daemon.service import Daemon
from controller.daemon.sources import LineSource, ScenarioSource
from controller.web.server import WebServer
from hal.backends import open_hardware
from simulator.players import AutoplaySource, BotOpponent


def register(sub: argparse._SubParsersAction) -> None:
    """Add `sim` to the soccerboard command's subcommands."""
    p = sub.add_parser("sim", help="the daemon on a simulated board with an embedded broker; seeded bots play a "
                                   "live match")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--half-minutes", type=float, default=45.0)
    p.add_argument("--speed", type=float, default=0.25, help="seconds between inputs (0: as fast as possible)")
    p.add_argument("--quiet", action="store_true", help="print only goals, cards and the final score")
    add_sim_options(p)
    p.set_defaults(handler=sim_command)


def sim_command(args) -> int:
    setup_logging(args.verbose, quiet=True)
    overrides = {}
    if args.journal_dir:
        overrides["journal__dir"] = args.journal_dir
    elif not args.config:
        overrides["journal__dir"] = tempfile.mkdtemp(prefix="soccerboard-sim-")
    if args.board_id:
        overrides["board_id"] = args.board_id
    try:
        settings = settings_from(args.config, **overrides)
    except ConfigError as e:
        print(f"soccerboard sim: {e}", file=sys.stderr)
        return 2
    options = {**settings.game.options, "half_minutes": args.half_minutes}
    settings.game.options = options
    people = args.manual or args.human is not None    # a person plays: time is the wall clock, as on a board
    hardware = open_hardware({"backend": "sim", "clock": "wall" if people else "sim"})
    broker = web = None
    url = args.broker
    try:
        if not url:
            broker = EmbeddedBroker(host=args.listen).start()
            url = broker.url
        daemon = Daemon(settings, hardware, board_follows_game=True, tick=0.1 if people else 0.05,
                        auto_setup=people, sim_mode=True)
        pub = make_publisher(settings, daemon, url)
        if not args.no_web:
            web = _start_web(args, settings, broker)
            query = f"?board={settings.board_id}" + ("&sim=1" if people else "")
            for page in _page_urls(web, args.listen):
                print(f"open     {page}{query}", flush=True)
        print(f"broker   {url}" + (f"   (websockets {broker.ws_url})" if broker else ""), flush=True)
        print(f"journal  {settings.journal.dir}", flush=True)
        source: LineSource | BotOpponent | None = None

        def backlog() -> int:   # at full speed, wait for MQTT too (while it is up), or the outbox grows
            return daemon.inputs.qsize() + (pub.backlog() if pub.connected.is_set() else 0)
        # A few dozen outputs on their way keep the broker busy; thousands only raise the peak memory (the
        # outbox and paho's queue hold every payload) that the process then keeps for the rest of its life.
        kw = {"speed": args.speed, "backlog": backlog, "on_end": daemon.end_of_source, "max_backlog": 64}
        if args.scenario:
            source = ScenarioSource(args.scenario, daemon.put, **kw)
        elif args.human is not None:
            source = BotOpponent("blue" if args.human == "red" else "red", args.seed, daemon.put).attach(daemon)
        elif not args.manual:
            source = AutoplaySource(args.seed, options, daemon.put, matches=args.matches, **kw)
        daemon.observers.append(terminal_view(args.quiet))
        finite = source is not None and args.human is None
        return serve(daemon, source, stop_when_done=finite and not args.stay)
    finally:
        if web is not None:
            web.stop()
        if broker is not None:
            broker.stop()
        hardware.close()


def _start_web(args, settings: Settings, broker):
    """The spectator page and simulator, told where the broker's WebSocket listener is."""
    config: dict = {"prefix": settings.base.rsplit("/", 1)[0], "board": settings.board_id, "sim": True}
    if args.ws_url:
        config["ws_url"] = args.ws_url
    elif broker is not None:
        config["ws_port"] = broker.ws_port
    return WebServer(args.listen, free_port(args.http_port, args.listen), config).start()


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
    p.add_argument("--broker", help="publish to this broker (mqtt://user:pass@host:port) instead of an embedded one")
    p.add_argument("--scenario", help="drive the board with this scenario file instead of the bots")
    p.add_argument("--autoplay", action="store_true", help="seeded bots play both teams (the default)")
    p.add_argument("--manual", action="store_true",
                   help="no bots: a standard set-up, then people play both teams in the browser (wall-clock time)")
    p.add_argument("--human", choices=("red", "blue"),
                   help="a person plays this team in the browser, a seeded bot the other (wall-clock time)")
    p.add_argument("--listen", default="127.0.0.1", metavar="ADDR",
                   help="address of the embedded broker and the web page (0.0.0.0: the whole LAN; default %(default)s)")
    p.add_argument("--http-port", type=int, default=8080,
                   help="web page port (another free one if taken; default %(default)s)")
    p.add_argument("--ws-url", help="the broker's WebSocket URL for the page, with --broker "
                                    "(default: port 9001 of the page's host)")
    p.add_argument("--no-web", action="store_true", help="do not serve the web page")
    p.add_argument("--matches", type=int, default=1, help="autoplay this many matches (seeds seed, seed+1, ...)")
    p.add_argument("--journal-dir", help="where journals go (default: a fresh temporary directory)")
    p.add_argument("--board-id")
    p.add_argument("--config", help="TOML file for MQTT credentials, board id and options")
    p.add_argument("--stay", action="store_true", help="keep serving the final state after the match")
    p.add_argument("-v", "--verbose", action="store_true")



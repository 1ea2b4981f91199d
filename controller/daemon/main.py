"""`soccerboard run`, `soccerboard sim` and `soccerboard config`: wiring settings, hardware, broker and daemon.

Kept apart from service.py so the daemon itself can be built in a test or a benchmark with any
hardware and publisher, while these functions deal with signals, systemd and the terminal.
"""
from __future__ import annotations

import json
import logging
import signal
import sys
import threading
from pathlib import Path
from urllib.parse import urlparse

from .config import DEFAULT_PATH, ConfigError, Settings, load_settings, problems
from .homeassistant import discovery_messages
from .publisher import Publisher
from .report import match_minute
from .service import Daemon
from .systemd import Notifier, Watchdog, heartbeat_fresh, watchdog_interval

log = logging.getLogger("soccerboard")

SHOWN = {"kick_off", "goal", "yellow_card", "red_card", "penalty_kick", "corner_kick", "goal_kick", "offside",
         "free_kick", "half_time", "period_end", "extra_time", "shootout", "shootout_kick", "full_time",
         "shot", "move_clock_expired"}


def setup_logging(verbose: bool = False, quiet: bool = False) -> None:
    level = logging.DEBUG if verbose else logging.WARNING if quiet else logging.INFO
    logging.basicConfig(level=level, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("amqtt").setLevel(logging.WARNING)
    logging.getLogger("transitions").setLevel(logging.WARNING)
    logging.getLogger("websockets").setLevel(logging.WARNING)


def make_publisher(settings: Settings, daemon: Daemon, url: str | None = None) -> Publisher:
    """The MQTT client of docs/mqtt.md. It listens on sim/input in every mode, so that a daemon refereeing a
    real board answers a simulator page with a refusal instead of silence."""
    m = settings.mqtt
    if url:
        u = urlparse(url)
        tls = u.scheme == "mqtts"
        host, port = u.hostname or "localhost", u.port or (8883 if tls else 1883)
        username, password = u.username or m.username, u.password or m.secret()
    else:
        host, port, tls, username, password = m.host, m.port, m.tls, m.username, m.secret()
    pub = Publisher(settings.base, host, port, username=username, password=password, client_id=m.client_id,
                    keepalive=m.keepalive, tls=tls, ca_file=m.tls_ca_file, cert_file=m.tls_cert_file,
                    key_file=m.tls_key_file, tls_insecure=m.tls_insecure, on_command=daemon.on_command,
                    on_sim_input=daemon.on_sim_input, on_acked=daemon.record_watermark,
                    connect_timeout=m.connect_timeout, discovery=discovery_messages(settings))
    daemon.publisher = pub
    return pub


def serve(daemon: Daemon, source=None, stop_when_done: bool = False) -> int:
    """Start, tell systemd when ready, ping the watchdog while the core turns, stop on a signal."""
    notifier = Notifier()
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    daemon.start(source)
    pub = daemon.publisher
    if pub is not None:
        pub.attempted.wait(daemon.settings.mqtt.connect_timeout + 1)
        state = "connected" if pub.connected.is_set() else f"unreachable for now ({pub.last_error})"
    else:
        state = "none"
    notifier.ready(f"refereeing; broker {state}")
    log.info("ready: hardware %s, broker %s", daemon.hw.backend, state)
    watchdog = None
    interval = watchdog_interval()
    if interval and daemon.settings.daemon.watchdog:
        fresh = heartbeat_fresh(lambda: daemon.heartbeat, max(2 * interval, 1.0))
        watchdog = Watchdog(notifier, fresh, interval).start()
    while not stop.is_set():
        if stop_when_done and daemon.done.is_set():
            break
        stop.wait(0.1)
    notifier.stopping()
    if watchdog:
        watchdog.stop()
    if stop_when_done and pub is not None:
        pub.drain(5.0)
    daemon.stop()
    return 0


def settings_from(path: str | None, **overrides) -> Settings:
    if path is None and Path(DEFAULT_PATH).is_file():
        path = DEFAULT_PATH
    return load_settings(path, **overrides)


def run_command(args) -> int:
    setup_logging(args.verbose)
    try:
        settings = settings_from(args.config)
    except ConfigError as e:
        print(f"soccerboard run: {e}", file=sys.stderr)
        return 2
    for problem in problems(settings):
        log.error("%s", problem)
    from hal.backends import open_hardware
    try:
        hardware = open_hardware(settings.hardware.hal_config())
    except (ValueError, KeyError, OSError, ImportError) as e:
        print(f"soccerboard run: cannot open the {settings.hardware.backend} hardware: {e}", file=sys.stderr)
        return 2
    web = None
    try:
        daemon = Daemon(settings, hardware, board_follows_game=False)
        make_publisher(settings, daemon)
        if settings.web.enabled:
            from ..web.server import WebServer
            try:
                web = WebServer(settings.web.listen, settings.web.port, settings.web.page_config(settings)).start()
            except OSError as e:
                print(f"soccerboard run: cannot serve the page on {settings.web.listen}:{settings.web.port}: "
                      f"{e.strerror or e} (change [web] port or listen)", file=sys.stderr)
                return 2
            log.info("spectator page at %s?board=%s", web.url, settings.board_id)
        return serve(daemon)
    finally:
        if web is not None:
            web.stop()
        hardware.close()


def terminal_view(quiet: bool):
    """Prints the match as a spectator follows it (from the same outputs MQTT gets)."""
    last = {"state": None}

    def minute() -> str:
        return f"{match_minute(last['state']):>6}"

    def observe(msgs) -> None:
        for m in msgs:
            if m.topic == "state":
                last["state"] = m.payload
                continue
            if m.topic == "response" and m.payload.get("status") == "error":
                print(f"refused  {json.dumps(m.payload)}", flush=True)
            if m.topic != "events":
                continue
            name = m.payload["event"]
            if name not in SHOWN or (quiet and name not in ("goal", "red_card", "full_time")):
                continue
            detail = {k: v for k, v in m.payload.items() if k not in ("event", "seq", "ts")}
            print(f"{minute()}  {name:<18} {json.dumps(detail)}", flush=True)
            if name == "full_time" and last["state"]:
                score = last["state"]["score"]
                print(f"final score: red {score['red']} - {score['blue']} blue", flush=True)
    return observe


def config_command(args) -> int:
    path = args.file or args.config
    try:
        settings = settings_from(path)
    except ConfigError as e:
        print(f"{path or 'configuration'}: {e}", file=sys.stderr)
        return 1
    found = problems(settings) if args.check else []
    if args.check:
        for problem in found:
            print(f"problem: {problem}", file=sys.stderr)
        print(f"{path or 'defaults'}: {'OK' if not found else f'{len(found)} problem(s)'}")
    else:
        print(json.dumps(settings.model_dump(mode="json"), indent=2))
    return 1 if found else 0


def report_command(args) -> int:
    from .report import report
    try:
        if args.html:
            from ..web.replay import render_replay_html
            page = render_replay_html(args.journal)
            out = Path(args.output or Path(args.journal).with_suffix(".html").name)
            out.write_text(page, encoding="utf-8")
            print(f"wrote {out} ({len(page.encode()) // 1024} KB): open it in a browser, no network needed")
            return 0
        print(report(args.journal, as_json=args.json))
    except OSError as e:
        print(f"soccerboard report: cannot read {args.journal}: {e.strerror}", file=sys.stderr)
        return 2
    return 0


def add_daemon_commands(sub) -> None:
    """Subcommands for controller/cli.py."""
    p = sub.add_parser("run", help="the daemon on the configured hardware")
    p.add_argument("--config", help=f"TOML file (default {DEFAULT_PATH} when present)")
    p.add_argument("-v", "--verbose", action="store_true")
    p = sub.add_parser("config", help="show the configuration, or check it with --check")
    p.add_argument("file", nargs="?", help="TOML file")
    p.add_argument("--config", help=argparse_suppress())
    p.add_argument("--check", action="store_true", help="validate and look for missing ports and files")
    p = sub.add_parser("report", help="a readable match report from a journal")
    p.add_argument("journal")
    p.add_argument("--json", action="store_true")
    p.add_argument("--html", action="store_true",
                   help="write the match as one self-contained HTML replay (board, timeline, events; works offline)")
    p.add_argument("-o", "--output", help="with --html: the file to write (default: the journal's name, .html)")


def argparse_suppress():
    import argparse
    return argparse.SUPPRESS


def dispatch(args) -> int | None:
    handlers = {"run": run_command, "config": config_command, "report": report_command}
    handler = handlers.get(args.command)
    return handler(args) if handler else None



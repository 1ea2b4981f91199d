"""`soccerboard run`, `soccerboard sim` and `soccerboard config`: wiring settings, hardware, broker and daemon.

Kept apart from service.py so the daemon itself can be built in a test or a benchmark with any
hardware and publisher, while these functions deal with signals, systemd and the terminal.
"""
from __future__ import annotations

import gc
import json
import logging
import random
import shutil
import signal
import sys
import threading
import time
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, TextIO
from urllib.parse import urlparse

from controller import story
from controller.commandline import quiet_stdout
from controller.i18n import N_, say, translate

from .operations.config import DEFAULT_PATH, ConfigError, Settings, journal_dir_problem, load_settings, problems
from .operations.dice import add_dice_command
from .operations.doctor import add_doctor_command, run_doctor
from .outputs.observer_thread import ObserverThread
from .systemd import Notifier, Watchdog, heartbeat_fresh, watchdog_interval

if TYPE_CHECKING:    # the daemon itself is imported when a command runs it: `--help` and `config` stay quick
    from .outputs.publisher import Publisher
    from .service import Daemon

log = logging.getLogger("soccerboard")

def setup_logging(verbose: bool = False, quiet: bool = False) -> None:
    level = logging.DEBUG if verbose else logging.WARNING if quiet else logging.INFO
    logging.basicConfig(level=level, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("amqtt").setLevel(logging.WARNING)
    logging.getLogger("transitions").setLevel(logging.WARNING)
    logging.getLogger("websockets").setLevel(logging.WARNING)


def make_publisher(settings: Settings, daemon: Daemon, url: str | None = None,
                   teller: story.Teller | None = None) -> Publisher:
    """The MQTT client of docs/mqtt.md. It listens on sim/input in every mode, so that a daemon refereeing a
    real board answers a simulator page with a refusal instead of silence. Its event documents carry the
    sentence of controller/story.py as `text`."""
    from .outputs.homeassistant import discovery_messages
    from .outputs.publisher import Publisher
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
                    connect_timeout=m.connect_timeout, discovery=discovery_messages(settings),
                    annotate=teller.annotate if teller is not None else story.annotate)
    daemon.publisher = pub
    return pub


def storyteller(daemon: Daemon) -> story.Teller:
    """A Teller that notes the daemon's clock after every input (its events' minutes)."""
    teller = story.Teller()
    daemon.after_step.append(teller.record)
    return teller


def _worth_telling(refusal: dict) -> bool:
    """A refused die roll, spin or button press: the players must hear of it. A refused token movement shows
    as the board out of step (told from the state), and inputs before any game are only the board waking up."""
    return refusal["line"].get("type") not in ("lift", "place", "move", "clock") and refusal.get("reason") != "no_game"


INTERRUPTED = 130          # the exit status after Ctrl-C (128 + SIGINT), as shells report it
FAILED = 1                 # a thread of the daemon died: the service exits so that systemd restarts it


def prepare_tables(ruleset: str) -> None:
    """The game's path tables from their cache (pathcache.py), so that Daemon.start, which has every table ready
    before it referees, finds them built instead of spending a second (several on a Pi) on it. A game without
    tables (GameInfo.path_tables) has nothing to prepare."""
    from controller.games import UnknownGame, info
    try:
        tables = info(ruleset).path_tables
    except UnknownGame:
        return
    if tables is None:
        return
    from .pathcache import load_or_build
    try:
        log.debug("path tables %s", load_or_build(tables=tables()))
    except OSError as e:              # an unreadable source tree for the key: the daemon builds them itself
        log.warning("path-table cache not used: %s", e)


def settle_memory() -> None:
    """Once started, everything built so far (the path tables, the modules) lives as long as the process:
    gc.freeze() moves it out of the collector's sight, so a full collection walks only what play creates and
    pauses for a few milliseconds instead of tens. The thresholds stay Python's; the collector, which the
    command line keeps off during start-up (controller/cli.py), is on from here."""
    gc.collect()
    gc.freeze()
    gc.enable()


SUPERVISE_SECONDS = 1.0   # how often serve() looks for a dead thread (a signal or the match's end wake it at once)


def _set_when(done: threading.Event, then: threading.Event) -> None:
    done.wait()
    then.set()


class StopSignals:
    """SIGTERM and SIGINT turned into events, taken before anything answers from outside: a service manager (or
    a test) that sees the page served may stop the daemon at once, and that stop must be the clean one, not
    Python's default death by the signal."""

    def __init__(self) -> None:
        self.stop = threading.Event()
        self.wake = threading.Event()          # a signal or the match's end wakes the supervising loop at once
        self.interrupted = threading.Event()   # Ctrl-C, as opposed to a service manager's stop
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, self._on_signal)

    def _on_signal(self, signum, _frame) -> None:
        if signum == signal.SIGINT:
            self.interrupted.set()
        self.stop.set()
        self.wake.set()


def serve(daemon: Daemon, source=None, stop_when_done: bool = False, signals: StopSignals | None = None) -> int:
    """Start, tell systemd when ready, ping the watchdog while the core turns, stop on a signal (taken here
    unless the caller took them earlier, before it started serving anything).

    Returns 0, INTERRUPTED when Ctrl-C (SIGINT) stopped it, or FAILED when one of the daemon's threads died or
    the journal cannot be used."""
    from .journal import JournalFailed
    notifier = Notifier()
    signals = signals or StopSignals()
    stop, wake, interrupted = signals.stop, signals.wake, signals.interrupted
    prepare_tables(daemon.ruleset)
    try:
        daemon.start(source)
    except JournalFailed as e:            # nothing can be made durable: refereeing would publish what a restart loses
        log.error("stopping: %s", e)
        notifier.status(f"failed: {e}")
        return FAILED
    pub = daemon.publisher
    if pub is not None:
        pub.attempted.wait(daemon.settings.mqtt.connect_timeout + 1)
        state = "connected" if pub.connected.is_set() else f"unreachable for now ({pub.last_error})"
    else:
        state = "none"
    notifier.ready(f"refereeing; broker {state}")
    log.info("ready: hardware %s, broker %s", daemon.hw.backend, state)
    settle_memory()
    watchdog = None
    interval = watchdog_interval()
    if interval and daemon.settings.daemon.watchdog:
        fresh = heartbeat_fresh(lambda: daemon.heartbeat, max(2 * interval, 1.0))
        watchdog = Watchdog(notifier, fresh, interval).start()
    failure = None
    if stop_when_done:
        threading.Thread(target=_set_when, args=(daemon.done, wake), name="soccerboard-done", daemon=True).start()
    while not stop.is_set():
        if stop_when_done and daemon.done.is_set():
            break
        failure = daemon.failure()
        if failure is not None:
            log.error("stopping: %s", failure)
            notifier.status(f"failed: {failure}")
            break
        wake.wait(SUPERVISE_SECONDS)
    notifier.stopping()
    if watchdog:
        watchdog.stop()
    if stop_when_done and pub is not None and not stop.is_set():
        pub.drain(5.0)
    daemon.stop()
    return FAILED if failure is not None else INTERRUPTED if interrupted.is_set() else 0


def settings_from(path: str | None, **overrides) -> Settings:
    if path is None and Path(DEFAULT_PATH).is_file():
        path = DEFAULT_PATH
    return load_settings(path, **overrides)


def journal_refused(settings: Settings, command: str) -> bool:
    """Whether the card refuses the journal folder, said in one line. That is the journal's documented stop
    (status FAILED: systemd restarts the service, which resumes once the card takes writes again), not a
    configuration mistake."""
    problem = journal_dir_problem(settings.journal.dir)
    if problem is not None:
        print(translate.text(say("soccerboard {command}: stopping: the journal folder '{folder}' {problem}",
                                 command=command, folder=settings.journal.dir, problem=problem)), file=sys.stderr)
    return problem is not None


def run_command(args) -> int:
    setup_logging(args.verbose)
    try:
        settings = settings_from(args.config, check_files=True)
    except ConfigError as e:
        print(f"soccerboard run: {translate.error_text(e)}", file=sys.stderr)
        return 2
    try:
        settings.mqtt.secret()      # a password file that cannot be read is found here, before anything starts
    except ConfigError as e:
        source = args.config or (DEFAULT_PATH if Path(DEFAULT_PATH).is_file() else N_("the default configuration"))
        print(translate.text(say("soccerboard run: {source}: {error}", source=source, error=translate.error_text(e))),
              file=sys.stderr)
        return 2
    if journal_refused(settings, "run"):
        return FAILED
    for problem in problems(settings):
        log.error("%s", problem)
    from hal.backends import open_hardware
    from hal.dice_roles import open_dice
    try:
        hardware = open_hardware(settings.hardware.hal_config())
    except (ValueError, KeyError, OSError, ImportError) as e:
        print(translate.text(say("soccerboard run: cannot open the {backend} hardware: {why}",
                                 backend=settings.hardware.backend, why=e)), file=sys.stderr)
        return 2
    try:
        open_dice(hardware, settings.dice.hal_config())
    except (ValueError, KeyError, OSError, ImportError) as e:
        hardware.close()
        print(translate.text(say("soccerboard run: cannot open the {role} dice: {why}", role=settings.dice.role,
                                 why=e)), file=sys.stderr)
        return 2
    web = None
    signals = StopSignals()
    try:
        from .service import Daemon
        daemon = Daemon(settings, hardware, board_follows_game=False)
        teller = storyteller(daemon)
        make_publisher(settings, daemon, teller=teller)
        console = ObserverThread(Console(getattr(args, "quiet", False), teller))   # a stuck terminal stops no answer
        daemon.observers.append(console)
        if settings.web.enabled:
            from ..web.server import WebServer
            from .coach_desk import CoachDesk
            coach = CoachDesk(daemon, settings.journal.dir)     # the coaches' phones enter lines through the page
            try:
                web = WebServer(settings.web.listen, settings.web.port, settings.web.page_config(settings),
                                coach=coach).start()
            except OSError as e:
                print(translate.text(say("soccerboard run: cannot serve the page on {listen}:{port}: {why} (change "
                                         "[web] port or listen)", listen=settings.web.listen, port=settings.web.port,
                                         why=e.strerror or e)), file=sys.stderr)
                return 2
            log.info("spectator page at %s?board=%s", web.url, settings.board_id)
        from .computer_seat import ComputerSeat
        seat = ComputerSeat(daemon, seed=random.randrange(1 << 31)).attach()   # [match] computer, and hints
        status = serve(daemon, seat, signals=signals)
        console.close()
        if status == INTERRUPTED and daemon.journal_path is not None:
            print(translate.text(say("stopped; the unfinished match is kept in {journal}; `soccerboard run` with the "
                                     "same config resumes it", journal=daemon.journal_path)), file=sys.stderr)
        return status
    finally:
        if web is not None:
            web.stop()
        hardware.close()


class Console:
    """The match on a terminal, told from the same outputs MQTT gets (controller/story.py).

    Every told event is one line: minute and sentence. On a terminal a status line under them (minute,
    score, phase, team to act, move clock) is redrawn in place; written to a pipe or a file there is no
    status line and no escape code, only the story. `--quiet` tells goals, cards and the result. A board
    out of step and every refused command are printed too, so a run that goes wrong says why.
    """

    REDRAW_SECONDS = 0.2

    def __init__(self, quiet: bool = False, teller: story.Teller | None = None, out: TextIO | None = None,
                 status_line: bool | None = None, refusals: bool = True):
        self.quiet, self.refusals = quiet, refusals
        self.teller = teller or story.Teller()
        self.out = out or sys.stdout
        self.status_line = _isatty(self.out) if status_line is None else status_line
        self.state: dict | None = None
        self.clock: dict | None = None
        self.lines = 0                       # story lines printed
        self._drawn = ""
        self._drawn_at = 0.0
        self._mismatch: dict | None = None
        self._computer = ""                  # the computer's action (or hint) last told
        self._lock = threading.Lock()
        self._closed = threading.Event()
        if self.status_line:           # the move clock counts down while nothing happens on the board
            threading.Thread(target=self._tick, name="soccerboard-console", daemon=True).start()

    def _tick(self) -> None:
        while not self._closed.wait(1.0):
            with self._lock:
                self._status()

    def __call__(self, msgs) -> None:
        with self._lock:
            for m in msgs:
                if m.topic == "state":
                    self.state = m.payload
                    self._board_out_of_step(m.payload)
                elif m.topic == "clock":
                    self.clock = m.payload
                elif m.topic == "notice":            # for the referee only (the coaches' codes): never published
                    self._print(str(m.payload.get("text")))
                elif m.topic == "response" and m.payload.get("status") == "error" and self.refusals:
                    self._print(translate.text(say("refused  {request}: {detail}", request=m.payload.get("request"),
                                         detail=m.payload.get("detail"))))
                elif m.topic == "refusal" and self.refusals and _worth_telling(m.payload):
                    what = " ".join(str(v) for k, v in m.payload["line"].items() if k != "options")[:60]
                    self._print(translate.text(say("refused  {what}: {reason}: {detail}", what=what,
                                         reason=m.payload.get("reason"), detail=m.payload.get("detail"))))
                elif m.topic == "computer":
                    self._tell_computer(m.payload)
                elif m.topic == "events":
                    doc = m.payload
                    tell = self.teller.story(doc)          # the words of the match the event was played in
                    if tell.told(doc, self.quiet):
                        self._print(tell.line(self.teller.minute(doc) or story.match_minute(self.state), doc))
            self._status()

    def _tell_computer(self, doc: dict) -> None:
        """What the computer wants carried out at the board, or the hint asked for, once each."""
        said = [f"{what} ({part['team']}): {part['text']}" for what, key in (("computer", "action"), ("hint", "hint"))
                for part in [doc.get(key)] if isinstance(part, dict) and part.get("text")]
        text = "; ".join(said)
        if text and text != self._computer and not self.quiet:
            self._print(text)
        self._computer = text

    def _board_out_of_step(self, state: dict) -> None:
        mismatch = (state.get("board") or {}).get("mismatch")
        if mismatch and mismatch != self._mismatch and self.refusals and not self.quiet:
            self._print(translate.text(say("refused  {reason}: {detail} (set the board as the LEDs show)",
                                 reason=mismatch.get("reason"), detail=mismatch.get("detail"))))
        self._mismatch = mismatch

    def _print(self, text: str) -> None:
        try:
            if self._drawn:
                self.out.write("\r\x1b[K")
                self._drawn = ""
            self.out.write(text + "\n")
            self.out.flush()
            self.lines += 1
        except BrokenPipeError:
            quiet_stdout()

    def _status(self, force: bool = False) -> None:
        if not self.status_line or self.state is None:
            return
        now = time.monotonic()
        if not force and now - self._drawn_at < self.REDRAW_SECONDS:
            return
        text = status_text(self.state, self.clock, time.time())
        width = shutil.get_terminal_size((100, 24)).columns - 1
        text = text[:width]
        if text != self._drawn:
            try:
                self.out.write("\r\x1b[K" + text)
                self.out.flush()
            except BrokenPipeError:
                quiet_stdout()
            self._drawn, self._drawn_at = text, now

    def close(self) -> None:
        """Stop redrawing and leave the terminal on a fresh line."""
        self._closed.set()
        with self._lock:
            if self._drawn:
                self.out.write("\r\x1b[K")
                self.out.flush()
                self._drawn = ""


def status_text(state: dict, clock: dict | None, now: float) -> str:
    """One line: minute, score, period and phase, the team to act, its move clock."""
    parts = [story.match_minute(state), translate.text(say("Red {score} Blue", score=story.score(state.get("score"))))]
    if state.get("shootout"):
        parts[-1] += translate.text(say(" (pens {score})", score=story.score(state["shootout"])))
    period = _PERIOD.get(state["clock"]["period"], "")
    parts.append(f"{translate.text(period)} {translate.text(story.words(state.get('phase', '')))}".strip())
    expects = state.get("expects") or {}
    if expects.get("team"):
        parts.append(translate.text(say("{team} to {input}", team=story.team(expects["team"]),
                              input=story.words(expects.get("input") or "act"))))
    remaining = move_remaining(clock, now)
    if remaining is not None:
        parts.append(translate.text(say("move clock {seconds}s", seconds=int(remaining))))
    return " | ".join(parts)


_PERIOD = {1: N_("1st half"), 2: N_("2nd half"), 3: N_("ET 1"), 4: N_("ET 2"), 5: N_("shoot-out")}


def move_remaining(clock: dict | None, now: float) -> float | None:
    """Seconds left on the move clock, from the clock document (a wall-clock deadline while it runs)."""
    if not clock or clock.get("move_remaining") is None:
        return None
    deadline = clock.get("move_deadline")
    if deadline:
        try:
            left = datetime.fromisoformat(deadline.replace("Z", "+00:00")).timestamp() - now
        except ValueError:
            return None
        return max(0.0, left)
    return max(0.0, float(clock["move_remaining"]))


def _isatty(out) -> bool:
    try:
        return bool(out.isatty())
    except (AttributeError, ValueError):
        return False


def masked(config: dict) -> dict:
    """The configuration as it may be shown: passwords, and the password in a URL, as asterisks."""
    out = {}
    for key, value in config.items():
        if isinstance(value, dict):
            value = masked(value)
        elif isinstance(value, str) and value and "password" in key and not key.endswith("_file"):
            value = "********"
        elif isinstance(value, str):
            value = mask_url(value)
        out[key] = value
    return out


def mask_url(text: str) -> str:
    """A URL with its password (scheme://user:password@host) as asterisks; other text as it is."""
    if "://" not in text or "@" not in text.split("://", 1)[1].split("/", 1)[0]:
        return text
    scheme, rest = text.split("://", 1)
    user, host = rest.split("@", 1)
    return f"{scheme}://{user.split(':', 1)[0]}:********@{host}" if ":" in user else text


def config_command(args) -> int:
    path = args.file or args.config
    if path and not Path(path).exists():     # a directory or an unreadable file: load_settings says which
        print(f"soccerboard config: {path}: no such file (give the TOML file, e.g. deploy/soccerboard.example.toml)",
              file=sys.stderr)
        return 2
    try:
        settings = settings_from(path)
    except ConfigError as e:
        print(f"soccerboard config: {translate.error_text(e)}", file=sys.stderr)       # each line of it names the file
        return 2
    found = problems(settings) if args.check else []
    if args.check:
        for problem in found:
            print(f"problem: {problem}", file=sys.stderr)
        print(f"{path or 'defaults'}: {'OK' if not found else f'{len(found)} problem(s)'}")
    else:
        print(json.dumps(masked(settings.model_dump(mode="json")), indent=2))
    return 1 if found else 0


def report_command(args) -> int:
    from ..analysis.match import NoSearch
    from .operations.report import NotAJournal, find_journal, report
    if args.output and not args.html:
        print("soccerboard report: -o/--output goes with --html (the text report is printed)", file=sys.stderr)
        return 2
    try:
        journal = find_journal(args.journal)
        analysis = None
        if args.analyse:
            from ..analysis import analyse_match
            analysis = analyse_match(journal)
        if args.html:
            from ..web.replay import render_replay_html
            page = render_replay_html(journal, analysis=analysis)
        elif analysis is not None:
            from ..analysis import report_with_analysis
            text = report_with_analysis(journal, args.json, analysis)
        else:
            text = report(journal, as_json=args.json)
    except (NotAJournal, NoSearch) as e:
        print(f"soccerboard report: {translate.error_text(e)}", file=sys.stderr)
        return 2
    except OSError as e:
        print(translate.text(say("soccerboard report: cannot read {journal}: {why}", journal=args.journal,
                       why=e.strerror or e)), file=sys.stderr)
        return 2
    if not args.html:
        print(text)
        return 0
    out = Path(args.output or journal.with_suffix(".html").name)
    try:
        out.write_text(page, encoding="utf-8")
    except OSError as e:
        print(f"soccerboard report: cannot write {out}: {e.strerror or e}", file=sys.stderr)
        return 2
    print(f"wrote {out} ({len(page.encode()) // 1024} KB): open it in a browser, no network needed")
    return 0


def add_daemon_commands(sub) -> None:
    """Subcommands for controller/cli.py."""
    p = sub.add_parser("run", help="the daemon on the configured hardware",
                       description="Referee a match on the configured hardware and publish it over MQTT; the "
                                   "match story, refusals and a status line go to the terminal.")
    p.add_argument("--config", metavar="FILE",
                   help=say("TOML file (default {path} when present)", path=str(DEFAULT_PATH)))
    p.add_argument("--quiet", action="store_true", help="print only goals, cards (yellow and red) and the result")
    p.add_argument("-v", "--verbose", action="store_true", help="log what the daemon does, and show tracebacks")
    p = sub.add_parser("config", help="show the configuration, or check it with --check")
    p.add_argument("file", nargs="?", help=say("TOML file (default {path} when present, else the defaults)",
                                                path=str(DEFAULT_PATH)))
    p.add_argument("--config", help=argparse_suppress())
    p.add_argument("--check", action="store_true",
                   help="validate and look for missing ports and files (exit status 1 when a problem is found)")
    p.add_argument("-v", "--verbose", action="store_true", help="show a traceback when something fails")
    p = sub.add_parser("report", help="a readable match report from a journal",
                       description="What happened in a match, from its journal alone: score, goals, cards, "
                                   "shots, possession and the timeline.")
    p.add_argument("journal", help="a match journal, or a journal folder (its latest match)")
    p.add_argument("--json", action="store_true", help="the report as JSON instead of text")
    p.add_argument("--analyse", action="store_true",
                   help="weigh every decision with the computer player's search: inaccuracies, mistakes and "
                        "blunders with the better choice, each team's accuracy (with --html: the marks and a "
                        "win-chance graph)")
    p.add_argument("--html", action="store_true",
                   help="write the match as one self-contained HTML replay (board, timeline, events; works offline)")
    p.add_argument("-o", "--output", metavar="FILE",
                   help="with --html: the file to write (default: the journal's name, .html)")
    p.add_argument("-v", "--verbose", action="store_true", help="show a traceback when something fails")
    add_doctor_command(sub)
    add_dice_command(sub)


def argparse_suppress():
    import argparse
    return argparse.SUPPRESS


def dispatch(args) -> int | None:
    handlers = {"run": run_command, "config": config_command, "report": report_command, "doctor": run_doctor}
    handler = handlers.get(args.command)
    return handler(args) if handler else None



"""`soccerboard watch`: follow a live board in a terminal, for people on a headless Pi over SSH.

It subscribes to one board's documents (docs/mqtt.md) like the spectator page does, anonymously unless the
broker URL carries a user, and draws on a terminal, redrawn in place: the score, the match minute, the
period and phase, the team to act and its move clock, the board (red pawns in capitals, blue in small
letters, `o` the ball, `*` a pawn holding it) and the last events in words (their `text`, controller/story.py).
Written to a pipe it prints the events as lines instead, with no escape codes. It reconnects by itself
when the broker goes away and comes back.
"""
from __future__ import annotations

import os
import shutil
import sys
import threading
import time
from collections import deque
from datetime import datetime
from typing import TextIO
from urllib.parse import urlparse

from hal.board import FILES

from . import story

EVENTS_SHOWN = 8
REDRAW_SECONDS = 0.1


class View:
    """What is known of the board: the newest state and clock, the last events, the link."""

    def __init__(self, board_id: str, url: str):
        self.board_id, self.url = board_id, url
        self.state: dict | None = None
        self.story = story.of_any()         # the words of the game played (from the state), any game's before it
        self.clock: dict | None = None
        self.status = "connecting"          # connecting / online / offline (the board) / unreachable (broker)
        self.events: deque[tuple[str, str]] = deque(maxlen=EVENTS_SHOWN)
        self.new_lines: list[str] = []      # events not yet printed (pipe mode)
        self.lock = threading.Lock()
        self.changed = threading.Event()

    def on_state(self, doc: dict) -> None:
        with self.lock:
            game = doc.get("ruleset")
            if isinstance(game, str) and game != (self.state or {}).get("ruleset"):    # a new game: its words
                self.story = story.of(game)
            self.state = doc
        self.changed.set()

    def on_clock(self, doc: dict) -> None:
        with self.lock:
            self.clock = doc
        self.changed.set()

    def on_event(self, doc: dict) -> None:
        with self.lock:
            minute = story.match_minute(self.state)
            text = doc["text"] if isinstance(doc.get("text"), str) else self.story.sentence(doc)
            self.events.append((minute, text))
            self.new_lines.append(f"{minute:>7}  {text}")
        self.changed.set()

    def on_status(self, status: str) -> None:
        with self.lock:
            self.status = status
        self.changed.set()


def board_lines(state: dict | None) -> list[str]:
    """The pitch, rank 16 (blue's goal line) at the top, as plain text."""
    cells: dict[str, str] = {}
    ball = state.get("ball") if state else None
    for pid, pawn in ((state or {}).get("pawns") or {}).items():
        square = pawn.get("square") if isinstance(pawn, dict) else None
        if not square:
            continue
        team, _, short = str(pid).partition("-")
        label = short.upper() if team == "red" else short.lower()
        cells[square] = ("*" if square == ball else " ") + f"{label:<2}"
    if ball and ball not in cells:
        cells[ball] = " o "
    head = "     " + "".join(f" {f}  " for f in FILES)
    out = [head]
    for rank in range(16, 0, -1):
        row = "".join(f"{cells.get(f'{f}{rank}', ' . '):<3} " for f in FILES)
        out.append(f"{rank:>3}  {row}{rank:<3}")
    out.append(head)
    return out


def status_line(state: dict | None, clock: dict | None, now: float) -> str:
    if state is None:
        return "waiting for the board's state"
    parts = [story.match_minute(state), f"Red {story.score(state.get('score'))} Blue"]
    if state.get("shootout"):
        parts[-1] += f" (pens {story.score(state['shootout'])})"
    parts.append(str(state.get("phase") or "").replace("_", " "))
    expects = state.get("expects") or {}
    if expects.get("team"):
        parts.append(f"{story.team(expects['team'])} to {expects.get('input') or 'act'}")
    left = _move_left(clock, now)
    if left is not None:
        parts.append(f"move clock {int(left)}s")
    if state.get("winner") and state.get("phase") == "full_time":
        parts.append(f"{story.team(state['winner'])} wins")
    return " | ".join(parts)


def _move_left(clock: dict | None, now: float) -> float | None:
    if not clock or clock.get("move_remaining") is None:
        return None
    deadline = clock.get("move_deadline")
    if deadline:
        try:
            return max(0.0, datetime.fromisoformat(deadline.replace("Z", "+00:00")).timestamp() - now)
        except ValueError:
            return None
    return max(0.0, float(clock["move_remaining"]))


def screen(view: View, now: float, width: int = 100) -> str:
    with view.lock:
        state, clock, status, events = view.state, view.clock, view.status, list(view.events)
    lines = [f"soccerboard watch: {view.board_id} at {view.url} ({status})", status_line(state, clock, now), ""]
    lines += board_lines(state)
    lines += ["", "Events:"] + [f"{m:>7}  {t}" for m, t in events]
    lines += [""] * (EVENTS_SHOWN - len(events)) + ["", "Ctrl-C: quit"]
    return "\n".join(line[:width] for line in lines)


class Watcher:
    """The MQTT side: one paho client that reconnects by itself and feeds a View."""

    def __init__(self, url: str, prefix: str, board_id: str, view: View):
        import paho.mqtt.client as mqtt
        u = urlparse(url)
        self.host, self.port = u.hostname or "127.0.0.1", u.port or (8883 if u.scheme == "mqtts" else 1883)
        self.base = f"{prefix}/{board_id}"
        self.view = view
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2,
                                  client_id=f"sb-watch-{os.getpid()}", clean_session=True)
        if u.username:
            self.client.username_pw_set(u.username, u.password)
        if u.scheme == "mqtts":
            self.client.tls_set()
        self.client.reconnect_delay_set(1, 5)
        self.client.on_connect = self._connected
        self.client.on_disconnect = lambda *_: view.on_status("unreachable, retrying")
        self.client.on_connect_fail = lambda *_: view.on_status("unreachable, retrying")
        self.client.on_message = self._message

    def start(self) -> Watcher:
        self.client.connect_async(self.host, self.port, keepalive=30)
        self.client.loop_start()
        return self

    def stop(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()

    def _connected(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            self.view.on_status(f"refused by the broker: {reason_code}")
            return
        self.view.on_status("connected")
        client.subscribe([(f"{self.base}/{t}", 1) for t in ("state", "events", "clock", "status")])

    def _message(self, client, userdata, msg) -> None:
        import json
        topic = msg.topic.rsplit("/", 1)[-1]
        if topic == "status":
            self.view.on_status(msg.payload.decode("utf-8", errors="replace") or "unknown")
            return
        try:
            doc = json.loads(msg.payload)
        except ValueError:
            return
        if not isinstance(doc, dict):
            return
        {"state": self.view.on_state, "clock": self.view.on_clock, "events": self.view.on_event}.get(
            topic, lambda d: None)(doc)


def run(url: str, prefix: str, board_id: str, out: TextIO | None = None, seconds: float | None = None) -> int:
    """Follow the board until Ctrl-C (or `seconds`); redraw in place on a terminal, print events to a pipe."""
    out = out or sys.stdout
    view = View(board_id, url)
    watcher = Watcher(url, prefix, board_id, view).start()
    tty = out.isatty()
    end = None if seconds is None else time.monotonic() + seconds
    told_status = ""
    try:
        if tty:
            out.write("\x1b[?25l")           # no cursor blinking over the board
        while end is None or time.monotonic() < end:
            view.changed.wait(1.0)          # the move clock counts down even when nothing comes
            view.changed.clear()
            if tty:
                width = shutil.get_terminal_size((100, 40)).columns
                out.write("\x1b[H\x1b[2J" + screen(view, time.time(), width) + "\n")
            else:
                with view.lock:
                    lines, view.new_lines = view.new_lines, []
                    status = view.status
                if status != told_status:       # a pipe hears of the link on standard error
                    told_status = status
                    print(f"soccerboard watch: {board_id} at {url}: {status}", file=sys.stderr, flush=True)
                if lines:
                    out.write("\n".join(lines) + "\n")
            out.flush()
            time.sleep(REDRAW_SECONDS)
    except KeyboardInterrupt:
        pass
    finally:
        if tty:
            out.write("\x1b[?25h\n")
            out.flush()
        watcher.stop()
    return 0


def watch_command(args) -> int:
    from .daemon.main import settings_from
    from .daemon.operations.config import ConfigError
    try:
        settings = settings_from(args.config)
    except ConfigError as e:
        from .i18n.translate import error_text
        print(f"soccerboard watch: {error_text(e)}", file=sys.stderr)
        return 2
    url = args.broker or f"{'mqtts' if settings.mqtt.tls else 'mqtt'}://{settings.mqtt.host}:{settings.mqtt.port}"
    if urlparse(url).scheme not in ("mqtt", "mqtts"):
        print(f"soccerboard watch: --broker {url}: give mqtt://host:port or mqtts://host:port", file=sys.stderr)
        return 2
    prefix = settings.base.rsplit("/", 1)[0]
    return run(url, prefix, args.board_id or settings.board_id, seconds=args.seconds)


def add_watch_command(sub) -> None:
    p = sub.add_parser("watch", help="follow a live board in the terminal (board, score, clocks, events), "
                                     "e.g. on a headless Pi over SSH",
                       description="Follow one board's match through its MQTT broker: the board redrawn in place, "
                                   "score, minute, team to act, move clock and the last events. Red pawns are in "
                                   "capitals, blue in small letters, o is the ball, * a pawn holding it.")
    p.add_argument("--broker", metavar="URL",
                   help="the broker, mqtt://[user:pass@]host:port (default: the config's, mqtt://localhost:1883)")
    p.add_argument("--board-id", metavar="ID", help="the board to follow (default: the config's, board1)")
    p.add_argument("--config", metavar="FILE", help="TOML file to take the broker and board id from")
    p.add_argument("--seconds", type=float, default=None, help=_suppress())
    p.add_argument("-v", "--verbose", action="store_true", help="show a traceback when something fails")
    p.set_defaults(handler=watch_command)


def _suppress():
    import argparse
    return argparse.SUPPRESS

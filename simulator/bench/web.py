"""What the browser tests and benchmarks/bench_dashboard.py both build, so the benchmark measures the very thing
the tests check: a Mosquitto with a WebSockets listener, the web server, Debian's Chromium driven by Playwright
(the caller's), a publisher that speaks like the daemon, the documents the daemon publishes for a match, and
`soccerboard sim` as a subprocess.

Mosquitto and Chromium are required, not optional: when one is missing this raises MissingTool saying how to
install it (deploy/test.sh does it through SOCCERBOARD_APT).
"""
from __future__ import annotations

import getpass
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import paho.mqtt.client as mqtt

from simulator.bench.mosquitto import CHECKOUT, MissingTool, Mosquitto, free_port, required_mosquitto
from simulator.bench.process import stop_process

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
PREFIX = "soccerboard"


# ---- the broker -----------------------------------------------------------------------------------------
class WebMosquitto(Mosquitto):
    """A private Mosquitto 2.x with a TCP and a WebSockets listener on free ports (or the given ones).

    Without `acl` anyone may do anything (the test broker of most dashboard tests); with `acl` (a path) and
    `passwd` (a mosquitto_passwd file) it is configured like deploy/mosquitto/soccerboard.conf. Retained
    messages persist in its directory, so a restart on the same ports keeps them, as on a Pi.
    """

    def __init__(self, directory: Path, port: int | None = None, ws_port: int | None = None,
                 acl: Path | None = None, passwd: Path | None = None):
        binary = required_mosquitto()
        self.binary, self.dir = binary, Path(directory)
        self.port = port or free_port()
        self.ws_port = ws_port or free_port()
        while self.ws_port == self.port:
            self.ws_port = free_port()
        self.dir.mkdir(parents=True, exist_ok=True)
        auth = ""
        if passwd is not None:
            auth += f"password_file {passwd}\n"
        if acl is not None:
            auth += f"acl_file {acl}\n"
        (self.dir / "mosquitto.conf").write_text(
            "per_listener_settings false\n"
            f"listener {self.port} 127.0.0.1\n"
            f"listener {self.ws_port} 127.0.0.1\nprotocol websockets\n"
            f"allow_anonymous true\n{auth}"
            f"persistence true\npersistence_location {self.dir}/\n"
            f"user {getpass.getuser()}\nlog_dest file {self.dir / 'mosquitto.log'}\n")
        self.proc = None

    def _listening(self) -> bool:
        self._check_running()
        for port in (self.port, self.ws_port):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    pass
            except OSError:
                return False
        return True

    def ports_closed(self) -> bool:
        for port in (self.port, self.ws_port):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    return False
            except OSError:
                pass
        return True

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.ws_port}/"


# ---- the browser ----------------------------------------------------------------------------------------
def launch_chromium(playwright):
    if not os.path.exists(CHROMIUM):
        raise MissingTool("the browser needs Debian's Chromium: run `apt-get install -y chromium` "
                          "(bash deploy/test.sh installs it on a fresh machine)")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def make_server(config: dict, static_dir: Path | None = None):
    """controller.web.server.WebServer on a free port, serving the page and `config` as /config.json."""
    from controller.web.server import STATIC_DIR, WebServer
    static = static_dir or os.environ.get("SOCCERBOARD_TEST_STATIC") or STATIC_DIR   # another build of the page
    return WebServer("127.0.0.1", 0, config, static).start()


def live_url(server_url: str, board: str, **params) -> str:
    query = "&".join([f"board={board}"] + [f"{k}={v}" for k, v in params.items()])
    return f"{server_url}?{query}"


def wait_connected(page, timeout: float = 10000) -> None:
    page.wait_for_selector("body[data-connected='true']", state="attached", timeout=timeout)



# ---- publishing like the daemon -------------------------------------------------------------------------
def iso_now() -> str:
    from controller.daemon.outputs.publisher import iso
    return iso()


class BoardPublisher:
    """One paho client (VERSION2 callbacks) that publishes a board's documents the way the daemon does:
    status/state/clock retained QoS 1, leds retained QoS 0, events QoS 1. Every call waits for the broker."""

    def __init__(self, port: int, board: str, user: str | None = None, password: str | None = None,
                 prefix: str = PREFIX):
        self.base = f"{prefix}/{board}"
        self.board = board
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
        if user:
            self.client.username_pw_set(user, password)
        self._up = threading.Event()
        self.client.on_connect = self._connected
        self.client.on_disconnect = lambda c, u, f, rc, p: self._up.clear()
        # paho annotates whole seconds but waits any number of them: the tests reconnect within a second
        self.client.reconnect_delay_set(0.05, 0.2)  # type: ignore[arg-type]
        self.client.connect("127.0.0.1", port, keepalive=10)
        self.client.loop_start()
        if not self._up.wait(5):
            raise AssertionError(f"the test publisher could not connect to port {port}")

    def _connected(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            return
        sock = client.socket()
        if sock is not None:     # like the daemon's publisher: no Nagle delay for a message right behind another
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._up.set()

    def wait_connected(self, timeout: float = 10) -> None:
        if not self._up.wait(timeout):
            raise AssertionError("the test publisher did not reconnect")

    def publish(self, topic: str, payload, retain: bool = False, qos: int = 1) -> float:
        """Publish under <base>/topic (dicts as compact JSON); returns time.monotonic() when handed to the
        socket, and waits for the broker's acknowledgement of a QoS 1 message."""
        if isinstance(payload, (dict, list)):
            payload = json.dumps(payload, separators=(",", ":"))
        info = self.client.publish(f"{self.base}/{topic}", payload, qos=qos, retain=retain)
        sent = time.monotonic()
        info.wait_for_publish(5)
        if not info.is_published():
            raise AssertionError(f"publish to {self.base}/{topic} was not acknowledged")
        return sent

    def status(self, text: str) -> float:
        return self.publish("status", text, retain=True)

    def state(self, doc: dict) -> float:
        return self.publish("state", doc, retain=True)

    def clock(self, doc: dict) -> float:
        return self.publish("clock", doc, retain=True)

    def leds(self, doc: dict) -> float:
        return self.publish("leds", doc, retain=True, qos=0)

    def event(self, doc: dict) -> float:
        return self.publish("events", {"ts": iso_now(), **doc} if "ts" not in doc else doc)

    def clear(self) -> None:
        """Remove this board's retained documents (an empty retained payload deletes them)."""
        for topic in ("status", "state", "clock", "leds"):
            self.publish(topic, b"", retain=True)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


# ---- what the daemon publishes for a match ------------------------------------------------------------
@dataclass
class Frame:
    """What the daemon publishes after one input: numbered events, the new state (or None), the clock view,
    the LED document when it changed."""
    line: dict
    verdict: dict
    events: list[dict] = field(default_factory=list)
    state: dict | None = None
    clock_view: dict | None = None
    leds: dict | None = None

    def clock(self) -> dict | None:
        """The clock document, its deadlines counted from now (as the daemon does when it publishes)."""
        from controller.daemon.outputs.publisher import clock_document
        return clock_document(self.clock_view) if self.clock_view is not None else None

    @property
    def last_seq(self) -> int | None:
        seqs = [e["seq"] for e in self.events] + ([self.state["seq"]] if self.state else [])
        return max(seqs) if seqs else None


def match_frames(lines: list[dict], options: dict | None = None, seq_base: int = 0) -> list[Frame]:
    """Feed scenario lines to controller.daemon.referee.Referee (the daemon's own numbering) and collect
    the documents it would publish, LED plan included (controller.leds.planner, as the daemon does)."""
    from controller.daemon.referee import Referee
    from controller.leds.planner import plan_leds
    ref = Referee(options or {}, board_follows_game=True, seq_base=seq_base)
    frames: list[Frame] = []
    last_leds = None

    def leds() -> dict | None:
        nonlocal last_leds
        core = ref.core
        if core.game is None:
            return None
        doc = plan_leds(core.game, core.board_view()).to_json()
        if doc == last_leds:
            return None
        last_leds = doc
        return doc

    for line in lines:
        step = ref.feed(ref.normalise(line))
        frames.append(Frame(line, step.verdict, [dict(e) for e in step.events], step.state, step.clock, leds()))
    step = ref.finish_pending()
    if step.events or step.state:
        frames.append(Frame({}, step.verdict, [dict(e) for e in step.events], step.state, step.clock, leds()))
    return frames


# ---- `soccerboard sim` as a subprocess -----------------------------------------------------------------
OPEN_LINE = re.compile(r"^open\s+(http://\S+)")


class SimProcess:
    """`soccerboard sim ...` (embedded amqtt broker, web server) in its own process group; `url` is the page
    it prints on its `open     http://127.0.0.1:PORT/?board=...` line."""

    def __init__(self, args: list[str], log: Path, timeout: float = 30):
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        env.pop("NOTIFY_SOCKET", None)
        self.log = Path(log)
        self.proc = subprocess.Popen([sys.executable, "-m", "controller.cli", "sim", *args], cwd=CHECKOUT, env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                     start_new_session=True)
        self.lines: list[str] = []
        self.url: str | None = None
        self.ws_url: str | None = None
        self._found = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        if not self._found.wait(timeout) or self.url is None:
            self.stop()
            raise AssertionError("`soccerboard sim` printed no `open http://...` line; its output:\n"
                                 + "\n".join(self.lines[-40:]))

    def _read(self) -> None:
        if self.proc.stdout is None:
            raise AssertionError("`soccerboard sim` was started without a pipe for its output")
        with open(self.log, "a") as f:
            for line in self.proc.stdout:
                line = line.rstrip("\n")
                self.lines.append(line)
                f.write(line + "\n")
                f.flush()
                m = OPEN_LINE.match(line)
                if m and self.url is None:
                    self.url = m.group(1)
                    self._found.set()
                ws = re.search(r"websockets (ws://\S+?)\)", line)
                if ws:
                    self.ws_url = ws.group(1)
        self._found.set()      # the process ended: stop waiting

    def stop(self) -> int:
        return stop_process(self.proc)

"""Pieces of the browser tests that are not pytest fixtures: waits on the page, the real daemon in-process, and
journals it wrote. What the dashboard benchmark builds too (the brokers, the web server, Chromium, the publisher,
the match's documents, `soccerboard sim`) is simulator.bench.web's, re-exported here with the daemon tests'
helpers the browser tests use.
"""
from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from simulator.bench.mosquitto import Mosquitto, free_port
from simulator.bench.process import stop_process
from simulator.bench.waits import wait_for
from simulator.bench.web import (
    CHROMIUM_ARGS,
    BoardPublisher,
    Frame,
    MissingTool,
    SimProcess,
    WebMosquitto,
    iso_now,
    launch_chromium,
    live_url,
    make_server,
    match_frames,
    wait_connected,
)

if TYPE_CHECKING:
    from controller.daemon.referee import Referee

ROOT = Path(__file__).resolve().parents[2]


def start_manual_sim(directory: Path) -> SimProcess:
    """`soccerboard sim --manual` with red kicking off, its journal and log in `directory`, its page on a free
    port: the simulator page a person plays by clicks."""
    cfg = directory / "sim.toml"
    cfg.write_text('[game]\nkickoff = "red"\n')
    return SimProcess(["--manual", "--config", str(cfg), "--journal-dir", str(directory / "journal"),
                       "--http-port", "0"], directory / "sim.log")


def page_seq(page) -> int:
    """The seq of the last state the page painted (0 before the first)."""
    return int(page.evaluate("document.body.dataset.seq || '0'"))


def wait_seq(page, seq: int, timeout: float = 5000) -> None:
    """Wait until the page has painted the state with this seq (body[data-seq])."""
    page.wait_for_function("s => document.body.dataset.seq === String(s)", arg=seq, timeout=timeout)


def squares_drawn(page) -> int:
    return page.locator("svg#board rect.square").count()


def feed_texts(page) -> list[str]:
    return [t.strip() for t in page.locator("#feed li").all_inner_texts()]


# ---- real documents from the project's own referee ------------------------------------------------------
def scenario_file_lines(path: Path | str) -> list[dict]:
    """A scenario file (docs/board.md 5) as dicts, comments and blank lines skipped."""
    out = []
    for text in Path(path).read_text().splitlines():
        text = text.strip()
        if text and not text.startswith("#"):
            out.append(json.loads(text))
    return out


def publish_frame(pub: BoardPublisher, frame: Frame) -> None:
    """In the daemon's order: events, state, clock, leds."""
    for e in frame.events:
        pub.event({"seq": e["seq"], "ts": iso_now(), **{k: v for k, v in e.items() if k != "seq"}})
    if frame.state is not None:
        pub.state(frame.state)
    clock = frame.clock()
    if clock is not None:
        pub.clock(clock)
    if frame.leds is not None:
        pub.leds(frame.leds)


# ---- the real daemon, in this process ------------------------------------------------------------------
class InProcessDaemon:
    """controller.daemon.service.Daemon on the simulated board, publishing to a broker (its Publisher),
    fed scenario lines one at a time by the test (`put`), as the hardware poller would."""

    def __init__(self, broker_port: int, board: str, journal_dir: Path, options: dict | None = None,
                 user: str | None = None, password: str | None = None, sim_mode: bool = False):
        from controller.daemon.main import make_publisher
        from controller.daemon.operations.config import load_settings
        from controller.daemon.service import Daemon
        from hal.backends import open_hardware
        self.settings = load_settings(None, env=False, board_id=board, journal__dir=str(journal_dir),
                                      game__options=dict(options or {}))
        self.hw = open_hardware({"backend": "sim"})
        self.daemon = Daemon(self.settings, self.hw, board_follows_game=True, tick=0.02, auto_setup=False,
                             sim_mode=sim_mode)
        auth = f"{user}:{password}@" if user else ""
        self.publisher = make_publisher(self.settings, self.daemon, f"mqtt://{auth}127.0.0.1:{broker_port}")
        self.seen: list = []                         # every durable output batch (Msg lists)
        self._lock = threading.Lock()
        self.daemon.observers.append(self._observe)

    def _observe(self, msgs) -> None:
        with self._lock:
            self.seen.extend(msgs)

    def start(self) -> InProcessDaemon:
        self.daemon.start()
        if not self.publisher.connected.wait(10):
            raise AssertionError(f"the daemon did not connect: {self.publisher.last_error}")
        return self

    def put(self, line: dict) -> None:
        self.daemon.put("test", line)

    def settle(self, timeout: float = 10) -> None:
        """Wait until every input is processed and everything it produced is acknowledged by the broker."""
        wait_for(lambda: self.daemon.inputs.empty() and self.daemon.journal.flush(2) and self.publisher.backlog() == 0,
                 timeout, "the daemon to process and publish its inputs")

    def outputs(self, topic: str) -> list:
        with self._lock:
            return [m.payload for m in self.seen if m.topic == topic]

    @property
    def seq(self) -> int:
        return self._referee().seq

    @property
    def state(self) -> dict | None:
        return self._referee().state_doc

    def _referee(self) -> Referee:
        if self.daemon.referee is None:
            raise AssertionError("the daemon has not been started")
        return self.daemon.referee

    def stop(self) -> None:
        self.daemon.stop()
        self.hw.close()


def write_journal(lines: list[dict], directory: Path, options: dict | None = None, board: str = "board1") -> Path:
    """Referee `lines` with the real daemon (no broker) and return the journal it wrote."""
    from controller.daemon.operations.config import load_settings
    from controller.daemon.service import Daemon
    from hal.backends import open_hardware
    settings = load_settings(None, env=False, board_id=board, journal__dir=str(directory),
                             game__options=dict(options or {}))
    hw = open_hardware({"backend": "sim"})
    daemon = Daemon(settings, hw, board_follows_game=True, tick=0.01, auto_setup=False)
    daemon.observers.append(lambda msgs: None)
    daemon.start()
    try:
        for line in lines:
            daemon.put("test", line)
        daemon.end_of_source()
        if not daemon.wait(60):
            raise AssertionError("the daemon did not finish the scenario")
    finally:
        daemon.stop()
        hw.close()
    journals = daemon.store.journals()
    assert journals, "the daemon wrote no journal"
    return Path(journals[-1])


__all__ = [
    "CHROMIUM_ARGS",
    "ROOT",
    "BoardPublisher",
    "Frame",
    "InProcessDaemon",
    "MissingTool",
    "Mosquitto",
    "SimProcess",
    "WebMosquitto",
    "feed_texts",
    "free_port",
    "launch_chromium",
    "live_url",
    "make_server",
    "match_frames",
    "publish_frame",
    "scenario_file_lines",
    "squares_drawn",
    "stop_process",
    "wait_connected",
    "wait_for",
    "wait_seq",
    "write_journal",
]

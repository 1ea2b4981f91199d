"""A real daemon refereeing a test game, with its coaches' desk behind the real page server on a free loopback
port, and a plain HTTP client for a coach's phone (http.client over a real socket)."""
from __future__ import annotations

import http.client
import json
import threading
from pathlib import Path
from typing import Any

from controller.daemon.coach_desk import CoachDesk
from controller.daemon.operations.config import load_settings
from controller.daemon.service import Daemon
from controller.web.server import WebServer
from hal.backends import open_hardware
from simulator.bench.waits import wait_for


class CoachRig:
    """The daemon (no broker: nothing here needs one), its desk and its page server."""

    def __init__(self, journal_dir: Path, ruleset: str = "tally"):
        self.journal_dir = journal_dir
        self.settings = load_settings(None, env=False, board_id="c1", journal__dir=str(journal_dir),
                                      game__ruleset=ruleset)
        self.hw = open_hardware({"backend": "sim"})
        self.daemon = Daemon(self.settings, self.hw, board_follows_game=True, tick=0.02, auto_setup=False)
        self.seen: list = []
        self._lock = threading.Lock()
        self.daemon.observers.append(self._observe)
        self.desk = CoachDesk(self.daemon, journal_dir)
        self.web: WebServer | None = None

    def _observe(self, msgs) -> None:
        with self._lock:
            self.seen.extend(msgs)

    def start(self, setup: dict | None = None) -> CoachRig:
        self.daemon.start()
        self.web = WebServer("127.0.0.1", 0, {}, coach=self.desk).start()
        if setup is not None:
            self.daemon.put("test", setup)
            wait_for(self.desk.codes, 10, "the match's codes")
        return self

    def settle(self) -> None:
        wait_for(lambda: self.daemon.inputs.empty() and self.daemon.journal.flush(2), 10, "the daemon to settle")

    def outputs(self, topic: str) -> list:
        with self._lock:
            return [m.payload for m in self.seen if m.topic == topic]

    @property
    def state(self) -> dict:
        assert self.daemon.referee is not None and self.daemon.referee.state_doc is not None
        return self.daemon.referee.state_doc

    def journal_text(self) -> str:
        return "".join(p.read_text() for p in sorted(self.journal_dir.glob("*.jsonl")))

    def code(self, team: str) -> str:
        codes = self.desk.codes()
        assert codes is not None
        return codes[team]

    def request(self, method: str, path: str, body: bytes | dict | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, dict[str, Any], dict[str, str]]:
        """(status, JSON answer, headers) of one request on a new connection."""
        assert self.web is not None
        conn = http.client.HTTPConnection("127.0.0.1", self.web.port, timeout=10)
        try:
            data = json.dumps(body).encode() if isinstance(body, dict) else body
            sent = {"Content-Type": "application/json", **(headers or {})}
            conn.request(method, path, body=data, headers=sent)
            res = conn.getresponse()
            raw = res.read()
            found = json.loads(raw) if raw.startswith(b"{") else {"text": raw.decode()}
            return res.status, found, {k.lower(): v for k, v in res.getheaders()}
        finally:
            conn.close()

    def enter(self, code: str, line: dict) -> tuple[int, dict[str, Any]]:
        status, doc, _ = self.request("POST", "/coach/input", {"code": code, "line": line})
        return status, doc

    def view(self, code: str) -> tuple[int, dict[str, Any]]:
        status, doc, _ = self.request("POST", "/coach/view", {"code": code})
        return status, doc

    def stop(self) -> None:
        if self.web is not None:
            self.web.stop()
        self.daemon.stop()
        self.hw.close()

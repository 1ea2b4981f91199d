"""A small static HTTP server for the spectator page, on its own thread (an edge, like the MQTT client).

Why the standard library: the page is static files plus one generated `config.json` that tells the
browser where the broker's WebSocket listener is; nothing else needs a web framework on a Pi. Only
files under the static directory are served (no directory listings), with caching off for
`config.json` and `index.html` so a restarted daemon's new ports are picked up.

HTTP/1.1 keep-alive: the page loads a dozen small modules at once, and over HTTP/1.0 each one costs a new
connection and, in this threading server, a new thread. Every response carries a Content-Length (the
files, config.json, the errors), so a browser can reuse its connections; an idle one is closed after
IDLE_SECONDS so its thread does not wait forever. Headers and body are two writes on a connection that
stays open: without TCP_NODELAY the body would wait for the browser's delayed ACK of the headers (40 ms).
"""
from __future__ import annotations

import contextlib
import json
import logging
import socket
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger(__name__)

STATIC_DIR = Path(__file__).parent / "static"
_NO_CACHE = ("/", "/index.html", "/config.json")
IDLE_SECONDS = 30


class _Handler(SimpleHTTPRequestHandler):
    config_bytes = b"{}"
    protocol_version = "HTTP/1.1"
    timeout = IDLE_SECONDS  # a kept-alive connection nobody uses any more ends here
    disable_nagle_algorithm = True

    # a class attribute as in http.server, whose declaration (a plain dict, not a ClassVar) this must match
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".js": "text/javascript",  # noqa: RUF012
                      ".mjs": "text/javascript", ".json": "application/json", ".svg": "image/svg+xml"}

    def do_GET(self) -> None:
        if self.path.split("?", 1)[0] == "/config.json":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(self.config_bytes)))
            self.end_headers()  # Cache-Control: no-store comes with end_headers, as for index.html
            self.wfile.write(self.config_bytes)
            return
        super().do_GET()

    def list_directory(self, path):  # no listings: only the page's own files
        self.send_error(404, "not found")
        return None

    def end_headers(self) -> None:
        if self.path.split("?", 1)[0] in _NO_CACHE:
            self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        log.debug("%s %s", self.address_string(), format % args)


class WebServer:
    """Serves `static_dir` and `/config.json` (the `config` dict) on host:port (0: a free port)."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, config: dict | None = None,
                 static_dir: Path | str = STATIC_DIR):
        handler = type("Handler", (_Handler,), {"config_bytes": json.dumps(config or {}).encode()})
        self._httpd = ThreadingHTTPServer((host, port), partial(handler, directory=str(static_dir)))
        self._httpd.daemon_threads = True
        # stop() must not wait for the connections a browser keeps open
        self._httpd.block_on_close = False
        self.host = host
        self.port = self._httpd.server_address[1]
        # no poll interval: the thread sleeps until a connection comes; stop() wakes it with one of its own
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": None},
                                        name="soccerboard-web", daemon=True)

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    def start(self) -> WebServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._thread.is_alive():
            stopper = threading.Thread(target=self._httpd.shutdown, daemon=True)
            stopper.start()
            while stopper.is_alive():     # shutdown() is seen once a connection ends the server's wait
                with contextlib.suppress(OSError), socket.create_connection(self._reach(), timeout=0.5):
                    pass
                stopper.join(0.05)
        self._httpd.server_close()
        self._thread.join(2.0)

    def _reach(self) -> tuple[str, int]:
        """Where this machine reaches the server (its wildcard address is not a place to connect to)."""
        host = {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "::": "::1"}.get(self.host, self.host)
        return host, self.port

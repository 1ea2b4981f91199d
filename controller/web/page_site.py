"""What the page server answers: a parsed request in, a complete response out (bytes, and whether the
connection ends after it). No sockets here; controller/web/server.py moves the bytes.

GET and HEAD only (HEAD: GET's headers, no body); `/config.json` from the server's config; `/games.js` and
`/games/<name>.js`, the games' page modules, through the registry (controller/web/game_pages.py); everything
else from the static folder (controller/web/static_files.py decides what may leave it). Every response carries
a Content-Length, the safety headers and the policy of controller/web/page_policy.py; `config.json` and
`index.html` are not cached (a restarted daemon's new ports are picked up), the modules are (Last-Modified,
If-Modified-Since). An error ends the connection after its answer. With a coaches' desk, `/coach/*` are the
coaches' requests (controller/web/coach_http.py): the only POSTs, and the only answers that may come later.
"""
from __future__ import annotations

import email.utils
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from pathlib import Path

from .coach_http import BODY_PATHS, PATHS, Desk, coach_request
from .game_pages import LIST_PATH, is_game_path, list_module, module_for_path
from .http_request import Request
from .page_policy import broker_sources, content_security_policy, inline_script_hashes, safety_headers
from .static_files import BadPath, content_type, find_file, url_path

_NO_CACHE = ("/", "/index.html", "/config.json", LIST_PATH)
_HOST = re.compile(r"(?:[A-Za-z0-9._~!$&'()*+,;=%-]*|\[[0-9A-Fa-f:.]+\])(?::[0-9]*)?")


@dataclass(frozen=True)
class Answer:
    data: bytes                      # status line, headers and (unless HEAD) body
    status: int
    close: bool                      # end the connection once this is sent


@dataclass(frozen=True)
class Pending:
    """An answer that comes later: `start(finish)` begins the work, which calls `finish` once, from any thread."""
    start: Callable[[Callable[[Answer], None]], None]


class PageSite:
    """The page's files under `static_dir`, `config` as /config.json, and the coaches' requests for `coach`."""

    def __init__(self, static_dir: Path | str, config: dict, coach: Desk | None = None):
        self.root = Path(static_dir).resolve()
        self.config = dict(config)
        self.config_bytes = json.dumps(config).encode()
        self.coach = coach

    def takes_body(self, req: Request) -> bool:
        """Whether the request's body is read (and handed in as `req.body`) before it is answered."""
        return self.coach is not None and req.method == "POST" and req.target in BODY_PATHS

    def answer(self, req: Request) -> Answer | Pending:
        head_only = req.method == "HEAD"
        host = req.headers.get("host")
        if self.coach is not None and req.target in PATHS:
            return self._coach(req, self.coach, host)
        if req.method not in ("GET", "HEAD"):
            return self.error(405, host, head_only=False, extra=[("Allow", "GET, HEAD")])
        if host is not None and not _HOST.fullmatch(host):
            return self.error(400, None, head_only)
        try:
            path = url_path(req.target)
        except BadPath:
            return self.error(400, host, head_only)
        close = not req.keep_alive or req.has_body       # a body is never read: its bytes must not be taken
        if path == "/config.json":                        # for the next request
            return self._respond(200, "application/json", self.config_bytes, host, head_only, close,
                                 [("Cache-Control", "no-store")])
        if path == LIST_PATH:
            return self._respond(200, "text/javascript", list_module(), host, head_only, close,
                                 [("Cache-Control", "no-store")])
        found = module_for_path(path) if is_game_path(path) else find_file(self.root, path)
        if found is None:
            return self.error(404, host, head_only)
        try:
            body = found.read_bytes()
            mtime = found.stat().st_mtime
        except OSError:
            return self.error(404, host, head_only)
        ctype = content_type(found)
        if path in _NO_CACHE:
            extra = [("Cache-Control", "no-store")]
        else:
            modified = email.utils.formatdate(mtime, usegmt=True)
            extra = [("Last-Modified", modified)]
            if _not_modified_since(req.headers.get("if-modified-since"), mtime):
                return self._respond(304, None, b"", host, True, close, extra)
        hashes = inline_script_hashes(body) if ctype == "text/html" else []
        return self._respond(200, ctype, body, host, head_only, close, extra, hashes)

    def _coach(self, req: Request, desk: Desk, host: str | None) -> Answer | Pending:
        if host is not None and not _HOST.fullmatch(host):
            return self.error(400, None)
        close = not req.keep_alive or (req.has_body and not self.takes_body(req))
        head_only = req.method == "HEAD"
        found = coach_request(req, req.target, desk)

        def json_answer(status: int, doc: dict) -> Answer:
            extra = [("Cache-Control", "no-store")]
            if status == 405:
                extra.append(("Allow", "GET, HEAD" if req.target not in BODY_PATHS else "POST"))
            if isinstance(doc.get("retry_after"), int):
                extra.append(("Retry-After", str(doc["retry_after"])))
            return self._respond(status, "application/json", json.dumps(doc).encode(), host, head_only,
                                 close or status >= 500, extra)
        if isinstance(found, tuple):
            return json_answer(*found)
        later = found
        return Pending(lambda finish: later(lambda status, doc: finish(json_answer(status, doc))))

    def error(self, status: int, host: str | None, head_only: bool = False,
              extra: list[tuple[str, str]] | None = None) -> Answer:
        """An error answer, plain text, ending the connection."""
        body = f"{status} {HTTPStatus(status).phrase}\n".encode()
        return self._respond(status, "text/plain; charset=utf-8", body, host, head_only, True, extra or [])

    def _respond(self, status: int, ctype: str | None, body: bytes, host: str | None, head_only: bool,
                 close: bool, extra: list[tuple[str, str]], hashes: list[str] | None = None) -> Answer:
        csp = content_security_policy(broker_sources(self.config, host), hashes or [])
        headers = [("Server", "soccerboard"), ("Date", email.utils.formatdate(usegmt=True))]
        if ctype is not None:
            headers.append(("Content-Type", ctype))
        if status != 304:
            headers.append(("Content-Length", str(len(body))))
        headers += extra + safety_headers(csp)
        headers.append(("Connection", "close" if close else "keep-alive"))
        lines = [f"HTTP/1.1 {status} {HTTPStatus(status).phrase}"] + [f"{k}: {v}" for k, v in headers]
        data = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
        return Answer(data if head_only else data + body, status, close)


def _not_modified_since(value: str | None, mtime: float) -> bool:
    if not value:
        return False
    try:
        since = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return False
    return since.tzinfo is not None and int(mtime) <= since.timestamp()

"""The coaches' requests to the page server (docs/coach.md), read and checked here, carried out by a desk (the
daemon's controller/daemon/coach_desk.py, which this module does not import):

- `POST /coach/input` `{"code": ..., "line": {...}}`: a line of the coach's team, answered with its verdict;
- `POST /coach/view` `{"code": ...}`: the team's own view of the match;
- `GET /coach/codes`: the codes of the match, for the referee at the board's own machine (loopback only).

The code travels in the body, never in the URL, so no link, history entry or log line a spectator might see
carries it. A body must be JSON (`Content-Type: application/json`): a form on another site cannot send one
without the browser first asking this server, which never allows it.
"""
from __future__ import annotations

import ipaddress
import json
from collections.abc import Callable
from typing import Any, Protocol

from .http_request import Request

INPUT_PATH, VIEW_PATH, CODES_PATH = "/coach/input", "/coach/view", "/coach/codes"
BODY_PATHS = (INPUT_PATH, VIEW_PATH)
PATHS = (*BODY_PATHS, CODES_PATH)

Done = Callable[[int, dict[str, Any]], None]        # (HTTP status, JSON document), called once, from any thread
Later = Callable[[Done], None]                      # starts work whose answer comes through `done`
Reply = tuple[int, dict[str, Any]]


class Desk(Protocol):
    """Who carries the coaches' requests out (the daemon's CoachDesk)."""

    def enter(self, code: object, line: object, address: str, done: Done) -> None: ...

    def view(self, code: object, address: str, done: Done) -> None: ...

    def codes(self) -> dict[str, str] | None: ...


def _refused(status: int, reason: str, detail: str) -> Reply:
    return status, {"ok": False, "reason": reason, "detail": detail}


def coach_request(req: Request, path: str, desk: Desk) -> Reply | Later:
    """The answer to a request for one of PATHS: at once (a malformed request, the codes), or later (the desk's)."""
    if path == CODES_PATH:
        if req.method not in ("GET", "HEAD"):
            return _refused(405, "bad_method", "GET only")
        if not _loopback(req.peer):
            return _refused(403, "local_only", "the codes are shown on the board's own machine only")
        return 200, {"ok": True, "codes": desk.codes()}
    if req.method != "POST":
        return _refused(405, "bad_method", "POST a JSON body (the code never goes in the URL)")
    media = req.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if media != "application/json":
        return _refused(415, "bad_input", "the body must be JSON (Content-Type: application/json)")
    try:
        body = json.loads(req.body.decode("utf-8"), parse_constant=_not_json)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return _refused(400, "bad_input", "the body is not a JSON object")
    allowed = {"code", "line"} if path == INPUT_PATH else {"code"}
    if not isinstance(body, dict) or not isinstance(body.get("code"), str) or set(body) - allowed:
        return _refused(400, "bad_input", f"the body must be a JSON object with {' and '.join(sorted(allowed))}")
    if path == INPUT_PATH:
        if not isinstance(body.get("line"), dict):
            return _refused(400, "bad_input", "line must be a JSON object (a scenario line)")
        code, line = body["code"], body["line"]
        return lambda done: desk.enter(code, line, req.peer, done)
    code = body["code"]
    return lambda done: desk.view(code, req.peer, done)


def _not_json(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


def _loopback(peer: str) -> bool:
    try:
        address = ipaddress.ip_address(peer)
    except ValueError:
        return False
    mapped = getattr(address, "ipv4_mapped", None)
    return bool((mapped or address).is_loopback)

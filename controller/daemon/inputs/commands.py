"""Referee commands from MQTT (`<base>/cmd/<name>`) become scenario lines on the same input queue.

Why lines: a command changes the match, so it must be in the journal like any sensor input, and a
replay must reproduce it; `pause` and `undo` are the buttons a referee would press. Who may send
commands is the broker's business (password file and ACL in deploy/): spectators cannot publish.
Anything malformed gets an error response and changes nothing.
"""
from __future__ import annotations

import json
import time
from typing import Any

from controller.echo import quoted
from controller.games import own_lines_and_keys
from controller.i18n import Say

from ..match_seat import KEYS as SEAT_KEYS
from ..match_seat import seat_from

COMMANDS = ("new_game", "pause", "resume", "undo", "decline", "confirm")
_BUTTONS = {"pause", "resume", "undo", "decline", "confirm"}
MAX_PAYLOAD = 8192            # a new_game with every option fits in well under 1 KB
MAX_ID = 64                   # characters of a request id echoed on the response
MAX_DEPTH = 8                 # JSON nesting (options are a flat object, shooting_die_faces one level more)


class CommandError(ValueError):
    """A command that cannot be carried out; the message is the response's detail, `request_id` the id to
    echo (when the payload had a usable one)."""

    def __init__(self, message: str, request_id: object = None):
        super().__init__(message)
        self.request_id = request_id


def _not_a_number(name: str) -> object:
    raise ValueError(f"{name} is not a number JSON allows")


def load_json(payload: bytes, limit: int) -> object:
    """A payload's JSON, refusing what could hurt or leak: oversized payloads, NaN and Infinity, integers
    longer than Python converts, nesting deeper than MAX_DEPTH. ValueError with a sentence otherwise."""
    if len(payload) > limit:
        raise ValueError(f"the payload is {len(payload)} bytes; at most {limit}")
    text = payload.decode("utf-8", errors="replace").strip()
    depth = 0
    for ch in text:                 # brackets inside strings count too: a generous bound, never too strict
        depth += ch in "[{"
        depth -= ch in "]}"
        if depth > MAX_DEPTH:
            raise ValueError(f"the payload nests deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(text, parse_constant=_not_a_number)
    except RecursionError:
        raise ValueError("the payload nests too deeply") from None
    except ValueError as e:         # JSONDecodeError, NaN/Infinity, an integer too long to convert
        raise ValueError(f"not valid JSON: {getattr(e, 'msg', str(e))}") from None


def request_id_of(body: dict) -> object:
    """The request id to echo: a string of at most MAX_ID characters or a whole number; CommandError else."""
    rid = body.get("id")
    if rid is None or (isinstance(rid, str) and len(rid) <= MAX_ID) or (
            isinstance(rid, int) and not isinstance(rid, bool) and abs(rid) < 2 ** 53):
        return rid
    raise CommandError(f"id must be a string of at most {MAX_ID} characters or a whole number")


def parse_command(name: str, payload: bytes) -> tuple[dict, object]:
    """(scenario line, request id to echo back) for a command; CommandError if malformed."""
    if name not in COMMANDS:
        raise CommandError(f"unknown command {quoted(name)}; expected one of {', '.join(COMMANDS)}")
    body: object = {}
    if payload and payload.strip():
        try:
            body = load_json(payload, MAX_PAYLOAD)
        except ValueError as e:
            raise CommandError(f"the payload must be empty or a JSON object: {e}") from None
    if not isinstance(body, dict):
        raise CommandError("the payload must be empty or a JSON object")
    request_id = request_id_of(body)
    try:
        return _line(name, body), request_id
    except CommandError as e:
        raise CommandError(str(e), request_id) from None


def _line(name: str, body: dict) -> dict:
    if name in _BUTTONS:
        extra = set(body) - {"id"}
        if extra:
            raise CommandError(f"{name} takes no arguments (got {', '.join(quoted(k) for k in sorted(extra)[:5])})")
        return {"type": "press", "button": name}
    line: dict = {"type": "setup", "formation": "standard"}
    game_keys = sorted(own_lines_and_keys()[1])      # a game's own set-up keys: the game checks their values
    for key in body:
        if key not in ("id", "kickoff", "options", *SEAT_KEYS, *game_keys):
            raise CommandError(f"new_game: unknown key {quoted(key)} "
                               f"(allowed: {', '.join(('kickoff', 'options', 'id', *SEAT_KEYS, *game_keys))})")
        if key in game_keys:
            line[key] = body[key]
    try:
        seat_from(body)                 # the computer's seat: checked here, taken by the daemon (command_seat)
    except ValueError as e:
        raise CommandError(str(e)) from None
    if body.get("kickoff") is not None:
        if body["kickoff"] not in ("red", "blue"):
            raise CommandError(f"new_game: kickoff must be red or blue, not {quoted(body['kickoff'])}")
        line["kickoff"] = body["kickoff"]
    if body.get("options") is not None:
        if not isinstance(body["options"], dict):
            raise CommandError("new_game: options must be a JSON object")
        line["options"] = body["options"]
    return line


def command_seat(name: str, payload: bytes) -> dict[str, Any]:
    """The computer's seat keys a `new_game` command gives (checked by parse_command first), {} for any other
    command: the daemon seats the computer from them for the match the command sets up."""
    if name != "new_game" or not payload.strip():
        return {}
    body = load_json(payload, MAX_PAYLOAD)
    return {k: body[k] for k in SEAT_KEYS if k in body} if isinstance(body, dict) else {}


class RateLimit:
    """At most `rate` inputs a second on average, `burst` at once (a token bucket). A flood of commands must
    not crowd out the board's own inputs, nor grow the queue without bound."""

    def __init__(self, rate: float, burst: int, clock=time.monotonic):
        self.rate, self.burst, self._clock = rate, burst, clock
        self._tokens, self._last = float(burst), clock()
        self._told = -1.0           # when a refusal was last answered

    def allow(self) -> bool:
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False

    def tell(self) -> bool:
        """Whether to answer this refusal (at most one a second, so a flood is not echoed back)."""
        now = self._clock()
        if now - self._told >= 1.0:
            self._told = now
            return True
        return False


def response(name: str, verdict: dict | None = None, error: str | None = None, request_id=None) -> dict:
    """The `<base>/response` document of docs/mqtt.md."""
    doc: dict[str, Any]
    if error is not None:
        doc = {"request": name, "status": "error", "detail": error}
    elif verdict is not None and not verdict.get("ok", False):
        doc = {"request": name, "status": "error", "detail": verdict.get("detail") or verdict.get("reason"),
               "reason": verdict.get("reason")}
    else:
        doc = {"request": name, "status": "ok", "detail": None}
    if isinstance(doc["detail"], Say):      # the page says it in its reader's language (docs/languages.md)
        doc["say"] = doc["detail"].said()
    if request_id is not None:
        doc["id"] = request_id
    return doc

"""Referee commands from MQTT (`<base>/cmd/<name>`) become scenario lines on the same input queue.

Why lines: a command changes the match, so it must be in the journal like any sensor input, and a
replay must reproduce it; `pause` and `undo` are the buttons a referee would press. Who may send
commands is the broker's business (password file and ACL in deploy/): spectators cannot publish.
Anything malformed gets an error response and changes nothing.
"""
from __future__ import annotations

import json
from typing import Any

COMMANDS = ("new_game", "pause", "resume", "undo", "decline", "confirm")
_BUTTONS = {"pause", "resume", "undo", "decline", "confirm"}


class CommandError(ValueError):
    """A command that cannot be carried out; the message is the response's detail."""


def parse_command(name: str, payload: bytes) -> tuple[dict, object]:
    """(scenario line, request id to echo back) for a command; CommandError if malformed."""
    if name not in COMMANDS:
        raise CommandError(f"unknown command {name!r}; expected one of {', '.join(COMMANDS)}")
    body: object = {}
    text = payload.decode("utf-8", errors="replace").strip() if payload else ""
    if text:
        try:
            body = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            raise CommandError("the payload must be empty or a JSON object") from None
    if not isinstance(body, dict):
        raise CommandError("the payload must be empty or a JSON object")
    request_id = body.get("id")
    if name in _BUTTONS:
        extra = set(body) - {"id"}
        if extra:
            raise CommandError(f"{name} takes no arguments (got {', '.join(sorted(extra))})")
        return {"type": "press", "button": name}, request_id
    line: dict = {"type": "setup", "formation": "standard"}
    for key in body:
        if key not in ("id", "kickoff", "options"):
            raise CommandError(f"new_game: unknown key {key!r} (allowed: kickoff, options, id)")
    if body.get("kickoff") is not None:
        if body["kickoff"] not in ("red", "blue"):
            raise CommandError(f"new_game: kickoff must be red or blue, not {body['kickoff']!r}")
        line["kickoff"] = body["kickoff"]
    if body.get("options") is not None:
        if not isinstance(body["options"], dict):
            raise CommandError("new_game: options must be a JSON object")
        line["options"] = body["options"]
    return line, request_id


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
    if request_id is not None:
        doc["id"] = request_id
    return doc

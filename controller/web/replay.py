"""A match as one self-contained HTML file: `render_replay_html(journal_path) -> str`.

The frames are made by replaying the journal through the project's own Referee (the same numbering
the daemon published), with the LED plan and the match minute of each state, so the replay shows
exactly what the live page showed. One frame per state change: the Referee already leaves out pure
clock ticks (only `now`/`elapsed` changed), which keeps a whole match to a few thousand frames.

The page is static/replay.html with everything inlined: the stylesheet as a <style>, every sb/*.js
module as a base64 data: URL in the import map, every game's page module (controller/web/game_pages.py)
as one by game name in the `game-modules` element, and the match as gzip+base64 JSON that the page
unpacks with DecompressionStream. Opened from disk, it needs no server and no network.
"""
from __future__ import annotations

import base64
import gzip
import json
import os
from pathlib import Path
from typing import Any

from controller.daemon.journal import read_journal
from controller.daemon.operations.report import match_minute
from controller.daemon.outputs.leds import led_document
from controller.daemon.referee import Referee, Step, ruleset_of
from controller.leds import planner_for

from .game_pages import page_module, with_modules

STATIC_DIR = Path(__file__).resolve().parent / "static"
FORMAT = "soccerboard.replay/1"
MARKED = ("goal", "yellow_card", "red_card")

# The template's placeholders, replaced verbatim (a changed template fails loudly, not silently).
STYLE_LINK = '<link rel="stylesheet" href="css/app.css">'
IMPORT_MAP = '{"imports": {"sb/": "./js/"}}'
GAME_MODULES = '<script type="application/json" id="game-modules">{}</script>'
CATALOGUES = '<script type="application/json" id="i18n-catalogues">{}</script>'
DATA_ELEMENT = '<script type="application/octet-stream" id="match-data" data-encoding="gzip+base64"></script>'
WIN_CHANCE = '<figure id="win-chance" hidden></figure>'


def _team(t: Any) -> str:
    return str(t).capitalize() if t else "?"


def _pawn(pid: Any) -> str:
    team, _, slot = str(pid or "").partition("-")
    return f"{_team(team)} {slot}" if slot else _team(team)


def mark_text(event: dict, minute: str) -> str:
    """The label of a goal or card button: the minute (a game without a match clock has none) and the same
    sentence as the feed; the card's pawn, or a model for a game played at a table."""
    name = event.get("event")
    if name == "goal":
        s = event.get("score") or {}
        what = f"GOAL! {_team(event.get('team'))} {s.get('red', 0)}-{s.get('blue', 0)}"
    elif name == "yellow_card":
        what = f"Yellow card for {_pawn(event.get('pawn') or event.get('model'))}"
    else:
        what = f"Red card for {_pawn(event.get('pawn') or event.get('model'))}"
    when = minute.strip()
    return what if when == "-" else f"{when} {what}"      # "-": a game without a match clock


def build_frames(journal_path: str | os.PathLike) -> dict:
    """The replay document (format soccerboard.replay/1): {"format", "journal", "board_id", "started",
    "finished", "frames": [{"seq", "minute", "state", "leds", "events"}], "marks": [{"frame", "kind", "text"}]}."""
    jf = read_journal(journal_path)
    h = jf.header
    # the journal's game (its header, else its set-up line), and that game's LEDs: a game whose LEDs are not
    # planned has a dark board, as the daemon publishes it
    ruleset = ruleset_of(h, jf.lines)
    ref = Referee(h.get("options", {}), h.get("board_follows_game", True), seq_base=int(h.get("seq_base", 0)),
                  ruleset=ruleset)
    planner = planner_for(ruleset)
    frames: list[dict] = []
    marks: list[dict] = []

    def take(step: Step) -> None:
        game = ref.core.game
        if step.state is not None and game is not None:     # a state is always a game's
            frames.append({"seq": step.state["seq"], "minute": match_minute(step.state).strip(),
                           "state": step.state,
                           "leds": planner(game, ref.core.board_view()).to_json() if planner else led_document(),
                           "events": []})
        if not step.events or not frames:    # no frame yet: only a refused first line, which has no events
            return
        frame = frames[-1]
        for event in step.events:
            frame["events"].append(event)
            if event.get("event") in MARKED:
                marks.append({"frame": len(frames) - 1, "kind": event["event"],
                              "text": mark_text(event, frame["minute"])})

    for line in jf.lines:
        take(ref.feed(line))
    take(ref.finish_pending())
    return {"format": FORMAT, "journal": Path(journal_path).name, "board_id": h.get("board_id"),
            "started": h.get("started"), "finished": jf.end == "finished", "frames": frames, "marks": marks}


def encode(doc: dict) -> str:
    raw = json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode()
    return base64.b64encode(gzip.compress(raw, compresslevel=9, mtime=0)).decode("ascii")


def decode(text: str) -> dict:
    """The inverse of encode (tests and tools read a written replay with it)."""
    return json.loads(gzip.decompress(base64.b64decode(text)))


def _data_url(code: bytes) -> str:
    return f"data:text/javascript;base64,{base64.b64encode(code).decode('ascii')}"


def module_map(static_dir: Path = STATIC_DIR) -> dict[str, str]:
    """Every sb/*.js module as a data: URL (the modules import each other by these bare names)."""
    return {f"sb/{path.name}": _data_url(path.read_bytes()) for path in sorted((static_dir / "js").glob("*.js"))}


def game_modules() -> dict[str, str]:
    """Every registered game's page module as a data: URL, by game name: the replay's sb/games.js imports a
    game's from here instead of the server's /games/<name>.js."""
    out = {}
    for name in with_modules():
        module = page_module(name)
        if module is not None:
            out[name] = _data_url(module.read_bytes())
    return out


def catalogues(static_dir: Path = STATIC_DIR) -> dict[str, dict]:
    """The page's catalogues by language (static/i18n/<lang>.json): the replay's sb/i18n.js reads them from the
    page, as a file opened from disk can fetch nothing."""
    found = sorted((static_dir / "i18n").glob("*.json"))
    return {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in found}


def _replace_once(text: str, old: str, new: str) -> str:
    if text.count(old) != 1:
        raise ValueError(f"the replay template must hold {old!r} exactly once")
    return text.replace(old, new)


def render_replay_html(journal_path: str | os.PathLike, static_dir: Path = STATIC_DIR,
                       analysis: dict | None = None) -> str:
    """The self-contained replay page of the match in `journal_path`; with its `analysis`
    (controller/analysis), the marked decisions among the marks and the win-chance graph."""
    page = (static_dir / "replay.html").read_text()
    css = (static_dir / "css" / "app.css").read_text()
    if "</style" in css.lower():
        raise ValueError("app.css must not contain </style>")
    page = _replace_once(page, STYLE_LINK, f"<style>\n{css}</style>")
    page = _replace_once(page, IMPORT_MAP, json.dumps({"imports": module_map(static_dir)}))
    games = json.dumps(game_modules())      # base64 data: URLs: nothing in it can end the element
    page = _replace_once(page, GAME_MODULES, GAME_MODULES.replace(">{}<", f">{games}<"))
    words = json.dumps(catalogues(static_dir), ensure_ascii=False).replace("</", "<\\/")    # no "</script>" inside
    page = _replace_once(page, CATALOGUES, CATALOGUES.replace(">{}<", f">{words}<"))
    doc = build_frames(journal_path)
    if analysis is not None:
        from controller.analysis.graph import replay_marks, win_chance_figure
        doc["marks"] = sorted(doc["marks"] + replay_marks(analysis), key=lambda m: m["frame"])
        page = _replace_once(page, WIN_CHANCE, win_chance_figure(analysis))
    data = DATA_ELEMENT.replace("></script>", f">{encode(doc)}</script>")
    page = _replace_once(page, DATA_ELEMENT, data)
    return page

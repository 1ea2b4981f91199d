"""The win-chance graph of an analysed match, as inline SVG (no library, no script): red's chance of winning
after each judged decision, over the replay's frames, with the marked decisions as dots.

The replay page (controller/web/static/js/replay.js) moves a cursor over it and jumps to a dot's frame; each dot
carries its frame and mark, and a <title> the mark's sentence.
"""
from __future__ import annotations

import json
from html import escape
from typing import Any

from controller.i18n import N_, Say

from . import words

WIDTH, HEIGHT, PAD = 600, 160, 4
COLOURS = {"blunder": "#e5484d", "mistake": "#f5a524", "inaccuracy": "#e2d34a"}
DOT_RADIUS = {"blunder": 5, "mistake": 4, "inaccuracy": 3}
# the graph's name for a screen reader: English in the markup, said by the page in its reader's language
# (data-t-aria-label, from the catalogue's export)
LABEL = N_("Red's chance of winning over the match (above the middle: red ahead); dots: marked decisions")


def red_chance(d: dict[str, Any]) -> float:
    """Red's win chance after a decision (the document gives the deciding team's; a draw counts half for both)."""
    return d["after"] if d["team"] == "red" else 1.0 - d["after"]


def win_chance_svg(doc: dict[str, Any]) -> str:
    """The graph as one <svg> element, `data-frames` frames wide."""
    frames = max(1, int(doc.get("frames") or 1) - 1)
    x = lambda frame: PAD + (WIDTH - 2 * PAD) * min(frame, frames) / frames
    y = lambda chance: PAD + (HEIGHT - 2 * PAD) * (1.0 - chance)
    decisions = doc["decisions"]
    points = [(PAD, y(0.5))] + [(x(d["frame"]), y(red_chance(d))) for d in decisions]
    if doc.get("red_at_end") is not None:                  # the result, at the last frame
        points.append((x(frames), y(doc["red_at_end"])))
    line = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
    area = f"{PAD},{y(0.5):.1f} {line} {points[-1][0]:.1f},{y(0.5):.1f}"
    dots = []
    for d in decisions:
        if not d["mark"]:
            continue
        dots.append(f'<circle class="wc-mark" data-frame="{d["frame"]}" data-mark="{d["mark"]}" '
                    f'cx="{x(d["frame"]):.1f}" cy="{y(red_chance(d)):.1f}" r="{DOT_RADIUS[d["mark"]]}" '
                    f'fill="{COLOURS[d["mark"]]}" stroke="#111" tabindex="0">'
                    f'{_said_element("title", words.timed_mark(d))}'
                    "</circle>")
    mid = y(0.5)
    return (f'<svg id="win-chance-graph" class="win-chance" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" '
            f'preserveAspectRatio="none" role="img" data-frames="{frames + 1}" data-width="{WIDTH}" '
            f'data-pad="{PAD}" aria-label="{escape(LABEL)}" data-t-aria-label="{escape(LABEL)}">'
            f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#1b2c5c" />'
            f'<rect x="0" y="0" width="{WIDTH}" height="{mid:.1f}" fill="#5c1b1b" />'
            f'<polygon points="{area}" fill="#ffffff" fill-opacity="0.12" />'
            f'<line x1="0" y1="{mid:.1f}" x2="{WIDTH}" y2="{mid:.1f}" stroke="#bbb" stroke-dasharray="4 4" />'
            f'<polyline class="wc-line" points="{line}" fill="none" stroke="#fff" stroke-width="1.5" '
            'vector-effect="non-scaling-stroke" />'
            f'<line id="win-chance-cursor" x1="{PAD}" y1="0" x2="{PAD}" y2="{HEIGHT}" stroke="#7cf" '
            'stroke-width="1" vector-effect="non-scaling-stroke" />'
            + "".join(dots) + "</svg>")


BUTTONS = ("blunder", "mistake")
"""The marks that get a button among the goals and cards; inaccuracies are dots of the graph only (a match of
casual players has dozens, which would push the board's facts off the screen)."""


def replay_marks(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The blunders and mistakes as the replay's mark buttons ({"frame", "kind", "text", "say"}, kind the mark,
    text the English, say the same said for the page)."""
    return [{"frame": d["frame"], "kind": d["mark"], "text": str(said), "say": said.said()}
            for d in doc["decisions"] if d["mark"] in BUTTONS for said in [words.timed_mark(d)]]


def win_chance_figure(doc: dict[str, Any]) -> str:
    """The graph with its caption (each team's accuracy), for the replay page: English in the markup, said in
    `data-t-said` for the page to say it in its reader's language."""
    return (f'<figure id="win-chance" class="win-chance" style="margin: 0.75rem 0">'
            f'{_said_element("figcaption", words.caption(doc))}{win_chance_svg(doc)}</figure>')


def _said_element(tag: str, sentence: Say) -> str:
    """An element showing the sentence in English, with `data-t-said` for the page to say it in its language."""
    said = escape(json.dumps(sentence.said(), ensure_ascii=False))
    return f'<{tag} data-t-said="{said}">{escape(sentence)}</{tag}>'

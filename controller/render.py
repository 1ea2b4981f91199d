"""`soccerboard render`: a picture of a position (and of its LED frame) as SVG or PNG.

    render_svg(snapshot, leds=None) -> str
    render_png(snapshot, leds=None, scale=2) -> bytes

`snapshot` is the published snapshot (docs/board.md section 6; a {"snapshot": ...} wrapper is accepted),
`leds` the `<base>/leds` document (controller.leds LedPlan.to_json()) or just its "squares" mapping.
The pitch's markings are those the snapshot's game draws (its GameInfo.pitch). Both outputs are drawn from
one list of shapes, so the SVG and the PNG show the same picture; the PNG needs Pillow.
"""
from __future__ import annotations

import io
import json
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol
from xml.sax.saxutils import escape

from controller.i18n import N_
from controller.i18n.translate import text
from hal.board import FILES, square_index, square_name

S = 36                     # one square, in SVG user units
MARGIN = 26                # room for the rank numbers left and right
TITLE_H = 30
FILES_H = 16
GOAL_D = 9                 # goal depth behind the goal line
BOARD_X = MARGIN
BOARD_Y = TITLE_H + FILES_H + GOAL_D
BOARD_W, BOARD_H = 8 * S, 16 * S
LEGEND_W = 200
FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"

TEAM_FILL = {"red": (200, 30, 40), "blue": (30, 80, 200)}
GRASS = ((58, 135, 62), (52, 122, 56))
LINE = (245, 245, 245)
INK = (25, 25, 25)
PAPER = (250, 250, 247)


class PitchEnd(Protocol):
    """One end's markings as square masks (bit n: square n), its corner squares and its goal line's rank."""

    @property
    def goal_area(self) -> int: ...
    @property
    def penalty_area(self) -> int: ...
    @property
    def penalty_spot(self) -> int: ...
    @property
    def penalty_arc(self) -> int: ...
    @property
    def long_distance(self) -> int: ...
    @property
    def corners(self) -> Sequence[int]: ...
    @property
    def goal_rank(self) -> int: ...


class Pitch(Protocol):
    """The markings a drawing shows, as a game gives them (GameInfo.pitch): a mark the game does not play with
    is an empty mask. A board profile is one."""

    @property
    def centre_circle(self) -> int: ...
    @property
    def ends(self) -> Sequence[PitchEnd]: ...


def pitch_of(snapshot: dict) -> Pitch | None:
    """The markings of the snapshot's game (the default game's when it names none the registry knows)."""
    from .games import UnknownGame, default, info
    name = snapshot.get("ruleset")
    try:
        game = info(name) if isinstance(name, str) else default()
    except UnknownGame:
        game = default()
    return game.pitch() if game.pitch is not None else None


def _squares_of(mask: int) -> list[int]:
    """The squares of a mask, lowest index first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@dataclass(frozen=True)
class Shape:
    kind: str                          # rect, circle, line, text, arc
    args: tuple
    fill: tuple | None = None
    stroke: tuple | None = None
    width: float = 1.0
    size: float = 10.0                 # text
    anchor: str = "middle"             # text: start or middle
    bold: bool = False


# ----- the picture as shapes ---------------------------------------------------------------------------
def _xy(sq: int) -> tuple[float, float]:
    """Top-left corner of a square: rank 16 at the top, file a at the left."""
    return BOARD_X + (sq & 7) * S, BOARD_Y + (16 - ((sq >> 3) + 1)) * S


def _outline(mask: int, shapes: list, width: float = 2.0) -> None:
    """The border of an area: every square edge whose neighbour lies outside it."""
    for sq in _squares_of(mask):
        x, y = _xy(sq)
        f, r = sq & 7, (sq >> 3) + 1
        edges = (((0, 1), (x, y, x + S, y)), ((0, -1), (x, y + S, x + S, y + S)),
                 ((-1, 0), (x, y, x, y + S)), ((1, 0), (x + S, y, x + S, y + S)))
        for (df, dr), seg in edges:
            nf, nr = f + df, r + dr
            inside = 0 <= nf < 8 and 1 <= nr <= 16 and mask >> ((nr - 1) * 8 + nf) & 1
            if not inside:
                shapes.append(Shape("line", seg, stroke=LINE, width=width))


def _unwrap(snapshot: dict) -> dict:
    if isinstance(snapshot, dict) and isinstance(snapshot.get("snapshot"), dict):
        return snapshot["snapshot"]
    return snapshot


def _led_squares(leds: dict | None) -> dict[str, dict]:
    if not leds:
        return {}
    squares = leds.get("squares", leds) if isinstance(leds, dict) else {}
    return {k: v for k, v in squares.items() if isinstance(v, dict) and "rgb" in v}


def _short(pid: str) -> tuple[str, str]:
    team, _, slot = pid.partition("-")
    return team, slot


def _title(snap: dict) -> str:
    score = snap.get("score") or {}
    parts = [f"red {score.get('red', 0)} - {score.get('blue', 0)} blue", str(snap.get("phase", ""))]
    ex = snap.get("expects") or {}
    if ex.get("input") and ex.get("input") != "none":
        who = ex.get("team")
        what = ex["input"] + (f" {ex['roll']}" if ex.get("roll") else "")
        if ex.get("points") is not None:            # a turn spending a budget of points
            what += f" ({ex['points']} points left)"
        parts.append(f"{who} to {what}" if who else what)
    return "  |  ".join(p for p in parts if p)


def scene(snapshot: dict, leds: dict | None = None, profile: Pitch | None = None) -> tuple[float, float, list[Shape]]:
    """Width, height and the shapes of the picture, back to front; `profile`: the markings, else the game's."""
    snap = _unwrap(snapshot)
    pitch = profile or pitch_of(snap)
    lit = _led_squares(leds)
    width = BOARD_X + BOARD_W + MARGIN + (LEGEND_W if lit else 0)
    height = BOARD_Y + BOARD_H + GOAL_D + FILES_H + 8
    out: list[Shape] = [Shape("rect", (0, 0, width, height), fill=PAPER)]
    out.append(Shape("text", (BOARD_X, 19, _title(snap)), fill=INK, size=12, anchor="start", bold=True))

    # a dark surround so the touch lines show, then the squares: grass stripes, LED colours on top
    out.append(Shape("rect", (BOARD_X - 4, BOARD_Y - 4, BOARD_W + 8, BOARD_H + 8), fill=(30, 80, 35)))
    for sq in range(128):
        x, y = _xy(sq)
        name = square_name(sq)
        fill: tuple[int, ...] = GRASS[((sq >> 3) // 2) % 2]
        if name in lit:
            fill = tuple(int(c) for c in lit[name]["rgb"])
        out.append(Shape("rect", (x, y, S, S), fill=fill))
    for i in range(9):              # grid
        out.append(Shape("line", (BOARD_X + i * S, BOARD_Y, BOARD_X + i * S, BOARD_Y + BOARD_H),
                         stroke=(30, 80, 35), width=0.6))
    for i in range(17):
        out.append(Shape("line", (BOARD_X, BOARD_Y + i * S, BOARD_X + BOARD_W, BOARD_Y + i * S),
                         stroke=(30, 80, 35), width=0.6))

    # the pitch's markings, those the game plays with
    out.append(Shape("rect", (BOARD_X, BOARD_Y, BOARD_W, BOARD_H), stroke=LINE, width=2.5))
    out.append(Shape("line", (BOARD_X, BOARD_Y + 8 * S, BOARD_X + BOARD_W, BOARD_Y + 8 * S), stroke=LINE, width=2.5))
    cc = _squares_of(pitch.centre_circle if pitch is not None else 0)
    if cc:
        xs = [_xy(s)[0] for s in cc]
        ys = [_xy(s)[1] for s in cc]
        cx, cy = (min(xs) + max(xs) + S) / 2, (min(ys) + max(ys) + S) / 2
        r = (max(xs) - min(xs) + S) / 2 - 3
        out.append(Shape("circle", (cx, cy, r), stroke=LINE, width=2))
    for end in pitch.ends if pitch is not None else ():
        _outline(end.penalty_area, out, 2.2)
        _outline(end.goal_area, out, 1.6)
        _outline(end.penalty_arc, out, 1.0)
        for s in _squares_of(end.penalty_spot):
            x, y = _xy(s)
            out.append(Shape("circle", (x + S / 2, y + S / 2, 2.2), fill=LINE))
        for s in _squares_of(end.long_distance):
            x, y = _xy(s)
            out.append(Shape("circle", (x + S / 2, y + S / 2, 4), stroke=LINE, width=1))
        for c in end.corners:
            x, y = _xy(c)
            top = (c >> 3) + 1 == 16
            left = (c & 7) == 0
            cx, cy = (x if left else x + S), (y if top else y + S)
            start = {(True, True): 0, (False, True): 90, (False, False): 180, (True, False): 270}[(left, top)]
            out.append(Shape("arc", (cx, cy, 8, start, start + 90), stroke=LINE, width=1.5))
        goal = _squares_of(end.goal_area)
        if goal:
            xs = [_xy(s)[0] for s in goal]
            on_top = end.goal_rank == 16
            gy = BOARD_Y - GOAL_D if on_top else BOARD_Y + BOARD_H
            out.append(Shape("rect", (min(xs), gy, max(xs) + S - min(xs), GOAL_D), fill=(235, 235, 235), stroke=INK,
                             width=1))

    # square names on the edges
    for f in range(8):
        x = BOARD_X + f * S + S / 2
        out.append(Shape("text", (x, TITLE_H + 11, FILES[f]), fill=INK, size=10))
        out.append(Shape("text", (x, BOARD_Y + BOARD_H + GOAL_D + 12, FILES[f]), fill=INK, size=10))
    for r in range(1, 17):
        y = BOARD_Y + (16 - r) * S + S / 2 + 3.5
        out.append(Shape("text", (BOARD_X - 13, y, str(r)), fill=INK, size=10))
        out.append(Shape("text", (BOARD_X + BOARD_W + 13, y, str(r)), fill=INK, size=10))

    # pawns and the ball
    on: dict[int, list[tuple[str, str, dict]]] = {}
    for pid, info in (snap.get("pawns") or {}).items():
        sqname = (info or {}).get("square")
        if not sqname:
            continue
        team, slot = _short(pid)
        on.setdefault(square_index(sqname), []).append((team, slot, info))
    holder = snap.get("holder")
    ball = square_index(snap["ball"]) if snap.get("ball") else -1
    for sq in sorted(on):
        x, y = _xy(sq)
        here = sorted(on[sq], key=lambda t: t[0] != "red")
        pair = len(here) > 1
        for i, (team, slot, info) in enumerate(here):
            cx = x + (S * (0.3 + 0.4 * i) if pair else S / 2)
            cy = y + S / 2
            rad = S * (0.27 if pair else 0.38)
            fill = TEAM_FILL.get(team, (120, 120, 120))
            if info.get("sent_off"):
                fill = tuple((c + 2 * 170) // 3 for c in fill)
            ring = (255, 215, 0) if holder == f"{team}-{slot}" else (255, 255, 255)
            out.append(Shape("circle", (cx, cy, rad), fill=fill, stroke=ring,
                             width=2.2 if ring != (255, 255, 255) else 1.2))
            out.append(Shape("text", (cx, cy + rad * 0.32, slot), fill=(255, 255, 255),
                             size=rad * (0.85 if pair else 0.78), bold=True))
            for k in range(min(int(info.get("yellow") or 0), 2)):
                out.append(Shape("rect", (cx + rad * 0.45 + k * 4, cy - rad - 1, 3.5, 6), fill=(250, 210, 0),
                                 stroke=INK, width=0.5))
            if info.get("sent_off"):
                out.append(Shape("rect", (cx - rad - 2, cy - rad - 1, 4, 7), fill=(220, 0, 0), stroke=INK, width=0.5))
    if ball >= 0:
        x, y = _xy(ball)
        if ball in on:
            out.append(Shape("circle", (x + S * 0.8, y + S * 0.8, S * 0.15), fill=(255, 255, 255), stroke=INK,
                             width=1.2))
        else:
            out.append(Shape("circle", (x + S / 2, y + S / 2, S * 0.22), fill=(255, 255, 255), stroke=INK,
                             width=1.5))

    # legend of the LED meanings shown
    if lit:
        lx = BOARD_X + BOARD_W + MARGIN + 8
        out.append(Shape("text", (lx, BOARD_Y + 8, text(N_("LEDs"))), fill=INK, size=11, anchor="start", bold=True))
        seen: dict[str, tuple] = {}
        for v in lit.values():
            seen.setdefault(str(v.get("meaning") or "lit"), tuple(int(c) for c in v["rgb"]))
        order = _meaning_order()
        for i, (m, rgb) in enumerate(sorted(seen.items(), key=lambda kv: (order.get(kv[0], 99), kv[0]))):
            yy = BOARD_Y + 18 + i * 18
            out.append(Shape("rect", (lx, yy, 14, 14), fill=rgb, stroke=INK, width=0.8))
            out.append(Shape("text", (lx + 20, yy + 11, text(LEGEND.get(m) or m.replace("_", " "))), fill=INK, size=10,
                             anchor="start"))
    return width, height, out


# the LED meanings (controller/leds/palette.py, docs/leds.md) as the legend says them
LEGEND = {
    "correction_lift": N_("lift this token"), "correction_put": N_("put a token here"),
    "identity_question": N_("which pawn is here?"), "computer_lift": N_("computer: lift"),
    "computer_put": N_("computer: put"), "setup_lift_off": N_("set-up: lift off"),
    "setup_move": N_("set-up: move this"), "setup_target": N_("set-up: may go here"),
    "legal_destination": N_("legal destination"), "lifted_from": N_("lifted from"),
    "dribble_destination": N_("dribble destination"), "ball_destination": N_("ball destination"),
    "free_kick_zone": N_("free kick zone"), "offside_pawn": N_("offside pawn"), "offside_line": N_("offside line"),
    "move_clock_warning": N_("move clock warning"), "points_left": N_("points left"),
    "red_to_act": N_("red to act"), "blue_to_act": N_("blue to act"), "lit": N_("lit"),
}


def _meaning_order() -> dict[str, int]:
    try:
        from .leds.palette import RANK
        return dict(RANK)
    except ImportError:          # pragma: no cover - the renderer does not need the planner
        return {}


# ----- SVG -----------------------------------------------------------------------------------------
def _hex(c) -> str:
    return "none" if c is None else "#" + "".join(f"{int(v):02x}" for v in c[:3])


def _n(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def render_svg(snapshot: dict, leds: dict | None = None, profile: Pitch | None = None) -> str:
    width, height, shapes = scene(snapshot, leds, profile)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}" height="{_n(height)}" '
           f'viewBox="0 0 {_n(width)} {_n(height)}" font-family="{FONT}">']
    for sh in shapes:
        paint = f'fill="{_hex(sh.fill)}"'
        if sh.stroke is not None:
            paint += f' stroke="{_hex(sh.stroke)}" stroke-width="{_n(sh.width)}"'
        if sh.kind == "rect":
            x, y, w, h = sh.args
            out.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" {paint}/>')
        elif sh.kind == "circle":
            cx, cy, r = sh.args
            out.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" {paint}/>')
        elif sh.kind == "line":
            x1, y1, x2, y2 = sh.args
            out.append(f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" '
                       f'stroke="{_hex(sh.stroke)}" stroke-width="{_n(sh.width)}" stroke-linecap="square"/>')
        elif sh.kind == "arc":
            cx, cy, r, a0, a1 = sh.args
            p0 = (cx + r * math.cos(math.radians(a0)), cy + r * math.sin(math.radians(a0)))
            p1 = (cx + r * math.cos(math.radians(a1)), cy + r * math.sin(math.radians(a1)))
            out.append(f'<path d="M {_n(p0[0])} {_n(p0[1])} A {_n(r)} {_n(r)} 0 0 1 {_n(p1[0])} {_n(p1[1])}" '
                       f'fill="none" stroke="{_hex(sh.stroke)}" stroke-width="{_n(sh.width)}"/>')
        elif sh.kind == "text":
            x, y, text = sh.args
            weight = ' font-weight="bold"' if sh.bold else ""
            out.append(f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(sh.size)}" text-anchor="{sh.anchor}" '
                       f'fill="{_hex(sh.fill)}"{weight}>{escape(str(text))}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


# ----- PNG -----------------------------------------------------------------------------------------
_FONTS: dict = {}


def _font(size: float, bold: bool):
    from PIL import ImageFont
    key = (round(size), bold)
    if key not in _FONTS:
        font: ImageFont.FreeTypeFont | ImageFont.ImageFont | None = None
        for name in (("DejaVuSans-Bold.ttf", "Arial Bold.ttf") if bold else ("DejaVuSans.ttf", "Arial.ttf")):
            try:
                font = ImageFont.truetype(name, key[0])
                break
            except OSError:
                continue
        if font is None:
            try:
                font = ImageFont.load_default(size=key[0])
            except TypeError:          # Pillow without FreeType: the small bitmap font
                font = ImageFont.load_default()
        _FONTS[key] = font
    return _FONTS[key]


def render_png(snapshot: dict, leds: dict | None = None, scale: float = 2.0, profile: Pitch | None = None) -> bytes:
    """The same picture as render_svg, rasterised with Pillow at `scale` pixels per SVG unit."""
    from PIL import Image, ImageDraw
    width, height, shapes = scene(snapshot, leds, profile)
    k = float(scale)
    img = Image.new("RGB", (max(1, round(width * k)), max(1, round(height * k))), PAPER)
    d = ImageDraw.Draw(img)

    def w(v: float) -> int:
        return max(1, round(v * k))

    for sh in shapes:
        if sh.kind == "rect":
            x, y, ww, hh = sh.args
            box = [x * k, y * k, (x + ww) * k - 1, (y + hh) * k - 1]
            d.rectangle(box, fill=sh.fill, outline=sh.stroke, width=w(sh.width) if sh.stroke else 0)
        elif sh.kind == "circle":
            cx, cy, r = sh.args
            d.ellipse([(cx - r) * k, (cy - r) * k, (cx + r) * k, (cy + r) * k], fill=sh.fill,
                      outline=sh.stroke, width=w(sh.width) if sh.stroke else 0)
        elif sh.kind == "line":
            x1, y1, x2, y2 = sh.args
            d.line([x1 * k, y1 * k, x2 * k, y2 * k], fill=sh.stroke, width=w(sh.width))
        elif sh.kind == "arc":
            cx, cy, r, a0, a1 = sh.args
            d.arc([(cx - r) * k, (cy - r) * k, (cx + r) * k, (cy + r) * k], a0, a1, fill=sh.stroke, width=w(sh.width))
        elif sh.kind == "text":
            x, y, text = sh.args
            font = _font(sh.size * k, sh.bold)
            anchor = "ls" if sh.anchor == "start" else "ms"
            try:
                d.text((x * k, y * k), str(text), fill=sh.fill, font=font, anchor=anchor)
            except ValueError:         # bitmap fonts take no anchor
                d.text((x * k, y * k - sh.size * k), str(text), fill=sh.fill, font=font)
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=True)
    return buf.getvalue()


# ----- the command ---------------------------------------------------------------------------------------
class RenderError(ValueError):
    """An input that cannot be drawn, with the sentence to print."""


def _board_view(core):
    """What the core's board tracker knows, if it says (the LED planner's BoardView)."""
    from .leds import BoardView
    view = getattr(core, "board_view", None)
    if callable(view):
        view = view()
    return view if isinstance(view, BoardView) else BoardView()


def load(text: str, want_leds: bool) -> tuple[dict, dict | None]:
    """The snapshot (and LED document) from a scenario, a replay output or a JSON snapshot file."""
    text = text.lstrip("\ufeff")
    try:
        whole = json.loads(text)
    except json.JSONDecodeError:
        whole = None
    if isinstance(whole, dict) and "type" not in whole:
        snap = whole.get("snapshot", whole)
        if not isinstance(snap, dict) or "pawns" not in snap:
            raise RenderError("the JSON file is not a snapshot (no \"pawns\")")
        leds = whole.get("leds")
        if want_leds and leds is None:
            raise RenderError("--leds: a snapshot file has no LED frame; "
                              "give {\"snapshot\": ..., \"leds\": ...} or a scenario")
        return snap, leds if want_leds else None
    objs = []
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        try:
            objs.append(json.loads(s))
        except json.JSONDecodeError:
            objs.append(None)
    if any(isinstance(o, dict) and "type" in o for o in objs):
        return _from_scenario(text.splitlines(), want_leds)
    snaps = [o["snapshot"] for o in objs if isinstance(o, dict) and isinstance(o.get("snapshot"), dict)]
    if not snaps:
        raise RenderError("no snapshot found: give a scenario (JSON Lines), a replay output or a JSON snapshot")
    leds_docs = [o.get("leds", o) for o in objs if isinstance(o, dict) and
                 (o.get("schema") == "soccerboard.leds/1" or isinstance(o.get("leds"), dict))]
    if want_leds and not leds_docs:
        raise RenderError("--leds: this replay output carries no LED frames; render the scenario itself")
    return snaps[-1], (leds_docs[-1] if want_leds else None)


def _from_scenario(lines: list[str], want_leds: bool) -> tuple[dict, dict | None]:
    from .core import Core
    from .replay import replay_into
    outputs: list[dict] = []
    core = replay_into(lines, outputs.append, Core())
    snap = outputs[-1]["snapshot"] if outputs and "snapshot" in outputs[-1] else None
    if snap is None or core.game is None:
        raise RenderError("the scenario sets up no game (its first input must be a setup line)")
    leds = None
    if want_leds:
        from .leds import planner_for
        plan_leds = planner_for(core.ruleset)
        if plan_leds is None:
            raise RenderError(f"--leds: the LEDs of {core.ruleset.name} are not planned")
        leds = plan_leds(core.game, _board_view(core)).to_json()
    return snap, leds


def render_main(argv: list[str] | None = None) -> int:
    """soccerboard render FILE [--leds] [-o out.svg|out.png] [--scale N]"""
    from .commandline import Parser, positive
    ap = Parser(
        prog="soccerboard render",
        description="draw a position (a scenario's final position, a replay output or a JSON snapshot)")
    ap.add_argument("file", help="scenario or replay output (JSON Lines), JSON snapshot, or - for standard input")
    ap.add_argument("--leds", action="store_true", help="colour the squares with the LED frame")
    ap.add_argument("-o", "--output", metavar="FILE",
                    help="out.svg or out.png: the name says which (default: SVG on standard output)")
    ap.add_argument("--scale", type=positive, default=2.0, help="PNG pixels per SVG unit")
    args = ap.parse_args(argv)
    if args.output and not args.output.lower().endswith((".svg", ".png")):
        ap.error(f"-o {args.output}: the drawing is SVG or PNG; name the file .svg or .png")
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8", errors="replace") as f:
                text = f.read()
    except OSError as e:
        sys.stderr.write(f"soccerboard render: cannot read {args.file}: {e.strerror}\n")
        return 2
    try:
        snap, leds = load(text, args.leds)
        if args.output and args.output.lower().endswith(".png"):
            if not args.scale > 0:
                raise RenderError("--scale must be above 0")
            data = render_png(snap, leds, scale=args.scale)
            with open(args.output, "wb") as f:
                f.write(data)
        elif args.output:
            with open(args.output, "w", encoding="utf-8") as f:
                f.write(render_svg(snap, leds))
        else:
            sys.stdout.write(render_svg(snap, leds))
    except RenderError as e:
        sys.stderr.write(f"soccerboard render: {e}\n")
        return 2
    except (ValueError, KeyError, TypeError) as e:
        sys.stderr.write(f"soccerboard render: cannot draw {args.file}: {e}\n")
        return 2
    except BrokenPipeError:              # the reader went away (| head): nothing left to say
        from .commandline import quiet_stdout
        quiet_stdout()
    except OSError as e:
        sys.stderr.write(f"soccerboard render: cannot write {args.output}: {e.strerror}\n")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(render_main())

// The board as SVG, drawn from the published documents only (a snapshot, the LED document, the last
// move), so the live page and the self-contained replay draw the very same picture.
//
// Geometry goes through one mapping, point(u, v): u runs across the files (0 = left edge of file a,
// 8 = right edge of h), v along the ranks (0 = red's goal line, 16 = blue's). Portrait draws rank 16
// at the top; landscape turns the board a quarter clockwise (red's goal on the left, file a on top).
// Everything else (areas, labels, tokens, the arrow) is laid out in (u, v), so both orientations
// come from the same code.
//
// The squares and pitch lines are built once per orientation; a paint only recolours squares and
// rebuilds the token layer (22 pawns and a ball), which keeps a repaint cheap on a phone or a Pi.
//
// The game of the snapshot (its page module, sb/games.js) says what of the pitch is its own: the penalty
// arcs, and a goal area drawn as one space (without the line between its two squares). A pawn is labelled
// by its id after the team ("m2", "p4"); a goalie (the snapshot's `goalie: true`) is ringed.

import { language, t } from "sb/i18n.js";

const S = 40; // one square, in SVG user units
const M = 20; // margin for the file letters and rank numbers
const GOAL = 9; // depth of the goal drawn behind each goal line
const GRASS = ["#3f8f44", "#377f3c"];
export const TEAM_COLOUR = { red: "#c62828", blue: "#1565c0" };
const FILES = "abcdefgh";

// The pitch printed on the board (docs/board.md section 2), by (file index, rank).
const GOAL_AREAS = [["d1", "e1"], ["d16", "e16"]];
const PENALTY_AREAS = [rect(1, 1, 6, 3), rect(1, 14, 6, 16)];
const PENALTY_SPOTS = [[4, 1.5], [4, 14.5]]; // between d and e, in the middle of rank 2 / rank 15
const NO_MARKS = { arcs: false, goalSpace: false };

// LED meanings from the highest priority down (controller/leds/palette.py), for the legend's order.
export const LED_PRIORITY = [
  "correction_lift", "correction_put", "identity_question", "computer_lift", "computer_put", "setup_lift_off", "setup_move", "setup_target",
  "legal_destination", "lifted_from", "dribble_destination", "ball_destination", "free_kick_zone",
  "offside_pawn", "offside_line", "move_clock_warning", "points_left", "red_to_act", "blue_to_act",
];

function rect(f0, r0, f1, r1) {
  const out = [];
  for (let f = f0; f <= f1; f++) for (let r = r0; r <= r1; r++) out.push(FILES[f] + r);
  return out;
}

export function parseSquare(name) {
  const m = /^([a-h])(1[0-6]|[1-9])$/.exec(name ?? "");
  return m ? { f: FILES.indexOf(m[1]), r: Number(m[2]) } : null;
}

export function squareNames() {
  const out = [];
  for (let r = 1; r <= 16; r++) for (let f = 0; f < 8; f++) out.push(FILES[f] + r);
  return out;
}

function layout(orientation) {
  if (orientation === "landscape") {
    const x0 = M + GOAL, y0 = M;
    return { w: 2 * (M + GOAL) + 16 * S, h: 2 * M + 8 * S, point: (u, v) => [x0 + v * S, y0 + u * S] };
  }
  const x0 = M, y0 = M + GOAL;
  return { w: 2 * M + 8 * S, h: 2 * (M + GOAL) + 16 * S, point: (u, v) => [x0 + u * S, y0 + (16 - v) * S] };
}

// An LED's colour on a lit square. Mixed into the grass, red would turn brown and blue teal, so a lit
// square shows the LED's hue (scaled to full) over a dark neutral, brighter the brighter the LED:
// dim meanings (the offside line, the team to act) stay dim and the pawns on top stay readable.
const LIT_BASE = [40, 44, 48];
function ledFill(rgb) {
  const max = Math.max(...rgb);
  if (!max) return null;
  const a = 0.3 + 0.55 * (max / 255);
  const mixed = rgb.map((c, i) => Math.round(LIT_BASE[i] * (1 - a) + ((c * 255) / max) * a));
  return `rgb(${mixed.join(",")})`;
}

// The move between two snapshots, for the arrow: the ball's when it moved, else the one pawn that moved.
// A reset to the kick-off formation moves many pawns at once: no arrow for that.
export function moveBetween(prev, next) {
  if (!prev || !next) return null;
  const moved = [];
  for (const [id, p] of Object.entries(next.pawns ?? {})) {
    const q = prev.pawns?.[id];
    if (q?.square && p?.square && q.square !== p.square) moved.push({ token: id, from: q.square, to: p.square });
  }
  if (moved.length > 2) return null;
  if (prev.ball && next.ball && prev.ball !== next.ball) return { token: "ball", from: prev.ball, to: next.ball };
  return moved.length === 1 ? moved[0] : null;
}

// Whether any token stands somewhere else (the arrow stays until something moves again).
export function positionsChanged(prev, next) {
  if (!prev || !next) return true;
  if (prev.ball !== next.ball) return true;
  for (const [id, p] of Object.entries(next.pawns ?? {})) if (prev.pawns?.[id]?.square !== p?.square) return true;
  return false;
}

// The meanings lit now, once each, in priority order, with the colour the LEDs show.
export function ledLegend(leds) {
  const seen = new Map();
  for (const v of Object.values(leds?.squares ?? {})) {
    const key = v.meaning ?? "lit";
    if (!seen.has(key)) seen.set(key, v.rgb);
  }
  const rank = (m) => { const i = LED_PRIORITY.indexOf(m); return i < 0 ? LED_PRIORITY.length : i; };
  return [...seen.entries()].sort((a, b) => rank(a[0]) - rank(b[0])).map(([meaning, rgb]) => ({ meaning, rgb }));
}

export function createBoard(svg, { orientation = "portrait", onPick = null } = {}) {
  const NS = svg.namespaceURI; // the parser's SVG namespace: no namespace URL literal needed here
  const make = (tag, attrs = {}, parent = null) => {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, v);
    if (parent) parent.appendChild(node);
    return node;
  };
  let geo = null;
  let squares = new Map(); // "a1" -> rect
  let tokens = null;
  let last = null;
  let tokensKey = null;
  // What the token layer shows, by what it was drawn from: a paint redraws only the tokens whose key
  // changed (a move is one pawn, the ball and the arrow), so the browser styles, lays out and paints a
  // few new elements instead of the whole layer.
  let drawn = new Map(); // "pawn:<id>", "ball", "arrow" -> {key, node}
  let litFrom; // the LED document the squares show: a state-only paint leaves the 128 squares alone
  let marks = NO_MARKS; // the game's own pitch marks drawn (its page module's `pitch`)
  let pitch = null; // the pitch lines' layer, redrawn alone when the game changes

  function build(o) {
    orientation = o === "landscape" ? "landscape" : "portrait";
    geo = layout(orientation);
    svg.replaceChildren();
    svg.setAttribute("viewBox", `0 0 ${geo.w} ${geo.h}`);
    svg.setAttribute("data-orientation", orientation);
    svg.setAttribute("role", "img");
    const p = geo.point;
    const defs = make("defs", {}, svg);
    const marker = make("marker", { id: "sb-arrowhead", viewBox: "0 0 10 10", refX: "7", refY: "5",
      markerWidth: "3.2", markerHeight: "3.2", orient: "auto-start-reverse" }, defs);
    make("path", { d: "M0,0 L10,5 L0,10 z", class: "arrow-head" }, marker);

    const [ax, ay] = p(0, 0), [bx, by] = p(8, 16);
    make("rect", { class: "surround", x: Math.min(ax, bx) - 5, y: Math.min(ay, by) - 5,
      width: Math.abs(bx - ax) + 10, height: Math.abs(by - ay) + 10 }, svg);
    const sqLayer = make("g", { class: "squares" }, svg);
    squares = new Map();
    for (const name of squareNames()) {
      const { f, r } = parseSquare(name);
      const [x1, y1] = p(f, r - 1), [x2, y2] = p(f + 1, r);
      const base = GRASS[Math.floor((r - 1) / 2) % 2];
      const node = make("rect", { class: "square", "data-square": name, x: Math.min(x1, x2), y: Math.min(y1, y2),
        width: S, height: S, fill: base }, sqLayer);
      node.dataset.base = base;
      squares.set(name, node);
    }
    pitch = make("g", { class: "pitch" }, svg);
    drawPitch(pitch, p);
    drawLabels(make("g", { class: "coords", "aria-hidden": "true" }, svg), p);
    tokens = make("g", { class: "tokens" }, svg);
    tokensKey = null;
    drawn = new Map();
    litFrom = undefined;
    if (last) paint(last);
  }

  function outline(names, parent, cls) {
    const set = new Set(names);
    let d = "";
    for (const name of names) {
      const { f, r } = parseSquare(name);
      const edges = [[0, 1, [f, r], [f + 1, r]], [0, -1, [f, r - 1], [f + 1, r - 1]],
        [-1, 0, [f, r - 1], [f, r]], [1, 0, [f + 1, r - 1], [f + 1, r]]];
      for (const [df, dr, a, b] of edges) {
        const nf = f + df, nr = r + dr;
        if (nf >= 0 && nf < 8 && nr >= 1 && nr <= 16 && set.has(FILES[nf] + nr)) continue;
        const [x1, y1] = geo.point(...a), [x2, y2] = geo.point(...b);
        d += `M${x1},${y1}L${x2},${y2}`;
      }
    }
    make("path", { d, class: cls }, parent);
  }

  function arc(parent, cu, cv, radius, from, to, cls) {
    const pts = [];
    for (let i = 0; i <= 24; i++) {
      const t = from + ((to - from) * i) / 24;
      pts.push(geo.point(cu + radius * Math.cos(t), cv + radius * Math.sin(t)).join(","));
    }
    make("polyline", { points: pts.join(" "), class: cls }, parent);
  }

  function drawPitch(g, p) {
    const [x1, y1] = p(0, 0), [x2, y2] = p(8, 16);
    make("rect", { class: "line", x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) }, g);
    const [hx1, hy1] = p(0, 8), [hx2, hy2] = p(8, 8);
    make("line", { class: "line", x1: hx1, y1: hy1, x2: hx2, y2: hy2 }, g);
    const [cx, cy] = p(4, 8);
    make("circle", { class: "line", cx, cy, r: S }, g);
    make("circle", { class: "spot", cx, cy, r: 2.5 }, g);
    for (const area of PENALTY_AREAS) outline(area, g, "line");
    for (const area of GOAL_AREAS) outline(area, g, "line");
    for (const name of GOAL_AREAS.flat()) squares.get(name).classList.toggle("goal-space", marks.goalSpace === true);
    if (marks.arcs === true) {
      arc(g, 4, 3, 1, 0, Math.PI, "line"); // the penalty arcs (d4 e4, d13 e13) outside each area
      arc(g, 4, 13, 1, Math.PI, 2 * Math.PI, "line");
    }
    for (const [u, v] of PENALTY_SPOTS) {
      const [sx, sy] = p(u, v);
      make("circle", { class: "spot", cx: sx, cy: sy, r: 2.5 }, g);
    }
    for (const [u, v, a0] of [[0, 0, 0], [8, 0, Math.PI / 2], [8, 16, Math.PI], [0, 16, 1.5 * Math.PI]]) {
      arc(g, u, v, 0.25, a0, a0 + Math.PI / 2, "line");
    }
    const depth = GOAL / S;
    for (const [team, v0, v1] of [["red", -depth, 0], ["blue", 16, 16 + depth]]) {
      const [gx1, gy1] = p(3, v0), [gx2, gy2] = p(5, v1);
      make("rect", { class: `goal goal-${team}`, x: Math.min(gx1, gx2), y: Math.min(gy1, gy2),
        width: Math.abs(gx2 - gx1), height: Math.abs(gy2 - gy1) }, g);
    }
  }

  function drawLabels(g, p) {
    const off = (M * 0.55 + GOAL) / S;
    const side = (M * 0.5) / S;
    for (let f = 0; f < 8; f++) {
      for (const v of [-off, 16 + off]) {
        const [x, y] = p(f + 0.5, v);
        make("text", { x, y }, g).textContent = FILES[f];
      }
    }
    for (let r = 1; r <= 16; r++) {
      for (const u of [-side, 8 + side]) {
        const [x, y] = p(u, r - 0.5);
        make("text", { x, y }, g).textContent = String(r);
      }
    }
  }

  function centre(name) {
    const { f, r } = parseSquare(name);
    return geo.point(f + 0.5, r - 0.5);
  }

  function paint(view) {
    last = view;
    const snap = view.snapshot;
    if (snap && view.game && (view.game.pitch !== marks || svg.getAttribute("data-game") !== view.game.name)) {
      // the other game's pitch lines; squares and tokens stay
      svg.setAttribute("data-game", view.game.name);
      if (view.game.pitch !== marks) {
        marks = view.game.pitch ?? NO_MARKS;
        pitch.replaceChildren();
        drawPitch(pitch, geo.point);
      }
    }
    const lit = view.leds?.squares ?? {};
    for (const [name, node] of view.leds === litFrom ? [] : squares) {
      const led = lit[name];
      const fill = led && Array.isArray(led.rgb) ? ledFill(led.rgb) : null;
      if (fill) {
        // only what changed: an unchanged attribute write still costs the browser a style pass
        if (node.getAttribute("fill") !== fill) node.setAttribute("fill", fill);
        if (node.getAttribute("data-meaning") !== (led.meaning ?? "lit")) node.setAttribute("data-meaning", led.meaning ?? "lit");
        node.classList.add("lit");
      } else if (node.hasAttribute("data-meaning")) {
        node.setAttribute("fill", node.dataset.base);
        node.removeAttribute("data-meaning");
        node.classList.remove("lit");
      }
    }
    litFrom = view.leds;
    // the token layer is looked at only when something on it changed (an LED-only update leaves it); the
    // tokens' tooltips are said in the page's language, so a switch of language draws them again
    const lang = language();
    const key = JSON.stringify([snap?.pawns, snap?.ball, snap?.holder, view.held, view.lastMove, lang]);
    if (key === tokensKey) return;
    tokensKey = key;
    const wanted = []; // the layer's nodes in drawing order: the arrow, the pawns, the ball on top
    const seen = new Set();
    const place = (name, itemKey, draw) => {
      seen.add(name);
      const had = drawn.get(name);
      if (had && had.key === itemKey) {
        wanted.push(had.node);
        return;
      }
      const node = draw();
      if (had) had.node.replaceWith(node); // keeps its place in the layer
      drawn.set(name, { key: itemKey, node });
      wanted.push(node);
    };
    if (snap) {
      const held = new Set((view.held ?? []).map((h) => `${h.square}/${h.token}`));
      const occupants = new Map(); // square -> teams standing there
      for (const [id, p] of Object.entries(snap.pawns ?? {})) {
        if (!p?.square || !parseSquare(p.square)) continue;
        const list = occupants.get(p.square) ?? [];
        list.push(id);
        occupants.set(p.square, list);
      }
      // the arrow goes under the tokens, its head stopping at the edge of what stands on the target
      const mv = view.lastMove;
      if (mv && parseSquare(mv.from) && parseSquare(mv.to)) {
        const onTarget = occupants.has(mv.to);
        place("arrow", `${mv.token}|${mv.from}|${mv.to}|${onTarget}`, () => drawArrow(mv, onTarget));
      }
      for (const [id, p] of Object.entries(snap.pawns ?? {})) {
        if (!p?.square || !parseSquare(p.square)) continue;
        const tm = id.startsWith("blue") ? "blue" : "red";
        const shared = occupants.get(p.square).length > 1;
        const holder = snap.holder === id;
        const lifted = held.has(`${p.square}/${tm}`);
        place(`pawn:${id}`, `${p.square}|${shared}|${holder}|${p.sent_off}|${p.yellow}|${lifted}|${p.goalie === true}|${lang}`,
          () => drawPawn(id, p, tm, shared, holder, lifted));
      }
      if (snap.ball && parseSquare(snap.ball)) {
        const withPawn = occupants.get(snap.ball)?.length ?? 0;
        const lifted = held.has(`${snap.ball}/ball`);
        place("ball", `${snap.ball}|${withPawn}|${lifted}|${lang}`, () => drawBall(snap.ball, withPawn, lifted));
      }
    }
    for (const name of [...drawn.keys()]) if (!seen.has(name)) drawn.delete(name);
    // into drawing order with as few moves as possible; what is no longer wanted is left at the end
    let at = tokens.firstChild;
    for (const node of wanted) {
      if (node === at) at = at.nextSibling;
      else tokens.insertBefore(node, at);
    }
    while (at) {
      const next = at.nextSibling;
      at.remove();
      at = next;
    }
  }

  function drawPawn(id, p, tm, shared, holder, lifted) {
    let [cx, cy] = centre(p.square);
    const r = shared ? S * 0.3 : S * 0.38;
    if (shared) {
      const d = S * 0.18 * (tm === "red" ? -1 : 1);
      cx += d;
      cy += d;
    }
    const cls = ["pawn", `pawn-${tm}`];
    if (holder) cls.push("holder");
    if (p.sent_off) cls.push("sent-off");
    if (lifted) cls.push("lifted");
    if (p.goalie === true) cls.push("goalie");
    const g = make("g", { class: cls.join(" "), "data-pawn": id, "data-square": p.square, "data-team": tm });
    if (holder) make("circle", { class: "holder-ring", cx, cy, r: r + 3.5 }, g);
    make("circle", { class: "disc", cx, cy, r, fill: TEAM_COLOUR[tm] }, g);
    const label = make("text", { class: "label", x: cx, y: cy, "font-size": (r * 0.95).toFixed(1) }, g);
    label.textContent = id.slice(id.indexOf("-") + 1);
    const cards = [];
    for (let i = 0; i < Math.min(p.yellow ?? 0, 2); i++) cards.push("card-yellow");
    if (p.sent_off) cards.push("card-red");
    cards.forEach((c, i) => make("rect", { class: c, x: cx + r * 0.45 + i * 4.5, y: cy - r - 3, width: 6.5, height: 9, rx: 1 }, g));
    const title = make("title", {}, g);
    title.textContent = pawnTitle(tm, label.textContent, p, holder);
    return g;
  }

  // withPawn: how many pawns stand on the ball's square
  function drawBall(square, withPawn, lifted) {
    let [cx, cy] = centre(square);
    if (withPawn) {
      // beside the pawn; with two pawns (a battle) in the corner they leave free
      cx += S * 0.3;
      cy += withPawn > 1 ? -S * 0.3 : S * 0.3;
    }
    const g = make("g", { class: lifted ? "ball lifted" : "ball", "data-square": square });
    make("circle", { class: "ball-disc", cx, cy, r: withPawn ? S * 0.15 : S * 0.2 }, g);
    make("circle", { class: "ball-patch", cx, cy, r: withPawn ? S * 0.055 : S * 0.075 }, g);
    make("title", {}, g).textContent = t("the ball on {square}", { square });
    return g;
  }

  function drawArrow(mv, onTarget) {
    const [x1, y1] = centre(mv.from), [x2, y2] = centre(mv.to);
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const cut = Math.min((onTarget ? 0.44 : 0.24) * S, len / 2);
    return make("line", { id: "last-move", class: `last-move last-move-${mv.token === "ball" ? "ball" : "pawn"}`,
      "data-from": mv.from, "data-to": mv.to, x1, y1,
      x2: x2 - ((x2 - x1) * cut) / len, y2: y2 - ((y2 - y1) * cut) / len, "marker-end": "url(#sb-arrowhead)" });
  }

  // One listener for the whole board: a token when a pawn or the ball was hit, else the square.
  svg.addEventListener("click", (e) => {
    if (!onPick) return;
    const tok = e.target.closest?.("g.pawn, g.ball");
    let square = tok?.getAttribute("data-square");
    if (!square) square = e.target.closest?.("[data-square]")?.getAttribute("data-square");
    if (!square) {
      // a click on a pitch line or label: find the square under the pointer
      const pt = svg.createSVGPoint();
      pt.x = e.clientX;
      pt.y = e.clientY;
      const at = pt.matrixTransform(svg.getScreenCTM().inverse());
      for (const [name, node] of squares) {
        const x = +node.getAttribute("x"), y = +node.getAttribute("y");
        if (at.x >= x && at.x < x + S && at.y >= y && at.y < y + S) square = name;
      }
    }
    if (!square) return;
    const token = tok ? (tok.classList.contains("ball") ? "ball" : tok.getAttribute("data-team")) : null;
    onPick({ square, token, shift: e.shiftKey });
  });

  build(orientation);
  return {
    paint,
    setOrientation(o) {
      if (o !== orientation) build(o);
    },
    get orientation() {
      return orientation;
    },
  };
}

// A pawn's tooltip, in the page's language: "red m2 on c4, 1 yellow card, has the ball".
function pawnTitle(team, pawn, p, holder) {
  const where = team === "blue" ? t("blue {pawn} on {square}", { pawn, square: p.square })
    : t("red {pawn} on {square}", { pawn, square: p.square });
  const yellow = p.yellow === 1 ? t("1 yellow card") : t("{n} yellow cards", { n: p.yellow });
  return [where, p.yellow ? yellow : "", p.sent_off ? t("sent off") : "", holder ? t("has the ball") : "",
    p.goalie === true ? t("goalie") : ""].filter(Boolean).join(", ");
}

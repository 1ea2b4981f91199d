// The match panel and board of one game, painted from the published documents. The live page feeds
// it from MQTT, the replay from its frames; both show the same things the same way.
//
// Live, a simulator at full speed can send hundreds of messages a second: documents are then only
// recorded as they come, and the page is painted once per animation frame with the latest of each
// (nothing at all while the tab is hidden). The feed keeps them unparsed until then: `beforePaint`
// hands them over at the start of the frame. `body[data-seq]` is set by that paint, so it always
// names the state on screen. The replay paints at once (`coalesce: false`).

import { createBoard, ledLegend, moveBetween, positionsChanged } from "sb/board.js";
import { Clocks } from "sb/clock.js";
import { announcement, describe, gameOf, meaningLabel, minute, phaseName, possession, shortId, team, toAct } from "sb/words.js";

const FEED_LENGTH = 150;

const $ = (id) => document.getElementById(id);

// Only what changed is written: the same text or attribute written again still costs the browser a style
// or layout pass on the next frame.
function setText(node, text) {
  if (node && node.textContent !== text) node.textContent = text;
}

function setData(node, key, value) {
  if (node.dataset[key] !== value) node.dataset[key] = value;
}

export class MatchView {
  constructor({ orientation = "portrait", onPick = null, coalesce = true } = {}) {
    this.board = createBoard($("board"), { orientation, onPick });
    this.clocks = new Clocks({ match: $("match-clock"), period: $("period"), move: $("move-clock") });
    this.coalesce = coalesce;
    this.snapshot = null;
    this.leds = null;
    this.lastMove = null;
    this.held = [];
    this.dirty = { state: false, leds: false, board: false };
    this.newEvents = []; // feed items not yet on screen, oldest first
    this.frame = 0;
    this.legendKey = null;
    this.beforePaint = null; // hands over the documents that wait for the next paint (BoardFeed.settle)
    this.settling = false;
  }

  // A new snapshot: the arrow comes from what moved since the one before (the replay, which may
  // jump, passes its own).
  showState(doc, { lastMove } = {}) {
    const prev = this.snapshot;
    if (lastMove !== undefined) this.lastMove = lastMove;
    else if (positionsChanged(prev, doc)) this.lastMove = moveBetween(prev, doc);
    this.snapshot = doc;
    this.dirty.state = this.dirty.board = true;
    this.schedule();
  }

  showLeds(doc) {
    this.leds = doc;
    this.dirty.leds = this.dirty.board = true;
    this.schedule();
  }

  setHeld(held) {
    this.held = held;
    this.dirty.board = true;
    this.schedule();
  }

  addEvent(ev, { announce = true } = {}) {
    this.newEvents.push(this.eventItem(ev, minute(this.snapshot)));
    if (this.newEvents.length > FEED_LENGTH) this.newEvents.shift();
    const say = announce ? announcement(ev) : null;
    if (say) this.announce(say);
    this.schedule();
  }

  schedule() {
    if (!this.coalesce) return this.flush();
    if (!this.frame && !this.settling) this.frame = requestAnimationFrame(() => this.flush());
  }

  flush() {
    this.settling = true; // what beforePaint hands over is painted now: it asks for no other frame
    try {
      this.beforePaint?.();
    } finally {
      this.settling = false;
      this.frame = 0;
    }
    if (this.dirty.leds) this.paintLeds();
    if (this.dirty.state) this.paintState();
    if (this.dirty.board) this.paintBoard();
    if (this.newEvents.length) {
      const list = $("feed");
      list.prepend(...this.newEvents.reverse());
      this.newEvents = [];
      while (list.children.length > FEED_LENGTH) list.lastElementChild.remove();
    }
    this.dirty = { state: false, leds: false, board: false };
  }

  paintState() {
    const doc = this.snapshot;
    setText($("score-red"), String(doc.score.red));
    setText($("score-blue"), String(doc.score.blue));
    const phase = $("phase");
    setText(phase, phaseName(doc.phase));
    setData(phase, "phase", String(doc.phase));
    setText($("to-act"), toAct(doc));
    const act = doc.expects?.team;
    setData($("to-act"), "team", act === "red" || act === "blue" || act === "both" ? act : "");
    setText($("possession"), possession(doc));
    setData($("possession"), "team", doc.phase === "battle" ? "" : String(doc.offense ?? ""));
    for (const die of document.querySelectorAll("#dice [data-die]")) {
      const face = doc.dice?.[die.dataset.die];
      setText(die, Number.isInteger(face) ? String(face) : "–");
      setData(die, "face", Number.isInteger(face) ? String(face) : "");
    }
    setData(document.body, "phase", String(doc.phase));
    const game = gameOf(doc);
    setData(document.body, "game", game);
    setText($("move-clock-label"), game === "stbg" ? "Turn clock" : "Move clock");
    const panel = $("stbg-panel");
    if (panel) {
      panel.hidden = game !== "stbg";
      if (game === "stbg") this.paintStbg(doc);
    }
  }

  // Soccer The Board Game: whose turn, the points left of its roll, and per team the star cards left, the
  // substitutions made and left (3 a match), the referee cards shown and who is off the board.
  paintStbg(doc) {
    const turn = $("stbg-turn");
    const kind = doc.turn_kind && doc.turn_kind !== "open" ? ` (${String(doc.turn_kind).replace(/_/g, " ")})` : "";
    setText(turn, doc.turn ? team(doc.turn) + kind + (doc.star ? `: ${doc.star} card` : "") : "–");
    setData(turn, "team", String(doc.turn ?? ""));
    setText($("points-left"), Number.isInteger(doc.points_left) ? String(doc.points_left) : "–");
    for (const row of document.querySelectorAll("#team-table tbody tr[data-team]")) {
      const t = row.dataset.team;
      for (const cell of row.querySelectorAll("td[data-star]")) {
        const c = doc.star_cards?.[t]?.[cell.dataset.star];
        setText(cell, c ? String(c.left) : "–");
        setData(cell, "left", c ? String(c.left) : "");
      }
      const made = doc.substitutions?.[t] ?? 0;
      const skips = doc.skips?.[t] ?? 0; // a substitution's price: the team's next turn is skipped
      setText(row.querySelector("td[data-subs]"), `${made} / ${Math.max(0, 3 - made)}` + (skips > 0 ? " (next turn skipped)" : ""));
      const mine = Object.entries(doc.pawns ?? {}).filter(([id]) => id.startsWith(`${t}-`));
      const yellows = mine.filter(([, p]) => p.yellow > 0 && !p.sent_off).map(([id, p]) => `${shortId(id)}${p.yellow > 1 ? ` ×${p.yellow}` : ""}`);
      const reds = mine.filter(([, p]) => p.sent_off).map(([id]) => shortId(id));
      const cards = row.querySelector("td[data-cards]");
      const text = [yellows.length ? `yellow: ${yellows.join(", ")}` : "", reds.length ? `red: ${reds.join(", ")}` : ""]
        .filter(Boolean).join("; ") || "–";
      setText(cards, text);
      setData(cards, "yellow", String(yellows.length));
      setData(cards, "red", String(reds.length));
      const off = mine.filter(([, p]) => !p.square).map(([id, p]) => shortId(id) + (p.sent_off ? " (sent off)" : ""));
      setText(row.querySelector("td[data-off]"), off.join(", ") || "–");
    }
  }

  paintLeds() {
    const doc = this.leds;
    const legend = $("legend");
    const items = ledLegend(doc);
    const key = JSON.stringify(items);
    if (legend && key !== this.legendKey) {
      // most LED documents light other squares with the same meanings: the legend then stays as it is
      this.legendKey = key;
      legend.replaceChildren(...items.map(({ meaning, rgb }) => {
        const li = document.createElement("li");
        li.dataset.meaning = meaning;
        const sw = document.createElement("span");
        sw.className = "swatch";
        sw.style.background = `rgb(${rgb.join(",")})`;
        li.append(sw, meaningLabel(meaning));
        return li;
      }));
    }
    const corr = $("correction");
    if (corr) {
      const c = doc.correction;
      const text = c ? `Board out of step: ${c.text ?? "set it as the LEDs show"}` +
        (doc.corrections_left > 1 ? ` (${doc.corrections_left} corrections left)` : "") : "";
      setText(corr, text);
      corr.hidden = !c;
    }
  }

  paintBoard() {
    this.board.paint({ snapshot: this.snapshot, leds: this.leds, lastMove: this.lastMove, held: this.held });
    if (this.snapshot) document.body.dataset.seq = String(this.snapshot.seq ?? "");
  }

  // The minute is shown by CSS from data-minute, so the item's text is the sentence alone.
  eventItem(ev, when) {
    const li = document.createElement("li");
    li.textContent = describe(ev);
    li.dataset.event = String(ev?.event ?? "");
    if (Number.isInteger(ev?.seq)) li.dataset.seq = String(ev.seq);
    if (when) li.dataset.minute = when;
    if (ev?.team === "red" || ev?.team === "blue") li.dataset.team = ev.team;
    return li;
  }

  // Replay: the whole feed at once, [{event, minute}] oldest first, newest on top.
  setEvents(items) {
    const shown = items.slice(-FEED_LENGTH).reverse();
    $("feed").replaceChildren(...shown.map(({ event, minute: when }) => this.eventItem(event, when)));
  }

  announce(text) {
    const a = $("announcer");
    if (a) a.textContent = text;
  }
}

// The match panel and board of one game, painted from the published documents. The live page feeds
// it from MQTT, the replay from its frames; both show the same things the same way.
//
// Live, a simulator at full speed can send hundreds of messages a second: documents are then only
// recorded as they come, and the page is painted once per animation frame with the latest of each
// (nothing at all while the tab is hidden). The feed keeps them unparsed until then: `beforePaint`
// hands them over at the start of the frame. `body[data-seq]` is set by that paint, so it always
// names the state on screen. The replay paints at once (`coalesce: false`).
//
// What is the game's own (what its phases wait for, its pitch marks, its panel, its clock's name) the game's
// page module says (sb/games.js): whoever hands a snapshot to showState has its module in already.

import { createBoard, ledLegend, moveBetween, positionsChanged } from "sb/board.js";
import { Clocks } from "sb/clock.js";
import { gameNow } from "sb/games.js";
import { onLanguage, said, t } from "sb/i18n.js";
import { PLAIN } from "sb/plain.js";
import { announcement, describe, meaningLabel, minute, phaseName, possession, toAct } from "sb/words.js";

const FEED_LENGTH = 150;
const ITEM_EVENTS = new WeakMap(); // a feed item -> its event (told again after a language switch)

const $ = (id) => document.getElementById(id);

// Only what changed is written: the same text or attribute written again still costs the browser a style
// or layout pass on the next frame.
function setText(node, text) {
  if (node && node.textContent !== text) node.textContent = text;
}

function setData(node, key, value) {
  if (node.dataset[key] !== value) node.dataset[key] = value;
}

// A score as shown: a number, else a dash (a game shown plainly may have none).
function scoreText(n) {
  return Number.isInteger(n) ? String(n) : "–";
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
    this.game = PLAIN; // the page module of the snapshot's game
    this.panelOf = undefined; // the game whose panel is in #game-panel
    this.beforePaint = null; // hands over the documents that wait for the next paint (BoardFeed.settle)
    this.settling = false;
    onLanguage(() => this.relabel());
  }

  // Everything said again in the language just chosen: the panel's paint, the legend, the correction, the clocks
  // and each feed item from the event it shows (the marked markup, the game's panel too, sb/i18n.js says itself).
  relabel() {
    this.legendKey = null;
    this.dirty = { state: !!this.snapshot, leds: !!this.leds, board: !!this.snapshot };
    for (const li of document.querySelectorAll("#feed li")) {
      const ev = ITEM_EVENTS.get(li);
      if (ev) li.textContent = describe(ev, this.game);
    }
    this.clocks.paint();
    this.schedule();
  }

  // A new snapshot: the arrow comes from what moved since the one before (the replay, which may
  // jump, passes its own).
  showState(doc, { lastMove } = {}) {
    const prev = this.snapshot;
    if (lastMove !== undefined) this.lastMove = lastMove;
    else if (positionsChanged(prev, doc)) this.lastMove = moveBetween(prev, doc);
    this.snapshot = doc;
    this.game = gameNow(doc) ?? PLAIN;
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
    this.game.onEvent?.(ev); // the game's module may show an event its own way (a roll explained)
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
    const game = this.game;
    setText($("score-red"), scoreText(doc.score?.red));
    setText($("score-blue"), scoreText(doc.score?.blue));
    const phase = $("phase");
    setText(phase, phaseName(doc.phase));
    setData(phase, "phase", String(doc.phase));
    setText($("to-act"), toAct(doc, game));
    const act = doc.expects?.team;
    setData($("to-act"), "team", act === "red" || act === "blue" || act === "both" ? act : "");
    setText($("possession"), possession(doc, game));
    setData($("possession"), "team", doc.phase === "battle" ? "" : String(doc.offense ?? ""));
    for (const die of document.querySelectorAll("#dice [data-die]")) {
      const face = doc.dice?.[die.dataset.die];
      setText(die, Number.isInteger(face) ? String(face) : "–");
      setData(die, "face", Number.isInteger(face) ? String(face) : "");
    }
    setData(document.body, "phase", String(doc.phase));
    setData(document.body, "game", game.name);
    setData(document.body, "gamePage", game.plain ? "plain" : "module");
    document.body.classList.toggle("legend-wraps", game.legendWraps === true);
    setText($("move-clock-label"), game.clock?.moveLabel ?? t("Move clock"));
    const panel = $("game-panel");
    if (panel) {
      if (this.panelOf !== game) {
        // the game's own part of the panel, in place once: its paint only fills it in
        this.panelOf = game;
        panel.innerHTML = game.panel?.html ?? "";
        if (game.panel?.label) panel.setAttribute("aria-label", game.panel.label);
        else panel.removeAttribute("aria-label");
      }
      panel.hidden = !game.panel;
      game.panel?.paint?.(doc, panel);
    }
  }

  paintLeds() {
    const doc = this.leds;
    const legend = $("legend");
    const items = ledLegend(doc);
    const key = this.game.name + JSON.stringify(items);
    if (legend && key !== this.legendKey) {
      // most LED documents light other squares with the same meanings: the legend then stays as it is
      this.legendKey = key;
      legend.replaceChildren(...items.map(({ meaning, rgb }) => {
        const li = document.createElement("li");
        li.dataset.meaning = meaning;
        const sw = document.createElement("span");
        sw.className = "swatch";
        sw.style.background = `rgb(${rgb.join(",")})`;
        li.append(sw, meaningLabel(meaning, this.game));
        return li;
      }));
    }
    const corr = $("correction");
    if (corr) {
      const c = doc.correction;
      const asShown = t("set it as the LEDs show");
      const text = c ? t("Board out of step: {what}", { what: c.say ? said(c.say) : c.text ?? asShown }) +
        (doc.corrections_left > 1 ? t(" ({n} corrections left)", { n: doc.corrections_left }) : "") : "";
      setText(corr, text);
      corr.hidden = !c;
    }
  }

  paintBoard() {
    this.board.paint({ snapshot: this.snapshot, leds: this.leds, lastMove: this.lastMove, held: this.held,
      game: this.game });
    if (this.snapshot) document.body.dataset.seq = String(this.snapshot.seq ?? "");
  }

  // The minute is shown by CSS from data-minute, so the item's text is the sentence alone.
  eventItem(ev, when) {
    const li = document.createElement("li");
    li.textContent = describe(ev, this.game);
    ITEM_EVENTS.set(li, ev);
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

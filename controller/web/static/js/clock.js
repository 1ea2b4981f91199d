// Local countdowns from the clock document. The daemon publishes deadlines, not ticking values
// (docs/mqtt.md), so the page counts by itself between messages. A Pi has no real-time clock and may run
// early or late, so the page measures that skew from the `at`/`ts` stamps of live messages (the
// smallest recent difference: network delay only ever adds) and counts on the board's time.
//
// CPU: no interval polling. After each paint one timeout is set for the moment the next shown digit
// changes (at most once a second per clock), and none while no clock runs.

import { t } from "sb/i18n.js";
import { periodName } from "sb/words.js";

export const WARNING_SECONDS = 10;

// Only a changed text is written: the same text written again still replaces the text node, and the
// browser lays it out anew on the next frame.
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

function mmss(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

// The match time shown on the clock: counted on from the second half (45:00 + ...), as on a
// football scoreboard; extra time counts from the start of its own period.
export function matchClockText(period, elapsed, length) {
  if (period >= 5) return "";
  const base = period === 2 || period === 4 ? length : 0;
  return mmss(base + Math.min(elapsed, length));
}

export class Clocks {
  constructor({ match, period, move }) {
    this.el = { match, period, move };
    this.doc = null;
    this.samples = [];
    this.skew = 0; // local clock minus the board's clock, in ms
    this.timer = null;
    this.frozen = false;
  }

  // An offline board's last clock document says nothing about now: stop counting until it is back.
  setFrozen(frozen) {
    this.frozen = frozen;
    this.paint();
  }

  // A stamp from a live message (never a retained one: those may be old), taken when it came.
  sample(stamp, receivedAt = Date.now()) {
    const t = Date.parse(stamp);
    if (Number.isNaN(t)) return;
    this.samples.push(receivedAt - t);
    if (this.samples.length > 16) this.samples.shift();
    this.skew = Math.min(...this.samples);
  }

  boardNow() {
    return Date.now() - this.skew;
  }

  set(doc, { live = false, receivedAt = Date.now() } = {}) {
    if (live) this.sample(doc.at, receivedAt);
    this.doc = doc;
    this.paint();
  }

  // Replay: a fixed time from the snapshot, no counting. The snapshot's clock has the period, its elapsed
  // time and length (every game's); the game says if it also carries the time left to move (`turnLeft`).
  setStatic(snapshot, game = null) {
    this.stop();
    this.doc = null;
    const c = snapshot?.clock;
    if (!c || typeof c !== "object") return;
    const known = Number.isInteger(c.period) && Number.isFinite(c.elapsed) && Number.isFinite(c.length);
    setText(this.el.match, known ? matchClockText(c.period, c.elapsed, c.length) : "");
    setText(this.el.period, periodName(c.period) + (c.time_up ? t(" (time up)") : ""));
    const turn = game?.clock?.turnLeft?.(c) ?? null;
    setText(this.el.move, turn === null ? "" : String(Math.ceil(turn)));
    this.el.move.classList.toggle("warning", turn !== null && turn <= WARNING_SECONDS);
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = null;
  }

  paint() {
    this.stop();
    const doc = this.doc;
    if (!doc) return;
    const now = this.boardNow();
    const mc = doc.match_clock;
    const running = mc.running && !mc.paused && !this.frozen;
    const elapsed = running ? mc.elapsed + Math.max(0, now - Date.parse(doc.at)) / 1000 : mc.elapsed;
    setText(this.el.match, matchClockText(doc.period, elapsed, mc.length));
    setText(this.el.period, periodName(doc.period) + (mc.time_up ? t(" (time up)") : mc.paused ? t(" (paused)") : ""));
    let remaining = null;
    let counting = false;
    if (this.frozen) {
      remaining = null;
    } else if (doc.move_deadline) {
      remaining = (Date.parse(doc.move_deadline) - now) / 1000;
      counting = remaining > 0;
    } else if (doc.move_remaining != null && mc.paused) {
      remaining = doc.move_remaining; // paused: the move clock stands still
    }
    const move = this.el.move;
    setText(move, remaining === null ? "" : String(Math.max(0, Math.ceil(remaining))));
    move.classList.toggle("warning", remaining !== null && remaining <= WARNING_SECONDS);
    // wake up when a shown digit changes next
    const waits = [];
    if (running && elapsed < mc.length) waits.push(1 - (elapsed % 1));
    if (counting) waits.push(remaining - Math.floor(remaining) || 1);
    if (waits.length) {
      const ms = Math.max(20, Math.min(1000, Math.min(...waits) * 1000 + 5));
      this.timer = setTimeout(() => this.paint(), ms);
    }
  }
}

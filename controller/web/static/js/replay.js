// The match replay player: the frames written by controller/web/replay.py (one per state change, with
// the LED document and the events that happened there), drawn by the same board and panel code as the
// live page. The data sits in the page, gzip-compressed and base64-encoded, and is unpacked with the
// browser's DecompressionStream, so the file works opened from disk with no network at all.

import { moveBetween, positionsChanged } from "sb/board.js";
import { gameOf } from "sb/games.js";
import { MatchView } from "sb/live.js";
import { language, onLanguage, said, t } from "sb/i18n.js";
import { announcement, describe } from "sb/words.js";

export const FORMAT = "soccerboard.replay/1";
const FRAME_MS = 250; // about four frames a second
const ARROW_LOOKBACK = 200; // frames searched back for the last move when jumping

const $ = (id) => document.getElementById(id);

export async function decode(el) {
  const text = (el?.textContent ?? "").trim();
  if (!text) return null;
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  if (el.dataset.encoding !== "gzip+base64") return JSON.parse(new TextDecoder().decode(bytes));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}

function fail(text) {
  const banner = $("banner");
  banner.hidden = false;
  banner.dataset.kind = "invalid";
  banner.textContent = text;
}

class Player {
  constructor(match) {
    this.frames = match.frames;
    this.marks = match.marks ?? [];
    this.view = new MatchView({
      orientation: matchMedia("(orientation: landscape)").matches && innerHeight < 520 ? "landscape" : "portrait",
      coalesce: false,
    });
    // the feed at frame i is every event of frames 0..i: a flat list and a running count
    this.events = [];
    this.upto = this.frames.map((f) => {
      for (const ev of f.events ?? []) this.events.push({ event: ev, minute: f.minute });
      return this.events.length;
    });
    this.i = -1;
    this.timer = null;
  }

  // The arrow for frame i: the last move up to it, as the live page would show it after playing through.
  lastMoveAt(i) {
    for (let j = i; j > 0 && j > i - ARROW_LOOKBACK; j--) {
      const a = this.frames[j - 1].state, b = this.frames[j].state;
      if (positionsChanged(a, b)) return moveBetween(a, b);
    }
    return null;
  }

  show(i, { announce = false } = {}) {
    const n = this.frames.length;
    if (!n) return;
    i = Math.max(0, Math.min(n - 1, i));
    const f = this.frames[i];
    this.i = i;
    this.view.showLeds(f.leds ?? { squares: {} });
    this.view.showState(f.state, { lastMove: this.lastMoveAt(i) });
    this.view.clocks.setStatic(f.state, this.view.game);
    this.view.setEvents(this.events.slice(Math.max(0, this.upto[i] - 150), this.upto[i]));
    if (announce) {
      const say = (f.events ?? []).map(announcement).filter(Boolean);
      if (say.length) this.view.announce(say.join(". "));
    }
    $("replay-position").textContent = `${i + 1} / ${n}`;
    $("replay-scrub").value = String(i);
    document.body.dataset.frame = String(i);
    for (const b of $("replay-marks").querySelectorAll("button")) {
      b.classList.toggle("current", Number(b.dataset.frame) === i);
    }
    this.showCursor(i);
  }

  // The win-chance graph of an analysed match (`report --html --analyse`): its cursor follows the frame.
  showCursor(i) {
    const graph = $("win-chance-graph"), cursor = $("win-chance-cursor");
    if (!graph || !cursor) return;
    const pad = Number(graph.dataset.pad), width = Number(graph.dataset.width);
    const last = Math.max(1, Number(graph.dataset.frames) - 1);
    const x = String(pad + ((width - 2 * pad) * Math.min(i, last)) / last);
    cursor.setAttribute("x1", x);
    cursor.setAttribute("x2", x);
  }

  // A goal's, card's or analysis's mark: the file's words (English, controller/web/replay.py); in another
  // language an analysis mark's `say`, a goal's or card's minute and event sentence.
  markText(m) {
    if (m.say && language() !== "en") return said(m.say);
    const f = this.frames[m.frame];
    const ev = (f?.events ?? []).find((e) => e?.event === m.kind);
    if (language() === "en" || !ev) return m.text;
    return f.minute && f.minute !== "-" ? `${f.minute} ${describe(ev)}` : describe(ev);
  }

  play() {
    if (this.timer) return;
    if (this.i >= this.frames.length - 1) this.show(0);
    this.timer = setInterval(() => {
      if (this.i >= this.frames.length - 1) return this.pause();
      this.show(this.i + 1, { announce: true });
    }, FRAME_MS);
    $("replay-play").setAttribute("aria-pressed", "true");
    document.body.dataset.playing = "true";
  }

  pause() {
    clearInterval(this.timer);
    this.timer = null;
    $("replay-play").setAttribute("aria-pressed", "false");
    document.body.dataset.playing = "false";
  }

  wire() {
    $("replay-play").addEventListener("click", () => this.play());
    $("replay-pause").addEventListener("click", () => this.pause());
    $("replay-step").addEventListener("click", () => { this.pause(); this.show(this.i + 1, { announce: true }); });
    $("replay-back").addEventListener("click", () => { this.pause(); this.show(this.i - 1); });
    const scrub = $("replay-scrub");
    scrub.max = String(Math.max(0, this.frames.length - 1));
    scrub.addEventListener("input", () => { this.pause(); this.show(Number(scrub.value)); });
    const marks = $("replay-marks");
    marks.replaceChildren(...this.marks.map((m, k) => {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.mark = String(k);
      b.dataset.frame = String(m.frame);
      b.dataset.kind = m.kind;
      b.textContent = this.markText(m);
      return b;
    }));
    onLanguage(() => {
      for (const b of marks.querySelectorAll("button[data-mark]")) b.textContent = this.markText(this.marks[Number(b.dataset.mark)]);
      this.show(this.i);
    });
    marks.addEventListener("click", (e) => {
      const b = e.target.closest("button[data-mark]");
      if (!b) return;
      this.pause();
      this.show(this.marks[Number(b.dataset.mark)].frame, { announce: true });
    });
    $("win-chance")?.addEventListener("click", (e) => {
      const dot = e.target.closest?.("[data-frame]");
      if (!dot) return;
      this.pause();
      this.show(Number(dot.dataset.frame), { announce: true });
    });
    document.addEventListener("keydown", (e) => {
      if (e.target.closest?.("input, select, textarea, button")) return;
      if (e.key === " ") { e.preventDefault(); this.timer ? this.pause() : this.play(); }
      else if (e.key === "ArrowRight") { this.pause(); this.show(this.i + 1, { announce: true }); }
      else if (e.key === "ArrowLeft") { this.pause(); this.show(this.i - 1); }
    });
  }
}

async function main() {
  let match;
  try {
    match = await decode($("match-data"));
  } catch (err) {
    return fail(t("The match data in this file cannot be read: {why}", { why: err?.message ?? err }));
  }
  if (!match) return fail(t("This file holds no match: make one with `soccerboard report JOURNAL --html`."));
  if (match.format !== FORMAT || !Array.isArray(match.frames)) {
    const none = t("(none)");
    return fail(t("Unknown replay format {format}: this page reads {reads}.", { format: match.format ?? none, reads: FORMAT }));
  }
  if (match.board_id) $("board-name").textContent = match.board_id;
  const title = () => {
    document.title = t("Soccerboard replay: {board} {started}", { board: match.board_id ?? "", started: match.started ?? match.journal ?? "" }).trim();
  };
  title();
  onLanguage(title);
  // the page modules of the match's games (inline in the file: sb/games.js), in before the first frame
  const seen = new Map();
  for (const f of match.frames) seen.set(f.state?.ruleset, f.state);
  await Promise.all([...seen.values()].map(gameOf));
  const player = new Player(match);
  player.wire();
  player.show(0);
  document.body.dataset.ready = "true";
}

main();

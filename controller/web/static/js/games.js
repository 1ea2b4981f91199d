// The games the page can show, each by its own page module: the page's core knows no game. A snapshot names
// its game (`ruleset`); the module of that name is imported from `sbgames/<name>.js` (the import map sends
// it to the server's /games/<name>.js, which finds the game's page.js through the registry; the HTML replay
// holds inline copies in its `game-modules` element instead). Which games have a module, `sbgamelist` says
// (the server's /games.js), so a name without one is not even asked for. A game without a module (a name the server does not know, a game
// with no page.js, an import that fails) is shown plainly (sb/plain.js). docs/games.md describes a module.
//
// Loading is asynchronous and the page's drawing is not: whoever hands a snapshot on asks `gameNow(doc)`
// first, and while that says undefined, holds its messages back (GameGate) until the module is in.

import { t } from "sb/i18n.js";
import { PLAIN } from "sb/plain.js";

const NAME = /^[a-z][a-z0-9_]{0,63}$/;
const LOAD_MS = 8000; // an import that has not settled by then is shown plainly meanwhile

// What a game's module does not say, the page does as for any game.
const DEFAULTS = {
  check: () => null, // the game's own checks of its snapshot (the page's: an object with an integer seq)
  toAct: () => "", // what the game waits for, in words
  possession: () => undefined, // who has the ball, if the game says it otherwise than offense/holder do
  describe: () => undefined, // an event's sentence when it carries none and the page's own words have none
  pitch: { arcs: false, goalSpace: false }, // the penalty arcs drawn; the goal area drawn as one space
  clock: { get moveLabel() { return t("Move clock"); }, turnLeft: () => null }, // the move clock's name; a snapshot's time left
  ledMeanings: {}, // words for the LED meanings only this game lights
  legendWraps: false, // a long legend wraps under the board rather than widen its column
  panel: null, // {label, html, paint(doc)}: the game's own part of the match panel
  sim: null, // the browser simulator's controls and hand rules for the game (sb/sim.js)
};

const games = new Map(); // name -> the game, once its import settled
const loading = new Map(); // name -> the promise of it
let sources = null; // the promise of {name: the specifier to import its module by}, of the games that have one

function modules() {
  sources ??= inlineModules() ?? import("sbgamelist").then(
    (m) => Object.fromEntries((Array.isArray(m.GAMES) ? m.GAMES : []).filter((n) => NAME.test(n)).map((n) => [n, `sbgames/${n}.js`])),
    () => ({}));
  return sources;
}

// The HTML replay's copies: {name: data: URL} in <script type="application/json" id="game-modules">.
function inlineModules() {
  const el = document.getElementById("game-modules");
  if (!el) return null;
  try {
    const doc = JSON.parse(el.textContent || "{}");
    const urls = Object.entries(doc ?? {}).filter(([n, url]) => NAME.test(n) && typeof url === "string" && url.startsWith("data:"));
    return Promise.resolve(Object.fromEntries(urls));
  } catch {
    return Promise.resolve({});
  }
}

// The game a module makes: the defaults, what the module exports, and its name.
export function fromModule(name, module) {
  return Object.freeze({ ...DEFAULTS, ...module, name });
}

export function gameName(doc) {
  return typeof doc?.ruleset === "string" && NAME.test(doc.ruleset) ? doc.ruleset : null;
}

// The game of a snapshot if it is known now (the plain one for a snapshot that names none, or a bad name),
// undefined while its module is still loading or not asked for yet.
export function gameNow(doc) {
  const name = gameName(doc);
  if (name === null) return PLAIN;
  return games.get(name);
}

// The game of this name: its module's, or the plain one. Never rejects.
export function loadGame(name) {
  if (!NAME.test(String(name))) return Promise.resolve(PLAIN);
  if (games.has(name)) return Promise.resolve(games.get(name));
  if (!loading.has(name)) {
    const imported = modules().then((found) => (Object.hasOwn(found, name) ? import(found[name]) : null)).then(
      (module) => (module ? fromModule(name, module) : PLAIN),
      (err) => {
        console.info(`no page module for the game ${name} (${err?.message ?? err}): it is shown plainly`);
        return PLAIN;
      });
    const late = new Promise((resolve) => setTimeout(() => resolve(null), LOAD_MS));
    loading.set(name, Promise.race([imported, late]).then((game) => {
      if (game === null) {
        games.set(name, PLAIN); // plain until it comes, then its own from the next state on
        imported.then((g) => games.set(name, g));
        return PLAIN;
      }
      games.set(name, game);
      return game;
    }));
  }
  return loading.get(name).then((game) => games.get(name) ?? game);
}

// The game of a snapshot, for a page that may wait for it (the replay).
export function gameOf(doc) {
  const name = gameName(doc);
  return name === null ? Promise.resolve(PLAIN) : loadGame(name);
}

// Holds messages back while a snapshot's game loads, then hands them to `handle` in the order they came.
export class GameGate {
  constructor(handle) {
    this.handle = handle;
    this.queue = null;
  }

  get closed() {
    return this.queue !== null;
  }

  hold(...message) {
    this.queue.push(message);
  }

  // Close until the snapshot's game is in; `then()` runs first when it is (the snapshot that waited).
  waitFor(doc, then) {
    if (this.closed) return;
    this.queue = [];
    gameOf(doc).then(() => {
      const held = this.queue;
      this.queue = null;
      then?.();
      for (let i = 0; i < held.length; i++) {
        if (this.closed) {
          this.queue.push(...held.slice(i)); // another game to wait for: the rest waits with it
          return;
        }
        this.handle(...held[i]);
      }
    });
  }
}

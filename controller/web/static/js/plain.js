// The plain view of a game the page has no module for (sb/games.js): the snapshot's fields as data, one
// row a field with nested objects indented under theirs; the score, the clock, the phase and the dice when
// the snapshot has the ones every game's snapshot has; each event as the sentence it carries, else as its
// name and fields. Nothing here knows the game, so nothing may assume a field is there.

import { t } from "sb/i18n.js";
import { team } from "sb/words.js";

const MAX_ROWS = 400; // a huge snapshot is cut, not allowed to stall the page

function scalar(v) {
  if (v === null || v === undefined) return "–";
  if (typeof v === "string") return v;
  return JSON.stringify(v);
}

// [key, value text, depth] rows of a value: objects and arrays of objects open up under their key.
export function dataRows(doc) {
  const rows = [];
  const walk = (value, depth) => {
    for (const [k, v] of Object.entries(value)) {
      if (rows.length >= MAX_ROWS) return;
      if (v !== null && typeof v === "object" && !(Array.isArray(v) && v.every((x) => x === null || typeof x !== "object"))) {
        const empty = Object.keys(v).length === 0;
        rows.push([k, empty ? (Array.isArray(v) ? "[]" : "{}") : "", depth]);
        if (!empty) walk(v, depth + 1);
      } else {
        rows.push([k, Array.isArray(v) ? v.map(scalar).join(", ") || "[]" : scalar(v), depth]);
      }
    }
  };
  if (doc && typeof doc === "object") walk(doc, 0);
  return rows;
}

function paintData(doc, section) {
  const body = section.querySelector("tbody");
  if (!body) return;
  body.replaceChildren(...dataRows(doc).map(([k, text, depth]) => {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = k;
    th.dataset.depth = String(depth);
    th.style.paddingLeft = `${0.4 + depth * 1.2}em`;
    const td = document.createElement("td");
    td.textContent = text;
    tr.append(th, td);
    return tr;
  }));
}

// An event in plain words, as controller/story.py tells a game that gives no sentences: its name and fields,
// e.g. "foo_happened: team red, square d5" or "tally: totals (red 11, blue 13), winner none" (an MQTT event
// document's `ts`, when it was sent, is not one of them).
const words = (k) => String(k).replace(/_/g, " ");

function plainValue(v) {
  if (Array.isArray(v)) return `[${v.map(plainValue).join(", ")}]`;
  if (v !== null && typeof v === "object") return `(${Object.entries(v).map(([k, x]) => `${words(k)} ${plainValue(x)}`).join(", ")})`;
  return v === null || v === undefined ? "none" : String(v);
}

export function plainly(event) {
  const fields = Object.entries(event ?? {}).filter(([k]) => !["event", "seq", "text", "ts"].includes(k))
    .map(([k, v]) => `${words(k)} ${plainValue(v)}`).join(", ");
  const noName = t("(no name)");
  const name = event?.event || t("unknown event {name}", { name: noName });
  return name + (fields ? `: ${fields}` : "");
}

// The core's and the daemon's events, which every game shares: the page's own sentences tell them.
const SHARED = new Set(["identity_question", "identity_confirmed", "undone", "journal_damaged"]);

export const PLAIN = Object.freeze({
  name: "",
  plain: true,
  check: (doc) => (Number.isInteger(doc.seq) ? null : "seq is not an integer"),
  toAct(snap) {
    const ex = snap?.expects;
    if (!ex || typeof ex !== "object" || typeof ex.input !== "string") return "";
    const who = ex.team === "red" || ex.team === "blue" ? `${team(ex.team)}: ` : "";
    return `${who}${ex.input.replace(/_/g, " ")}`;
  },
  possession: () => undefined,
  // the sentence the event carries was taken before this (sb/words.js describe)
  describe: (event) => (SHARED.has(event?.event) ? undefined : plainly(event)),
  pitch: { arcs: false, goalSpace: false },
  clock: Object.freeze({ get moveLabel() { return t("Move clock"); }, turnLeft: () => null }),
  ledMeanings: {},
  legendWraps: false,
  panel: Object.freeze({
    get label() { return t("The snapshot's fields"); },
    get html() {
      return `
  <h2 data-t="The game's data">${t("The game's data")}</h2>
  <div class="table-wrap"><table id="plain-data" class="plain-data">
    <thead><tr><th scope="col" data-t="Field">${t("Field")}</th><th scope="col" data-t="Value">${t("Value")}</th></tr></thead>
    <tbody></tbody>
  </table></div>`;
    },
    paint: paintData,
  }),
  sim: null,
});

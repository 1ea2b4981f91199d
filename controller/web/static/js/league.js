// The league index: every board under the prefix, one row each, from the retained `status` and
// `state` of `<prefix>/+/...`. A board appears as soon as either topic of it is seen.

import { GameGate, gameNow } from "sb/games.js";
import { onLanguage, t } from "sb/i18n.js";
import { checkState, decodeText, parseJson } from "sb/validate.js";
import { minute, phaseName } from "sb/words.js";

const $ = (id) => document.getElementById(id);

export class League {
  constructor(conn, prefix, { onProblem }) {
    this.prefix = prefix;
    this.boards = new Map(); // id -> {status, state, invalid}
    this.onProblem = onProblem;
    this.table = $("league");
    this.gate = new GameGate((t, p) => this.handle(t, p)); // a state waits for its game's module (sb/feed.js)
    $("league-view").hidden = false;
    onLanguage(() => { for (const [id, entry] of this.boards) this.paintRow(id, entry); });
    conn.subscribe(`${prefix}/+/status`);
    conn.subscribe(`${prefix}/+/state`);
  }

  handle(topic, payload) {
    if (this.gate.closed) return this.gate.hold(topic, payload);
    const rest = topic.startsWith(`${this.prefix}/`) ? topic.slice(this.prefix.length + 1).split("/") : [];
    if (rest.length !== 2) return;
    const [id, kind] = rest;
    const entry = this.boards.get(id) ?? { status: null, state: null, invalid: null };
    this.boards.set(id, entry);
    if (kind === "status") {
      entry.status = decodeText(payload).trim();
    } else if (kind === "state") {
      const doc = parseJson(payload);
      const game = doc instanceof Error || doc === null || typeof doc !== "object" ? null : gameNow(doc);
      if (game === undefined) {
        this.gate.waitFor(doc);
        return this.gate.hold(topic, payload);
      }
      const why = doc instanceof Error ? doc.message : checkState(doc, game);
      entry.invalid = why;
      if (!why) entry.state = doc;
      const bad = [...this.boards].filter(([, b]) => b.invalid).map(([b]) => b);
      this.onProblem("invalid", bad.length ? t("Ignoring an invalid state from {boards}: {why}", { boards: bad.join(", "), why: why ?? entry.invalid }) : null);
    } else {
      return;
    }
    this.paintRow(id, entry);
  }

  // A link to the board's live view, keeping the other parameters (view, ...).
  link(id) {
    const q = new URLSearchParams(location.search);
    q.delete("view");
    const keep = new URLSearchParams(location.search).get("view");
    if (keep && keep !== "league") q.set("view", keep);
    q.set("board", id);
    return `?${q.toString()}`;
  }

  paintRow(id, entry) {
    const body = this.table.tBodies[0];
    let row = body.querySelector(`tr[data-board="${CSS.escape(id)}"]`);
    if (!row) {
      row = document.createElement("tr");
      row.dataset.board = id;
      row.innerHTML = '<th scope="row"><a></a></th><td class="score"></td><td class="minute"></td>' +
        '<td class="phase"></td><td class="status"></td>';
      row.querySelector("a").textContent = id;
      row.querySelector("a").href = this.link(id);
      // keep the rows in board-id order
      const after = [...body.rows].find((r) => r.dataset.board.localeCompare(id, undefined, { numeric: true }) > 0);
      body.insertBefore(row, after ?? null);
      $("league-empty").hidden = true;
    }
    const s = entry.state;
    row.querySelector(".score").textContent = s?.score ? `${s.score.red ?? "–"} – ${s.score.blue ?? "–"}` : "–";
    row.querySelector(".minute").textContent = s ? minute(s) : "";
    row.querySelector(".phase").textContent = entry.invalid ? t("invalid data") : s ? phaseName(s.phase) : "";
    const status = entry.status === "online" || entry.status === "offline" ? entry.status : "unknown";
    row.querySelector(".status").textContent = { online: t("online"), offline: t("offline"), unknown: t("unknown") }[status];
    row.dataset.status = status;
  }
}

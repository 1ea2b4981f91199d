// Soccer The Board Game on the spectator page (controller/web/static/js/games.js loads it by the snapshot's
// `ruleset`; docs/games.md, docs/stbg.md): the checks of its snapshot, what its turns, set-ups and chances
// wait for, its pitch (no penalty arcs, the goal area one space), the turn clock, its panel (whose turn, the
// points left, and per team the star cards, substitutions, referee cards and pawns off the board), and the
// simulator's buttons, each pressed for a team, with its way of moving: a click on the player holding the
// ball in a turn lifts the ball with it and puts both down together (a dribble, as a board reads a holder and
// the ball put down on one square); a click on the ball alone kicks it.

import { isInt, isObj, first, snapshotProblem } from "sb/validate.js";
import { t } from "sb/i18n.js";
import { on, shortId, team, todoText, waitingTeams } from "sb/words.js";

const SCHEMA = "soccerboard.stbg-snapshot/1";
const PAWN_ID = /^(red|blue)-p[1-6]$/;
const TEAMS = ["red", "blue"];

function ownFields(doc) {
  const cards = (t) => isObj(doc.star_cards?.[t]) &&
    ["pass", "shoot", "steal"].every((k) => isInt(doc.star_cards[t][k]?.used) && isInt(doc.star_cards[t][k]?.left));
  return first([
    [doc.turn === null || TEAMS.includes(doc.turn), "turn is not red, blue or null"],
    [doc.points_left === null || isInt(doc.points_left), "points_left is not a number or null"],
    [TEAMS.every(cards), "star_cards is not {used, left} per team and kind"],
    [isObj(doc.substitutions) && TEAMS.every((t) => isInt(doc.substitutions[t])), "substitutions is not {red, blue} numbers"],
  ]);
}

export function check(doc) {
  return snapshotProblem(doc, { schema: SCHEMA, pawnId: PAWN_ID, clockPaused: false, diceMayBeNull: true, more: ownFields });
}

// What its turn, set-up or chance waits for (the snapshot's `expects`), said when shown.
const TURN = { kick_off: () => t("roll for the kick-off"), goal_kick: () => t("roll for the goal kick"),
  free_kick: () => t("roll for the free kick"), corner: () => t("roll for the corner") };
const SETUP = { kickoff: () => t("kick-off"), free_kick: () => t("free kick"), penalty: () => t("penalty kick"),
  corner: () => t("corner") };
const BOTH = { roll_off: () => t("roll off (the higher roll kicks off)"), battle: () => t("roll for the battle"),
  chance: () => t("roll for the scoring chance (attacker higher: goal)") };
const STAR = { pass: () => t("pass the ball to a team-mate (Pass card)"), shoot: () => t("shoot into the goal area (Shoot card)"),
  steal: () => t("put the nearest player on the ball (Steal card)") };

export function toAct(snap) {
  const ex = snap.expects ?? {};
  const who = ex.team === "both" ? waitingTeams(ex) : ex.team ? team(ex.team) : "";
  const lead = (text) => (who ? t("{who}: {what}", { who, what: text }) : text.replace(/^./, (c) => c.toUpperCase()));
  const why = snap.board?.mismatch;
  if (why) return why.detail ? t("The board is out of step ({why}): set it as the LEDs show", { why: why.detail })
    : t("The board is out of step: set it as the LEDs show");
  if (snap.board?.question) return t("{team}: confirm which pawn stands where (press confirm)", { team: team(snap.board.question.team) });
  switch (ex.input) {
    case "roll":
      if (ex.team === "both") return lead(BOTH[snap.phase]?.() ?? t("roll"));
      return lead(ex.turn && ex.turn !== "open" ? TURN[ex.turn]?.() ?? t("roll for {what}", { what: ex.turn }) : t("roll, or play a star card"));
    case "move":
      if (ex.star) return lead(STAR[ex.star]?.() ?? t("carry out the {card} card", { card: ex.star }));
      return lead((ex.points ?? 0) === 1 ? t("move players or kick the ball: 1 point left, then press done")
        : t("move players or kick the ball: {n} points left, then press done", { n: ex.points ?? 0 }));
    case "ball":
      return lead(STAR[ex.star]?.() ?? t("put the ball down"));
    case "card":
      return lead(t("draw a referee card"));
    case "setup": {
      const s = snap.setup;
      const items = todoText(s?.todo, s?.todo_say);
      const todo = items ? `: ${items}` : "";
      const kind = s ? SETUP[s.kind]?.() ?? String(s.kind).replace(/_/g, " ") : t("restart");
      return t("Set up the {kind} for {team}", { kind, team: team(s?.team ?? ex.team) }) + todo + t(", then press done");
    }
    case "none":
      if (snap.phase === "abandoned") return t("Match abandoned");
      return snap.winner ? t("Full time: {team} wins", { team: team(snap.winner) }) : t("Full time: a draw");
    default:
      return ex.input ? lead(String(ex.input)) : "";
  }
}

// Nobody holds a loose ball: no team is said to have it.
export function possession(snap) {
  if (!snap.holder) return snap.ball ? t("Ball loose") + on(snap.ball) : "–";
  return undefined;
}

// No penalty arcs, and the goal area is one space (drawn without the line between its two squares).
export const pitch = { arcs: false, goalSpace: true };

// The turn clock; a snapshot carries it (what the replay shows: the live page counts the clock document's).
export const clock = {
  get moveLabel() { return t("Turn clock"); },
  turnLeft: (c) => (c?.turn_length != null && c?.turn_elapsed != null ? Math.max(0, c.turn_length - c.turn_elapsed) : null),
};

export const ledMeanings = { points_left: () => t("points left in the turn") };

// Its longer legend wraps under the board instead of widening the board's column.
export const legendWraps = true;

// ---- the panel: turn, points left, and per team star cards, substitutions, referee cards, pawns off -------
// One column a thing a team has: [heading, its tooltip, the cell's data attribute].
// The markup carries the msgids (data-t) so a language switch says the headings again in place.
const columns = () => [
  ["Pass", "Pass cards left", 'data-star="pass"', t("Pass"), t("Pass cards left")],
  ["Shoot", "Shoot cards left", 'data-star="shoot"', t("Shoot"), t("Shoot cards left")],
  ["Steal", "Steal cards left", 'data-star="steal"', t("Steal"), t("Steal cards left")],
  ["Subs", "Substitutions made / left", "data-subs", t("Subs"), t("Substitutions made / left")],
  ["Cards", "Referee cards of the players", "data-cards", t("Cards"), t("Referee cards of the players")],
  ["Off", "Pawns off the board", "data-off", t("Off"), t("Pawns off the board")],
];

function teamRow(x, msgid, name) {
  return `<tr data-team="${x}"><th scope="row" class="team-${x}" data-t="${msgid}">${name}</th>${columns().map(([, , attr]) => `<td ${attr}></td>`).join("")}</tr>`;
}

// Only what changed is written (a write of the same text still costs the browser a style pass).
function setText(node, text) {
  if (node && node.textContent !== text) node.textContent = text;
}

function setData(node, key, value) {
  if (node && node.dataset[key] !== value) node.dataset[key] = value;
}

// Whose turn, the points left of its roll, and per team the star cards left, the substitutions made and
// left (3 a match), the referee cards shown and who is off the board.
function paint(doc, root) {
  const turn = root.querySelector("#stbg-turn");
  const kind = doc.turn_kind && doc.turn_kind !== "open" ? ` (${String(doc.turn_kind).replace(/_/g, " ")})` : "";
  setText(turn, doc.turn ? team(doc.turn) + kind + (doc.star ? t(": {card} card", { card: doc.star }) : "") : "–");
  setData(turn, "team", String(doc.turn ?? ""));
  setText(root.querySelector("#points-left"), Number.isInteger(doc.points_left) ? String(doc.points_left) : "–");
  for (const row of root.querySelectorAll("#team-table tbody tr[data-team]")) {
    const x = row.dataset.team;
    for (const cell of row.querySelectorAll("td[data-star]")) {
      const c = doc.star_cards?.[x]?.[cell.dataset.star];
      setText(cell, c ? String(c.left) : "–");
      setData(cell, "left", c ? String(c.left) : "");
    }
    const made = doc.substitutions?.[x] ?? 0;
    const skips = doc.skips?.[x] ?? 0; // a substitution's price: the team's next turn is skipped
    setText(row.querySelector("td[data-subs]"), `${made} / ${Math.max(0, 3 - made)}` + (skips > 0 ? t(" (next turn skipped)") : ""));
    const mine = Object.entries(doc.pawns ?? {}).filter(([id]) => id.startsWith(`${x}-`));
    const yellows = mine.filter(([, p]) => p.yellow > 0 && !p.sent_off).map(([id, p]) => `${shortId(id)}${p.yellow > 1 ? ` ×${p.yellow}` : ""}`);
    const reds = mine.filter(([, p]) => p.sent_off).map(([id]) => shortId(id));
    const cards = row.querySelector("td[data-cards]");
    const text = [yellows.length ? t("yellow: {pawns}", { pawns: yellows.join(", ") }) : "",
      reds.length ? t("red: {pawns}", { pawns: reds.join(", ") }) : ""]
      .filter(Boolean).join("; ") || "–";
    setText(cards, text);
    setData(cards, "yellow", String(yellows.length));
    setData(cards, "red", String(reds.length));
    const off = mine.filter(([, p]) => !p.square).map(([id, p]) => shortId(id) + (p.sent_off ? t(" (sent off)") : ""));
    setText(row.querySelector("td[data-off]"), off.join(", ") || "–");
  }
}

export const panel = {
  get label() { return t("Turn, star cards, substitutions and referee cards"); },
  get html() {
    return `
  <div id="stbg-panel">
  <dl class="facts">
    <div><dt data-t="Turn">${t("Turn")}</dt><dd id="stbg-turn">–</dd></div>
    <div><dt data-t="Points left">${t("Points left")}</dt><dd id="points-left">–</dd></div>
  </dl>
  <div class="table-wrap"><table id="team-table">
    <thead><tr><th scope="col"></th>${columns().map(([id, titleId, , head, title]) => `<th scope="col" data-t="${id}" data-t-title="${titleId}" title="${title}">${head}</th>`).join("")}</tr></thead>
    <tbody>${teamRow("red", "Red", t("Red"))}${teamRow("blue", "Blue", t("Blue"))}</tbody>
  </table></div>
  </div>`;
  },
  paint,
};

// ---- the simulator -----------------------------------------------------------------------------------
// The referee cards of a standard deck: a random draw follows their odds; a card no longer in the pile is
// refused by the referee and drawn again by the player.
const DECK = { red: 2, yellow: 4, blank: 4 };

function randomCard() {
  const cards = Object.entries(DECK).flatMap(([card, n]) => Array(n).fill(card));
  const byte = new Uint8Array(1);
  do crypto.getRandomValues(byte); while (byte[0] >= 250);
  return cards[byte[0] % cards.length];
}

function teamRowButtons(x, name) {
  return `
      <div class="row stbg-only" data-team="${x}">
        <span class="team-${x}">${name}:</span>
        <button type="button" data-press="done" data-team="${x}">${t("Done")}</button>
        <button type="button" data-press="star_pass" data-team="${x}">${t("Pass card")}</button>
        <button type="button" data-press="star_shoot" data-team="${x}">${t("Shoot card")}</button>
        <button type="button" data-press="star_steal" data-team="${x}">${t("Steal card")}</button>
        <button type="button" data-press="substitution" data-team="${x}">${t("Substitution")}</button>
      </div>`;
}

export const sim = {
  get hint() {
    return t("Click a pawn, then a square: the player with the ball carries it along. Click the ball to kick it. " +
      "Move as many players as the points allow, then press Done.");
  },
  get controls() {
    const confirmTitle = t("Confirm which pawn stands where, when the referee asks");
    return `${teamRowButtons("red", team("red"))}${teamRowButtons("blue", team("blue"))}
      <div class="row stbg-only">
        <span>${t("Referee card:")}</span>
        <button type="button" data-card="random">${t("Draw")}</button>
        <button type="button" data-card="red">${t("Red card")}</button>
        <button type="button" data-card="yellow">${t("Yellow card")}</button>
        <button type="button" data-card="blank">${t("Blank")}</button>
      </div>
      <div class="row stbg-only">
        <button type="button" data-press="confirm" title="${confirmTitle}">${t("Confirm")}</button>
        <button type="button" data-press="undo">${t("Undo")}</button>
      </div>`;
  },
  randomCard,
  // In a turn with points to spend, the holder lifted takes the ball along.
  carries(snap, square, token) {
    if (token === "ball" || snap?.phase !== "play" || !Number.isInteger(snap.points_left)) return false;
    const holder = snap.holder ? snap.pawns?.[snap.holder] : null;
    return !!holder && holder.square === square && snap.holder.startsWith(`${token}-`) && snap.ball === square;
  },
  // A placement the referee refused puts the board out of step; the snapshot says why. What the page put
  // down last is then the token to lift again.
  refusal: (snap) => snap?.board?.mismatch ?? null,
  // The pawn a substitution is for: the team's pawn shown the last yellow card, else one with a yellow.
  press(line, { snapshot, lastYellow }) {
    if (line.button !== "substitution") return line;
    const pawns = snapshot?.pawns ?? {};
    const yellow = (id) => pawns[id]?.yellow === 1 && !pawns[id]?.sent_off;
    const t = line.team;
    const pawn = lastYellow[t] && yellow(lastYellow[t]) ? lastYellow[t]
      : Object.keys(pawns).find((id) => id.startsWith(`${t}-`) && yellow(id)) ?? null;
    return pawn ? { ...line, pawn } : line;
  },
};

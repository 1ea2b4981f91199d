// Soccer The Board Game on the spectator page (controller/web/static/js/games.js loads it by the snapshot's
// `ruleset`; docs/games.md, docs/stbg.md): the checks of its snapshot, what its turns, set-ups and chances
// wait for, its pitch (no penalty arcs, the goal area one space), the turn clock, its panel (whose turn, the
// points left, and per team the star cards, substitutions, referee cards and pawns off the board), and the
// simulator's buttons, each pressed for a team, with its way of moving: a click on the player holding the
// ball in a turn lifts the ball with it and puts both down together (a dribble, as a board reads a holder and
// the ball put down on one square); a click on the ball alone kicks it.

import { isInt, isObj, first, snapshotProblem } from "sb/validate.js";
import { on, plural, prettyIds, shortId, team, waitingTeams } from "sb/words.js";

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

// What its turn, set-up or chance waits for (the snapshot's `expects`).
const TURN = { kick_off: "the kick-off", goal_kick: "the goal kick", free_kick: "the free kick", corner: "the corner" };
const SETUP = { kickoff: "kick-off", free_kick: "free kick", penalty: "penalty kick", corner: "corner" };
const BOTH = { roll_off: "roll off (the higher roll kicks off)", battle: "roll for the battle",
  chance: "roll for the scoring chance (attacker higher: goal)" };
const STAR = { pass: "pass the ball to a team-mate (Pass card)", shoot: "shoot into the goal area (Shoot card)",
  steal: "put the nearest player on the ball (Steal card)" };

export function toAct(snap) {
  const ex = snap.expects ?? {};
  const who = ex.team === "both" ? waitingTeams(ex) : ex.team ? team(ex.team) : "";
  const lead = (text) => (who ? `${who}: ${text}` : text.replace(/^./, (c) => c.toUpperCase()));
  const why = snap.board?.mismatch;
  if (why) return `The board is out of step${why.detail ? ` (${why.detail})` : ""}: set it as the LEDs show`;
  if (snap.board?.question) return `${team(snap.board.question.team)}: confirm which pawn stands where (press confirm)`;
  switch (ex.input) {
    case "roll":
      if (ex.team === "both") return lead(BOTH[snap.phase] ?? "roll");
      return lead(ex.turn && ex.turn !== "open" ? `roll for ${TURN[ex.turn] ?? ex.turn}` : "roll, or play a star card");
    case "move":
      if (ex.star) return lead(STAR[ex.star] ?? `carry out the ${ex.star} card`);
      return lead(`move players or kick the ball: ${plural(ex.points ?? 0, "point")} left, then press done`);
    case "ball":
      return lead(STAR[ex.star] ?? "put the ball down");
    case "card":
      return lead("draw a referee card");
    case "setup": {
      const s = snap.setup;
      const todo = Array.isArray(s?.todo) && s.todo.length ? `: ${s.todo.map(prettyIds).join("; ")}` : "";
      const kind = s ? SETUP[s.kind] ?? String(s.kind).replace(/_/g, " ") : "restart";
      return `Set up the ${kind} for ${team(s?.team ?? ex.team)}${todo}, then press done`;
    }
    case "none":
      if (snap.phase === "abandoned") return "Match abandoned";
      return snap.winner ? `Full time: ${team(snap.winner)} wins` : "Full time: a draw";
    default:
      return ex.input ? lead(String(ex.input)) : "";
  }
}

// Nobody holds a loose ball: no team is said to have it.
export function possession(snap) {
  if (!snap.holder) return snap.ball ? `Ball loose${on(snap.ball)}` : "–";
  return undefined;
}

// No penalty arcs, and the goal area is one space (drawn without the line between its two squares).
export const pitch = { arcs: false, goalSpace: true };

// The turn clock; a snapshot carries it (what the replay shows: the live page counts the clock document's).
export const clock = {
  moveLabel: "Turn clock",
  turnLeft: (c) => (c?.turn_length != null && c?.turn_elapsed != null ? Math.max(0, c.turn_length - c.turn_elapsed) : null),
};

export const ledMeanings = { points_left: "points left in the turn" };

// Its longer legend wraps under the board instead of widening the board's column.
export const legendWraps = true;

// ---- the panel: turn, points left, and per team star cards, substitutions, referee cards, pawns off -------
// One column a thing a team has: [heading, its tooltip, the cell's data attribute].
const COLUMNS = [
  ["Pass", "Pass cards left", 'data-star="pass"'],
  ["Shoot", "Shoot cards left", 'data-star="shoot"'],
  ["Steal", "Steal cards left", 'data-star="steal"'],
  ["Subs", "Substitutions made / left", "data-subs"],
  ["Cards", "Referee cards of the players", "data-cards"],
  ["Off", "Pawns off the board", "data-off"],
];

function teamRow(t, name) {
  return `<tr data-team="${t}"><th scope="row" class="team-${t}">${name}</th>${COLUMNS.map(([, , attr]) => `<td ${attr}></td>`).join("")}</tr>`;
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
  setText(turn, doc.turn ? team(doc.turn) + kind + (doc.star ? `: ${doc.star} card` : "") : "–");
  setData(turn, "team", String(doc.turn ?? ""));
  setText(root.querySelector("#points-left"), Number.isInteger(doc.points_left) ? String(doc.points_left) : "–");
  for (const row of root.querySelectorAll("#team-table tbody tr[data-team]")) {
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

export const panel = {
  label: "Turn, star cards, substitutions and referee cards",
  html: `
  <div id="stbg-panel">
  <dl class="facts">
    <div><dt>Turn</dt><dd id="stbg-turn">–</dd></div>
    <div><dt>Points left</dt><dd id="points-left">–</dd></div>
  </dl>
  <div class="table-wrap"><table id="team-table">
    <thead><tr><th scope="col"></th>${COLUMNS.map(([head, title]) => `<th scope="col" title="${title}">${head}</th>`).join("")}</tr></thead>
    <tbody>${teamRow("red", "Red")}${teamRow("blue", "Blue")}</tbody>
  </table></div>
  </div>`,
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

function teamRowButtons(t, name) {
  return `
      <div class="row stbg-only" data-team="${t}">
        <span class="team-${t}">${name}:</span>
        <button type="button" data-press="done" data-team="${t}">Done</button>
        <button type="button" data-press="star_pass" data-team="${t}">Pass card</button>
        <button type="button" data-press="star_shoot" data-team="${t}">Shoot card</button>
        <button type="button" data-press="star_steal" data-team="${t}">Steal card</button>
        <button type="button" data-press="substitution" data-team="${t}">Substitution</button>
      </div>`;
}

export const sim = {
  hint: "Click a pawn, then a square: the player with the ball carries it along. Click the ball to kick it. " +
    "Move as many players as the points allow, then press Done.",
  controls: `${teamRowButtons("red", "Red")}${teamRowButtons("blue", "Blue")}
      <div class="row stbg-only">
        <span>Referee card:</span>
        <button type="button" data-card="random">Draw</button>
        <button type="button" data-card="red">Red</button>
        <button type="button" data-card="yellow">Yellow</button>
        <button type="button" data-card="blank">Blank</button>
      </div>
      <div class="row stbg-only">
        <button type="button" data-press="confirm" title="Confirm which pawn stands where, when the referee asks">Confirm</button>
        <button type="button" data-press="undo">Undo</button>
      </div>`,
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

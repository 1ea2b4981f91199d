// The match in words: event sentences for the feed, what the team to act must do, phase and period
// names, the match minute. Pure functions of the published documents, shared by the live page and the
// replay, so both say the same thing. Nothing here may throw on an odd document: a spectator page that
// stops on one strange event is worse than one that prints "unknown event". Every word is said through
// sb/i18n.js at the moment it is shown, so a language switch needs only a new paint.

import { language, said, t } from "sb/i18n.js";

const TEAM = { red: () => t("Red"), blue: () => t("Blue") };

export function team(x) {
  return TEAM[x]?.() ?? (x ? String(x) : "?");
}

// "red-m2" -> "m2": the label printed on the pawn.
export function shortId(pid) {
  const s = String(pid ?? "");
  const i = s.indexOf("-");
  return i >= 0 ? s.slice(i + 1) : s;
}

// "red-m2" -> "Red m2".
export function pawnName(pid) {
  if (!pid) return "?";
  const s = String(pid);
  const i = s.indexOf("-");
  return i >= 0 ? t("{team} {pawn}", { team: team(s.slice(0, i)), pawn: s.slice(i + 1) }) : s;
}

// A restart's or set-up's to-do items, joined by "; ": the snapshot's `todo_say` (each item said by the engine,
// {msg, args}) in the reader's language, else its English `todo` as it came (a daemon from before `todo_say`).
export function todoText(todo, todoSay) {
  const items = Array.isArray(todoSay) && todoSay.length ? todoSay.map(said)
    : Array.isArray(todo) ? todo.map(String) : [];
  return items.join("; ");
}

const PHASES = {
  roll_off: () => t("Roll-off"),
  kick_off: () => t("Kick-off"),
  offensive_set: () => t("Offensive set"),
  ball_play: () => t("Ball play"),
  capture: () => t("Capture"),
  answer: () => t("Answer"),
  battle: () => t("Battle"),
  shot: () => t("Shot"),
  free_kick_setup: () => t("Free kick set-up"),
  goal_kick_setup: () => t("Goal kick set-up"),
  corner_setup: () => t("Corner set-up"),
  corner_placement: () => t("Corner placements"),
  corner_kick: () => t("Corner kick"),
  penalty_setup: () => t("Penalty set-up"),
  shootout_order: () => t("Shoot-out order"),
  shootout: () => t("Penalty shoot-out"),
  half_time: () => t("Half time"),
  full_time: () => t("Full time"),
  // the turn-based game's
  play: () => t("Turn"),
  kickoff_setup: () => t("Kick-off set-up"),
  card: () => t("Referee card"),
  chance: () => t("Scoring chance"),
  abandoned: () => t("Abandoned"),
};

export function phaseName(phase) {
  if (!phase) return "";
  return PHASES[phase]?.() ?? String(phase).replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

const PERIODS = { 1: () => t("1st half"), 2: () => t("2nd half"), 3: () => t("Extra time 1"), 4: () => t("Extra time 2"),
  5: () => t("Shoot-out") };

export function periodName(period) {
  return PERIODS[period]?.() ?? "";
}

const HALVES = { 1: () => t("first half"), 2: () => t("second half"), 3: () => t("first half of extra time"),
  4: () => t("second half of extra time") };

// "first half", else "period" (a sentence that names no number)
function halfOrPeriod(period) {
  return HALVES[period]?.() ?? t("period");
}

// "the first half" or "period 5"
function half(period) {
  return HALVES[period]?.() ?? t("period {n}", { n: period });
}

// The match minute as the report prints it (controller/daemon/operations/report.py match_minute): 12', ET1+3', pens.
export function minute(snapshot) {
  const c = snapshot?.clock;
  if (!c || typeof c.period !== "number") return "";
  if (c.period > 4) return t("pens");
  if (c.period > 2) return `ET${c.period - 2}+${Math.floor(c.elapsed / 60)}'`;
  return `${Math.floor(((c.period - 1) * c.length + c.elapsed) / 60) + 1}'`;
}

function score(s) {
  return s && typeof s === "object" ? `${s.red ?? 0}-${s.blue ?? 0}` : "";
}

export function on(square) {
  return square ? t(" on {square}", { square }) : "";
}

const KINDS = { free_kick: () => t("free kick"), goal_kick: () => t("goal kick"), corner: () => t("corner"),
  penalty: () => t("penalty kick") };

// A restart's kind in words ("free kick"), an unknown one as its name.
export function kindName(kind) {
  return KINDS[kind]?.() ?? String(kind ?? t("restart")).replace(/_/g, " ");
}

// The engines' codes an event carries as its how or reason ("interception", "move_clock"), in words.
const CODES = {
  interception: () => t("interception"), capture: () => t("capture"), battle: () => t("battle"),
  direct_pass: () => t("direct pass"), dribble: () => t("dribble"), kick_off: () => t("kick-off"), move_clock: () => t("move clock"),
  clock: () => t("turn clock"), done: () => t("done"), goal_kick: () => t("goal kick"), lost: () => t("ball lost"),
  roll: () => t("roll"), star: () => t("star card"), chance: () => t("scoring chance"), corner: () => t("corner"),
};
export function codeName(code) {
  return CODES[code]?.() ?? String(code ?? "").replace(/_/g, " ");
}

const upper = (s) => String(s).replace(/^./, (c) => c.toUpperCase());
const spaced = (s) => String(s ?? "").replace(/_/g, " ");
const redBlue = (e) => t("Red {red}, Blue {blue}", { red: e.red, blue: e.blue });

// One sentence per event name (every name the engine, the core and the daemon emit).
const SAY = {
  kick_off: (e) => (e.period > 1 ? t("Kick-off: {team} ({half})", { team: team(e.team), half: half(e.period) })
    : t("Kick-off: {team}", { team: team(e.team) })),
  clock_started: (e) => t("The clock is running ({half})", { half: half(e.period) }),
  roll_off_tie: (e) => t("Roll-off tied at {value}: roll again", { value: e.value }),
  roll_off: (e) => ("winner" in e && !("red" in e)
    ? t("Roll-off: {team} wins and kicks off", { team: team(e.winner) })
    : t("Roll-off: Red {red}, Blue {blue}; {team} kicks off", { red: e.red, blue: e.blue, team: team(e.kickoff) })),
  possession: (e) => (e.pawn || !("team" in e)
    ? t("{pawn} wins the ball", { pawn: pawnName(e.pawn) }) + on(e.square) + (e.how ? ` (${codeName(e.how)})` : "")
    : t("The ball is loose")),
  ball_played: (e) => t("{who} plays the ball {from} to {to}",
    { who: e.pawn ? pawnName(e.pawn) : team(e.team), from: e.frm ?? "?", to: e.to ?? "?" }),
  interception: (e) => t("{pawn} intercepts", { pawn: pawnName(e.pawn) }) + on(e.square),
  direct_pass: (e) => t("Direct pass to {pawn}", { pawn: pawnName(e.pawn) }) + on(e.square),
  dribble: (e) => t("{pawn} dribbles {from} to {to}", { pawn: pawnName(e.pawn), from: e.frm ?? "?", to: e.to ?? "?" }),
  offside: (e) => (e.pawn ? t("{pawn} is offside", { pawn: pawnName(e.pawn) })
    : t("{team} offside in the goal area", { team: team(e.team) })),
  capture: (e) => t("{pawn} takes the ball", { pawn: pawnName(e.pawn) }) + on(e.square),
  battle: (e) => t("Battle") + on(e.square) + ": " + ("holder" in e
    ? t("{pawn} challenges {holder}", { pawn: pawnName(e.pawn), holder: pawnName(e.holder) })
    : Array.isArray(e.pawns) ? e.pawns.map(pawnName).join(t(" against ")) : "?"),
  battle_tie: (e) => t("Battle tied {red}-{blue}: roll again", { red: e.red, blue: e.blue }),
  battle_won: (e) => t("{pawn} wins the battle", { pawn: pawnName(e.pawn) }) + ("red" in e || "blue" in e ? ` (${redBlue(e)})` : ""),
  foul: (e) =>
    e.kind === "minor"
      ? t("Minor foul by {team}", { team: team(e.team) }) + (e.reason ? ` (${codeName(e.reason)})` : "")
      : t("Foul by {who}", { who: e.pawn ? pawnName(e.pawn) : team(e.team) }) + on(e.square),
  penalty_kick: (e) => t("Penalty to {team}!", { team: team(e.team) }),
  yellow_card: (e) => t("Yellow card for {pawn}", { pawn: pawnName(e.pawn) }),
  red_card: (e) => t("Red card for {pawn}: sent off", { pawn: pawnName(e.pawn) }),
  shot: (e) => (e.penalty ? t("Penalty kick by {pawn}", { pawn: pawnName(e.pawn) }) : t("Shot by {pawn}", { pawn: pawnName(e.pawn) })) +
    (e.square ? t(" from {square}", { square: e.square }) : ""),
  goal: (e) => t("GOAL! {team} {score}", { team: team(e.team), score: score(e.score) }).trim(),
  goal_kick: (e) => t("Goal kick to {team}", { team: team(e.team) }),
  free_kick: (e) => t("Free kick to {team}", { team: team(e.team) }) + (e.square ? on(e.square) : t(" (centre circle)")),
  corner_kick: (e) => t("Corner to {team}", { team: team(e.team) }) + (e.square ? t(" from {square}", { square: e.square }) : ""),
  free_kick_declined: (e) => t("{team} declines the free kick", { team: team(e.team) }),
  restart_ready: (e) => t("{kind} ready: {team} to play", { kind: upper(kindName(e.kind)), team: team(e.team) }),
  placement: (e) => t("{pawn} placed on {square}", { pawn: pawnName(e.pawn), square: e.square ?? "?" }) +
    (e.n ? t(" ({n} of 3)", { n: e.n }) : ""),
  placements_done: (e) => (e.team ? t("{team} has finished placing", { team: team(e.team) }) : t("Placements done: the corner is taken")),
  reroll: (e) => t("{team} rolled {roll}: no ball play for it, roll again", { team: team(e.team), roll: e.roll }),
  roll_lapsed: (e) => t("{team}'s roll of {roll} lapses: no pawn can make that move", { team: team(e.team), roll: e.roll }),
  move_clock_expired: (e) => t("{team}'s move clock ran out", { team: team(e.team) }),
  reset_clock_expired: (e) => t("The set-up clock ran out") + (e.kind ? ` (${kindName(e.kind)})` : ""),
  time_up: (e) => t("Time is up in the {half}: the chance is played out", { half: halfOrPeriod(e.period) }),
  half_time: (e) => t("Half time: Red {score} Blue", { score: score(e.score) }),
  period_end: (e) => t("End of the {half}: Red {score} Blue", { half: halfOrPeriod(e.period), score: score(e.score) }),
  extra_time: () => t("Extra time"),
  shootout: () => t("Penalty shoot-out"),
  shootout_order: (e) => t("{team} shoots first (Red {red}, Blue {blue})", { team: team(e.first), red: e.red, blue: e.blue }),
  shootout_kick: (e) =>
    (e.scored ? t("Shoot-out: {team} scores", { team: team(e.team) })
      : t("Shoot-out: {team} misses ({outcome})", { team: team(e.team), outcome: spaced(e.outcome) })) +
    (e.tally ? `, ${score(e.tally)}` : ""),
  full_time: (e) =>
    t("Full time: Red {score} Blue", { score: score(e.score) }) +
    (e.shootout ? t(" (shoot-out {score})", { score: score(e.shootout) }) : "") +
    (e.winner ? t(". {team} wins", { team: team(e.winner) }) : t(". A draw")),
  paused: () => t("Match paused"),
  resumed: () => t("Match resumed"),
  identity_question: (e) =>
    t("Which {team} pawn is where? Confirm: ", { team: language() === "en" ? e.team ?? "" : team(e.team) }) +
    Object.entries(e.pawns ?? {}).map(([sq, p]) => t("{pawn} on {square}", { pawn: shortId(p), square: sq })).join(", "),
  identity_confirmed: () => t("Pawn identities confirmed"),
  undone: () => t("The last action was taken back"),
  // the turn-based game's
  fault: (e) => t("Fault by {who}", { who: e.pawn ? pawnName(e.pawn) : team(e.team) }) + on(e.square),
  kick: (e) => t("{team} kicks the ball {from} to {to}", { team: team(e.team), from: e.from || "?", to: e.to || "?" }),
  scoring_chance: (e) => t("Scoring chance for {team}", { team: team(e.team) }) + on(e.square),
  save: (e) => t("Saved by {who}", { who: e.pawn ? pawnName(e.pawn) : team(e.team) }),
  verbal_warning: (e) => t("Verbal warning for {pawn}", { pawn: pawnName(e.pawn) }),
  substitution: (e) => t("Substitution: {pawn}'s yellow card is discarded", { pawn: pawnName(e.pawn) }) +
    (e.count ? t(" ({n} of 3)", { n: e.count }) : ""),
  turn_skipped: (e) => t("{team}'s turn is skipped (substitution)", { team: team(e.team) }),
  turn_end: (e) => t("{team}'s turn ends", { team: team(e.team) }) + (e.reason ? ` (${codeName(e.reason)})` : ""),
  turn_clock_expired: (e) => t("{team}'s turn clock ran out", { team: team(e.team) }) +
    (e.points_lost ? t(": {n} points lost", { n: e.points_lost }) : ""),
  star_card: (e) => t("{team} plays a star card: {card}", { team: team(e.team), card: spaced(e.card || "?") }),
  setup_done: (e) => t("{team} is set up", { team: team(e.team) }),
  hand_declared: (e) => t("{team} declares its star cards", { team: team(e.team) }),
  abandoned: (e) => t("Match abandoned: {team} has {players} players left", { team: team(e.team), players: e.players ?? "?" }),
  journal_damaged: (e) =>
    t("The match record was damaged: {recovered} inputs recovered, {lost} lost",
      { recovered: e.recovered_lines ?? 0, lost: e.lost_lines ?? 0 }) + (e.reason ? ` (${e.reason})` : ""),
};

// The daemon sends each event's sentence as `text` (controller/story.py, the words of the console and the
// report), in English, and, when it can be said in another language, as `say` ({msg, args}, translated with the
// catalogue's `soccerboard` domain). In English the text is shown; in another language the sentence it says, else
// the game's own words (a page module's `describe`), then the page's sentences above, and the English text only
// when nothing else can tell the event.
export function describe(event, game = null) {
  const text = typeof event?.text === "string" && event.text ? event.text : null;
  if (text && language() === "en") return text;
  if (event?.say && typeof event.say === "object" && typeof event.say.msg === "string") return said(event.say);
  const own = game?.describe?.(event);
  if (typeof own === "string" && own) return own;
  const name = event?.event;
  const sentence = SAY[name];
  const noName = t("(no name)");
  if (!sentence) return text ?? t("unknown event {name}", { name: name ?? noName });
  try {
    return sentence(event);
  } catch {
    return text ?? String(name).replace(/_/g, " ");
  }
}

// Goals and cards are read out by screen readers (the #announcer live region).
export function announcement(event) {
  return ["goal", "yellow_card", "red_card"].includes(event?.event) ? describe(event) : null;
}

export function waitingTeams(ex) {
  const w = Array.isArray(ex.waiting) && ex.waiting.length ? ex.waiting : ["red", "blue"];
  return w.map(team).join(t(" and "));
}

// What the game waits for, as "Blue: roll to answer the capture": the game's module says it.
export function toAct(snap, game) {
  if (!snap) return "";
  return game?.toAct?.(snap) ?? "";
}

// Who has the ball: a battle's is contested, the game may say it its own way, else the team on offence.
export function possession(snap, game = null) {
  if (snap?.phase === "battle") return t("Contested: battle") + on(snap.ball);
  const own = game?.possession?.(snap);
  if (own !== undefined) return own;
  if (!snap?.offense) return "–";
  return snap.holder ? t("{team} ({pawn} has the ball)", { team: team(snap.offense), pawn: shortId(snap.holder) })
    : t("{team} (ball loose)", { team: team(snap.offense) });
}

// The LED meanings in words, for the legend (docs/leds.md); a game's module adds those only it lights.
export const MEANINGS = {
  correction_lift: () => t("lift this token (board out of step)"),
  correction_put: () => t("put the token here"),
  identity_question: () => t("confirm which pawn this is"),
  setup_lift_off: () => t("sent off: lift it off the board"),
  setup_move: () => t("set-up: this token must move"),
  setup_target: () => t("set-up: it may go here"),
  legal_destination: () => t("the lifted pawn may go here"),
  lifted_from: () => t("lifted from here"),
  dribble_destination: () => t("dribble here"),
  ball_destination: () => t("the ball may be played here"),
  free_kick_zone: () => t("free-kick zone: keep out"),
  offside_pawn: () => t("in an offside position"),
  offside_line: () => t("offside line"),
  move_clock_warning: () => t("last 10 seconds to move"),
  red_to_act: () => t("red to act"),
  blue_to_act: () => t("blue to act"),
};

// A game's own meanings may be words or functions giving them (said when shown, in the language of the moment).
export function meaningLabel(meaning, game = null) {
  const own = game?.ledMeanings?.[meaning];
  if (own !== undefined) return typeof own === "function" ? own() : own;
  return MEANINGS[meaning]?.() ?? (meaning ? String(meaning).replace(/_/g, " ") : t("lit"));
}

// The match in words: event sentences for the feed, what the team to act must do, phase and period
// names, the match minute. Pure functions of the published documents, shared by the live page and the
// replay, so both say the same thing. Nothing here may throw on an odd document: a spectator page that
// stops on one strange event is worse than one that prints "unknown event".

const TEAM = { red: "Red", blue: "Blue" };

export function team(t) {
  return TEAM[t] ?? (t ? String(t) : "?");
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
  return i >= 0 ? `${team(s.slice(0, i))} ${s.slice(i + 1)}` : s;
}

// Pawn ids inside the engine's own sentences (restart to-do lists) read better as "Red d2".
export function prettyIds(text) {
  return String(text).replace(/\b(red|blue)-(gk|d[1-4]|m[1-4]|s[12]|p[1-6])\b/g, (_, t, p) => `${team(t)} ${p}`);
}

const PHASES = {
  roll_off: "Roll-off",
  kick_off: "Kick-off",
  offensive_set: "Offensive set",
  ball_play: "Ball play",
  capture: "Capture",
  answer: "Answer",
  battle: "Battle",
  shot: "Shot",
  free_kick_setup: "Free kick set-up",
  goal_kick_setup: "Goal kick set-up",
  corner_setup: "Corner set-up",
  corner_placement: "Corner placements",
  corner_kick: "Corner kick",
  penalty_setup: "Penalty set-up",
  shootout_order: "Shoot-out order",
  shootout: "Penalty shoot-out",
  half_time: "Half time",
  full_time: "Full time",
  // the turn-based game's
  play: "Turn",
  kickoff_setup: "Kick-off set-up",
  card: "Referee card",
  chance: "Scoring chance",
  abandoned: "Abandoned",
};

export function phaseName(phase) {
  if (!phase) return "";
  return PHASES[phase] ?? String(phase).replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

export function periodName(period) {
  return { 1: "1st half", 2: "2nd half", 3: "Extra time 1", 4: "Extra time 2", 5: "Shoot-out" }[period] ?? "";
}

const ORDINAL_HALF = { 1: "first half", 2: "second half", 3: "first half of extra time", 4: "second half of extra time" };

// The match minute as the report prints it (controller/daemon/operations/report.py match_minute): 12', ET1+3', pens.
export function minute(snapshot) {
  const c = snapshot?.clock;
  if (!c || typeof c.period !== "number") return "";
  if (c.period > 4) return "pens";
  if (c.period > 2) return `ET${c.period - 2}+${Math.floor(c.elapsed / 60)}'`;
  return `${Math.floor(((c.period - 1) * c.length + c.elapsed) / 60) + 1}'`;
}

function score(s) {
  return s && typeof s === "object" ? `${s.red ?? 0}-${s.blue ?? 0}` : "";
}

export function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

export function on(square) {
  return square ? ` on ${square}` : "";
}

export const KIND = { free_kick: "free kick", goal_kick: "goal kick", corner: "corner", penalty: "penalty kick" };

// One sentence per event name (every name the engine, the core and the daemon emit).
const SAY = {
  kick_off: (e) => `Kick-off: ${team(e.team)}` + (e.period > 1 ? ` (${ORDINAL_HALF[e.period] ?? `period ${e.period}`})` : ""),
  clock_started: (e) => `The clock is running (${ORDINAL_HALF[e.period] ?? `period ${e.period}`})`,
  roll_off_tie: (e) => `Roll-off tied at ${e.value}: roll again`,
  roll_off: (e) => ("winner" in e && !("red" in e)
    ? `Roll-off: ${team(e.winner)} wins and kicks off`
    : `Roll-off: Red ${e.red}, Blue ${e.blue}; ${team(e.kickoff)} kicks off`),
  possession: (e) => (e.pawn || !("team" in e)
    ? `${pawnName(e.pawn)} wins the ball${on(e.square)}` + (e.how ? ` (${String(e.how).replace(/_/g, " ")})` : "")
    : "The ball is loose"),
  ball_played: (e) => `${e.pawn ? pawnName(e.pawn) : team(e.team)} plays the ball ${e.frm ?? "?"} to ${e.to ?? "?"}`,
  interception: (e) => `${pawnName(e.pawn)} intercepts${on(e.square)}`,
  direct_pass: (e) => `Direct pass to ${pawnName(e.pawn)}${on(e.square)}`,
  dribble: (e) => `${pawnName(e.pawn)} dribbles ${e.frm ?? "?"} to ${e.to ?? "?"}`,
  offside: (e) => (e.pawn ? `${pawnName(e.pawn)} is offside` : `${team(e.team)} offside in the goal area`),
  capture: (e) => `${pawnName(e.pawn)} takes the ball${on(e.square)}`,
  battle: (e) => `Battle${on(e.square)}: ` + ("holder" in e ? `${pawnName(e.pawn)} challenges ${pawnName(e.holder)}`
    : Array.isArray(e.pawns) ? e.pawns.map(pawnName).join(" against ") : "?"),
  battle_tie: (e) => `Battle tied ${e.red}-${e.blue}: roll again`,
  battle_won: (e) => `${pawnName(e.pawn)} wins the battle` + ("red" in e || "blue" in e ? ` (Red ${e.red}, Blue ${e.blue})` : ""),
  foul: (e) =>
    e.kind === "minor"
      ? `Minor foul by ${team(e.team)}` + (e.reason ? ` (${String(e.reason).replace(/_/g, " ")})` : "")
      : `Foul by ${e.pawn ? pawnName(e.pawn) : team(e.team)}${on(e.square)}`,
  penalty_kick: (e) => `Penalty to ${team(e.team)}!`,
  yellow_card: (e) => `Yellow card for ${pawnName(e.pawn)}`,
  red_card: (e) => `Red card for ${pawnName(e.pawn)}: sent off`,
  shot: (e) => `${e.penalty ? "Penalty kick" : "Shot"} by ${pawnName(e.pawn)}` + (e.square ? ` from ${e.square}` : ""),
  goal: (e) => `GOAL! ${team(e.team)} ${score(e.score)}`.trim(),
  goal_kick: (e) => `Goal kick to ${team(e.team)}`,
  free_kick: (e) => `Free kick to ${team(e.team)}` + (e.square ? ` on ${e.square}` : " (centre circle)"),
  corner_kick: (e) => `Corner to ${team(e.team)}` + (e.square ? ` from ${e.square}` : ""),
  free_kick_declined: (e) => `${team(e.team)} declines the free kick`,
  restart_ready: (e) => `${(KIND[e.kind] ?? String(e.kind ?? "restart").replace(/_/g, " ")).replace(/^./, (c) => c.toUpperCase())} ready: ${team(e.team)} to play`,
  placement: (e) => `${pawnName(e.pawn)} placed on ${e.square ?? "?"}` + (e.n ? ` (${e.n} of 3)` : ""),
  placements_done: (e) => (e.team ? `${team(e.team)} has finished placing` : "Placements done: the corner is taken"),
  reroll: (e) => `${team(e.team)} rolled ${e.roll}: no ball play for it, roll again`,
  roll_lapsed: (e) => `${team(e.team)}'s roll of ${e.roll} lapses: no pawn can make that move`,
  move_clock_expired: (e) => `${team(e.team)}'s move clock ran out`,
  reset_clock_expired: (e) => `The set-up clock ran out` + (e.kind ? ` (${KIND[e.kind] ?? e.kind})` : ""),
  time_up: (e) => `Time is up in the ${ORDINAL_HALF[e.period] ?? "period"}: the chance is played out`,
  half_time: (e) => `Half time: Red ${score(e.score)} Blue`,
  period_end: (e) => `End of the ${ORDINAL_HALF[e.period] ?? "period"}: Red ${score(e.score)} Blue`,
  extra_time: () => "Extra time",
  shootout: () => "Penalty shoot-out",
  shootout_order: (e) => `${team(e.first)} shoots first (Red ${e.red}, Blue ${e.blue})`,
  shootout_kick: (e) =>
    `Shoot-out: ${team(e.team)} ${e.scored ? "scores" : `misses (${String(e.outcome ?? "").replace(/_/g, " ")})`}` +
    (e.tally ? `, ${score(e.tally)}` : ""),
  full_time: (e) =>
    `Full time: Red ${score(e.score)} Blue` +
    (e.shootout ? ` (shoot-out ${score(e.shootout)})` : "") +
    (e.winner ? `. ${team(e.winner)} wins` : ". A draw"),
  paused: () => "Match paused",
  resumed: () => "Match resumed",
  identity_question: (e) =>
    `Which ${e.team ?? ""} pawn is where? Confirm: ` +
    Object.entries(e.pawns ?? {}).map(([sq, p]) => `${shortId(p)} on ${sq}`).join(", "),
  identity_confirmed: () => "Pawn identities confirmed",
  undone: () => "The last action was taken back",
  // the turn-based game's
  fault: (e) => `Fault by ${e.pawn ? pawnName(e.pawn) : team(e.team)}${on(e.square)}`,
  kick: (e) => `${team(e.team)} kicks the ball ${e.from || "?"} to ${e.to || "?"}`,
  scoring_chance: (e) => `Scoring chance for ${team(e.team)}${on(e.square)}`,
  save: (e) => `Saved by ${e.pawn ? pawnName(e.pawn) : team(e.team)}`,
  verbal_warning: (e) => `Verbal warning for ${pawnName(e.pawn)}`,
  substitution: (e) => `Substitution: ${pawnName(e.pawn)}'s yellow card is discarded` + (e.count ? ` (${e.count} of 3)` : ""),
  turn_skipped: (e) => `${team(e.team)}'s turn is skipped (substitution)`,
  turn_end: (e) => `${team(e.team)}'s turn ends` + (e.reason ? ` (${String(e.reason).replace(/_/g, " ")})` : ""),
  turn_clock_expired: (e) => `${team(e.team)}'s turn clock ran out` + (e.points_lost ? `: ${e.points_lost} points lost` : ""),
  star_card: (e) => `${team(e.team)} plays a star card: ${String(e.card || "?").replace(/_/g, " ")}`,
  setup_done: (e) => `${team(e.team)} is set up`,
  hand_declared: (e) => `${team(e.team)} declares its star cards`,
  abandoned: (e) => `Match abandoned: ${team(e.team)} has ${e.players ?? "?"} players left`,
  journal_damaged: (e) =>
    `The match record was damaged: ${e.recovered_lines ?? 0} inputs recovered, ${e.lost_lines ?? 0} lost` +
    (e.reason ? ` (${e.reason})` : ""),
};

// The daemon sends each event's sentence as `text` (controller/story.py, the words of the console and the
// report); the game's own words (a page module's `describe`), then the page's sentences above, stand in for
// documents without one.
export function describe(event, game = null) {
  if (typeof event?.text === "string" && event.text) return event.text;
  const own = game?.describe?.(event);
  if (typeof own === "string" && own) return own;
  const name = event?.event;
  const say = SAY[name];
  if (!say) return `unknown event ${name ?? "(no name)"}`;
  try {
    return say(event);
  } catch {
    return String(name).replace(/_/g, " ");
  }
}

// Goals and cards are read out by screen readers (the #announcer live region).
export function announcement(event) {
  return ["goal", "yellow_card", "red_card"].includes(event?.event) ? describe(event) : null;
}

export function waitingTeams(ex) {
  const w = Array.isArray(ex.waiting) && ex.waiting.length ? ex.waiting : ["red", "blue"];
  return w.map(team).join(" and ");
}

// What the game waits for, as "Blue: roll to answer the capture": the game's module says it.
export function toAct(snap, game) {
  if (!snap) return "";
  return game?.toAct?.(snap) ?? "";
}

// Who has the ball: a battle's is contested, the game may say it its own way, else the team on offence.
export function possession(snap, game = null) {
  if (snap?.phase === "battle") return `Contested: battle${on(snap.ball)}`;
  const own = game?.possession?.(snap);
  if (own !== undefined) return own;
  if (!snap?.offense) return "–";
  return snap.holder ? `${team(snap.offense)} (${shortId(snap.holder)} has the ball)` : `${team(snap.offense)} (ball loose)`;
}

// The LED meanings in words, for the legend (docs/leds.md); a game's module adds those only it lights.
export const MEANINGS = {
  correction_lift: "lift this token (board out of step)",
  correction_put: "put the token here",
  identity_question: "confirm which pawn this is",
  setup_lift_off: "sent off: lift it off the board",
  setup_move: "set-up: this token must move",
  setup_target: "set-up: it may go here",
  legal_destination: "the lifted pawn may go here",
  lifted_from: "lifted from here",
  dribble_destination: "dribble here",
  ball_destination: "the ball may be played here",
  free_kick_zone: "free-kick zone: keep out",
  offside_pawn: "in an offside position",
  offside_line: "offside line",
  move_clock_warning: "last 10 seconds to move",
  red_to_act: "red to act",
  blue_to_act: "blue to act",
};

export function meaningLabel(meaning, game = null) {
  return game?.ledMeanings?.[meaning] ?? MEANINGS[meaning] ?? (meaning ? String(meaning).replace(/_/g, " ") : "lit");
}

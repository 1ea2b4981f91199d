// Soccer!! on the page (controller/web/static/js/games.js loads it by the snapshot's `ruleset`; docs/soccer-page.md):
// nothing is sensed, so the board is hidden and the panel is the referee's console: what is awaited, the match
// (half, turn, injury time, substitutions, each team's models), a form per input line type of the rules (spec
// section 3), dice buttons, a dispute, the rolls explained as they come, and the roster builder.
//
// One module, no build step: the HTML replay inlines it as a data: URL, where a second module could not be
// imported. Every line the page enters goes through `sendLine`: the browser simulator publishes it on
// `<base>/sim/input` (sb/sim.js hands over its sender by `sim.attach`), a coach's phone posts it with its team's
// code to the daemon's page server (`coach/input`); a spectator enters nothing.

import { isInt, isObj, first } from "sb/validate.js";
import { onLanguage, said, t } from "sb/i18n.js";
import { team } from "sb/words.js";

const TEAMS = ["red", "blue"];
const ID = /^(red|blue)-(\d{1,2})$/;
const other = (t) => (t === "red" ? "blue" : "red");
const teamOf = (id) => (ID.exec(String(id ?? "")) ?? [])[1] ?? null;
const shirtOf = (id) => (ID.exec(String(id ?? "")) ?? [])[2] ?? String(id ?? "?");
const words = (s) => String(s ?? "").replace(/_/g, " ");
const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

// ---- the snapshot (spec section 4, P40) -----------------------------------------------------------------
export function check(doc) {
  const counts = (v) => isObj(v) && TEAMS.every((t) => isInt(v[t]));
  return first([
    [isInt(doc.seq), "seq is not an integer"],
    [counts(doc.score), "score is not {red, blue} numbers"],
    [isInt(doc.half) && isInt(doc.turn), "half or turn is not a number"],
    [isObj(doc.awaiting) && typeof doc.awaiting.what === "string", "awaiting has no what"],
    [isObj(doc.models), "models is not an object"],
    [isObj(doc.ball), "ball is not an object"],
  ]) ?? Object.entries(doc.models).map(([id, m]) => (ID.test(id) && isObj(m) ? null : `model ${id} is not a model`)).find(Boolean) ?? null;
}

export function unitsOf(snap) {
  const u = snap?.units ?? snap?.options?.units;
  return u === "in" ? "in" : "cm";
}

// "Red 7 Silva" (a name that only repeats the team and shirt is not said twice, in English or as said now).
const name = (snap, id) => {
  const m = snap?.models?.[id];
  if (!m) return id ? t("{team} {shirt}", { team: team(teamOf(id)), shirt: shirtOf(id) }) : "?";
  const shirt = m.shirt ?? shirtOf(id);
  const plainName = t("{team} {shirt}", { team: team(m.team), shirt });
  const english = `${m.team === "blue" ? "Blue" : "Red"} ${shirt}`;
  return m.name && m.name !== plainName && m.name !== english ? `${plainName} ${m.name}` : plainName;
};

// A model's name in its team's table: a standard roster's "Blue 14" is said in the reader's language.
const shownName = (m, id) => {
  const shirt = m.shirt ?? shirtOf(id);
  return m.name === `${m.team === "blue" ? "Blue" : "Red"} ${shirt}` ? t("{team} {shirt}", { team: team(m.team), shirt }) : m.name ?? "";
};

// The restarts and phases, each as "take ..." and the phase fact say it.
const RESTARTS = { throw_in: () => t("the throw-in"), corner_kick: () => t("the corner"), goal_kick: () => t("the goal kick"),
  direct_kick: () => t("the direct kick"), indirect_kick: () => t("the indirect kick"), penalty_kick: () => t("the penalty kick"),
  keeper_ball: () => t("the keeper's kick") };
const RESTART_NAMES = { throw_in: () => t("throw-in"), corner_kick: () => t("corner"), goal_kick: () => t("goal kick"),
  direct_kick: () => t("direct kick"), indirect_kick: () => t("indirect kick"), penalty_kick: () => t("penalty kick"),
  keeper_ball: () => t("keeper's kick") };

const PHASES = { play: () => t("movement phase"), kick_off: () => t("kick-off"), half_time: () => t("half time"),
  full_time: () => t("full time") };

// The words of the line types' own names (`may`, `for`), of a choice's values and of a field's key.
const WORDS = {
  move: () => t("move"), pass: () => t("pass"), header: () => t("header"), shoot: () => t("shoot"), claim: () => t("claim"),
  intercept: () => t("intercept"), decline: () => t("decline"), gk_exit: () => t("keeper's exit"), play_out: () => t("play out"),
  throw_in: () => t("throw-in"), substitute: () => t("substitute"), keeper: () => t("keeper"), end_phase: () => t("end phase"),
  ball: () => t("ball out"), kick_off: () => t("kick-off"), roll: () => t("roll"), dispute: () => t("dispute"),
  low: () => t("low"), high: () => t("high"), hands: () => t("hands"), front: () => t("front"), back: () => t("back"),
  side: () => t("side"), goal_line: () => t("goal line"), goal: () => t("goal"), point: () => t("point"),
  field: () => t("field"), penalty: () => t("penalty area"), shooting: () => t("shooting zone"), no_shooting: () => t("no-shooting zone"),
  model: () => t("model"), to: () => t("to"), cm: () => t("distance"), height: () => t("height"), with: () => t("with"),
  block: () => t("block"), offside: () => t("offside"), challenger: () => t("challenger"), at: () => t("at"),
  goal_cm: () => t("distance to goal"), zones: () => t("zones"), via: () => t("via"), moved_cm: () => t("moved"),
  gk_out: () => t("keeper out"), wall: () => t("wall"), interferer: () => t("interferer"), on_axis: () => t("on the axis"),
  opp_on_spot: () => t("opponent on the spot"), goal_area: () => t("goal area"), helper: () => t("helper"),
  midair: () => t("midair"), tie: () => t("tie"), out: () => t("out"), end: () => t("end"), opp_near: () => t("opponent near"),
  off: () => t("off"), on: () => t("on"), team: () => t("team"), pass_check: () => t("pass check"),
  intercept_check: () => t("interception"), shot: () => t("shot"), save: () => t("save"), contest: () => t("contest"),
};
const say = (s) => WORDS[s]?.() ?? words(s);

export function diceDue(aw) {
  return TEAMS.filter((t) => isInt(aw?.dice?.[t]) && aw.dice[t] > 0);
}

// What is awaited, in words ("Red: roll 1 die for the pass (Red 6 Silva)").
export function toAct(snap) {
  const aw = snap?.awaiting ?? {};
  const who = aw.team ? t("{team}: ", { team: team(aw.team) }) : "";
  const model = aw.model ? ` (${name(snap, aw.model)})` : "";
  const may = Array.isArray(aw.may) && aw.may.length ? t("; may: {options}", { options: aw.may.map(say).join(", ") }) : "";
  switch (aw.what) {
    case "roster":
      return aw.team ? t("{team}: send a roster (or the standard one)", { team: team(aw.team) })
        : t("Each team: send a roster (or the standard one)");
    case "kick_off":
      return who + t("kick off: name the kicker and the receiver");
    case "play":
      return who + t("movement phase: move, then one pass or shot, then end the phase") + model + may;
    case "claim":
      return t("The ball is loose: the closest model claims it, or say where it went out") + model + may;
    case "keeper":
      return who + t("name a keeper");
    case "roll": {
      const dice = diceDue(aw).map((x) => (aw.dice[x] === 1 ? t("{team} 1 die", { team: team(x) })
        : t("{team} {n} dice", { team: team(x), n: aw.dice[x] }))).join(", ") || t("a die");
      return t("Roll {dice} for the {what}", { dice, what: say(aw.for ?? "roll") }) + model + may;
    }
    case "none":
      return t("Full time: Red {red} - {blue} Blue", { red: snap.score?.red ?? 0, blue: snap.score?.blue ?? 0 });
    default:
      if (RESTARTS[aw.what]) return who + t("take {restart}", { restart: RESTARTS[aw.what]() }) + model + may;
      if (FORMS[aw.what]) return who + formLabel(aw.what).toLowerCase() + model + t(", or decline");
      return aw.what ? `${who}${say(aw.what)}${model}${may}` : "";
  }
}

export function possession(snap) {
  const b = snap?.ball;
  if (!b) return "–";
  if (b.holder) return `${name(snap, b.holder)}${b.state === "high" ? t(" (high ball)") : ""}`;
  return b.state === "loose" ? t("Ball loose") : t("Ball dead");
}

// ---- rolls explained: die, modifiers, total, need, the table row, from what the event carries ------------
const DICE_KEYS = ["die", "dice", "roll", "rolls", "faces"];
const SHOWN = new Set(["event", "seq", "ts", "text", ...DICE_KEYS, "modifier", "modifiers", "total", "totals", "need", "vs", "difference", "result"]);

function modifiersText(m) {
  if (Array.isArray(m)) return m.map((x) => (isObj(x) ? `${words(x.why ?? x.name ?? x.reason ?? "")} ${signed(x.value ?? x.mod ?? 0)}`.trim() : String(x))).join(", ");
  if (isObj(m)) return Object.entries(m).map(([k, v]) => `${words(k)} ${typeof v === "number" ? signed(v) : plain(v)}`).join(", ");
  return m == null ? "" : String(m);
}
const signed = (n) => (typeof n === "number" && n >= 0 ? `+${n}` : String(n));
function plain(v) {
  if (Array.isArray(v)) return v.map(plain).join(" ");
  if (isObj(v)) return `(${Object.entries(v).map(([k, x]) => `${words(k)} ${plain(x)}`).join(", ")})`;
  return v == null ? t("none") : String(v);
}

// Whether an event carries dice (a roll to explain).
export function rolled(ev) {
  return isObj(ev) && DICE_KEYS.some((k) => ev[k] != null);
}

// One roll in words: "pass: dice 4, modifier +0, total 4, need 3 → success; model Red 10, to Red 7, cm 30".
export function explain(ev) {
  const dice = DICE_KEYS.filter((k) => ev[k] != null).map((k) => (k === "dice" || k === "rolls" || k === "faces"
    ? t("dice {faces}", { faces: plain(ev[k]) }) : t("die {face}", { face: plain(ev[k]) })));
  const parts = [...dice];
  if (typeof ev.modifier === "number") parts.push(t("modifier {value}", { value: signed(ev.modifier) }));
  if (ev.modifiers != null && modifiersText(ev.modifiers)) parts.push(t("modifiers {list}", { list: modifiersText(ev.modifiers) }));
  if (ev.total != null) parts.push(t("total {value}", { value: plain(ev.total) }));
  if (ev.totals != null) parts.push(t("totals {value}", { value: plain(ev.totals) }));
  if (ev.vs != null) parts.push(t("against {value}", { value: plain(ev.vs) }));
  if (ev.difference != null) parts.push(t("difference {value}", { value: signed(ev.difference) }));
  if (ev.need != null) parts.push(t("need {value}", { value: plain(ev.need) }));
  const rest = Object.entries(ev).filter(([k]) => !SHOWN.has(k))
    .map(([k, v]) => `${say(k)} ${ID.test(String(v)) ? t("{team} {shirt}", { team: team(teamOf(v)), shirt: shirtOf(v) }) : plain(v)}`);
  const result = ev.result != null ? ` → ${say(plain(ev.result))}` : "";
  return `${say(ev.event)}: ${parts.join(", ")}${result}${rest.length ? `; ${rest.join(", ")}` : ""}`;
}

// An event without a sentence of its own (the daemon sends `text`; a bare document gets this).
export function describe(ev) {
  return rolled(ev) ? explain(ev) : undefined;
}

const LAST_ROLLS = 6;
const rolls = []; // the latest explained rolls, newest first
let rollsBox = null;

export function onEvent(ev) {
  if (!rolled(ev)) return;
  rolls.unshift({ ev, event: String(ev.event ?? ""), seq: ev.seq });
  rolls.length = Math.min(rolls.length, LAST_ROLLS);
  paintRolls();
}

function paintRolls() {
  if (!rollsBox) return;
  rollsBox.replaceChildren(...rolls.map((r) => {
    const li = document.createElement("li");
    li.dataset.event = r.event;
    const sentence = r.ev.say ? said(r.ev.say) : typeof r.ev.text === "string" ? r.ev.text : "";
    li.textContent = sentence ? `${sentence} (${explain(r.ev)})` : explain(r.ev);
    return li;
  }));
  rollsBox.closest("section")?.toggleAttribute("hidden", rolls.length === 0);
}

// ---- entering a line: one function, two paths ------------------------------------------------------------
// The role: a spectator enters nothing; the referee (the browser simulator) enters any line; a coach enters
// its own team's lines with its team's code, and sees its team's hidden levels (its private view).
const role = { kind: "spectator", team: null, code: "" };
let simSend = null;
let showRefusal = () => {};
const COACH_INPUT = "coach/input";
const COACH_VIEW = "coach/view";

export async function sendLine(line) {
  if (role.kind === "referee" && simSend) {
    simSend(line);
    return { ok: true };
  }
  if (role.kind === "coach" && role.team && role.code) {
    try {
      const r = await fetch(COACH_INPUT, { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ code: role.code, line }) });
      const doc = await r.json().catch(() => ({}));
      const verdict = doc?.verdict ?? doc;
      if (!r.ok || verdict?.ok === false) {
        const why = verdict?.say ? said(verdict.say) : verdict?.detail ?? verdict?.reason ?? (doc?.say ? said(doc.say) : doc?.detail);
        return { ok: false, why: why ?? t("refused (HTTP {status})", { status: r.status }) };
      }
      return { ok: true };
    } catch (err) {
      return { ok: false, why: t("not sent: {why}", { why: err?.message ?? err }) };
    }
  }
  return { ok: false, why: t("a spectator's view enters nothing: choose the referee's view or a coach's (with its code)") };
}

async function send(line) {
  showRefusal(null);
  const verdict = await sendLine(line);
  if (!verdict.ok) showRefusal(verdict.why);
  return verdict.ok;
}

// A coach's private view: the snapshot as its team sees it, asked with its code (never in the address).
let privateView = null;
let privateSeq = null;
// A code refused once is not tried again until another is typed (wrong codes make the address wait).
async function refreshPrivate(seq) {
  if (role.kind !== "coach" || !role.code || privateSeq === seq || privateSeq === "refused") return;
  privateSeq = seq;
  try {
    const r = await fetch(COACH_VIEW, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code: role.code }) });
    if (r.status === 401) {
      privateSeq = "refused";
      showRefusal(t("This team code is not one of this match's: type the code the referee's screen shows"));
    }
    const doc = r.ok ? await r.json() : null;
    privateView = isObj(doc?.view) ? doc.view : isObj(doc) && isObj(doc.models) ? doc : null;
  } catch {
    privateView = null;
  }
  if (lastDoc && lastRoot) paintModels(lastDoc, lastRoot);
}

// Whether this view may enter a line for `t` (a team, or null: either, e.g. a dispute).
const mayEnter = (t) => role.kind === "referee" || (role.kind === "coach" && (t === null || t === role.team));

// ---- the forms of the input lines (spec section 3) ---------------------------------------------------------
// A field: [key, kind, {chips, optional, label}]. Kinds: actor (a model of the team entering it), mate (a
// team-mate of the actor, or `point`/`goal`), opp (an opponent of the actor), any, bench, dist (a distance),
// int, bool, choice, area (`at`), team, text.
const AREAS = ["field", ...TEAMS.flatMap((t) => ["penalty", "shooting", "side", "no_shooting"].map((a) => `${t}:${a}`))];
const FORMS = {
  kick_off: { label: () => t("Kick-off"), fields: [["from", "actor", { label: () => t("kicker") }], ["to", "mate", { label: () => t("receiver"), targets: [] }]] },
  move: { label: () => t("Move"), fields: [["model", "actor"], ["cm", "dist", { chips: [5, 10, 15, 20] }],
    ["near", "opp", { optional: true, label: () => t("near (awareness)") }], ["stopped_by", "opp", { optional: true, label: () => t("stopped by") }]] },
  pass: { label: () => t("Pass"), fields: [["model", "actor", { holder: true }], ["to", "mate", { targets: ["point", "goal"] }],
    ["cm", "dist", { chips: [10, 20, 30, 40, 60, 80] }], ["height", "choice", { options: ["low", "high"], value: "low" }],
    ["with", "choice", { optional: true, options: ["hands"] }], ["block", "bool", { optional: true }],
    ["offside", "any", { optional: true }], ["hands", "bool", { optional: true, value: true, label: () => t("keeper's hands") }],
    ["challenger", "opp", { optional: true }]] },
  header: { label: () => t("Header"), fields: [["model", "actor", { holder: true }], ["to", "mate", { targets: ["point", "goal"] }],
    ["cm", "dist", { chips: [5, 10, 15, 20, 25] }], ["at", "area", { optional: true }], ["offside", "any", { optional: true }],
    ["hands", "bool", { optional: true, value: true, label: () => t("keeper's hands") }], ["challenger", "opp", { optional: true }]] },
  shoot: { label: () => t("Shoot"), fields: [["model", "actor", { holder: true }], ["at", "area"], ["goal_cm", "dist", { chips: [5, 10, 20, 30] }],
    ["zones", "int", { options: [0, 1, 2], value: 0 }], ["via", "choice", { options: ["i", "ii", "iii"] }],
    ["moved_cm", "dist", { optional: true, chips: [0, 2.5, 5] }], ["gk_out", "bool", { optional: true }],
    ["wall", "int", { optional: true, options: [2, 3, 4] }], ["interferer", "any", { optional: true }]] },
  gk_exit: { label: () => t("Keeper's exit"), fields: [["model", "actor", { keeper: true }], ["cm", "dist", { chips: [5, 10, 15, 20] }],
    ["on_axis", "int", { options: [0, 1, 2, 3], value: 0 }], ["opp_on_spot", "bool", { optional: true }], ["goal_area", "bool", { optional: true }]] },
  intercept: { label: () => t("Intercept"), fields: [["model", "actor"], ["at", "area", { value: "field" }], ["cm", "dist", { chips: [2.5, 5, 10] }],
    ["helper", "mate", { optional: true, targets: [] }], ["midair", "bool", { optional: true }], ["side", "choice", { optional: true, options: ["front", "back"] }]] },
  claim: { label: () => t("Claim"), fields: [["model", "actor"], ["cm", "dist", { chips: [5, 10, 15, 20] }], ["tie", "opp", { optional: true }]] },
  ball: { label: () => t("Ball out"), fields: [["out", "choice", { options: ["side", "goal_line", "goal"] }], ["end", "team", { optional: true, label: () => t("end (defended by)") }]] },
  throw_in: { label: () => t("Throw-in"), fields: [["model", "actor"], ["to", "mate", { targets: ["point"] }], ["cm", "dist", { chips: [5, 10, 15, 20, 30] }],
    ["opp_near", "bool", { optional: true }], ["challenger", "opp", { optional: true }]] },
  play_out: { label: () => t("Play out"), fields: [["model", "actor", { holder: true }]] },
  substitute: { label: () => t("Substitute"), fields: [["off", "actor"], ["on", "bench"]] },
  keeper: { label: () => t("Name keeper"), fields: [["model", "actor"]] },
  decline: { label: () => t("Decline"), fields: [["team", "team"]] },
  // one tap (`direct`), sending the phase's team (a coach's own): a phone ends only its own team's phase
  end_phase: { label: () => t("End phase"), direct: true, fields: [["team", "team", { phase: true }]] },
};
// A form's name as shown ("Pass"), said in the language of the moment.
const formLabel = (type) => FORMS[type]?.label?.() ?? words(type);
const fieldLabel = (key, opt = {}) => opt.label?.() ?? say(key);

const SET_PIECE = ["move", "pass", "substitute", "end_phase"];
const PRIMARY = {
  kick_off: ["kick_off", "substitute"],
  play: ["move", "pass", "end_phase"],
  claim: ["claim", "ball"],
  keeper: ["keeper"],
  throw_in: ["throw_in", "move", "substitute"],
  corner_kick: SET_PIECE, goal_kick: SET_PIECE, indirect_kick: SET_PIECE, keeper_ball: SET_PIECE,
  direct_kick: [...SET_PIECE, "shoot"],
  penalty_kick: ["shoot", "substitute"],
  half_time: ["substitute"],
};

// The forms for what is awaited first (its open options with them), the rest behind "more".
export function formsFor(snap) {
  const aw = snap?.awaiting ?? {};
  if (aw.what === "roster" || aw.what === "none" || aw.what === "roll") return { primary: [], more: [] };
  // an option awaited (an opponent's interception or challenge, P32) is a line type: its form, then `may`'s
  const primary = [...(PRIMARY[aw.what] ?? (FORMS[aw.what] ? [aw.what] : PRIMARY[snap.phase] ?? []))];
  for (const t of Array.isArray(aw.may) ? aw.may : []) if (FORMS[t] && !primary.includes(t)) primary.push(t);
  if (snap?.ball?.state === "loose") for (const t of ["claim", "ball"]) if (!primary.includes(t)) primary.push(t);
  return { primary, more: Object.keys(FORMS).filter((t) => !primary.includes(t)) };
}

const drafts = {}; // line type -> {key: value}: what was tapped, kept across states until sent
let openForm = null; // the form opened (a line type)

function unitChips(chips, units) {
  return units === "in" ? [...new Set(chips.map((c) => Math.floor(c / 2.5)))] : chips;
}

// The team entering a form: the awaited team, else whose phase; a coach's is its own.
function actingTeam(snap) {
  if (role.kind === "coach") return role.team;
  return snap?.awaiting?.team ?? snap?.team ?? "red";
}

// Model ids for a picker: the awaited model first, then the awaited team's, then the other's (those this
// view may enter for only).
function modelOrder(snap, ids) {
  const aw = snap?.awaiting ?? {};
  const lead = actingTeam(snap);
  const rank = (id) => (id === aw.model ? 0 : teamOf(id) === lead ? 1 : 2);
  return ids.sort((a, b) => rank(a) - rank(b) || Number(shirtOf(a)) - Number(shirtOf(b)));
}

function pitchIds(snap, pred = () => true) {
  return Object.entries(snap?.models ?? {}).filter(([, m]) => m.status === "pitch" && pred(m)).map(([id]) => id);
}

function choicesFor(snap, type, key, kind, opt, draft) {
  const actor = draft.model ?? draft.from ?? draft.off ?? null;
  const actorTeam = teamOf(actor) ?? actingTeam(snap);
  switch (kind) {
    case "actor": {
      const ids = pitchIds(snap, (m) => mayEnter(m.team) && (!opt.keeper || m.keeper));
      return modelOrder(snap, ids);
    }
    case "mate":
      return [...(opt.targets ?? []), ...modelOrder(snap, pitchIds(snap, (m) => m.team === actorTeam)).filter((id) => id !== actor)];
    case "opp":
      return modelOrder(snap, pitchIds(snap, (m) => m.team === other(actorTeam)));
    case "any":
      return modelOrder(snap, pitchIds(snap));
    case "bench":
      return Object.entries(snap?.models ?? {}).filter(([, m]) => m.status === "bench" && m.team === actorTeam).map(([id]) => id);
    case "area":
      return AREAS;
    case "team":
      return key === "team" && role.kind === "coach" ? [role.team] : TEAMS;
    case "choice":
    case "int":
      return opt.options;
    default:
      return [];
  }
}

// The value a field starts with: the draft's, else the awaited model or the holder where it fits, else the field's.
function initial(snap, type, key, kind, opt, draft) {
  if (Object.hasOwn(draft, key)) return draft[key];
  const aw = snap?.awaiting ?? {};
  if (kind === "actor") {
    const fits = (id) => id && snap.models?.[id]?.status === "pitch" && mayEnter(teamOf(id)) && (!opt.keeper || snap.models[id].keeper);
    if (fits(aw.model)) return aw.model;
    if (opt.holder && fits(snap.ball?.holder)) return snap.ball.holder;
    if (opt.keeper) return pitchIds(snap, (m) => m.keeper && m.team === actingTeam(snap) && mayEnter(m.team))[0];
    return undefined;
  }
  if (kind === "team" && key === "team") return role.kind === "coach" ? role.team : (opt.phase ? snap?.team : aw.team) ?? undefined;
  return opt.value;
}

function chipLabel(snap, kind, v) {
  if (ID.test(String(v))) {
    const m = snap?.models?.[v];
    const gk = m?.keeper ? ` ${t("gk")}` : "";
    return `<span class="sc-shirt">${esc(m?.shirt ?? shirtOf(v))}</span>${gk}`;
  }
  if (kind === "area") {
    const [x, area] = String(v).split(":");
    return esc(area ? `${team(x)} ${say(area)}` : say(x));
  }
  if (kind === "team") return esc(team(v));
  return esc(say(v));
}

function fieldHtml(snap, type, [key, kind, opt = {}], units) {
  const draft = drafts[type] ?? {};
  const value = initial(snap, type, key, kind, opt, draft);
  const label = `<span class="sc-label">${esc(fieldLabel(key, opt))}</span>`;
  const attrs = `data-form="${type}" data-key="${key}" data-kind="${kind}"`;
  if (kind === "dist") {
    const inUnits = t("{field} in {units}", { field: fieldLabel(key, opt), units });
    const chips = unitChips(opt.chips ?? [], units).map((c) => `<button type="button" class="sc-chip" ${attrs} data-value="${c}" aria-pressed="${value === c}">${c}</button>`).join("");
    return `<div class="sc-field" data-key="${key}">${label}<span class="sc-chips">${chips}<input type="number" inputmode="decimal" min="0" step="0.5" class="sc-num" ${attrs} value="${value ?? ""}" aria-label="${esc(inUnits)}"> ${units}</span></div>`;
  }
  if (kind === "text") {
    return `<div class="sc-field" data-key="${key}">${label}<input type="text" maxlength="200" class="sc-text" ${attrs} value="${esc(value ?? "")}"></div>`;
  }
  if (kind === "bool") {
    return `<div class="sc-field" data-key="${key}">${label}<span class="sc-chips"><button type="button" class="sc-chip sc-toggle" ${attrs} data-value="toggle" aria-pressed="${value === true}">${value === true ? t("yes") : t("no")}</button></span></div>`;
  }
  const options = choicesFor(snap, type, key, kind, opt, draft);
  const chips = options.map((v) => {
    const t = teamOf(v) ?? (kind === "team" ? v : "");
    return `<button type="button" class="sc-chip" ${attrs} data-value="${esc(v)}"${t ? ` data-team="${t}"` : ""} aria-pressed="${value === v}" title="${esc(ID.test(String(v)) ? name(snap, v) : say(v))}">${chipLabel(snap, kind, v)}</button>`;
  }).join("");
  return `<div class="sc-field" data-key="${key}">${label}<span class="sc-chips">${chips || `<span class="sc-none">${t("none")}</span>`}</span></div>`;
}

function formHtml(snap, type, units, open) {
  const spec = FORMS[type];
  const required = spec.fields.filter(([, , o = {}]) => !o.optional);
  const optional = spec.fields.filter(([, , o = {}]) => o.optional);
  if (!spec.fields.length || spec.direct) {
    return `<div class="sc-form" data-form="${type}"><button type="button" class="sc-send sc-direct" data-send="${type}">${esc(formLabel(type))}</button></div>`;
  }
  const body = open ? `<div class="sc-form-body">${required.map((f) => fieldHtml(snap, type, f, units)).join("")}` +
    (optional.length ? `<details class="sc-options"${optional.some(([k]) => Object.hasOwn(drafts[type] ?? {}, k)) ? " open" : ""}><summary>${t("options")}</summary>${optional.map((f) => fieldHtml(snap, type, f, units)).join("")}</details>` : "") +
    `<button type="button" class="sc-send" data-send="${type}">${esc(t("Send {form}", { form: formLabel(type).toLowerCase() }))}</button></div>` : "";
  return `<div class="sc-form" data-form="${type}"${open ? " data-open" : ""}><button type="button" class="sc-tab" data-open-form="${type}" aria-expanded="${open}">${esc(formLabel(type))}</button>${body}</div>`;
}

// The line a form makes, or a sentence saying what is missing.
export function lineOf(type, snap, draft = drafts[type] ?? {}) {
  const spec = FORMS[type];
  const line = { type };
  for (const [key, kind, opt = {}] of spec.fields) {
    let v = initial(snap, type, key, kind, opt, draft);
    if (kind === "bool") {
      const dflt = opt.value ?? false;
      if ((v ?? dflt) === dflt) continue; // a default is left out
      line[key] = v === true;
      continue;
    }
    if (v === undefined || v === null || v === "") {
      if (opt.optional) continue;
      return t("{form}: choose {field}", { form: formLabel(type), field: fieldLabel(key, opt) });
    }
    if (kind === "dist" || kind === "int") v = Number(v);
    line[key] = v;
  }
  return line;
}

// ---- dice and the dispute --------------------------------------------------------------------------------
// (the words are said before the markup: Babel's extractor does not see a t() inside a quoted attribute of a
// template string, nor past an object literal's braces in one)
const dieLabel = (x, n) => (n > 1 ? t("{team} die ({n} due):", { team: team(x), n }) : t("{team} die:", { team: team(x) }));
const rollsLabel = (x, face) => t("{team} rolls {face}", { team: team(x), face });

function diceHtml(snap) {
  const aw = snap?.awaiting ?? {};
  const due = diceDue(aw).filter((x) => mayEnter(x));
  return due.map((x) => `<div class="sc-die-row" data-team="${x}"><span class="team-${x}">${dieLabel(x, aw.dice[x])}</span> ${[1, 2, 3, 4, 5, 6].map((v) => `<button type="button" class="sc-face die-${x}" data-die="${x}" data-face="${v}" aria-label="${rollsLabel(x, v)}">${v}</button>`).join("")}</div>`).join("");
}

// ---- the teams' models ------------------------------------------------------------------------------------
const STATUS = { pitch: () => "", bench: () => t("bench"), off: () => t("off"), sent_off: () => t("sent off") };

function levelsText(levels) {
  if (!isObj(levels)) return "";
  return Object.entries(levels).map(([k, v]) => (k === "skill" ? String(v) : `${k}${v}`)).join(" ");
}

function paintModels(doc, root) {
  const units = unitsOf(doc);
  const yours = esc(t("your team's levels"));
  const heads = [t("Name"), t("State"), t("Moved {units}", { units }), t("Zone {units}", { units }), t("Levels")];
  const own = role.kind === "coach" && privateView ? privateView.models ?? {} : {};
  for (const x of TEAMS) {
    const body = root.querySelector(`#sc-models-${x} tbody`);
    if (!body) continue;
    const ids = Object.keys(doc.models ?? {}).filter((id) => teamOf(id) === x).sort((a, b) => Number(shirtOf(a)) - Number(shirtOf(b)));
    const rows = ids.map((id) => {
      const m = doc.models[id];
      const hidden = teamOf(id) === role.team && isObj(own[id]?.levels) ? own[id].levels : null;
      const marks = [m.keeper ? t("gk") : "", m.neutralized ? t("neutralized") : "", STATUS[m.status]?.() ?? words(m.status),
        m.yellow ? `${"▮".repeat(Math.min(2, m.yellow))} ${t("yellow")}${m.yellow > 1 ? " x2" : ""}` : ""].filter(Boolean).join(", ");
      const holder = doc.ball?.holder === id ? t(" (ball)") : "";
      return `<tr data-model="${esc(id)}" data-status="${esc(m.status)}"${m.neutralized ? " data-neutralized" : ""}${doc.awaiting?.model === id ? " data-awaited" : ""}>` +
        `<th scope="row">${esc(m.shirt ?? shirtOf(id))}</th><td>${esc(shownName(m, id))}${holder}</td><td>${esc(marks)}</td>` +
        `<td>${isInt(m.moved) || typeof m.moved === "number" ? `${m.moved}` : "–"}</td><td>${typeof m.zone_cm === "number" ? m.zone_cm : "–"}</td>` +
        `<td class="sc-levels">${esc(levelsText(m.levels))}${hidden ? `<span class="sc-private" title="${yours}"> [${esc(levelsText(hidden))}]</span>` : ""}</td></tr>`;
    });
    const key = rows.join("");
    if (body.dataset.key !== key) {
      body.innerHTML = key;
      body.dataset.key = key;
    }
    const head = root.querySelector(`#sc-models-${x} thead`);
    if (head) {
      const h = `<tr><th scope="col">#</th>${heads.map((w) => `<th scope="col">${esc(w)}</th>`).join("")}</tr>`;
      if (head.innerHTML !== h) head.innerHTML = h;
    }
  }
}

// ---- the roster builder (p.8-10, P1) -------------------------------------------------------------------------
const LEVELS = ["P", "S", "H", "INT", "A", "PC"];
const COST = { P: [10, 20, 30, 40], S: [10, 20, 40, 60], H: [10, 20, 30, 40], INT: [10, 20, 30, 40], A: [10, 25, 35, 45],
  PC: [10, 15, 20, 25], SV: [20, 40] };
const SKILL_COST = 30;
export const SKILLS = ["Dribble", "Dodge", "Tackle-in", "Dive Header", "Jumping", "Fists", "Goal kick", "Quick exit", "Curved kick",
  "Corner kick", "Penalty kick", "Reverse kick", "Throw-in", "Sprint", "Fast Attack", "Team Captain"];
// A skill keeps its rulebook name in the roster line; the page shows it in the reader's language.
const SKILL_NAMES = { Dribble: () => t("Dribble"), Dodge: () => t("Dodge"), "Tackle-in": () => t("Tackle-in"),
  "Dive Header": () => t("Dive Header"), Jumping: () => t("Jumping"), Fists: () => t("Fists"), "Goal kick": () => t("Goal kick"),
  "Quick exit": () => t("Quick exit"), "Curved kick": () => t("Curved kick"), "Corner kick": () => t("Corner kick"),
  "Penalty kick": () => t("Penalty kick"), "Reverse kick": () => t("Reverse kick"), "Throw-in": () => t("Throw-in"),
  Sprint: () => t("Sprint"), "Fast Attack": () => t("Fast Attack"), "Team Captain": () => t("Team Captain") };
const skillName = (s) => SKILL_NAMES[s]?.() ?? s;
const KEEPER_SKILLS = ["fists", "goalkick", "quickexit"];
const skillKey = (s) => String(s ?? "").toLowerCase().replace(/[\s_-]/g, "");
const DEFAULT_POINTS = 1700;

export function standardRoster() {
  return Array.from({ length: 14 }, (_, i) => {
    const shirt = i + 1;
    const m = { shirt, name: t("Player {n}", { n: shirt }), P: 2, S: 2, H: 2, INT: 2, A: 2, PC: 1 };
    if (shirt === 1) Object.assign(m, { gk: true, SV: 2 });
    if (shirt === 12) Object.assign(m, { gk: true, SV: 1 });
    if (shirt === 10) m.skill = "Team Captain";
    if (shirt >= 12) m.bench = true;
    return m;
  });
}

export function modelCost(m) {
  let cost = 0;
  for (const k of [...LEVELS, "SV"]) if (isInt(m[k]) && COST[k][m[k] - 1] !== undefined) cost += COST[k][m[k] - 1];
  if (m.skill) cost += SKILL_COST;
  return cost;
}

// Every P1 limit the roster breaks, in words: [{rule, text}].
export function rosterProblems(models, points = DEFAULT_POINTS) {
  const out = [];
  const sayIt = (rule, text) => out.push({ rule, text });
  if (models.length !== 14) sayIt("size", t("a team has 14 models (11 starters and 3 on the bench), not {n}", { n: models.length }));
  const shirts = new Map();
  for (const m of models) {
    const tag = t("shirt {n}", { n: m.shirt ?? "?" });
    if (!isInt(m.shirt) || m.shirt < 0 || m.shirt > 99) sayIt("shirt", t("{tag}: a shirt is a number 0-99", { tag }));
    else if (shirts.has(m.shirt)) sayIt("shirt", t("{tag} is worn twice", { tag }));
    shirts.set(m.shirt, true);
    if (typeof m.name !== "string" || m.name.length > 40) sayIt("name", t("{tag}: a name is at most 40 characters", { tag }));
    for (const k of LEVELS) if (!isInt(m[k]) || m[k] < 1 || m[k] > 4) sayIt("level", t("{tag}: {level} must be a level 1-4", { tag, level: k }));
    if (m.SV != null && (!isInt(m.SV) || m.SV < 1 || m.SV > 2)) sayIt("sv", t("{tag}: SV is a level 1-2", { tag }));
    if (m.SV != null && !m.gk) sayIt("sv", t("{tag}: only keepers have SV (p.7)", { tag }));
    const levels = LEVELS.map((k) => m[k]);
    const fours = levels.filter((v) => v === 4).length;
    const threes = levels.filter((v) => v === 3).length;
    if (fours > 1) sayIt("model_level4", t("{tag} has {n} level 4s: a model may have one (p.10)", { tag, n: fours }));
    if (threes > 2) sayIt("model_level3", t("{tag} has {n} level 3s: a model may have two (p.10)", { tag, n: threes }));
    if (m.skill && !SKILLS.some((x) => skillKey(x) === skillKey(m.skill))) sayIt("skill", t("{tag}: \"{skill}\" is no skill of p.9", { tag, skill: m.skill }));
    if (m.skill && KEEPER_SKILLS.includes(skillKey(m.skill)) && !m.gk) sayIt("keeper_skill", t("{tag}: {skill} is for keepers only (p.9)", { tag, skill: m.skill }));
  }
  const starters = models.filter((m) => !m.bench);
  const bench = models.length - starters.length;
  if (bench !== 3) sayIt("bench", t("{n} on the bench: a team has 3 substitutes and 11 starters (p.10)", { n: bench }));
  const gks = starters.filter((m) => m.gk).length;
  if (gks !== 1) sayIt("keeper", t("{n} keepers among the starters: the 11 starters include exactly one (P1)", { n: gks }));
  const fours = models.reduce((n, m) => n + LEVELS.filter((k) => m[k] === 4).length, 0);
  if (fours > 7) sayIt("team_level4", t("{n} level 4s in the team: at most 7 (p.10)", { n: fours }));
  const skilled = models.filter((m) => m.skill).length;
  if (skilled > 6) sayIt("skills", t("{n} models with a skill: at most 6 (p.9)", { n: skilled }));
  const captains = models.filter((m) => skillKey(m.skill) === "teamcaptain").length;
  if (captains !== 1) sayIt("captain", t("{n} Team Captains: exactly one model has that skill (p.9)", { n: captains }));
  const total = models.reduce((n, m) => n + modelCost(m), 0);
  if (total > points) sayIt("budget", t("{total} points spent: {over} over the budget of {points} (P1)", { total, over: total - points, points }));
  return out;
}

// The roster line of the built team (P39: each model whole; a key left out is absent).
export function rosterLine(teamName, models) {
  return { type: "roster", team: teamName, models: models.map((m) => {
    const out = { shirt: m.shirt, name: m.name, P: m.P, S: m.S, H: m.H, INT: m.INT, A: m.A, PC: m.PC };
    if (m.SV != null) out.SV = m.SV;
    if (m.skill) out.skill = m.skill;
    if (m.gk) out.gk = true;
    if (m.bench) out.bench = true;
    return out;
  }) };
}

const builder = { team: "red", points: DEFAULT_POINTS, models: standardRoster() };

// The roster table's labels for screen readers, one a field and row.
const ROW_LABELS = {
  level: (k, n) => t("{field} of row {n}", { field: k, n }),
  shirt: (n) => t("shirt of row {n}", { n }),
  name: (n) => t("name of row {n}", { n }),
  skill: (n) => t("skill of row {n}", { n }),
  gk: (n) => t("keeper, row {n}", { n }),
  bench: (n) => t("bench, row {n}", { n }),
};

function levelSelect(i, k, v, max = 4, blank = false) {
  const opts = (blank ? [""] : []).concat(Array.from({ length: max }, (_, n) => n + 1));
  return `<select data-roster="${i}" data-field="${k}" aria-label="${ROW_LABELS.level(k, i + 1)}">${opts.map((o) => `<option value="${o}"${String(v ?? "") === String(o) ? " selected" : ""}>${o === "" ? "–" : o}</option>`).join("")}</select>`;
}

function rosterRows() {
  return builder.models.map((m, i) => `<tr data-row="${i}">` +
    `<td><input type="number" min="0" max="99" data-roster="${i}" data-field="shirt" value="${esc(m.shirt)}" aria-label="${ROW_LABELS.shirt(i + 1)}"></td>` +
    `<td><input type="text" maxlength="40" data-roster="${i}" data-field="name" value="${esc(m.name)}" aria-label="${ROW_LABELS.name(i + 1)}"></td>` +
    LEVELS.map((k) => `<td>${levelSelect(i, k, m[k])}</td>`).join("") +
    `<td>${levelSelect(i, "SV", m.SV, 2, true)}</td>` +
    `<td><select data-roster="${i}" data-field="skill" aria-label="${ROW_LABELS.skill(i + 1)}"><option value="">–</option>${SKILLS.map((s) => `<option value="${s}"${skillKey(s) === skillKey(m.skill) ? " selected" : ""}>${esc(skillName(s))}</option>`).join("")}</select></td>` +
    `<td><input type="checkbox" data-roster="${i}" data-field="gk"${m.gk ? " checked" : ""} aria-label="${ROW_LABELS.gk(i + 1)}"></td>` +
    `<td><input type="checkbox" data-roster="${i}" data-field="bench"${m.bench ? " checked" : ""} aria-label="${ROW_LABELS.bench(i + 1)}"></td>` +
    `<td class="sc-cost" data-cost="${i}">${modelCost(m)}</td></tr>`).join("");
}

function paintRoster(root) {
  const body = root.querySelector("#sc-roster-rows");
  if (body) body.innerHTML = rosterRows();
  paintRosterSums(root);
}

function paintRosterSums(root) {
  const total = builder.models.reduce((n, m) => n + modelCost(m), 0);
  const problems = rosterProblems(builder.models, builder.points);
  const sum = root.querySelector("#sc-roster-total");
  if (sum) {
    const left = builder.points - total;
    sum.textContent = left >= 0 ? t("{total} of {points} points ({n} left)", { total, points: builder.points, n: left })
      : t("{total} of {points} points ({n} over)", { total, points: builder.points, n: -left });
    sum.dataset.over = String(total > builder.points);
  }
  builder.models.forEach((m, i) => {
    const cell = root.querySelector(`[data-cost="${i}"]`);
    if (cell) cell.textContent = String(modelCost(m));
  });
  const list = root.querySelector("#sc-roster-problems");
  if (list) {
    list.replaceChildren(...problems.map((p) => {
      const li = document.createElement("li");
      li.dataset.rule = p.rule;
      li.textContent = p.text;
      return li;
    }));
  }
  const ok = root.querySelector("#sc-roster-ok");
  if (ok) ok.hidden = problems.length > 0;
  const sendBtn = root.querySelector("#sc-roster-send");
  if (sendBtn) {
    sendBtn.disabled = problems.length > 0 || !mayEnter(builder.team);
    sendBtn.textContent = t("Send {team}'s roster", { team: team(builder.team) });
  }
}

function setRosterField(i, field, el) {
  const m = builder.models[i];
  if (!m) return;
  if (field === "name") m.name = el.value;
  else if (field === "skill") m.skill = el.value || undefined;
  else if (field === "gk" || field === "bench") m[field] = el.checked || undefined;
  else if (field === "SV") m.SV = el.value === "" ? undefined : Number(el.value);
  else m[field] = el.value === "" ? null : Number(el.value);
}

// A roster file: the builder's JSON ({team, points, models}) or a roster line ({type, team, models}).
export function readRosterFile(text) {
  const doc = JSON.parse(text);
  const models = Array.isArray(doc) ? doc : doc?.models;
  if (!Array.isArray(models) || !models.every(isObj)) throw new Error(t("no models in this file"));
  return { team: TEAMS.includes(doc?.team) ? doc.team : null, points: isInt(doc?.points) ? doc.points : null,
    models: models.map((m) => ({ ...m })) };
}

function download(root) {
  const doc = JSON.stringify({ team: builder.team, points: builder.points, models: rosterLine(builder.team, builder.models).models }, null, 1);
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([doc], { type: "application/json" }));
  a.download = `roster-${builder.team}.json`;
  root.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// ---- the panel -----------------------------------------------------------------------------------------------
let lastDoc = null;
let lastRoot = null;
let formsKey = null;

function facts(doc) {
  const units = unitsOf(doc);
  const injury = isInt(doc.half_length) && doc.half_length > 12 ? t(" (+{n} injury)", { n: doc.half_length - 12 }) : "";
  const subs = doc.substitutions_left ?? {};
  const phase = PHASES[doc.phase]?.() ?? RESTART_NAMES[doc.phase]?.() ?? words(doc.phase);
  const BALL = { held: () => t("held"), loose: () => t("loose"), high: () => t("high"), dead: () => t("dead") };
  const ball = (state) => BALL[state]?.() ?? words(state);
  // [the fact's key (its data-fact), its name, its value]
  return [
    ["Half", t("Half"), `${doc.half ?? "–"}`],
    ["Turn", t("Turn"), t("{turn} of {length}", { turn: doc.turn ?? "–", length: doc.half_length ?? 12 }) + injury],
    ["Counted", t("Counted"), `${doc.counted ?? 0}`],
    ["Phase", t("Phase"), (doc.team ? t("{team}'s {phase}", { team: team(doc.team), phase }) : phase) + (doc.acted ? t(" (pass or shot made)") : "")],
    ["Ball", t("Ball"), doc.ball?.holder ? `${name(doc, doc.ball.holder)} (${ball(doc.ball.state)})` : ball(doc.ball?.state ?? "–")],
    ["Subs left", t("Subs left"), t("Red {red}, Blue {blue}", { red: subs.red ?? "–", blue: subs.blue ?? "–" })],
    ["Units", t("Units"), units],
  ];
}

function setText(node, text) {
  if (node && node.textContent !== text) node.textContent = text;
}

function paint(doc, root) {
  lastDoc = doc;
  lastRoot = root;
  ensureWired(root);
  const aw = doc.awaiting ?? {};
  const act = root.querySelector("#sc-awaiting");
  setText(act, toAct(doc));
  if (act) act.dataset.team = aw.team ?? "";
  const f = root.querySelector("#sc-facts");
  if (f) {
    const html = facts(doc).map(([k, label, v]) => `<div data-fact="${esc(k)}"><dt>${esc(label)}</dt><dd>${esc(v)}</dd></div>`).join("");
    if (f.innerHTML !== html) f.innerHTML = html;
  }
  paintControls(doc, root);
  paintModels(doc, root);
  const rosterBox = root.querySelector("#sc-roster");
  if (rosterBox && aw.what === "roster" && !rosterBox.dataset.touched) rosterBox.open = true;
  if (isObj(doc.options) && isInt(doc.options.points) && !builder.pointsSet) {
    builder.points = doc.options.points;
    const p = root.querySelector("#sc-roster-points");
    if (p) p.value = String(builder.points);
    paintRosterSums(root);
  }
  if (role.kind === "coach") refreshPrivate(doc.seq);
}

// The dice buttons and the forms: rewritten when what they show changes (the state, the role, a tap).
function paintControls(doc, root) {
  const entering = role.kind !== "spectator";
  root.querySelector("#sc-enter").hidden = !entering;
  const key = JSON.stringify([doc.seq, role, openForm, drafts]);
  if (key === formsKey) return;
  formsKey = key;
  const units = unitsOf(doc);
  root.querySelector("#sc-dice").innerHTML = entering ? diceHtml(doc) : "";
  const { primary, more } = entering ? formsFor(doc) : { primary: [], more: [] };
  if (openForm && !primary.includes(openForm) && !more.includes(openForm)) openForm = null;
  const opened = openForm ?? primary.find((t) => FORMS[t].fields.length) ?? null;
  root.querySelector("#sc-forms").innerHTML = primary.map((t) => formHtml(doc, t, units, t === opened)).join("");
  const moreBox = root.querySelector("#sc-more");
  moreBox.hidden = !more.length;
  root.querySelector("#sc-more-forms").innerHTML = more.map((t) => formHtml(doc, t, units, t === opened)).join("");
  if (opened && more.includes(opened)) moreBox.open = true;
}

function repaint() {
  if (lastDoc && lastRoot) {
    formsKey = null;
    paintControls(lastDoc, lastRoot);
    paintModels(lastDoc, lastRoot);
    paintRosterSums(lastRoot);
  }
}

// The view chosen and the code typed. Nothing is rewritten when they are as they were: the code field's change
// comes as its focus leaves it, in the middle of the tap on a chip, which must not lose that tap.
function applyRole(root) {
  const [k, t] = root.querySelector("#sc-role").value.split(":");
  const kind = k === "coach" ? "coach" : k === "referee" && simSend ? "referee" : "spectator";
  const teamName = kind === "coach" ? t : null;
  const code = root.querySelector("#sc-code").value.trim();
  root.querySelector("#sc-code-row").hidden = kind !== "coach";
  document.body.dataset.soccerRole = kind + (teamName ? `:${teamName}` : "");
  const newView = kind !== role.kind || teamName !== role.team || !roleShown;
  if (!newView && code === role.code) return;
  Object.assign(role, { kind, team: teamName, code });
  roleShown = true;
  privateView = null;
  privateSeq = null;
  if (newView) {
    if (kind === "coach") builder.team = teamName;
    const teamSel = root.querySelector("#sc-roster-team");
    if (teamSel) teamSel.value = builder.team;
    for (const key of Object.keys(drafts)) delete drafts[key];
    repaint();
  } else if (lastDoc) {
    formsKey = JSON.stringify([lastDoc.seq, role, openForm, drafts]); // a new code alone rewrites no form
    paintModels(lastDoc, root);
  }
  if (lastDoc) refreshPrivate(lastDoc.seq);
}
let roleShown = false;

let wired = null;
function ensureWired(root) {
  if (wired === root) return;
  wired = root;
  rollsBox = root.querySelector("#sc-rolls");
  paintRolls();
  showRefusal = (text) => {
    const el = root.querySelector("#sc-refusal");
    if (!el) return;
    el.textContent = text ?? "";
    el.hidden = !text;
  };
  const roleSel = root.querySelector("#sc-role");
  // the HTML replay (its page modules inline) is a record: nobody enters a line there
  if (document.getElementById("game-modules")) root.querySelector(".sc-role-row").hidden = true;
  roleSel.querySelector('option[value="referee"]').disabled = !simSend;
  const wanted = new URLSearchParams(location.search).get("coach");
  roleSel.value = TEAMS.includes(wanted) ? `coach:${wanted}` : simSend ? "referee" : "spectator";
  applyRole(root);
  roleSel.addEventListener("change", () => applyRole(root));
  root.querySelector("#sc-code").addEventListener("change", () => applyRole(root));
  // Pixels dice the browser reads (sb/bluetooth_dice.js): a die's roll is entered as a dice button's
  if (!document.getElementById("game-modules")) import("sb/bluetooth_dice.js").then(({ mountBluetoothDice }) =>
    mountBluetoothDice(root.querySelector(".sc-role-row"), (die, value) => send({ type: "roll", die, value })));
  paintRoster(root);

  root.addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b || !root.contains(b)) return;
    const snap = lastDoc;
    if (b.dataset.openForm) {
      openForm = b.dataset.openForm === openForm ? null : b.dataset.openForm;
      if (openForm === null) openForm = "";
      repaint();
    } else if (b.dataset.form && b.dataset.key) {
      const d = (drafts[b.dataset.form] ??= {});
      const kind = b.dataset.kind;
      const spec = FORMS[b.dataset.form].fields.find(([k]) => k === b.dataset.key);
      if (kind === "bool") {
        const now = initial(snap, b.dataset.form, b.dataset.key, kind, spec?.[2] ?? {}, d);
        d[b.dataset.key] = !(now === true);
      } else {
        const v = kind === "dist" || kind === "int" ? Number(b.dataset.value) : b.dataset.value;
        const now = initial(snap, b.dataset.form, b.dataset.key, kind, spec?.[2] ?? {}, d);
        if (now === v && spec?.[2]?.optional) d[b.dataset.key] = null; // a second tap clears an option
        else d[b.dataset.key] = v;
      }
      openForm = b.dataset.form;
      repaint();
    } else if (b.dataset.send) {
      const type = b.dataset.send;
      const line = lineOf(type, snap);
      if (typeof line === "string") {
        showRefusal(line);
        return;
      }
      send(line).then((ok) => {
        if (ok) {
          delete drafts[type];
          openForm = type === "move" ? "move" : null;
          repaint();
        }
      });
    } else if (b.dataset.die && b.dataset.face) {
      send({ type: "roll", die: b.dataset.die, value: Number(b.dataset.face) });
    } else if (b.id === "sc-dispute-send") {
      const a = root.querySelector("#sc-dispute-a").value.trim();
      const bb = root.querySelector("#sc-dispute-b").value.trim();
      if (!a || !bb) {
        showRefusal(t("Dispute: write both readings"));
        return;
      }
      send({ type: "dispute", a, b: bb }).then((ok) => {
        if (ok) {
          root.querySelector("#sc-dispute-a").value = "";
          root.querySelector("#sc-dispute-b").value = "";
        }
      });
    } else if (b.id === "sc-roster-standard") {
      builder.models = standardRoster();
      paintRoster(root);
    } else if (b.id === "sc-roster-save") {
      download(root);
    } else if (b.id === "sc-roster-load") {
      root.querySelector("#sc-roster-file").click();
    } else if (b.id === "sc-roster-send") {
      if (!rosterProblems(builder.models, builder.points).length) send(rosterLine(builder.team, builder.models));
    }
  });
  root.addEventListener("input", (e) => {
    const el = e.target;
    if (el.matches?.("input.sc-num")) {
      const d = (drafts[el.dataset.form] ??= {});
      d[el.dataset.key] = el.value === "" ? null : Number(el.value);
      for (const chip of root.querySelectorAll(`button[data-form="${el.dataset.form}"][data-key="${el.dataset.key}"]`)) {
        chip.setAttribute("aria-pressed", String(Number(chip.dataset.value) === d[el.dataset.key]));
      }
      formsKey = JSON.stringify([lastDoc?.seq, role, openForm, drafts]); // no rewrite under the typing finger
    } else if (el.dataset?.roster !== undefined) {
      setRosterField(Number(el.dataset.roster), el.dataset.field, el);
      paintRosterSums(root);
    } else if (el.id === "sc-roster-points") {
      builder.points = Number(el.value) || 0;
      builder.pointsSet = true;
      paintRosterSums(root);
    }
  });
  root.addEventListener("change", (e) => {
    const el = e.target;
    if (el.id === "sc-roster-team") {
      builder.team = el.value;
      paintRosterSums(root);
    } else if (el.id === "sc-roster-file" && el.files?.[0]) {
      el.files[0].text().then((text) => {
        const got = readRosterFile(text);
        builder.models = got.models;
        if (got.team && role.kind !== "coach") builder.team = got.team;
        if (got.points) builder.points = got.points;
        root.querySelector("#sc-roster-team").value = builder.team;
        root.querySelector("#sc-roster-points").value = String(builder.points);
        paintRoster(root);
        showRefusal(null);
      }).catch((err) => showRefusal(t("Roster file not read: {why}", { why: err?.message ?? err }))).finally(() => { el.value = ""; });
    }
  });
  root.querySelector("#sc-roster").addEventListener("toggle", (e) => { e.target.dataset.touched = "1"; });
}

const rosterHead = () => `<tr><th>#</th><th data-t="Name">${t("Name")}</th>${LEVELS.map((k) => `<th>${k}</th>`).join("")}<th>SV</th>` +
  `<th data-t="Skill">${t("Skill")}</th><th>gk</th><th data-t="bench">${t("bench")}</th><th data-t="Cost">${t("Cost")}</th></tr>`;

// The console's markup: its words are marked (data-t), so a language switch says them again in place (sb/i18n.js)
// and what was chosen and typed in it stays.
export const panel = {
  get label() { return t("The referee's console"); },
  get html() {
    const labels = { enter: t("Enter a line"), first: t("first reading"), second: t("second reading"), rolls: t("The latest rolls") };
    return `
  <div id="soccer">
  <p id="sc-awaiting" class="sc-awaiting" aria-live="polite"></p>
  <dl id="sc-facts" class="sc-facts"></dl>
  <p id="sc-refusal" class="sc-refusal" role="status" hidden></p>
  <section id="sc-enter" data-t-aria-label="Enter a line" aria-label="${labels.enter}" hidden>
    <div id="sc-dice" class="sc-dice"></div>
    <div id="sc-forms" class="sc-forms"></div>
    <details id="sc-more" class="sc-more"><summary data-t="more">${t("more")}</summary><div id="sc-more-forms" class="sc-forms"></div></details>
    <details id="sc-dispute" class="sc-dispute"><summary data-t="Dispute">${t("Dispute")}</summary>
      <p class="hint" data-t="Two readings; one die decides (1-3 the first, 4-6 the second).">${t("Two readings; one die decides (1-3 the first, 4-6 the second).")}</p>
      <input id="sc-dispute-a" type="text" maxlength="200" data-t-placeholder="first reading" placeholder="${labels.first}" data-t-aria-label="first reading" aria-label="${labels.first}">
      <input id="sc-dispute-b" type="text" maxlength="200" data-t-placeholder="second reading" placeholder="${labels.second}" data-t-aria-label="second reading" aria-label="${labels.second}">
      <button type="button" id="sc-dispute-send" data-t="Send dispute">${t("Send dispute")}</button>
    </details>
  </section>
  <section class="sc-rolls-box" data-t-aria-label="The latest rolls" aria-label="${labels.rolls}" hidden><h2 data-t="Rolls">${t("Rolls")}</h2><ol id="sc-rolls" class="sc-rolls"></ol></section>
  <div class="sc-role-row">
    <label><span data-t="View">${t("View")}</span> <select id="sc-role">
      <option value="spectator" data-t="spectator">${t("spectator")}</option><option value="referee" data-t="referee (simulator)">${t("referee (simulator)")}</option>
      <option value="coach:red" data-t="Red's coach">${t("Red's coach")}</option><option value="coach:blue" data-t="Blue's coach">${t("Blue's coach")}</option>
    </select></label>
    <span id="sc-code-row" hidden><label><span data-t="team code">${t("team code")}</span> <input id="sc-code" type="password" autocomplete="off" size="8"></label></span>
  </div>
  <h2 class="team-red" data-t="Red">${t("Red")}</h2>
  <div class="table-wrap"><table id="sc-models-red" class="sc-models"><thead></thead><tbody></tbody></table></div>
  <h2 class="team-blue" data-t="Blue">${t("Blue")}</h2>
  <div class="table-wrap"><table id="sc-models-blue" class="sc-models"><thead></thead><tbody></tbody></table></div>
  <details id="sc-roster" class="sc-roster"><summary data-t="Roster builder">${t("Roster builder")}</summary>
    <div class="sc-roster-bar">
      <label><span data-t="Team">${t("Team")}</span> <select id="sc-roster-team"><option value="red" data-t="Red">${t("Red")}</option><option value="blue" data-t="Blue">${t("Blue")}</option></select></label>
      <label><span data-t="Budget">${t("Budget")}</span> <input id="sc-roster-points" type="number" min="0" step="10" value="${DEFAULT_POINTS}"></label>
      <button type="button" id="sc-roster-standard" data-t="Standard roster">${t("Standard roster")}</button>
      <button type="button" id="sc-roster-save" data-t="Save file">${t("Save file")}</button>
      <button type="button" id="sc-roster-load" data-t="Load file">${t("Load file")}</button>
      <input id="sc-roster-file" type="file" accept="application/json,.json" hidden>
    </div>
    <p id="sc-roster-total" class="sc-roster-total"></p>
    <p id="sc-roster-ok" class="sc-ok" data-t="Every limit of the rules is kept.">${t("Every limit of the rules is kept.")}</p>
    <ul id="sc-roster-problems" class="sc-problems"></ul>
    <div class="table-wrap"><table class="sc-roster-table"><thead>${rosterHead()}</thead><tbody id="sc-roster-rows"></tbody></table></div>
    <button type="button" id="sc-roster-send">${t("Send roster")}</button>
  </details>
  </div>`;
  },
  paint,
};

// After a language switch: the forms, dice, models, facts and roster sums are written again (the marked markup
// is said again by sb/i18n.js itself).
onLanguage(() => {
  formsKey = null;
  if (lastRoot) {
    for (const body of lastRoot.querySelectorAll(".sc-models tbody, .sc-models thead")) { body.innerHTML = ""; delete body.dataset.key; }
    paintRolls();
  }
  if (lastDoc && lastRoot) paint(lastDoc, lastRoot);
});

// ---- the simulator: its sender is the referee's path ------------------------------------------------------------
export const sim = {
  get hint() { return t("Nothing is sensed: enter each action in the console's forms; dice by the buttons of the team whose dice are due."); },
  controls: "",
  // a refusal of the referee (its response to sim/input), shown beside the forms
  refused: (text) => showRefusal(text),
  // sb/sim.js hands over its sender (publishes on <base>/sim/input)
  attach(publish) {
    simSend = publish;
    if (lastRoot) {
      const sel = lastRoot.querySelector('#sc-role option[value="referee"]');
      if (sel) sel.disabled = false;
      if (role.kind === "spectator") {
        lastRoot.querySelector("#sc-role").value = "referee";
        applyRole(lastRoot);
      }
    }
  },
};

// No board: the page's pitch, clocks and legend are hidden for this game (CSS below).
export const pitch = { arcs: false, goalSpace: false };
export const clock = { get moveLabel() { return t("Move clock"); }, turnLeft: () => null };

// Its own style, made here rather than fetched: the HTML replay holds this module inline and has no stylesheet
// beside it, and a constructed sheet needs no <style> element (which the page's Content-Security-Policy refuses).
// Nothing is sensed, so the board, its clocks, the page's generic facts and to-act line and the simulator's token
// controls are hidden; the console is laid out for a phone held upright (390 px).
const CSS = `
body[data-game="soccer"] .pitch-wrap,
body[data-game="soccer"] .scoreline .clocks,
body[data-game="soccer"] .facts div:has(#move-clock),
body[data-game="soccer"] #sim-controls,
body[data-game="soccer"] .panel > .facts,
body[data-game="soccer"] #to-act { display: none !important; }
body[data-game="soccer"] #live-view { grid-template-areas: "head" "panel"; }
@media (orientation: landscape) and (min-width: 760px) and (min-height: 521px) {
  body[data-game="soccer"] #live-view { grid-template-columns: minmax(0, 1fr); grid-template-areas: "head" "panel"; max-width: 60rem; margin: 0 auto; }
}

#soccer { display: flex; flex-direction: column; gap: 0.4rem; }
.sc-awaiting { margin: 0.2rem 0; padding: 0.45rem 0.6rem; border-radius: 6px; background: #263238; font-weight: 700; }
.sc-awaiting[data-team="red"] { border-left: 6px solid var(--red); }
.sc-awaiting[data-team="blue"] { border-left: 6px solid var(--blue); }
.sc-facts { display: flex; flex-wrap: wrap; gap: 0.15rem 0.9rem; margin: 0; font-size: 0.9rem; }
.sc-facts div { display: flex; gap: 0.3rem; }
.sc-facts dt { color: var(--muted); }
.sc-facts dd { margin: 0; font-weight: 600; }
.sc-role-row { display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; align-items: center; }
.sc-refusal { margin: 0; padding: 0.4rem 0.6rem; border-radius: 4px; background: #880e4f; color: #fff; }

#soccer button, #soccer select, #soccer input { font: inherit; color: var(--ink); background: #263238; border: 1px solid #546e7a; border-radius: 4px; }
#soccer button { min-height: 2.4rem; padding: 0.2rem 0.7rem; }
#soccer button:disabled { opacity: 0.45; }
.sc-dice { display: flex; flex-direction: column; gap: 0.3rem; }
.sc-die-row { display: flex; flex-wrap: wrap; align-items: center; gap: 0.3rem; }
#soccer .sc-face { min-width: 2.6rem; min-height: 2.6rem; font-weight: 700; color: #fff; }
#soccer .sc-face.die-red { background: var(--red); }
#soccer .sc-face.die-blue { background: var(--blue); }

.sc-forms { display: flex; flex-direction: column; gap: 0.3rem; }
.sc-form { border: 1px solid #2c353d; border-radius: 6px; padding: 0.25rem; }
.sc-form[data-open] { border-color: var(--gold); }
#soccer .sc-tab { width: 100%; text-align: left; font-weight: 600; }
.sc-form-body { display: flex; flex-direction: column; gap: 0.3rem; padding: 0.3rem 0.1rem; }
.sc-field { display: flex; flex-direction: column; gap: 0.15rem; }
.sc-label { color: var(--muted); font-size: 0.8rem; }
.sc-chips { display: flex; flex-wrap: wrap; gap: 0.25rem; align-items: center; }
#soccer .sc-chip { min-width: 2.4rem; }
#soccer .sc-chip[data-team="red"] { border-color: var(--red); }
#soccer .sc-chip[data-team="blue"] { border-color: var(--blue); }
#soccer .sc-chip[aria-pressed="true"] { background: var(--gold); color: #000; border-color: var(--gold); }
.sc-shirt { font-weight: 700; }
#soccer .sc-num { width: 4.5rem; min-height: 2.4rem; }
#soccer .sc-send { background: #2e7d32; border-color: #66bb6a; font-weight: 700; }
#soccer .sc-direct { width: 100%; }
.sc-options summary, .sc-more summary, .sc-dispute summary, .sc-roster summary { cursor: pointer; padding: 0.3rem 0; color: var(--muted); font-weight: 600; }
.sc-dispute input { width: 100%; margin: 0.15rem 0; min-height: 2.2rem; }

.sc-rolls { margin: 0; padding-left: 1.2rem; font-size: 0.9rem; }
.sc-rolls li:first-child { font-weight: 600; }

.sc-models { border-collapse: collapse; width: 100%; font-size: 0.85rem; }
.sc-models th, .sc-models td { text-align: left; padding: 0.15rem 0.35rem; border-bottom: 1px solid #2c353d; white-space: nowrap; }
.sc-models tr[data-status="bench"], .sc-models tr[data-status="off"] { color: var(--muted); }
.sc-models tr[data-status="sent_off"] { color: var(--muted); text-decoration: line-through; }
.sc-models tr[data-neutralized] td { font-style: italic; }
.sc-models tr[data-awaited] th { color: var(--gold); }
.sc-private { color: var(--gold); }

.sc-roster-bar { display: flex; flex-wrap: wrap; gap: 0.3rem 0.6rem; align-items: center; }
#soccer .sc-roster-bar input[type="number"] { width: 5.5rem; }
.sc-roster-total[data-over="true"] { color: #ff8a80; font-weight: 700; }
.sc-ok { color: #81c784; margin: 0.2rem 0; }
.sc-problems { margin: 0.2rem 0; padding-left: 1.2rem; color: #ff8a80; }
.sc-roster-table { border-collapse: collapse; font-size: 0.85rem; }
.sc-roster-table th, .sc-roster-table td { padding: 0.1rem 0.15rem; }
#soccer .sc-roster-table input[type="number"] { width: 3.2rem; }
#soccer .sc-roster-table input[type="text"] { width: 7rem; }
#soccer .sc-roster-table select { min-height: 2rem; }
`;

(function styles() {
  if (typeof document === "undefined" || typeof CSSStyleSheet === "undefined" || !("adoptedStyleSheets" in document)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CSS);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
})();

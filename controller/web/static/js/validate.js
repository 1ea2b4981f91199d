// Checks of the retained documents before anything is drawn from them. A payload that fails is not
// drawn (the last good one stays on screen) and the page says so in the banner: a wrong picture of the
// board is worse than an old one. Each check returns null when the document is fine, else a reason.

// A snapshot is checked by its game (the game's page module's `check`, most often snapshotProblem below with
// the game's schema and pawn ids); a game shown plainly asks only for an integer seq (sb/plain.js).

export const LEDS_SCHEMA = "soccerboard.leds/1";

const SQUARE = /^[a-h](1[0-6]|[1-9])$/;
const TEAMS = ["red", "blue"];

export const isObj = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
export const isInt = (v) => Number.isInteger(v);
const isNum = (v) => typeof v === "number" && Number.isFinite(v);
const isSquareOrNull = (v) => v === null || (typeof v === "string" && SQUARE.test(v));
const isDate = (v) => typeof v === "string" && !Number.isNaN(Date.parse(v));

// "soccerboard.snapshot/2" against "soccerboard.snapshot/1": newer, older or foreign.
export function schemaProblem(value, expected) {
  if (typeof value !== "string") return `no "schema" (expected ${expected})`;
  if (value === expected) return null;
  const [family, version] = expected.split("/");
  const m = /^(.*)\/(\d+)$/.exec(value);
  if (m && m[1] === family && Number(m[2]) > Number(version)) {
    return `newer schema ${value} than this page understands (${expected}): reload the page`;
  }
  return `unknown schema ${value} (expected ${expected})`;
}

// The first reason of [ok, reason] pairs that is not ok, else null.
export function first(checks) {
  for (const [ok, why] of checks) if (!ok) return why;
  return null;
}

// The checks of a snapshot in the shape the grid games share (docs/board.md section 6): its `schema`, the
// pattern of its pawn ids, whether its clock says `paused`, whether its dice may be null altogether, and the
// checks of the game's own fields (`more(doc)`, before the pawns').
export function snapshotProblem(doc, { schema, pawnId, clockPaused = true, diceMayBeNull = false, more = null }) {
  const problem = schemaProblem(doc.schema, schema) ?? first([
    [isInt(doc.seq), "seq is not an integer"],
    [isObj(doc.score) && isInt(doc.score.red) && isInt(doc.score.blue), "score is not {red, blue} numbers"],
    [doc.offense === null || TEAMS.includes(doc.offense), "offense is not red, blue or null"],
    [isSquareOrNull(doc.ball), "ball is not a square or null"],
    [doc.holder === null || typeof doc.holder === "string", "holder is not a pawn id or null"],
    [typeof doc.phase === "string", "phase is not a string"],
    [isObj(doc.expects) && typeof doc.expects.input === "string", "expects has no input"],
    [isObj(doc.pawns), "pawns is not an object"],
    [isObj(doc.clock) && isInt(doc.clock.period) && isNum(doc.clock.elapsed) && isNum(doc.clock.length)
      && typeof doc.clock.running === "boolean" && (!clockPaused || typeof doc.clock.paused === "boolean"),
      "clock is incomplete"],
    [doc.dice === undefined || (diceMayBeNull && doc.dice === null) || (isObj(doc.dice) && TEAMS.every((t) => doc.dice[t] == null || (isInt(doc.dice[t]) && doc.dice[t] >= 1 && doc.dice[t] <= 6))),
      "dice are not faces 1-6 or null"],
  ]) ?? more?.(doc) ?? null;
  if (problem) return problem;
  for (const [id, p] of Object.entries(doc.pawns)) {
    if (!pawnId.test(id)) return `unknown pawn id ${id}`;
    if (!isObj(p) || !isSquareOrNull(p.square) || !isInt(p.yellow) || typeof p.sent_off !== "boolean") {
      return `pawn ${id} is not {square, yellow, sent_off}`;
    }
  }
  return null;
}

// A snapshot checked for the page and for its game (sb/games.js): null when it may be drawn, else why not.
export function checkState(doc, game) {
  if (!isObj(doc)) return "the state is not a JSON object";
  return game.check(doc) ?? null;
}

export function checkLeds(doc) {
  if (!isObj(doc)) return "the LED document is not a JSON object";
  const schema = schemaProblem(doc.schema, LEDS_SCHEMA);
  if (schema) return schema;
  if (!isObj(doc.squares)) return "the LED document has no squares";
  for (const [sq, v] of Object.entries(doc.squares)) {
    if (!SQUARE.test(sq)) return `LED square ${sq} is not a square`;
    if (!isObj(v) || !Array.isArray(v.rgb) || v.rgb.length !== 3 || !v.rgb.every((c) => isInt(c) && c >= 0 && c <= 255)) {
      return `LED square ${sq} has no rgb`;
    }
    if (v.meaning != null && typeof v.meaning !== "string") return `LED square ${sq} has a bad meaning`;
  }
  if (doc.correction != null && !isObj(doc.correction)) return "the LED correction is not an object";
  return null;
}

export function checkClock(doc) {
  if (!isObj(doc)) return "the clock is not a JSON object";
  const mc = doc.match_clock;
  return first([
    [isDate(doc.at), "clock.at is not a time"],
    [isInt(doc.period), "clock.period is not a number"],
    [isObj(mc) && typeof mc.running === "boolean" && isNum(mc.elapsed) && isNum(mc.length), "clock.match_clock is incomplete"],
    [doc.move_deadline == null || isDate(doc.move_deadline), "clock.move_deadline is not a time"],
    [doc.move_remaining == null || isNum(doc.move_remaining), "clock.move_remaining is not a number"],
  ]);
}

// One decoder for every message: a decoder without {stream: true} keeps nothing between calls, and making
// one per message costs more than the decoding of a small document.
const DECODER = new TextDecoder();

// Bytes off the wire -> text.
export function decodeText(payload) {
  return typeof payload === "string" ? payload : DECODER.decode(payload);
}

// Bytes off the wire -> a JSON value, or an Error saying why not.
export function parseJson(payload) {
  const text = decodeText(payload);
  try {
    return JSON.parse(text);
  } catch {
    return new Error(`not JSON: ${text.slice(0, 40)}`);
  }
}

// The `seq` of a document whose last key is "seq" with a non-negative integer (`...,"seq":141}`, as the
// daemon writes its snapshots), read from the bytes without decoding or parsing them; null for any other
// shape. When the document is valid JSON, a match can only be its top-level "seq": the closing brace ends
// the document, and the key's opening quote follows a comma or the opening brace, so it is no string's end.
const SEQ_KEY_BACKWARDS = [0x22, 0x71, 0x65, 0x73, 0x22]; // "seq" read from its end

export function trailingSeq(payload) {
  const str = typeof payload === "string";
  const at = (k) => (k < 0 ? -1 : str ? payload.charCodeAt(k) : payload[k]);
  const space = (c) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
  let i = payload.length - 1;
  while (space(at(i))) i--;
  if (at(i--) !== 0x7d) return null; // }
  while (space(at(i))) i--;
  const last = i;
  while (at(i) >= 0x30 && at(i) <= 0x39) i--;
  const digits = last - i;
  if (digits < 1 || digits > 15 || (digits > 1 && at(i + 1) === 0x30)) return null; // JSON has no leading zeros
  let seq = 0;
  for (let k = i + 1; k <= last; k++) seq = seq * 10 + at(k) - 0x30;
  while (space(at(i))) i--;
  if (at(i--) !== 0x3a) return null; // :
  while (space(at(i))) i--;
  for (const c of SEQ_KEY_BACKWARDS) if (at(i--) !== c) return null;
  while (space(at(i))) i--;
  const before = at(i);
  return before === 0x2c || before === 0x7b ? seq : null; // , or {
}

// Simulator controls: the page stands in for the physical board, dice, spinner and buttons by
// publishing scenario lines (docs/board.md section 5) on `<base>/sim/input`. Like real hands, it only
// says what was lifted and where it was put; the referee judges, and refusals come back on
// `<base>/response` (request "sim/input") while LED corrections show on the board as usual.
//
// Soccer The Board Game (the snapshot names its game) has buttons of its own, each pressed for a team:
// `done`, the star cards and a substitution, and the referee card drawn after a fault. A click on the
// player holding the ball in a turn lifts the ball with it and puts both down together: a dribble, as
// a board reads a holder and the ball put down on one square (docs/stbg.md); a click on the ball alone
// kicks it.

import { gameOf, pawnName } from "sb/words.js";

// The referee cards of a standard deck (docs/stbg.md): a random draw follows their odds; a card no longer in
// the pile is refused by the referee and drawn again by the player.
const DECK = { red: 2, yellow: 4, blank: 4 };

export function randomCard() {
  const cards = Object.entries(DECK).flatMap(([card, n]) => Array(n).fill(card));
  const byte = new Uint8Array(1);
  do crypto.getRandomValues(byte); while (byte[0] >= 250);
  return cards[byte[0] % cards.length];
}

const $ = (id) => document.getElementById(id);

// A fair die face from the browser's cryptographic source (rejection sampling: no modulo bias).
export function randomFace() {
  const byte = new Uint8Array(1);
  do crypto.getRandomValues(byte); while (byte[0] >= 252);
  return (byte[0] % 6) + 1;
}

export function setupSim({ publish, view }) {
  const root = $("sim-controls");
  root.hidden = false;
  document.body.classList.add("sim");
  const hand = []; // tokens lifted and not yet put down, oldest first ({square, token, carry})
  let lastYellow = {}; // team -> the pawn shown the last yellow card (the one a substitution is for)
  let shownMismatch = null; // the refusal shown from the state (said once)

  const refusal = (text) => {
    const el = $("sim-refusal");
    el.textContent = text ?? "";
    el.hidden = !text;
  };

  const send = (line) => {
    refusal(null);
    publish(line).catch((err) => refusal(`not sent: ${err?.message ?? err}`));
  };

  const describeHeld = ({ square, token, carry = false }) => {
    if (token === "ball") return `the ball (from ${square})`;
    if (carry) return `${describeHeld({ square, token })} with the ball`;
    const pawns = view.snapshot?.pawns ?? {};
    const id = Object.keys(pawns).find((k) => k.startsWith(`${token}-`) && pawns[k]?.square === square);
    return `${id ? pawnName(id) : `a ${token} pawn`} (from ${square})`;
  };

  const showHand = () => {
    $("in-hand").textContent = hand.length ? hand.map(describeHeld).reverse().join(", ") : "nothing";
    $("in-hand").dataset.count = String(hand.length);
    $("sim-drop").disabled = !hand.length;
    view.setHeld(hand.flatMap((h) => (h.carry ? [h, { square: h.square, token: "ball" }] : [h])));
  };

  // A token the board has and the game does not (put down where it was refused) is not drawn; the
  // LEDs' correction step names it, so a click on its square lifts it.
  const strayAt = (square) => {
    const c = view.leds?.correction;
    if (c && c.from === square && ["red", "blue", "ball"].includes(c.token)) return c.token;
    // without a correction step on the LEDs: what this page put down last, while the board is out of step
    const snap = view.snapshot;
    return gameOf(snap) === "stbg" && snap.board?.mismatch && lastPlaced?.square === square ? lastPlaced.token : null;
  };
  let lastPlaced = null;

  // A click on the board: put the last lifted token down on the square, or lift the token clicked.
  // Shift-click lifts a second token while one is in hand.
  const pick = ({ square, token, shift }) => {
    if (hand.length && !shift) {
      const held = hand.pop();
      if (held.carry) send({ type: "place", square, token: "ball" });
      send({ type: "place", square, token: held.token });
      lastPlaced = { square, token: held.token };
    } else {
      const lift = token ?? strayAt(square);
      if (!lift) return;
      const carry = carries(square, lift);
      hand.push({ square, token: lift, carry });
      send({ type: "lift", square, token: lift });
      if (carry) send({ type: "lift", square, token: "ball" });
    }
    showHand();
  };

  // Soccer The Board Game, in a turn with points to spend: the holder lifted takes the ball along.
  const carries = (square, token) => {
    const snap = view.snapshot;
    if (gameOf(snap) !== "stbg" || token === "ball" || snap.phase !== "play" || !Number.isInteger(snap.points_left)) return false;
    const holder = snap.holder ? snap.pawns?.[snap.holder] : null;
    return !!holder && holder.square === square && snap.holder.startsWith(`${token}-`) && snap.ball === square;
  };

  // The pawn a substitution is for: the team's pawn shown the last yellow card, else one with a yellow.
  const substitute = (t) => {
    const pawns = view.snapshot?.pawns ?? {};
    const yellow = (id) => pawns[id]?.yellow === 1 && !pawns[id]?.sent_off;
    if (lastYellow[t] && yellow(lastYellow[t])) return lastYellow[t];
    return Object.keys(pawns).find((id) => id.startsWith(`${t}-`) && yellow(id)) ?? null;
  };

  root.addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b) return;
    if (b.dataset.roll) {
      const choice = $("roll-face").value;
      const value = choice === "random" ? randomFace() : Number(choice);
      send({ type: "roll", die: b.dataset.roll, value });
    } else if (b.dataset.spin) {
      send({ type: "spin", outcome: b.dataset.spin });
    } else if (b.dataset.press && b.dataset.team) {
      const line = { type: "press", button: b.dataset.press, team: b.dataset.team };
      if (b.dataset.press === "substitution") {
        const pawn = substitute(b.dataset.team);
        if (pawn) line.pawn = pawn;
      }
      send(line);
    } else if (b.dataset.card) {
      send({ type: "card", card: b.dataset.card === "random" ? randomCard() : b.dataset.card });
    } else if (b.dataset.press) {
      send({ type: "press", button: b.dataset.press });
    } else if (b.id === "sim-drop") {
      hand.pop(); // it stays off the board (a sent-off pawn, the corner taker)
      showHand();
    }
  });

  showHand();
  return {
    pick,
    // Soccer The Board Game: a placement the referee refused puts the board out of step; the snapshot says why
    onState(doc) {
      const why = gameOf(doc) === "stbg" ? doc.board?.mismatch : null;
      const key = why ? JSON.stringify(why) : null;
      if (why && key !== shownMismatch) refusal(`Refused: ${why.detail ?? why.reason ?? "the board is out of step"}`);
      shownMismatch = key;
    },
    onEvent(ev) {
      if (ev?.event === "yellow_card" && (ev.team === "red" || ev.team === "blue")) lastYellow = { ...lastYellow, [ev.team]: ev.pawn };
    },
    onResponse(doc) {
      if (doc?.request === "sim/input" && doc.status === "error") refusal(String(doc.detail ?? doc.reason ?? "refused"));
    },
  };
}

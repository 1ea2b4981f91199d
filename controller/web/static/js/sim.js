// Simulator controls: the page stands in for the physical board, dice, spinner and buttons by
// publishing scenario lines (docs/board.md section 5) on `<base>/sim/input`. Like real hands, it only
// says what was lifted and where it was put; the referee judges, and refusals come back on
// `<base>/response` (request "sim/input") while LED corrections show on the board as usual.
//
// The dice and the hand are every game's; the game's page module (sb/games.js, its `sim`) adds its own
// buttons (each may be pressed for a team: `data-team`), its hint, and its way of moving: whether a pawn
// lifted takes the ball along (`carries`), what a refused placement looks like in its snapshot (`refusal`),
// the referee card a random draw gives (`randomCard`) and what a press line carries (`press`).

import { onLanguage, said, t } from "sb/i18n.js";
import { pawnName } from "sb/words.js";

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
    view.game.sim?.refused?.(text ?? null); // a game entering lines from its own panel shows it there too
  };

  const send = (line) => {
    refusal(null);
    publish(line).catch((err) => refusal(t("not sent: {why}", { why: err?.message ?? err })));
  };

  const describeHeld = ({ square, token, carry = false }) => {
    if (token === "ball") return t("the ball (from {square})", { square });
    if (carry) return t("{held} with the ball", { held: describeHeld({ square, token }) });
    const pawns = view.snapshot?.pawns ?? {};
    const id = Object.keys(pawns).find((k) => k.startsWith(`${token}-`) && pawns[k]?.square === square);
    const what = id ? pawnName(id) : token === "red" ? t("a red pawn") : token === "blue" ? t("a blue pawn") : t("a {token} pawn", { token });
    return t("{what} (from {square})", { what, square });
  };

  const showHand = () => {
    $("in-hand").textContent = hand.length ? hand.map(describeHeld).reverse().join(", ") : t("nothing");
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
    const refused = view.game.sim?.refusal?.(view.snapshot);
    return refused && lastPlaced?.square === square ? lastPlaced.token : null;
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

  // Whether the pawn lifted takes the ball along (the game says).
  const carries = (square, token) => view.game.sim?.carries?.(view.snapshot, square, token) === true;

  // The controls of the game on the board, put in when the game changes.
  let controlsOf;
  const showControls = (game) => {
    if (controlsOf === game) return;
    controlsOf = game;
    $("sim-hint").textContent = game.sim?.hint ?? t("Click a token to lift it, then a square to put it down.");
    $("sim-game-controls").innerHTML = game.sim?.controls ?? "";
    game.sim?.attach?.(send); // a game whose own panel enters lines sends them here (on sim/input)
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
      const press = view.game.sim?.press;
      send(press ? press(line, { snapshot: view.snapshot, lastYellow }) : line);
    } else if (b.dataset.card) {
      const random = view.game.sim?.randomCard;
      if (b.dataset.card !== "random" || random) send({ type: "card", card: b.dataset.card === "random" ? random() : b.dataset.card });
    } else if (b.dataset.press) {
      send({ type: "press", button: b.dataset.press });
    } else if (b.id === "sim-drop") {
      hand.pop(); // it stays off the board (a sent-off pawn, the corner taker)
      showHand();
    }
  });

  showHand();
  showControls(view.game);
  // Pixels dice the browser reads (Web Bluetooth), loaded only by a page that rolls dice
  import("sb/bluetooth_dice.js").then(({ mountBluetoothDice }) =>
    mountBluetoothDice($("roll-face").closest(".row"), (die, value) => send({ type: "roll", die, value })));
  onLanguage(() => {
    controlsOf = undefined; // the game's controls and hint, said again
    showControls(view.game);
    showHand();
  });
  return {
    pick,
    // a placement the referee refused may put the board out of step; the game's snapshot then says why
    onState(doc) {
      showControls(view.game);
      const why = view.game.sim?.refusal?.(doc) ?? null;
      const key = why ? JSON.stringify(why) : null;
      const outOfStep = t("the board is out of step");
      if (why && key !== shownMismatch) refusal(t("Refused: {why}", { why: why.say ? said(why.say) : why.detail ?? why.reason ?? outOfStep }));
      shownMismatch = key;
    },
    onEvent(ev) {
      if (ev?.event === "yellow_card" && (ev.team === "red" || ev.team === "blue")) lastYellow = { ...lastYellow, [ev.team]: ev.pawn };
    },
    onResponse(doc) {
      if (doc?.request === "sim/input" && doc.status === "error") refusal(doc.say ? said(doc.say) : String(doc.detail ?? doc.reason ?? t("refused")));
    },
  };
}

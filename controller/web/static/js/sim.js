// Simulator controls: the page stands in for the physical board, dice, spinner and buttons by
// publishing scenario lines (docs/board.md section 5) on `<base>/sim/input`. Like real hands, it only
// says what was lifted and where it was put; the referee judges, and refusals come back on
// `<base>/response` (request "sim/input") while LED corrections show on the board as usual.

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
  const hand = []; // tokens lifted and not yet put down, oldest first

  const refusal = (text) => {
    const el = $("sim-refusal");
    el.textContent = text ?? "";
    el.hidden = !text;
  };

  const send = (line) => {
    refusal(null);
    publish(line).catch((err) => refusal(`not sent: ${err?.message ?? err}`));
  };

  const describeHeld = ({ square, token }) => {
    if (token === "ball") return `the ball (from ${square})`;
    const pawns = view.snapshot?.pawns ?? {};
    const id = Object.keys(pawns).find((k) => k.startsWith(`${token}-`) && pawns[k]?.square === square);
    return `${id ? pawnName(id) : `a ${token} pawn`} (from ${square})`;
  };

  const showHand = () => {
    $("in-hand").textContent = hand.length ? hand.map(describeHeld).reverse().join(", ") : "nothing";
    $("in-hand").dataset.count = String(hand.length);
    $("sim-drop").disabled = !hand.length;
    view.setHeld([...hand]);
  };

  // A token the board has and the game does not (put down where it was refused) is not drawn; the
  // LEDs' correction step names it, so a click on its square lifts it.
  const strayAt = (square) => {
    const c = view.leds?.correction;
    return c && c.from === square && ["red", "blue", "ball"].includes(c.token) ? c.token : null;
  };

  // A click on the board: put the last lifted token down on the square, or lift the token clicked.
  // Shift-click lifts a second token while one is in hand.
  const pick = ({ square, token, shift }) => {
    if (hand.length && !shift) {
      const held = hand.pop();
      send({ type: "place", square, token: held.token });
    } else {
      const lift = token ?? strayAt(square);
      if (!lift) return;
      hand.push({ square, token: lift });
      send({ type: "lift", square, token: lift });
    }
    showHand();
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
    onResponse(doc) {
      if (doc?.request === "sim/input" && doc.status === "error") refusal(String(doc.detail ?? doc.reason ?? "refused"));
    },
  };
}

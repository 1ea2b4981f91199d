// The computer's seat and hints on the page (docs/mqtt.md, `<base>/computer`): what the computer wants carried out
// at the board ("computer: lift c4, put on c6"), the hint asked for, and in the simulator a button that asks for
// one (`<base>/cmd/hint`). Every word this panel says is in WORDS, in one place for the translators.

import { isObj, parseJson } from "sb/validate.js";

export const WORDS = {
  computer: (team, level) => `computer (${team}, level ${level})`,
  hint: (team) => `hint for ${team}`,
  waiting: "waits for the person",
  refused: (n) => (n === 1 ? "a different move was taken back" : `${n} different moves were taken back`),
  ask: "Hint",
  askTitle: "Light the best action for the side to act",
};

// A step of an action as the panel says it: "lift c4, put on c6", "roll the blue die".
export function stepText(step, line) {
  if (step?.lift && step?.put) return `lift ${step.lift}, put on ${step.put}`;
  if (step?.put) return `put a ${step.token} token on ${step.put}`;
  if (step?.lift) return `lift ${step.lift} off the pitch`;
  if (line?.type === "roll") return `roll the ${line.die} die`;
  if (line?.type === "press") return `press ${line.button}`;
  return line?.type ?? "";
}

export function actionText(action) {
  if (!isObj(action) || !Array.isArray(action.steps)) return "";
  return action.steps.map((s, i) => stepText(s, action.lines?.[i])).join("; then ");
}

// The panel's lines for a `<base>/computer` document: [label, text] pairs, none when nothing is to be done.
export function panelLines(doc) {
  if (!isObj(doc)) return [];
  const out = [];
  if (isObj(doc.action)) {
    out.push([WORDS.computer(doc.action.team, doc.action.level), actionText(doc.action)]);
    if (doc.action.refused > 0) out.push(["", WORDS.refused(doc.action.refused)]);
  }
  if (isObj(doc.hint)) out.push([WORDS.hint(doc.hint.team), actionText(doc.hint)]);
  return out;
}

// The panel under the team to act: made here, so the page's HTML stays as it is.
export function setupComputer({ conn, base, sim }) {
  const anchor = document.getElementById("to-act");
  if (!anchor) return null;
  const panel = document.createElement("section");
  panel.id = "computer-panel";
  panel.hidden = true;
  const says = document.createElement("ul");
  says.id = "computer-says";
  panel.append(says);
  if (sim) {
    const ask = document.createElement("button");
    ask.type = "button";
    ask.id = "hint-button";
    ask.textContent = WORDS.ask;
    ask.title = WORDS.askTitle;
    ask.addEventListener("click", () => conn.publish(`${base}/cmd/hint`, {}, 1).catch(() => {}));
    panel.append(ask);
    panel.hidden = false;
  }
  anchor.after(panel);
  conn.subscribe(`${base}/computer`);
  return {
    handle(topic, payload) {
      if (topic !== `${base}/computer`) return false;
      const doc = parseJson(payload);
      const lines = doc instanceof Error ? [] : panelLines(doc);
      says.replaceChildren(...lines.map(([label, text]) => {
        const li = document.createElement("li");
        const b = document.createElement("b");
        b.textContent = label ? `${label}: ` : "";
        li.append(b, text);
        return li;
      }));
      panel.hidden = !sim && lines.length === 0;
      return true;
    },
  };
}

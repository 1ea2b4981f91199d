// The computer's seat and hints on the page (docs/mqtt.md, `<base>/computer`): what the computer wants carried out
// at the board ("computer: lift c4, put on c6"), the hint asked for, and in the simulator a button that asks for
// one (`<base>/cmd/hint`). Every word this panel says is in WORDS, in one place for the translators: functions
// that call t() when shown, so the panel speaks the page's language and says itself again after a switch.

import { onLanguage, t } from "sb/i18n.js";
import { isObj, parseJson } from "sb/validate.js";

// A team's own sentence where Italian makes the colour agree; another team (none today) falls back to a placeholder.
const byTeam = (team, red, blue, other) => (team === "red" ? red() : team === "blue" ? blue() : other());

export const WORDS = {
  computer: (team, level) => byTeam(team, () => t("computer (red, level {level})", { level }),
    () => t("computer (blue, level {level})", { level }), () => t("computer ({team}, level {level})", { team, level })),
  hint: (team) => byTeam(team, () => t("hint for red"), () => t("hint for blue"), () => t("hint for {team}", { team })),
  waiting: () => t("waits for the person"),
  refused: (n) => (n === 1 ? t("a different move was taken back") : t("{n} different moves were taken back", { n })),
  ask: () => t("Hint"),
  askTitle: () => t("Light the best action for the side to act"),
  moved: (from, to) => t("lift {from}, put on {to}", { from, to }),
  put: (token, square) => (token === "ball" ? t("put the ball on {square}", { square })
    : byTeam(token, () => t("put a red token on {square}", { square }),
      () => t("put a blue token on {square}", { square }),
      () => t("put a {token} token on {square}", { token, square }))),
  lifted: (square) => t("lift {square} off the pitch", { square }),
  roll: (die) => byTeam(die, () => t("roll the red die"), () => t("roll the blue die"),
    () => t("roll the {die} die", { die })),
  spin: () => t("spin the arrow"),
  press: (button) => t("press {button}", { button }),
  then: (done, next) => t("{done}; then {next}", { done, next }),
};

// A step of an action as the panel says it: "lift c4, put on c6", "roll the blue die".
export function stepText(step, line) {
  if (step?.lift && step?.put) return WORDS.moved(step.lift, step.put);
  if (step?.put) return WORDS.put(step.token, step.put);
  if (step?.lift) return WORDS.lifted(step.lift);
  if (line?.type === "roll") return WORDS.roll(line.die);
  if (line?.type === "spin") return WORDS.spin();
  if (line?.type === "press") return WORDS.press(line.button);
  return line?.type ?? "";
}

export function actionText(action) {
  if (!isObj(action) || !Array.isArray(action.steps)) return "";
  const steps = action.steps.map((s, i) => stepText(s, action.lines?.[i]));
  return steps.length ? steps.reduce((done, next) => WORDS.then(done, next)) : "";
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
  let ask = null;
  if (sim) {
    ask = document.createElement("button");
    ask.type = "button";
    ask.id = "hint-button";
    ask.addEventListener("click", () => conn.publish(`${base}/cmd/hint`, {}, 1).catch(() => {}));
    panel.append(ask);
    panel.hidden = false;
  }
  anchor.after(panel);
  conn.subscribe(`${base}/computer`);
  let last = null; // the last document shown, said again after a switch of language
  const paint = () => {
    if (ask) {
      ask.textContent = WORDS.ask();
      ask.title = WORDS.askTitle();
    }
    const lines = panelLines(last);
    says.replaceChildren(...lines.map(([label, text]) => {
      const li = document.createElement("li");
      const b = document.createElement("b");
      b.textContent = label ? `${label}: ` : "";
      li.append(b, text);
      return li;
    }));
    panel.hidden = !sim && lines.length === 0;
  };
  paint();
  onLanguage(paint);
  return {
    handle(topic, payload) {
      if (topic !== `${base}/computer`) return false;
      const doc = parseJson(payload);
      last = doc instanceof Error ? null : doc;
      paint();
      return true;
    },
  };
}

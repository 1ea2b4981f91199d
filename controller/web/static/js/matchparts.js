// The parts of a match both the live page and the replay show, written once: the scoreline's score and
// clocks (after the page's own board name in <header class="scoreline" data-part="scoreline">), the board
// (<section class="pitch-wrap" data-part="board">) and the match facts (<dl class="facts" data-part="facts">).
// Each page holds those placeholders and imports this module before its own, so the parts are in place
// before sb/live.js looks them up by id. Their words are marked (data-t: sb/i18n.js says them again after a
// language switch).

import { paintSwitches, t } from "sb/i18n.js";

const scoreAndClocks = () => `
    <span class="score"><span class="team team-red" data-t="Red">${t("Red")}</span> <b id="score-red">0</b><span class="dash">–</span><b id="score-blue">0</b> <span class="team team-blue" data-t="Blue">${t("Blue")}</span></span>
    <span class="clocks"><span id="match-clock">00:00</span> <span id="period"></span></span>
    <span class="lang-switch" data-lang-switch></span>`;

// (a t() call inside a quoted attribute of a template is not seen by Babel's extractor: the words come first)
const boardParts = () => {
  const board = t("The board: red defends ranks 1 to 8, blue ranks 9 to 16");
  const legend = t("What the lit squares mean");
  return `
    <svg id="board" data-t-aria-label="The board: red defends ranks 1 to 8, blue ranks 9 to 16" aria-label="${board}"></svg>
    <p id="correction" hidden></p>
    <ul id="legend" data-t-aria-label="What the lit squares mean" aria-label="${legend}"></ul>`;
};

const die = (team, msgid, title) => `<span class="die die-${team}" data-die="${team}" data-t-title="${msgid}" title="${title}">–</span>`;

// One fact a line: [its <dt>, its <dd>]; live.js fills the dd's by these ids.
const facts = () => [
  [`<dt data-t="Phase">${t("Phase")}</dt>`, '<dd id="phase"></dd>'],
  [`<dt data-t="Possession">${t("Possession")}</dt>`, '<dd id="possession">–</dd>'],
  [`<dt id="move-clock-label">${t("Move clock")}</dt>`, '<dd><span id="move-clock"></span></dd>'],
  [`<dt data-t="Dice">${t("Dice")}</dt>`, `<dd id="dice">${die("red", "Red die", t("Red die"))} ${die("blue", "Blue die", t("Blue die"))}</dd>`],
];

export function renderMatchParts(root) {
  const part = (name) => root.querySelector(`[data-part="${name}"]`);
  part("scoreline")?.insertAdjacentHTML("beforeend", scoreAndClocks());
  const board = part("board");
  if (board) {
    board.dataset.tAriaLabel = "The board";
    board.setAttribute("aria-label", t("The board"));
    board.innerHTML = boardParts();
  }
  const box = part("facts");
  if (box) box.innerHTML = facts().map(([dt, dd]) => `\n      <div>${dt}${dd}</div>`).join("");
  paintSwitches();
}

renderMatchParts(document);

// The parts of a match both the live page and the replay show, written once: the scoreline's score and
// clocks (after the page's own board name in <header class="scoreline" data-part="scoreline">), the board
// (<section class="pitch-wrap" data-part="board">) and the match facts (<dl class="facts" data-part="facts">).
// Each page holds those placeholders and imports this module before its own, so the parts are in place
// before sb/live.js looks them up by id.

const BOARD_LABEL = "The board";

const SCORE_AND_CLOCKS = `
    <span class="score"><span class="team team-red">Red</span> <b id="score-red">0</b><span class="dash">–</span><b id="score-blue">0</b> <span class="team team-blue">Blue</span></span>
    <span class="clocks"><span id="match-clock">00:00</span> <span id="period"></span></span>`;

const BOARD = `
    <svg id="board" aria-label="The board: red defends ranks 1 to 8, blue ranks 9 to 16"></svg>
    <p id="correction" hidden></p>
    <ul id="legend" aria-label="What the lit squares mean"></ul>`;

function die(team, name) {
  return `<span class="die die-${team}" data-die="${team}" title="${name} die">–</span>`;
}

// One fact a line: [its <dt>, its <dd>]; live.js fills the dd's by these ids.
const FACTS = [
  ["<dt>Phase</dt>", '<dd id="phase"></dd>'],
  ["<dt>Possession</dt>", '<dd id="possession">–</dd>'],
  ['<dt id="move-clock-label">Move clock</dt>', '<dd><span id="move-clock"></span></dd>'],
  ["<dt>Dice</dt>", `<dd id="dice">${die("red", "Red")} ${die("blue", "Blue")}</dd>`],
];

export function renderMatchParts(root) {
  const part = (name) => root.querySelector(`[data-part="${name}"]`);
  part("scoreline")?.insertAdjacentHTML("beforeend", SCORE_AND_CLOCKS);
  const board = part("board");
  if (board) {
    board.setAttribute("aria-label", BOARD_LABEL);
    board.innerHTML = BOARD;
  }
  const facts = part("facts");
  if (facts) facts.innerHTML = FACTS.map(([dt, dd]) => `\n      <div>${dt}${dd}</div>`).join("");
}

renderMatchParts(document);

// The Soccer The Board Game panel (whose turn, the points left, and per team the star cards, substitutions,
// referee cards and pawns off the board), written once for every page that shows a match: the live page and
// the replay each hold an empty <section id="stbg-panel" hidden> and import this module before their own, so
// the panel is in place before sb/live.js paints it. It stays hidden until a Soccer The Board Game state.

const LABEL = "Turn, star cards, substitutions and referee cards";

// One column a thing a team has: [heading, its tooltip, the cell's data attribute].
const COLUMNS = [
  ["Pass", "Pass cards left", 'data-star="pass"'],
  ["Shoot", "Shoot cards left", 'data-star="shoot"'],
  ["Steal", "Steal cards left", 'data-star="steal"'],
  ["Subs", "Substitutions made / left", "data-subs"],
  ["Cards", "Referee cards of the players", "data-cards"],
  ["Off", "Pawns off the board", "data-off"],
];

function teamRow(t, name) {
  return `<tr data-team="${t}"><th scope="row" class="team-${t}">${name}</th>${COLUMNS.map(([, , attr]) => `<td ${attr}></td>`).join("")}</tr>`;
}

export function renderStbgPanel(section) {
  if (!section) return;
  section.setAttribute("aria-label", LABEL);
  section.innerHTML = `
  <dl class="facts">
    <div><dt>Turn</dt><dd id="stbg-turn">–</dd></div>
    <div><dt>Points left</dt><dd id="points-left">–</dd></div>
  </dl>
  <div class="table-wrap"><table id="team-table">
    <thead><tr><th scope="col"></th>${COLUMNS.map(([head, title]) => `<th scope="col" title="${title}">${head}</th>`).join("")}</tr></thead>
    <tbody>${teamRow("red", "Red")}${teamRow("blue", "Blue")}</tbody>
  </table></div>`;
}

renderStbgPanel(document.getElementById("stbg-panel"));

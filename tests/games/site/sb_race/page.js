// The race's own part of the spectator page (a game's page module, docs/games.md): what the game waits for,
// and where each token stands. The page finds this file through the registry, beside the game's plugin.

export function toAct(snap) {
  const ex = snap?.expects;
  if (!ex || ex.input === "none") return "";
  return `${ex.team}: ${ex.input}`;
}

export const panel = {
  label: "The race",
  html: `<h2>The race</h2><p id="race-tokens"></p>`,
  paint(doc, section) {
    const where = section.querySelector("#race-tokens");
    if (!where) return;
    const tokens = doc?.tokens ?? {};
    const winner = doc?.winner ? `; ${doc.winner} has won` : "";
    where.textContent = `red on ${tokens.red ?? "?"}, blue on ${tokens.blue ?? "?"}${winner}`;
  },
};

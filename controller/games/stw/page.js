// Soccer Tactics WORLD on the spectator page (controller/web/static/js/games.js loads it by the snapshot's
// `ruleset`; docs/games.md): the checks of its snapshot, what its phases wait for, the penalty arcs of its
// pitch, and the simulator's spinner and buttons. Everything else the page shows as for any grid game.

import { KIND, plural, prettyIds, team, waitingTeams } from "sb/words.js";
import { snapshotProblem } from "sb/validate.js";

const SCHEMA = "soccerboard.snapshot/1";
const PAWN_ID = /^(red|blue)-(gk|d[1-4]|m[1-4]|s[12])$/;

const ROLL_FOR = {
  kick_off: "roll to kick off",
  offensive_set: "roll for the offensive set",
  ball_play: "roll to play the ball",
  capture: "roll to go for the loose ball",
  answer: "roll to answer the capture",
  corner_kick: "roll to take the corner",
  battle: "roll for the battle",
  roll_off: "roll off (the lower roll kicks off)",
  shootout_order: "roll for the shoot-out order (the higher roll shoots first)",
  shot: "roll the shooting die",
  shootout: "roll the shooting die",
};

const MOVE_FOR = {
  offensive_set: " (not the ball holder)",
  capture: " towards the ball",
  answer: " to answer the capture",
};

export function check(doc) {
  return snapshotProblem(doc, { schema: SCHEMA, pawnId: PAWN_ID });
}

// What the game waits for, as "Blue: roll to answer the capture".
export function toAct(snap) {
  const ex = snap.expects ?? {};
  const phase = snap.phase;
  if (snap.board?.mismatch) return "The board is out of step: set it as the LEDs show";
  if (snap.board?.question) return `${team(snap.board.question.team)}: confirm which pawn stands where (press confirm)`;
  if (snap.clock?.paused) return "Match paused: press resume to go on";
  const who = ex.team === "both" ? waitingTeams(ex) : ex.team ? team(ex.team) : "";
  const lead = (text) => (who ? `${who}: ${text}` : text.replace(/^./, (c) => c.toUpperCase()));
  const n = ex.roll;
  switch (ex.input) {
    case "roll": {
      if (ex.dice) return lead(ex.dice >= 2 ? "roll both dice for the keeper's kick" : "roll the second die for the keeper's kick");
      const what = ROLL_FOR[phase] ?? "roll";
      return lead(what + (ex.or === "keeper_step" ? " (or step with the keeper)" : ""));
    }
    case "move":
      return lead(`move a pawn ${plural(n, "square")}${MOVE_FOR[phase] ?? ""}`);
    case "ball":
      return lead(`play the ball ${plural(n, "square")}` + (n === 1 && phase !== "kick_off" ? " or dribble" : ""));
    case "spin":
      return lead(phase === "shootout" ? "spin for the shoot-out kick" : "spin for the shot");
    case "place":
      return lead("place a pawn for the corner, or press confirm");
    case "setup": {
      const r = snap.restart;
      if (!r) return "Set up the restart";
      const todo = Array.isArray(r.todo) && r.todo.length ? `: ${r.todo.map(prettyIds).join("; ")}` : "";
      return `Set up the ${KIND[r.kind] ?? String(r.kind).replace(/_/g, " ")} for ${team(r.team)}${todo}` +
        (r.declinable ? ` (${team(r.team)} may press decline)` : "");
    }
    case "none":
      if (phase === "full_time") return snap.winner ? `Full time: ${team(snap.winner)} wins` : "Full time: a draw";
      return "";
    default:
      return ex.input ? lead(String(ex.input)) : "";
  }
}

// The penalty arcs (d4 e4, d13 e13) outside each penalty area; the goal area is two squares.
export const pitch = { arcs: true, goalSpace: false };

// The simulator: a pawn or the ball is lifted and put down; the spinner; decline, confirm and undo.
export const sim = {
  hint: "Click a pawn or the ball to lift it, then a square to put it down (shift-click lifts a second token).",
  controls: `
      <div class="row stw-only">
        <span>Spin:</span>
        <button type="button" data-spin="goal">Goal</button>
        <button type="button" data-spin="corner">Corner</button>
        <button type="button" data-spin="goal_kick">Goal kick</button>
      </div>
      <div class="row stw-only">
        <button type="button" data-press="decline">Decline</button>
        <button type="button" data-press="confirm">Confirm</button>
        <button type="button" data-press="undo">Undo</button>
      </div>`,
};

// Soccer Tactics WORLD on the spectator page (controller/web/static/js/games.js loads it by the snapshot's
// `ruleset`; docs/games.md): the checks of its snapshot, what its phases wait for, the penalty arcs of its
// pitch, and the simulator's spinner and buttons. Everything else the page shows as for any grid game.

import { t } from "sb/i18n.js";
import { kindName, team, todoText, waitingTeams } from "sb/words.js";
import { snapshotProblem } from "sb/validate.js";

const SCHEMA = "soccerboard.snapshot/1";
const PAWN_ID = /^(red|blue)-(gk|d[1-4]|m[1-4]|s[12])$/;

// What each phase's roll is for, said when shown (the language may change between two paints).
const ROLL_FOR = {
  kick_off: () => t("roll to kick off"),
  offensive_set: () => t("roll for the offensive set"),
  ball_play: () => t("roll to play the ball"),
  capture: () => t("roll to go for the loose ball"),
  answer: () => t("roll to answer the capture"),
  corner_kick: () => t("roll to take the corner"),
  battle: () => t("roll for the battle"),
  roll_off: () => t("roll off (the lower roll kicks off)"),
  shootout_order: () => t("roll for the shoot-out order (the higher roll shoots first)"),
  shot: () => t("roll the shooting die"),
  shootout: () => t("roll the shooting die"),
};

const MOVE_FOR = {
  offensive_set: () => t(" (not the ball holder)"),
  capture: () => t(" towards the ball"),
  answer: () => t(" to answer the capture"),
};

export function check(doc) {
  return snapshotProblem(doc, { schema: SCHEMA, pawnId: PAWN_ID });
}

// What the game waits for, as "Blue: roll to answer the capture".
export function toAct(snap) {
  const ex = snap.expects ?? {};
  const phase = snap.phase;
  if (snap.board?.mismatch) return t("The board is out of step: set it as the LEDs show");
  if (snap.board?.question) return t("{team}: confirm which pawn stands where (press confirm)", { team: team(snap.board.question.team) });
  if (snap.clock?.paused) return t("Match paused: press resume to go on");
  const who = ex.team === "both" ? waitingTeams(ex) : ex.team ? team(ex.team) : "";
  const lead = (text) => (who ? t("{who}: {what}", { who, what: text }) : text.replace(/^./, (c) => c.toUpperCase()));
  const n = ex.roll;
  switch (ex.input) {
    case "roll": {
      if (ex.dice) return lead(ex.dice >= 2 ? t("roll both dice for the keeper's kick") : t("roll the second die for the keeper's kick"));
      const what = ROLL_FOR[phase]?.() ?? t("roll");
      return lead(what + (ex.or === "keeper_step" ? t(" (or step with the keeper)") : ""));
    }
    case "move":
      return lead((n === 1 ? t("move a pawn 1 square") : t("move a pawn {n} squares", { n })) + (MOVE_FOR[phase]?.() ?? ""));
    case "ball":
      return lead((n === 1 ? t("play the ball 1 square") : t("play the ball {n} squares", { n })) +
        (n === 1 && phase !== "kick_off" ? t(" or dribble") : ""));
    case "spin":
      return lead(phase === "shootout" ? t("spin for the shoot-out kick") : t("spin for the shot"));
    case "place":
      return lead(t("place a pawn for the corner, or press confirm"));
    case "setup": {
      const r = snap.restart;
      if (!r) return t("Set up the restart");
      const items = todoText(r.todo, r.todo_say);
      const todo = items ? `: ${items}` : "";
      return t("Set up the {kind} for {team}", { kind: kindName(r.kind), team: team(r.team) }) + todo +
        (r.declinable ? t(" ({team} may press decline)", { team: team(r.team) }) : "");
    }
    case "none":
      if (phase === "full_time") return snap.winner ? t("Full time: {team} wins", { team: team(snap.winner) }) : t("Full time: a draw");
      return "";
    default:
      return ex.input ? lead(String(ex.input)) : "";
  }
}

// The penalty arcs (d4 e4, d13 e13) outside each penalty area; the goal area is two squares.
export const pitch = { arcs: true, goalSpace: false };

// The simulator: a pawn or the ball is lifted and put down; the spinner; decline, confirm and undo.
export const sim = {
  get hint() {
    return t("Click a pawn or the ball to lift it, then a square to put it down (shift-click lifts a second token).");
  },
  get controls() {
    return `
      <div class="row stw-only">
        <span>${t("Spin:")}</span>
        <button type="button" data-spin="goal">${t("Goal")}</button>
        <button type="button" data-spin="corner">${t("Corner")}</button>
        <button type="button" data-spin="goal_kick">${t("Goal kick")}</button>
      </div>
      <div class="row stw-only">
        <button type="button" data-press="decline">${t("Decline")}</button>
        <button type="button" data-press="confirm">${t("Confirm")}</button>
        <button type="button" data-press="undo">${t("Undo")}</button>
      </div>`;
  },
};

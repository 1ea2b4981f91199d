"""Soccer Tactics WORLD in words: a sentence per event the engine emits, and those its match story tells
(controller/story.py). The spectator page's controller/web/static/js/words.js says the same."""
from __future__ import annotations

from collections.abc import Callable

from controller.story import Sentences, full_time, half, on, pawn_name, pawn_or_team, period_name, score, team, words

_KIND = {"free_kick": "free kick", "goal_kick": "goal kick", "corner": "corner", "penalty": "penalty kick"}


def _foul(e: dict) -> str:
    if e.get("kind") == "minor":
        return f"Minor foul by {team(e.get('team'))}" + (f" ({words(e['reason'])})" if e.get("reason") else "")
    return f"Foul by {pawn_or_team(e)}{on(e.get('square'))}"


def _restart_ready(e: dict) -> str:
    kind = _KIND.get(e.get("kind"), words(e.get("kind") or "restart"))      # type: ignore[arg-type]
    return f"{kind[:1].upper()}{kind[1:]} ready: {team(e.get('team'))} to play"


def _shootout_kick(e: dict) -> str:
    what = "scores" if e.get("scored") else f"misses ({words(e.get('outcome') or '')})"
    return f"Shoot-out: {team(e.get('team'))} {what}" + (f", {score(e['tally'])}" if e.get("tally") else "")


SAY: dict[str, Callable[[dict], str]] = {
    "kick_off": lambda e: f"Kick-off: {team(e.get('team'))}" + (f" ({half(e)})" if (e.get("period") or 1) > 1 else ""),
    "clock_started": lambda e: f"The clock is running ({half(e)})",
    "roll_off_tie": lambda e: f"Roll-off tied at {e.get('value')}: roll again",
    "roll_off": lambda e: (f"Roll-off: {team(e['winner'])} wins and kicks off" if "winner" in e and "red" not in e
                           else f"Roll-off: Red {e.get('red')}, Blue {e.get('blue')}; "
                                f"{team(e.get('kickoff'))} kicks off"),
    # a possession naming no pawn (the team null): nobody holds the ball
    "possession": lambda e: (f"{pawn_name(e.get('pawn'))} wins the ball{on(e.get('square'))}"
                             + (f" ({words(e['how'])})" if e.get("how") else "")) if e.get("pawn") or "team" not in e
                            else "The ball is loose",
    "ball_played": lambda e: f"{pawn_or_team(e)} plays the ball {e.get('frm') or '?'} to {e.get('to') or '?'}",
    "interception": lambda e: f"{pawn_name(e.get('pawn'))} intercepts{on(e.get('square'))}",
    "direct_pass": lambda e: f"Direct pass to {pawn_name(e.get('pawn'))}{on(e.get('square'))}",
    "dribble": lambda e: f"{pawn_name(e.get('pawn'))} dribbles {e.get('frm') or '?'} to {e.get('to') or '?'}",
    "offside": lambda e: f"{pawn_name(e['pawn'])} is offside" if e.get("pawn")
                         else f"{team(e.get('team'))} offside in the goal area",
    "capture": lambda e: f"{pawn_name(e.get('pawn'))} takes the ball{on(e.get('square'))}",
    "battle": lambda e: f"Battle{on(e.get('square'))}: "
                        + (f"{pawn_name(e.get('pawn'))} challenges {pawn_name(e['holder'])}" if "holder" in e else
                           " against ".join(map(pawn_name, e["pawns"])) if isinstance(e.get("pawns"), list) else "?"),
    "battle_tie": lambda e: f"Battle tied {e.get('red')}-{e.get('blue')}: roll again",
    "battle_won": lambda e: f"{pawn_name(e.get('pawn'))} wins the battle"
                            + (f" (Red {e.get('red')}, Blue {e.get('blue')})" if "red" in e or "blue" in e else ""),
    "foul": _foul,
    "penalty_kick": lambda e: f"Penalty to {team(e.get('team'))}!",
    "yellow_card": lambda e: f"Yellow card for {pawn_name(e.get('pawn'))}",
    "red_card": lambda e: f"Red card for {pawn_name(e.get('pawn'))}: sent off",
    "shot": lambda e: f"{'Penalty kick' if e.get('penalty') else 'Shot'} by {pawn_name(e.get('pawn'))}"
                      + (f" from {e['square']}" if e.get("square") else ""),
    "goal": lambda e: f"GOAL! {team(e.get('team'))} {score(e.get('score'))}".strip(),
    "goal_kick": lambda e: f"Goal kick to {team(e.get('team'))}",
    "free_kick": lambda e: f"Free kick to {team(e.get('team'))}"
                           + (f" on {e['square']}" if e.get("square") else " (centre circle)"),
    "corner_kick": lambda e: f"Corner to {team(e.get('team'))}" + (f" from {e['square']}" if e.get("square") else ""),
    "free_kick_declined": lambda e: f"{team(e.get('team'))} declines the free kick",
    "restart_ready": _restart_ready,
    "placement": lambda e: f"{pawn_name(e.get('pawn'))} placed on {e.get('square') or '?'}"
                           + (f" ({e['n']} of 3)" if e.get("n") else ""),
    "placements_done": lambda e: f"{team(e['team'])} has finished placing" if e.get("team")
                                 else "Placements done: the corner is taken",
    "reroll": lambda e: f"{team(e.get('team'))} rolled {e.get('roll')}: no ball play for it, roll again",
    "roll_lapsed": lambda e: f"{team(e.get('team'))}'s roll of {e.get('roll')} lapses: no pawn can make that move",
    "move_clock_expired": lambda e: f"{team(e.get('team'))}'s move clock ran out",
    "reset_clock_expired": lambda e: "The set-up clock ran out"
                                     + (f" ({_KIND.get(e['kind'], e['kind'])})" if e.get("kind") else ""),
    "time_up": lambda e: f"Time is up in the {period_name(e.get('period'))}: the chance is played out",
    "half_time": lambda e: f"Half time: Red {score(e.get('score'))} Blue",
    "period_end": lambda e: f"End of the {period_name(e.get('period'))}: Red {score(e.get('score'))} Blue",
    "extra_time": lambda e: "Extra time",
    "shootout": lambda e: "Penalty shoot-out",
    "shootout_order": lambda e: f"{team(e.get('first'))} shoots first (Red {e.get('red')}, Blue {e.get('blue')})",
    "shootout_kick": _shootout_kick,
    "full_time": full_time,
    "paused": lambda e: "Match paused",
    "resumed": lambda e: "Match resumed",
}

# the events a match's story is told with; `--quiet` keeps goals, cards and the result
TOLD = frozenset({
    "kick_off", "goal", "yellow_card", "red_card", "penalty_kick", "corner_kick", "goal_kick", "offside",
    "free_kick", "shot", "half_time", "period_end", "extra_time", "shootout", "shootout_order",
    "shootout_kick", "full_time", "move_clock_expired"})
QUIET = frozenset({"goal", "yellow_card", "red_card", "full_time"})


def sentences() -> Sentences:
    """The game's words, for the registry (plugin.GAME.sentences)."""
    return Sentences(say=SAY, told=TOLD, quiet=QUIET)

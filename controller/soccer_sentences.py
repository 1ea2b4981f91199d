"""What the events every soccer game on the board shares say (a kick-off, a goal, a card, a restart, the
shoot-out), defined once: a soccer game's sentences (controller/games/<pkg>/sentences.py) start from these and
add or replace its own. The spectator page's controller/web/static/js/words.js says the same."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from controller.story import full_time, half, on, pawn_name, period_name, score, team, words


def _shootout_kick(e: dict[str, Any]) -> str:
    what = "scores" if e.get("scored") else f"misses ({words(e.get('outcome') or '')})"
    return f"Shoot-out: {team(e.get('team'))} {what}" + (f", {score(e['tally'])}" if e.get("tally") else "")


SOCCER_SAY: dict[str, Callable[[dict[str, Any]], str]] = {
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
    "offside": lambda e: f"{pawn_name(e['pawn'])} is offside" if e.get("pawn")
                         else f"{team(e.get('team'))} offside in the goal area",
    "battle": lambda e: f"Battle{on(e.get('square'))}: "
                        + (f"{pawn_name(e.get('pawn'))} challenges {pawn_name(e['holder'])}" if "holder" in e else
                           " against ".join(map(pawn_name, e["pawns"])) if isinstance(e.get("pawns"), list) else "?"),
    "battle_won": lambda e: f"{pawn_name(e.get('pawn'))} wins the battle"
                            + (f" (Red {e.get('red')}, Blue {e.get('blue')})" if "red" in e or "blue" in e else ""),
    "penalty_kick": lambda e: f"Penalty to {team(e.get('team'))}!",
    "yellow_card": lambda e: f"Yellow card for {pawn_name(e.get('pawn'))}",
    "red_card": lambda e: f"Red card for {pawn_name(e.get('pawn'))}: sent off",
    "goal": lambda e: f"GOAL! {team(e.get('team'))} {score(e.get('score'))}".strip(),
    "goal_kick": lambda e: f"Goal kick to {team(e.get('team'))}",
    "free_kick": lambda e: f"Free kick to {team(e.get('team'))}"
                           + (f" on {e['square']}" if e.get("square") else " (centre circle)"),
    "corner_kick": lambda e: f"Corner to {team(e.get('team'))}" + (f" from {e['square']}" if e.get("square") else ""),
    "placement": lambda e: f"{pawn_name(e.get('pawn'))} placed on {e.get('square') or '?'}"
                           + (f" ({e['n']} of 3)" if e.get("n") else ""),
    "time_up": lambda e: f"Time is up in the {period_name(e.get('period'))}: the chance is played out",
    "half_time": lambda e: f"Half time: Red {score(e.get('score'))} Blue",
    "shootout": lambda e: "Penalty shoot-out",
    "shootout_order": lambda e: f"{team(e.get('first'))} shoots first (Red {e.get('red')}, Blue {e.get('blue')})",
    "shootout_kick": _shootout_kick,
    "full_time": full_time,
}

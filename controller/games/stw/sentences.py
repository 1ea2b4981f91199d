"""Soccer Tactics WORLD in words: a sentence per event the engine emits, and those its match story tells
(controller/story.py). The spectator page's controller/web/static/js/words.js says the same."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from controller.soccer_sentences import SOCCER_SAY
from controller.story import Sentences, on, pawn_name, pawn_or_team, period_name, score, team, words

_KIND = {"free_kick": "free kick", "goal_kick": "goal kick", "corner": "corner", "penalty": "penalty kick"}


def _foul(e: dict[str, Any]) -> str:
    if e.get("kind") == "minor":
        return f"Minor foul by {team(e.get('team'))}" + (f" ({words(e['reason'])})" if e.get("reason") else "")
    return f"Foul by {pawn_or_team(e)}{on(e.get('square'))}"


def _restart_ready(e: dict[str, Any]) -> str:
    kind = _KIND.get(e.get("kind"), words(e.get("kind") or "restart"))      # type: ignore[arg-type]
    return f"{kind[:1].upper()}{kind[1:]} ready: {team(e.get('team'))} to play"



SAY: dict[str, Callable[[dict[str, Any]], str]] = {
    **SOCCER_SAY,
    "ball_played": lambda e: f"{pawn_or_team(e)} plays the ball {e.get('frm') or '?'} to {e.get('to') or '?'}",
    "interception": lambda e: f"{pawn_name(e.get('pawn'))} intercepts{on(e.get('square'))}",
    "direct_pass": lambda e: f"Direct pass to {pawn_name(e.get('pawn'))}{on(e.get('square'))}",
    "dribble": lambda e: f"{pawn_name(e.get('pawn'))} dribbles {e.get('frm') or '?'} to {e.get('to') or '?'}",
    "capture": lambda e: f"{pawn_name(e.get('pawn'))} takes the ball{on(e.get('square'))}",
    "battle_tie": lambda e: f"Battle tied {e.get('red')}-{e.get('blue')}: roll again",
    "foul": _foul,
    "shot": lambda e: f"{'Penalty kick' if e.get('penalty') else 'Shot'} by {pawn_name(e.get('pawn'))}"
                      + (f" from {e['square']}" if e.get("square") else ""),
    "free_kick_declined": lambda e: f"{team(e.get('team'))} declines the free kick",
    "restart_ready": _restart_ready,
    "placements_done": lambda e: f"{team(e['team'])} has finished placing" if e.get("team")
                                 else "Placements done: the corner is taken",
    "reroll": lambda e: f"{team(e.get('team'))} rolled {e.get('roll')}: no ball play for it, roll again",
    "roll_lapsed": lambda e: f"{team(e.get('team'))}'s roll of {e.get('roll')} lapses: no pawn can make that move",
    "move_clock_expired": lambda e: f"{team(e.get('team'))}'s move clock ran out",
    "reset_clock_expired": lambda e: "The set-up clock ran out"
                                     + (f" ({_KIND.get(e['kind'], e['kind'])})" if e.get("kind") else ""),
    "period_end": lambda e: f"End of the {period_name(e.get('period'))}: Red {score(e.get('score'))} Blue",
    "extra_time": lambda e: "Extra time",
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

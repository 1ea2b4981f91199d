"""Soccer The Board Game in words (docs/stbg.md): a sentence per event the engine emits, and those its match
story tells (controller/story.py). The spectator page's controller/web/static/js/words.js says the same."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from controller.soccer_sentences import SOCCER_SAY
from controller.story import Sentences, on, pawn_name, pawn_or_team, team, words

SAY: dict[str, Callable[[dict[str, Any]], str]] = {
    **SOCCER_SAY,
    "fault": lambda e: f"Fault by {pawn_or_team(e)}{on(e.get('square'))}",
    "kick": lambda e: f"{team(e.get('team'))} kicks the ball {e.get('from') or '?'} to {e.get('to') or '?'}",
    "scoring_chance": lambda e: f"Scoring chance for {team(e.get('team'))}{on(e.get('square'))}",
    "save": lambda e: f"Saved by {pawn_or_team(e)}",
    "verbal_warning": lambda e: f"Verbal warning for {pawn_name(e.get('pawn'))}",
    "substitution": lambda e: f"Substitution: {pawn_name(e.get('pawn'))}'s yellow card is discarded"
                              + (f" ({e['count']} of 3)" if e.get("count") else ""),
    "turn_skipped": lambda e: f"{team(e.get('team'))}'s turn is skipped (substitution)",
    "turn_end": lambda e: f"{team(e.get('team'))}'s turn ends"
                          + (f" ({words(e['reason'])})" if e.get("reason") else ""),
    "turn_clock_expired": lambda e: f"{team(e.get('team'))}'s turn clock ran out"
                                    + (f": {e['points_lost']} points lost" if e.get("points_lost") else ""),
    "star_card": lambda e: f"{team(e.get('team'))} plays a star card: {words(e.get('card') or '?')}",
    "setup_done": lambda e: f"{team(e.get('team'))} is set up",
    "hand_declared": lambda e: f"{team(e.get('team'))} declares its star cards",
    "abandoned": lambda e: f"Match abandoned: {team(e.get('team'))} has {e.get('players', '?')} players left",
}

# the events a match's story is told with; `--quiet` keeps goals, cards and the result
TOLD = frozenset({
    "kick_off", "goal", "yellow_card", "red_card", "penalty_kick", "corner_kick", "goal_kick", "offside",
    "free_kick", "half_time", "shootout", "shootout_order", "shootout_kick", "full_time",
    "fault", "save", "verbal_warning", "substitution", "turn_skipped", "turn_clock_expired", "abandoned"})
QUIET = frozenset({"goal", "yellow_card", "red_card", "full_time"})


def sentences() -> Sentences:
    """The game's words, for the registry (plugin.GAME.sentences)."""
    return Sentences(say=SAY, told=TOLD, quiet=QUIET)

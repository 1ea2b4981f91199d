"""Soccer The Board Game in words (docs/stbg.md): a sentence per event the engine emits, and those its match
story tells (controller/story.py). The spectator page's controller/web/static/js/words.js says the same. Each
sentence is a `say` (controller/i18n): English, and said in the reader's language at the edges."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from controller.i18n import say
from controller.seam import Sentences
from controller.soccer_sentences import SOCCER_SAY
from controller.story import on, pawn_name, pawn_or_team, team, words


def _substitution(e: dict[str, Any]) -> str:
    if e.get("count"):
        return say("Substitution: {pawn}'s yellow card is discarded ({count} of 3)", pawn=pawn_name(e.get("pawn")),
                   count=e["count"])
    return say("Substitution: {pawn}'s yellow card is discarded", pawn=pawn_name(e.get("pawn")))


def _turn_end(e: dict[str, Any]) -> str:
    if e.get("reason"):
        return say("{team}'s turn ends ({reason})", team=team(e.get("team")), reason=words(e["reason"]))
    return say("{team}'s turn ends", team=team(e.get("team")))


def _turn_clock_expired(e: dict[str, Any]) -> str:
    if e.get("points_lost"):
        return say("{team}'s turn clock ran out: {points} points lost", team=team(e.get("team")),
                   points=e["points_lost"])
    return say("{team}'s turn clock ran out", team=team(e.get("team")))


SAY: dict[str, Callable[[dict[str, Any]], str]] = {
    **SOCCER_SAY,
    "fault": lambda e: say("Fault by {who}{on}", who=pawn_or_team(e), on=on(e.get("square"))),
    "kick": lambda e: say("{team} kicks the ball {frm} to {to}", team=team(e.get("team")), frm=e.get("from") or "?",
                          to=e.get("to") or "?"),
    "scoring_chance": lambda e: say("Scoring chance for {team}{on}", team=team(e.get("team")), on=on(e.get("square"))),
    "save": lambda e: say("Saved by {who}", who=pawn_or_team(e)),
    "verbal_warning": lambda e: say("Verbal warning for {pawn}", pawn=pawn_name(e.get("pawn"))),
    "substitution": _substitution,
    "turn_skipped": lambda e: say("{team}'s turn is skipped (substitution)", team=team(e.get("team"))),
    "turn_end": _turn_end,
    "turn_clock_expired": _turn_clock_expired,
    "star_card": lambda e: say("{team} plays a star card: {card}", team=team(e.get("team")),
                               card=words(e.get("card") or "?")),
    "setup_done": lambda e: say("{team} is set up", team=team(e.get("team"))),
    "hand_declared": lambda e: say("{team} declares its star cards", team=team(e.get("team"))),
    "abandoned": lambda e: say("Match abandoned: {team} has {players} players left", team=team(e.get("team")),
                               players=e.get("players", "?")),
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

"""Soccer!! in words: a sentence per event the engine emits, with its dice, modifiers, total and need, for the
match story (controller/story.py)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from controller.soccer_sentences import SOCCER_SAY
from controller.story import Sentences, team, words


def _dice(e: dict[str, Any]) -> str:
    """' (dice 3+2, +1, total 6, need 3)': what a roll decided, when the event carries it."""
    parts = []
    if e.get("dice"):
        parts.append("dice " + "+".join(str(v) for v in e["dice"]))
    if e.get("modifier"):
        parts.append(f"{e['modifier']:+d}")
    if e.get("total") is not None:
        parts.append(f"total {e['total']}")
    if e.get("need") is not None:
        parts.append(f"need {e['need']}")
    return f" ({', '.join(parts)})" if parts else ""


def _who(mid: Any) -> str:
    return str(mid) if mid else "?"


SAY: dict[str, Callable[[dict[str, Any]], str]] = {
    **SOCCER_SAY,
    "roster": lambda e: f"{team(e.get('team'))}'s roster: {e.get('points')} points",
    "kick_off": lambda e: f"{team(e.get('team'))} kicks off: {_who(e.get('from'))} to {_who(e.get('to'))}",
    "phase": lambda e: f"Turn {e.get('turn')}: {team(e.get('team'))}'s movement phase",
    "awareness_test": lambda e: f"Awareness test, {_who(e.get('model'))} against {_who(e.get('opponent'))}: "
                                f"{words(e.get('winner') or '?')} wins{_dice(e)}",
    "pass": lambda e: f"{_who(e.get('model'))} passes to {_who(e.get('to'))}, {e.get('cm')}: "
                      f"{words(e.get('result') or '?')}{_dice(e)}",
    "header": lambda e: f"{_who(e.get('model'))} heads to {_who(e.get('to'))}: {words(e.get('result') or '?')}"
                        f"{_dice(e)}",
    "deviation": lambda e: f"The ball deviates: arrow {e.get('direction')}, {e.get('cm')}{_dice(e)}",
    "claim": lambda e: f"{_who(e.get('model'))} claims the ball; others within {e.get('radius_cm')} may follow "
                       f"{e.get('follow_cm')}{_dice(e)}",
    "possession": lambda e: f"{team(e.get('team'))} has the ball ({_who(e.get('model'))})",
    "neutralized": lambda e: f"{_who(e.get('model'))} is neutralized",
    "keeper": lambda e: f"{_who(e.get('model'))} keeps {team(e.get('team'))}'s goal (SV {e.get('SV')})",
    "half_length": lambda e: f"This half lasts {e.get('turns')} turns ({e.get('counted')} counted)",
    "turn_end": lambda e: f"End of turn {e.get('turn')}",
    "dispute": lambda e: f"Dispute settled: {e.get('text')}{_dice(e)}",
    "offside": lambda e: f"Offside: {_who(e.get('model'))}",
    "keeper_ball": lambda e: f"The ball is in {team(e.get('team'))}'s keeper's hands",
}

TOLD = frozenset({"kick_off", "goal", "yellow_card", "red_card", "penalty_kick", "corner_kick", "goal_kick",
                  "offside", "direct_kick", "indirect_kick", "throw_in", "half_time", "full_time", "substitution",
                  "shot", "post", "interception", "pass", "header", "deviation", "claim", "awareness_test",
                  "gk_exit", "keeper", "dispute", "half_length"})
QUIET = frozenset({"goal", "yellow_card", "red_card", "full_time"})


def sentences() -> Sentences:
    """The game's words, for the registry (plugin.GAME.sentences)."""
    return Sentences(say=SAY, told=TOLD, quiet=QUIET)

"""Soccer!! in words: a sentence per event the engine emits, with its dice, modifiers, total and need, for the
match story (controller/story.py); distances carry no unit (the match's `units` says cm or in)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from controller.soccer_sentences import SOCCER_SAY
from controller.story import Sentences, score, team, words


def _signed(v: Any) -> str:
    return f"{v:+d}" if isinstance(v, int) else "/".join(f"{x:+d}" for x in v if isinstance(x, int))


def rolled(e: dict[str, Any]) -> str:
    """' (dice 3+2, modifier +1, total 6, need 3)': what a roll decided, when the event carries it."""
    parts = []
    if e.get("dice"):
        parts.append("dice " + "+".join(str(v) for v in e["dice"]))
    for key in ("modifier", "modifiers"):
        if e.get(key) is not None:
            parts.append(f"modifier {_signed(e[key])}")
    for key in ("total", "totals"):
        if e.get(key) is not None:
            parts.append(f"total {e[key] if key == 'total' else '/'.join(map(str, e[key]))}")
    if e.get("need") is not None:
        parts.append(f"need {e['need']}")
    return f" ({', '.join(parts)})" if parts else ""


def _who(mid: Any) -> str:
    return str(mid) if mid else "?"


def _at(e: dict[str, Any]) -> str:
    at = e.get("at")
    return f" at {str(at).replace(':', ' ').replace('_', ' ')}" if at and at != "field" else ""


def _restart(name: str) -> Callable[[dict[str, Any]], str]:
    return lambda e: f"{words(name).capitalize()} to {team(e.get('team'))}{_at(e)}{rolled(e)}"


def _pass(e: dict[str, Any]) -> str:
    what = words(e["restart"]) if e.get("restart") else "passes"
    return (f"{_who(e.get('model'))} {what} to {_who(e.get('to'))}"
            + (f", {e['cm']}" if e.get("cm") is not None else "") + f": {words(e.get('result') or '?')}"
            + rolled(e))


SAY: dict[str, Callable[[dict[str, Any]], str]] = {
    **SOCCER_SAY,
    "roster": lambda e: f"{team(e.get('team'))}'s roster: {e.get('points')} points",
    "kick_off": lambda e: f"{team(e.get('team'))} kicks off: {_who(e.get('from'))} to {_who(e.get('to'))}",
    "phase": lambda e: f"Turn {e.get('turn')}: {team(e.get('team'))}'s movement phase",
    "awareness_test": lambda e: f"Awareness test, {_who(e.get('model'))} against {_who(e.get('opponent'))}: "
                                + (f"{e['winner']} wins" if e.get("winner") else "tied, roll again") + rolled(e),
    "pass": _pass,
    "header": lambda e: f"{_who(e.get('model'))} heads to {_who(e.get('to'))}: {words(e.get('result') or '?')}"
                        f"{rolled(e)}",
    "deviation": lambda e: f"The ball deviates: arrow {e.get('direction')} ({words(e.get('arrow') or '?')}), "
                           f"{e.get('cm')}{rolled(e)}",
    "claim": lambda e: f"{_who(e.get('model'))} claims the ball; others within {e.get('radius_cm')} may follow "
                       f"{e.get('follow_cm')}{rolled(e)}",
    "possession": lambda e: f"{team(e.get('team'))} has the ball ({_who(e.get('model'))})",
    "interception": lambda e: f"{_who(e.get('model'))} challenges {_who(e.get('holder'))}: "
                              f"{words(e.get('result') or '?')}{rolled(e)}",
    "neutralized": lambda e: f"{_who(e.get('model'))} is neutralized",
    "foul": lambda e: f"Foul by {_who(e.get('model'))}{_at(e)}{rolled(e)}",
    "yellow_card": lambda e: f"Yellow card for {_who(e.get('model'))}",
    "red_card": lambda e: f"Red card for {_who(e.get('model'))}: sent off",
    "throw_in": _restart("throw_in"),
    "corner_kick": _restart("corner_kick"),
    "goal_kick": _restart("goal_kick"),
    "direct_kick": _restart("direct_kick"),
    "indirect_kick": _restart("indirect_kick"),
    "penalty_kick": lambda e: f"Penalty to {team(e.get('team'))}!{rolled(e)}",
    "keeper_ball": lambda e: f"The ball is in {team(e.get('team'))}'s keeper's hands{rolled(e)}",
    "shot": lambda e: f"{_who(e.get('model'))} shoots{_at(e)}: {words(e.get('result') or '?')}{rolled(e)}",
    "post": lambda e: f"The ball hits the post ({words(e.get('post') or '?')}){rolled(e)}",
    "gk_exit": lambda e: f"{_who(e.get('model'))} comes out, {e.get('cm')}: {words(e.get('result') or '?')}"
                         f"{rolled(e)}",
    "goal": lambda e: f"GOAL! {team(e.get('team'))}" + (f" ({e['model']})" if e.get("model") else "")
                      + f" {score(e.get('score'))}".rstrip() + rolled(e),
    "offside": lambda e: f"Offside: {_who(e.get('model'))}",
    "substitution": lambda e: f"Substitution for {team(e.get('team'))}: {_who(e.get('on'))} on for "
                              f"{_who(e.get('off'))} ({e.get('left')} left)",
    "keeper": lambda e: f"{_who(e.get('model'))} keeps {team(e.get('team'))}'s goal (SV {e.get('SV')})",
    "half_length": lambda e: f"This half lasts {e.get('turns')} turns ({e.get('counted')} counted)",
    "turn_end": lambda e: f"End of turn {e.get('turn')}",
    "dispute": lambda e: f"Dispute settled: {e.get('settles')}{rolled(e)}",
}

TOLD = frozenset({"kick_off", "goal", "yellow_card", "red_card", "penalty_kick", "corner_kick", "goal_kick",
                  "offside", "direct_kick", "indirect_kick", "throw_in", "keeper_ball", "half_time", "full_time",
                  "substitution", "shot", "post", "interception", "foul", "pass", "header", "deviation", "claim",
                  "awareness_test", "gk_exit", "keeper", "dispute", "half_length", "neutralized"})
QUIET = frozenset({"goal", "yellow_card", "red_card", "full_time"})


def sentences() -> Sentences:
    """The game's words, for the registry (plugin.GAME.sentences)."""
    return Sentences(say=SAY, told=TOLD, quiet=QUIET)

"""Soccer!! in words: a sentence per event the engine emits, with its dice, modifiers, total and need, for the
match story (controller/story.py); distances carry no unit (the match's `units` says cm or in). Each sentence
is a `say` (controller/i18n): English, and said in the reader's language at the edges."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from controller.i18n import N_, Say, say
from controller.seam import Sentences
from controller.soccer_sentences import SOCCER_SAY
from controller.story import score, team, words

from .areas import area_words


def _signed(v: Any) -> str:
    return f"{v:+d}" if isinstance(v, int) else "/".join(f"{x:+d}" for x in v if isinstance(x, int))


def rolled(e: dict[str, Any]) -> str:
    """' (dice 3+2, modifier +1, total 6, need 3)': what a roll decided, when the event carries it."""
    parts: list[Say] = []
    if e.get("dice"):
        parts.append(say("dice {dice}", dice="+".join(str(v) for v in e["dice"])))
    for key in ("modifier", "modifiers"):
        if e.get(key) is not None:
            parts.append(say("modifier {modifier}", modifier=_signed(e[key])))
    for key in ("total", "totals"):
        if e.get(key) is not None:
            parts.append(say("total {total}", total=e[key] if key == "total" else "/".join(map(str, e[key]))))
    if e.get("need") is not None:
        parts.append(say("need {need}", need=e["need"]))
    return say(" ({parts})", parts=parts) if parts else ""


def _who(mid: Any) -> str:
    return str(mid) if mid else "?"


def _at(e: dict[str, Any]) -> str:
    at = e.get("at")
    return say(" at {place}", place=area_words(str(at))) if at and at != "field" else ""


_RESTART = {"throw_in": N_("Throw in to {team}{at}{rolled}"), "corner_kick": N_("Corner kick to {team}{at}{rolled}"),
            "goal_kick": N_("Goal kick to {team}{at}{rolled}"), "direct_kick": N_("Direct kick to {team}{at}{rolled}"),
            "indirect_kick": N_("Indirect kick to {team}{at}{rolled}")}


def _restart(name: str) -> Callable[[dict[str, Any]], str]:
    return lambda e: say(_RESTART[name].msg, team=team(e.get("team")), at=_at(e), rolled=rolled(e))


def _pass(e: dict[str, Any]) -> str:
    cm = f", {e['cm']}" if e.get("cm") is not None else ""
    result = words(e.get("result") or "?")
    if e.get("restart"):
        return say("{model} {restart} to {to}{cm}: {result}{rolled}", model=_who(e.get("model")),
                   restart=words(e["restart"]), to=_who(e.get("to")), cm=cm, result=result, rolled=rolled(e))
    return say("{model} passes to {to}{cm}: {result}{rolled}", model=_who(e.get("model")), to=_who(e.get("to")),
               cm=cm, result=result, rolled=rolled(e))


def _awareness(e: dict[str, Any]) -> str:
    model, opponent = _who(e.get("model")), _who(e.get("opponent"))
    if e.get("winner"):
        return say("Awareness test, {model} against {opponent}: {winner} wins{rolled}", model=model,
                   opponent=opponent, winner=e["winner"], rolled=rolled(e))
    return say("Awareness test, {model} against {opponent}: tied, roll again{rolled}", model=model, opponent=opponent,
               rolled=rolled(e))


def _goal(e: dict[str, Any]) -> str:
    scored = say(" {score}", score=score(e.get("score"))) if score(e.get("score")) else ""
    if e.get("model"):
        return say("GOAL! {team} ({model}){score}{rolled}", team=team(e.get("team")), model=e["model"], score=scored,
                   rolled=rolled(e))
    return say("GOAL! {team}{score}{rolled}", team=team(e.get("team")), score=scored, rolled=rolled(e))


SAY: dict[str, Callable[[dict[str, Any]], str]] = {
    **SOCCER_SAY,
    "roster": lambda e: say("{team}'s roster: {points} points", team=team(e.get("team")), points=e.get("points")),
    "kick_off": lambda e: say("{team} kicks off: {frm} to {to}", team=team(e.get("team")), frm=_who(e.get("from")),
                              to=_who(e.get("to"))),
    "phase": lambda e: say("Turn {turn}: {team}'s movement phase", turn=e.get("turn"), team=team(e.get("team"))),
    "awareness_test": _awareness,
    "pass": _pass,
    "header": lambda e: say("{model} heads to {to}: {result}{rolled}", model=_who(e.get("model")),
                            to=_who(e.get("to")), result=words(e.get("result") or "?"), rolled=rolled(e)),
    "deviation": lambda e: say("The ball deviates: arrow {direction} ({arrow}), {cm}{rolled}",
                               direction=e.get("direction"), arrow=words(e.get("arrow") or "?"), cm=e.get("cm"),
                               rolled=rolled(e)),
    "claim": lambda e: say("{model} claims the ball; others within {radius} may follow {follow}{rolled}",
                           model=_who(e.get("model")), radius=e.get("radius_cm"), follow=e.get("follow_cm"),
                           rolled=rolled(e)),
    "possession": lambda e: say("{team} has the ball ({model})", team=team(e.get("team")), model=_who(e.get("model"))),
    "interception": lambda e: say("{model} challenges {holder}: {result}{rolled}", model=_who(e.get("model")),
                                  holder=_who(e.get("holder")), result=words(e.get("result") or "?"),
                                  rolled=rolled(e)),
    "neutralized": lambda e: say("{model} is neutralized", model=_who(e.get("model"))),
    "foul": lambda e: say("Foul by {model}{at}{rolled}", model=_who(e.get("model")), at=_at(e), rolled=rolled(e)),
    "yellow_card": lambda e: say("Yellow card for {pawn}", pawn=_who(e.get("model"))),
    "red_card": lambda e: say("Red card for {pawn}: sent off", pawn=_who(e.get("model"))),
    "throw_in": _restart("throw_in"),
    "corner_kick": _restart("corner_kick"),
    "goal_kick": _restart("goal_kick"),
    "direct_kick": _restart("direct_kick"),
    "indirect_kick": _restart("indirect_kick"),
    "penalty_kick": lambda e: say("Penalty to {team}!{rolled}", team=team(e.get("team")), rolled=rolled(e)),
    "keeper_ball": lambda e: say("The ball is in {team}'s keeper's hands{rolled}", team=team(e.get("team")),
                                 rolled=rolled(e)),
    "shot": lambda e: say("{model} shoots{at}: {result}{rolled}", model=_who(e.get("model")), at=_at(e),
                          result=words(e.get("result") or "?"), rolled=rolled(e)),
    "post": lambda e: say("The ball hits the post ({post}){rolled}", post=words(e.get("post") or "?"),
                          rolled=rolled(e)),
    "gk_exit": lambda e: say("{model} comes out, {cm}: {result}{rolled}", model=_who(e.get("model")), cm=e.get("cm"),
                             result=words(e.get("result") or "?"), rolled=rolled(e)),
    "goal": _goal,
    "offside": lambda e: say("Offside: {model}", model=_who(e.get("model"))),
    "substitution": lambda e: say("Substitution for {team}: {on} on for {off} ({left} left)",
                                  team=team(e.get("team")), on=_who(e.get("on")), off=_who(e.get("off")),
                                  left=e.get("left")),
    "keeper": lambda e: say("{model} keeps {team}'s goal (SV {sv})", model=_who(e.get("model")),
                            team=team(e.get("team")), sv=e.get("SV")),
    "half_length": lambda e: say("This half lasts {turns} turns ({counted} counted)", turns=e.get("turns"),
                                 counted=e.get("counted")),
    "turn_end": lambda e: say("End of turn {turn}", turn=e.get("turn")),
    "dispute": lambda e: say("Dispute settled: {settles}{rolled}", settles=e.get("settles"), rolled=rolled(e)),
}

TOLD = frozenset({"kick_off", "goal", "yellow_card", "red_card", "penalty_kick", "corner_kick", "goal_kick",
                  "offside", "direct_kick", "indirect_kick", "throw_in", "keeper_ball", "half_time", "full_time",
                  "substitution", "shot", "post", "interception", "foul", "pass", "header", "deviation", "claim",
                  "awareness_test", "gk_exit", "keeper", "dispute", "half_length", "neutralized"})
QUIET = frozenset({"goal", "yellow_card", "red_card", "full_time"})


def sentences() -> Sentences:
    """The game's words, for the registry (plugin.GAME.sentences)."""
    return Sentences(say=SAY, told=TOLD, quiet=QUIET)

"""Soccer Tactics WORLD in words: a sentence per event the engine emits, and those its match story tells
(controller/story.py). The spectator page's controller/web/static/js/words.js says the same. Each sentence is
a `say` (controller/i18n): English, and said in the reader's language at the edges."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from controller.i18n import N_, say
from controller.seam import Sentences
from controller.soccer_sentences import SOCCER_SAY
from controller.story import on, pawn_name, pawn_or_team, period_name, score, team, words

# the phases and the inputs awaited, as the console's status line says them (story.words)
WORDS = (N_("roll off"), N_("kick off"), N_("offensive set"), N_("ball play"), N_("capture"), N_("answer"),
         N_("battle"), N_("shot"), N_("free kick setup"), N_("goal kick setup"), N_("corner setup"),
         N_("corner placement"), N_("corner kick"), N_("penalty setup"), N_("shootout order"), N_("shootout"),
         N_("full time"), N_("ball"), N_("place"), N_("roll"), N_("setup"), N_("act"), N_("move"), N_("spin"),
         N_("none"))
_KIND = {"free_kick": N_("free kick"), "goal_kick": N_("goal kick"), "corner": N_("corner"),
         "penalty": N_("penalty kick")}
_READY = {"free_kick": N_("Free kick ready: {team} to play"), "goal_kick": N_("Goal kick ready: {team} to play"),
          "corner": N_("Corner ready: {team} to play"), "penalty": N_("Penalty kick ready: {team} to play")}


def _foul(e: dict[str, Any]) -> str:
    if e.get("kind") == "minor":
        if e.get("reason"):
            return say("Minor foul by {team} ({reason})", team=team(e.get("team")), reason=words(e["reason"]))
        return say("Minor foul by {team}", team=team(e.get("team")))
    return say("Foul by {who}{on}", who=pawn_or_team(e), on=on(e.get("square")))


def _restart_ready(e: dict[str, Any]) -> str:
    ready = _READY.get(e.get("kind"))      # type: ignore[arg-type]
    if ready is not None:
        return say(ready.msg, team=team(e.get("team")))
    kind = str(words(e.get("kind") or "restart"))
    kind = kind[:1].upper() + kind[1:]
    return say("{kind} ready: {team} to play", kind=kind, team=team(e.get("team")))


def _shot(e: dict[str, Any]) -> str:
    pawn = pawn_name(e.get("pawn"))
    if e.get("penalty"):
        return say("Penalty kick by {pawn} from {square}", pawn=pawn, square=e["square"]) if e.get("square") \
            else say("Penalty kick by {pawn}", pawn=pawn)
    return say("Shot by {pawn} from {square}", pawn=pawn, square=e["square"]) if e.get("square") \
        else say("Shot by {pawn}", pawn=pawn)


def _reset_clock_expired(e: dict[str, Any]) -> str:
    if e.get("kind"):
        return say("The set-up clock ran out ({kind})", kind=_KIND.get(e["kind"], e["kind"]))
    return N_("The set-up clock ran out")


SAY: dict[str, Callable[[dict[str, Any]], str]] = {
    **SOCCER_SAY,
    "ball_played": lambda e: say("{who} plays the ball {frm} to {to}", who=pawn_or_team(e), frm=e.get("frm") or "?",
                                 to=e.get("to") or "?"),
    "interception": lambda e: say("{pawn} intercepts{on}", pawn=pawn_name(e.get("pawn")), on=on(e.get("square"))),
    "direct_pass": lambda e: say("Direct pass to {pawn}{on}", pawn=pawn_name(e.get("pawn")), on=on(e.get("square"))),
    "dribble": lambda e: say("{pawn} dribbles {frm} to {to}", pawn=pawn_name(e.get("pawn")), frm=e.get("frm") or "?",
                             to=e.get("to") or "?"),
    "capture": lambda e: say("{pawn} takes the ball{on}", pawn=pawn_name(e.get("pawn")), on=on(e.get("square"))),
    "battle_tie": lambda e: say("Battle tied {red}-{blue}: roll again", red=e.get("red"), blue=e.get("blue")),
    "foul": _foul,
    "shot": _shot,
    "free_kick_declined": lambda e: say("{team} declines the free kick", team=team(e.get("team"))),
    "restart_ready": _restart_ready,
    "placements_done": lambda e: say("{team} has finished placing", team=team(e["team"])) if e.get("team")
                                 else N_("Placements done: the corner is taken"),
    "reroll": lambda e: say("{team} rolled {roll}: no ball play for it, roll again", team=team(e.get("team")),
                            roll=e.get("roll")),
    "roll_lapsed": lambda e: say("{team}'s roll of {roll} lapses: no pawn can make that move",
                                 team=team(e.get("team")), roll=e.get("roll")),
    "move_clock_expired": lambda e: say("{team}'s move clock ran out", team=team(e.get("team"))),
    "reset_clock_expired": _reset_clock_expired,
    "period_end": lambda e: say("End of the {half}: Red {score} Blue", half=period_name(e.get("period")),
                                score=score(e.get("score"))),
    "extra_time": lambda e: N_("Extra time"),
    "paused": lambda e: N_("Match paused"),
    "resumed": lambda e: N_("Match resumed"),
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

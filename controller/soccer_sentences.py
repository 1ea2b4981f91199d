"""What the events every soccer game on the board shares say (a kick-off, a goal, a card, a restart, the
shoot-out), defined once: a soccer game's sentences (controller/games/<pkg>/sentences.py) start from these and
add or replace its own. The spectator page's controller/web/static/js/words.js says the same. Each sentence is
a `say` (controller/i18n): English, and said in the reader's language at the edges."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from controller.i18n import N_, say
from controller.story import full_time, half, on, pawn_name, period_name, score, team, words

# the codes the soccer games' events carry that the story says as words (words()), marked for the catalogues
WORDS = (N_("pass"), N_("dribble"), N_("capture"), N_("interception"), N_("battle"), N_("kick"), N_("loose"),
         N_("goal"), N_("saved"), N_("wide"), N_("post"), N_("corner"), N_("goal kick"), N_("free kick"),
         N_("penalty"), N_("kick off"), N_("keeper"), N_("missed"), N_("over"), N_("restart"), N_("steal"),
         N_("success"), N_("short"), N_("shoot"), N_("beyond"), N_("deviate"), N_("defender own half"),
         N_("throw in"), N_("save"), N_("long right"), N_("short left"), N_("bar"), N_("back"), N_("keeper roll"),
         N_("closest"), N_("fail"), N_("offence"), N_("indirect kick"), N_("direct kick"), N_("red penalty"),
         N_("blue penalty"), N_("tie"), N_("move clock"), N_("corner kick"))


def _shootout_kick(e: dict[str, Any]) -> str:
    tally = say(", {score}", score=score(e["tally"])) if e.get("tally") else ""
    if e.get("scored"):
        return say("Shoot-out: {team} scores{tally}", team=team(e.get("team")), tally=tally)
    return say("Shoot-out: {team} misses ({outcome}){tally}", team=team(e.get("team")),
               outcome=words(e.get("outcome") or ""), tally=tally)


def _kick_off(e: dict[str, Any]) -> str:
    if (e.get("period") or 1) > 1:
        return say("Kick-off: {team} ({half})", team=team(e.get("team")), half=half(e))
    return say("Kick-off: {team}", team=team(e.get("team")))


def _roll_off(e: dict[str, Any]) -> str:
    if "winner" in e and "red" not in e:
        return say("Roll-off: {team} wins and kicks off", team=team(e["winner"]))
    return say("Roll-off: Red {red}, Blue {blue}; {team} kicks off", red=e.get("red"), blue=e.get("blue"),
               team=team(e.get("kickoff")))


def _possession(e: dict[str, Any]) -> str:
    """A possession naming no pawn (the team null): nobody holds the ball."""
    if not (e.get("pawn") or "team" not in e):
        return N_("The ball is loose")
    if e.get("how"):
        return say("{pawn} wins the ball{on} ({how})", pawn=pawn_name(e.get("pawn")), on=on(e.get("square")),
                   how=words(e["how"]))
    return say("{pawn} wins the ball{on}", pawn=pawn_name(e.get("pawn")), on=on(e.get("square")))


def _battle(e: dict[str, Any]) -> str:
    if "holder" in e:
        who: Any = say("{pawn} challenges {holder}", pawn=pawn_name(e.get("pawn")), holder=pawn_name(e["holder"]))
    elif isinstance(e.get("pawns"), list) and len(e["pawns"]) == 2:
        who = say("{pawn} against {other}", pawn=pawn_name(e["pawns"][0]), other=pawn_name(e["pawns"][1]))
    elif isinstance(e.get("pawns"), list):
        who = " against ".join(map(pawn_name, e["pawns"]))
    else:
        who = "?"
    return say("Battle{on}: {who}", on=on(e.get("square")), who=who)


def _battle_won(e: dict[str, Any]) -> str:
    if "red" in e or "blue" in e:
        return say("{pawn} wins the battle (Red {red}, Blue {blue})", pawn=pawn_name(e.get("pawn")),
                   red=e.get("red"), blue=e.get("blue"))
    return say("{pawn} wins the battle", pawn=pawn_name(e.get("pawn")))


def _free_kick(e: dict[str, Any]) -> str:
    if e.get("square"):
        return say("Free kick to {team} on {square}", team=team(e.get("team")), square=e["square"])
    return say("Free kick to {team} (centre circle)", team=team(e.get("team")))


def _placement(e: dict[str, Any]) -> str:
    if e.get("n"):
        return say("{pawn} placed on {square} ({n} of 3)", pawn=pawn_name(e.get("pawn")),
                   square=e.get("square") or "?", n=e["n"])
    return say("{pawn} placed on {square}", pawn=pawn_name(e.get("pawn")), square=e.get("square") or "?")


def _goal(e: dict[str, Any]) -> str:
    if score(e.get("score")):
        return say("GOAL! {team} {score}", team=team(e.get("team")), score=score(e.get("score")))
    return say("GOAL! {team}", team=team(e.get("team")))


SOCCER_SAY: dict[str, Callable[[dict[str, Any]], str]] = {
    "kick_off": _kick_off,
    "clock_started": lambda e: say("The clock is running ({half})", half=half(e)),
    "roll_off_tie": lambda e: say("Roll-off tied at {value}: roll again", value=e.get("value")),
    "roll_off": _roll_off,
    "possession": _possession,
    "offside": lambda e: say("{pawn} is offside", pawn=pawn_name(e["pawn"])) if e.get("pawn")
                         else say("{team} offside in the goal area", team=team(e.get("team"))),
    "battle": _battle,
    "battle_won": _battle_won,
    "penalty_kick": lambda e: say("Penalty to {team}!", team=team(e.get("team"))),
    "yellow_card": lambda e: say("Yellow card for {pawn}", pawn=pawn_name(e.get("pawn"))),
    "red_card": lambda e: say("Red card for {pawn}: sent off", pawn=pawn_name(e.get("pawn"))),
    "goal": _goal,
    "goal_kick": lambda e: say("Goal kick to {team}", team=team(e.get("team"))),
    "free_kick": _free_kick,
    "corner_kick": lambda e: say("Corner to {team} from {square}", team=team(e.get("team")), square=e["square"])
                             if e.get("square") else say("Corner to {team}", team=team(e.get("team"))),
    "placement": _placement,
    "time_up": lambda e: say("Time is up in the {half}: the chance is played out", half=period_name(e.get("period"))),
    "half_time": lambda e: say("Half time: Red {score} Blue", score=score(e.get("score"))),
    "shootout": lambda e: N_("Penalty shoot-out"),
    "shootout_order": lambda e: say("{team} shoots first (Red {red}, Blue {blue})", team=team(e.get("first")),
                                    red=e.get("red"), blue=e.get("blue")),
    "shootout_kick": _shootout_kick,
    "full_time": full_time,
}

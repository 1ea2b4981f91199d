"""The analysis in words, each a `say` (controller/i18n): the report's section is said in the language in use, the
HTML replay carries them said ({msg, args}) so its page says them in its reader's language. The analysis
document (`report --analyse --json`) keeps its English codes."""
from __future__ import annotations

from functools import reduce
from typing import Any

from controller.i18n import N_, Say, say

from .judge import BLUNDER, INACCURACY, MARKS, MISTAKE, SYMBOL

# the marks as chess sites name them (lichess's Italian: imprecisione, errore, errore grave)
MARK = {BLUNDER: N_("blunder"), MISTAKE: N_("mistake"), INACCURACY: N_("inaccuracy")}
_ONE = {BLUNDER: N_("{n} blunder"), MISTAKE: N_("{n} mistake"), INACCURACY: N_("{n} inaccuracy")}
_MANY = {BLUNDER: N_("{n} blunders"), MISTAKE: N_("{n} mistakes"), INACCURACY: N_("{n} inaccuracies")}
MARKS_NONE = N_("Marks: none")
MARKS_HEAD = N_("Marks:")


def percent(chance: float) -> str:
    return f"{100 * chance:.0f}%"


def team_word(name: str) -> Say:
    """"red" -> the team's name, "Red" (said "Rossi")."""
    return Say(name.capitalize())


def counts(t: dict[str, Any]) -> list[Say]:
    """A team's marks counted, worst last: "0 inaccuracies, 1 mistake, 0 blunders"."""
    return [say((_ONE if t[m] == 1 else _MANY)[m].msg, n=t[m]) for m in reversed(MARKS)]


def accuracy(t: dict[str, Any]) -> str:
    return "-" if t["accuracy"] is None else f"{t['accuracy']}%"


def mark_sentence(d: dict[str, Any]) -> Say:
    """A marked decision in words: who played what, how much it cost, and the better choice (the choices in the
    game's own notation, as data)."""
    return say("{team} {mark} ({symbol}): {played}, win chance {before} -> {after}; better {best}",
               team=team_word(d["team"]), mark=MARK[d["mark"]], symbol=SYMBOL[d["mark"]], played=d["played"],
               before=percent(d["before"]), after=percent(d["after"]), best=d["best"])


def timed_mark(d: dict[str, Any]) -> Say:
    """The marked decision after its match minute, as the replay's mark button says it."""
    return say("{minute} {sentence}", minute=d["minute"], sentence=mark_sentence(d)) if d["minute"] \
        else mark_sentence(d)


def heading(doc: dict[str, Any]) -> Say:
    return say("Analysis (search level {level}, costly-looking choices a decision deeper, {seconds} s; marks by "
               "the drop in win chance: {thresholds})", level=doc["level"], seconds=doc["seconds"],
               thresholds=[say("{mark} {drop}", mark=MARK[name], drop=percent(least))
                           for name, least in doc["thresholds"].items()])


def team_line(team: str, t: dict[str, Any]) -> Say:
    """A team's line of the report's section; `team` as it is shown (said and padded by the caller)."""
    return say("{team}  accuracy {accuracy} over {decisions} decisions: {counts}", team=team,
               accuracy=accuracy(t).rjust(6), decisions=t["decisions"], counts=counts(t))


def caption(doc: dict[str, Any]) -> Say:
    """The win-chance graph's caption: whose chance it draws, and each team's accuracy and marks."""
    each = [say("{team} accuracy {accuracy} ({counts})", team=team_word(name), accuracy=accuracy(t),
                counts=counts(t)) for name, t in doc["teams"].items()]
    return say("Red's chance of winning (search level {level}). {accuracy}", level=doc["level"],
               accuracy=reduce(lambda a, b: say("{a}; {b}", a=a, b=b), each) if each else "")

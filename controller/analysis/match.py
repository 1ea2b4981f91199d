"""A match's analysis as a document: every judged decision, its mark, and each team's accuracy.

The document (format soccerboard.analysis/1) is what `soccerboard report --analyse --json` prints and what the
HTML replay draws its marks and win-chance graph from.
"""
from __future__ import annotations

import os
import time
from typing import Any

from controller.games import info
from controller.i18n import Say
from controller.i18n.translate import text
from controller.players import NoPlayers, players_for
from controller.players.search_game import SearchGame

from ..daemon.journal import read_journal
from ..daemon.referee import ruleset_of
from . import judge, words
from .ranking import ANALYSIS_LEVEL, CHECK_FROM, check, ranker
from .walk import Decision, Rank, team_name, walk

FORMAT = "soccerboard.analysis/1"


class NoSearch(LookupError):
    """The journal's game has no searching computer player, so nothing can weigh its decisions."""


def search_of(ruleset: str) -> SearchGame:
    """The game's searchable view; NoSearch, saying why, when it offers none."""
    title = info(ruleset).title
    try:
        factory = players_for(ruleset).search
    except NoPlayers:
        factory = None
    if factory is None:
        raise NoSearch(f"{title} has no searching computer player, so its matches cannot be analysed "
                       "(a game offers one as its Players.search)")
    return factory()


def _decision(d: Decision) -> dict[str, Any]:
    mark = judge.mark_for(d.drop) if d.choices > 1 else None
    return {"line": d.line, "frame": d.frame, "minute": d.minute, "team": team_name(d.team),
            "played": d.played_text, "best": d.best_text, "before": round(d.before, 4), "after": round(d.after, 4),
            "drop": round(d.drop, 4), "choices": d.choices, "checked": d.checked, "mark": mark}


def analyse_match(journal: str | os.PathLike, level: int = ANALYSIS_LEVEL, rank: Rank | None = None,
                  sg: SearchGame | None = None) -> dict[str, Any]:
    """The analysis document of the match in `journal` (NoSearch for a game that cannot be searched):
    {"format", "ruleset", "level", "thresholds", "seconds", "frames", "red_at_end" (1, 0, a draw's 0.5:
    the result of a match that is over, else None), "teams": {team: {"decisions", "accuracy",
    mark: count}}, "decisions": [{"line", "frame", "minute", "team", "played", "best", "before", "after", "drop",
    "choices", "checked" (searched deeper), "mark"}]}. Win chances are the deciding team's, 0..1."""
    jf = read_journal(journal)
    ruleset = ruleset_of(jf.header, jf.lines)
    sg = sg if sg is not None else search_of(ruleset)
    started = time.perf_counter()
    walked = walk(journal, sg, rank if rank is not None else ranker(level), check, CHECK_FROM)
    decisions = [_decision(d) for d in walked.decisions]
    teams = {}
    for name in ("red", "blue"):
        own = [d for d in decisions if d["team"] == name and d["choices"] > 1]
        teams[name] = {"decisions": len(own), "accuracy": judge.accuracy(d["drop"] for d in own),
                       **{m: sum(1 for d in own if d["mark"] == m) for m in judge.MARKS}}
    return {"format": FORMAT, "ruleset": ruleset, "level": level,
            "thresholds": dict(judge.THRESHOLDS),
            "seconds": round(time.perf_counter() - started, 2), "frames": walked.frames,
            "red_at_end": walked.red_at_end,
            "teams": teams, "decisions": decisions}


def analysis_text(doc: dict[str, Any], lang: str | None = None) -> str:
    """The analysis as the text report's last section, in `lang` (the language in use when not given)."""
    out = [text(words.heading(doc), lang)]
    shown = {name: text(Say(name), lang) for name in doc["teams"]}
    width = max(map(len, shown.values()), default=0)
    for name, t in doc["teams"].items():
        out.append("  " + text(words.team_line(shown[name].ljust(width), t), lang))
    marked = [d for d in doc["decisions"] if d["mark"]]
    out.append(text(words.MARKS_HEAD if marked else words.MARKS_NONE, lang))
    out += [f"{d['minute'] or '-':>7}  {text(words.mark_sentence(d), lang)}" for d in marked]
    return "\n".join(out)

"""A match's analysis as a document: every judged decision, its mark, and each team's accuracy.

The document (format soccerboard.analysis/1) is what `soccerboard report --analyse --json` prints and what the
HTML replay draws its marks and win-chance graph from.
"""
from __future__ import annotations

import os
import time
from typing import Any

from controller.games import info
from controller.players import NoPlayers, players_for
from controller.players.search_game import SearchGame

from ..daemon.journal import read_journal
from ..daemon.referee import ruleset_of
from . import judge
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


def percent(chance: float) -> str:
    return f"{100 * chance:.0f}%"


def mark_sentence(d: dict[str, Any]) -> str:
    """A marked decision in words: who played what, how much it cost, and the better choice."""
    return (f"{d['team'].capitalize()} {d['mark']} ({judge.SYMBOL[d['mark']]}): {d['played']}, win chance "
            f"{percent(d['before'])} -> {percent(d['after'])}; better {d['best']}")


def analysis_text(doc: dict[str, Any]) -> str:
    """The analysis as the text report's last section."""
    out = [f"Analysis (search level {doc['level']}, costly-looking choices a decision deeper, {doc['seconds']} s; "
           "marks by the drop in win chance: "
           + ", ".join(f"{name} {percent(least)}" for name, least in doc["thresholds"].items()) + ")"]
    for name, t in doc["teams"].items():
        acc = "-" if t["accuracy"] is None else f"{t['accuracy']}%"
        counts = ", ".join(f"{t[m]} {m if t[m] == 1 else judge.PLURAL[m]}" for m in reversed(judge.MARKS))
        out.append(f"  {name:<4}  accuracy {acc:>6} over {t['decisions']} decisions: {counts}")
    marked = [d for d in doc["decisions"] if d["mark"]]
    out.append("Marks:" if marked else "Marks: none")
    out += [f"{d['minute'] or '-':>7}  {mark_sentence(d)}" for d in marked]
    return "\n".join(out)

"""Match analysis: each decision of a match weighed by the computer player's search, marked as chess sites mark
moves (inaccuracy, mistake, blunder) by how much it lowered the team's chance of winning (docs/analysis.md).

`walk` replays a journal through the core and judges the decisions, `judge` says what a drop in win chance
earns, `match` makes the document and its words, `graph` the replay's marks and win-chance graph, `ranking` the
search the analysis uses.
"""
from __future__ import annotations

import json
import os

from .match import NoSearch, analyse_match, analysis_text

__all__ = ["NoSearch", "analyse_match", "analysis_text", "report_with_analysis"]


def report_with_analysis(journal: str | os.PathLike, as_json: bool, analysis: dict) -> str:
    """`soccerboard report --analyse`: the match report followed by its analysis (in JSON, under "analysis")."""
    from controller.daemon.operations.report import analyse, report
    if as_json:
        return json.dumps({**analyse(journal), "analysis": analysis}, indent=2)
    return report(journal) + "\n\n" + analysis_text(analysis)

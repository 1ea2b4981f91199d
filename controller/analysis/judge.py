"""How a decision is judged, as chess sites judge a move: by how much it lowered the player's chance of winning.

A decision's drop is the deciding team's win chance with the best choice searched, less its win chance with the
choice made (0..1, a draw counting half). The marks and the accuracy only read drops, so they mean the same for
every game; docs/analysis.md gives the thresholds and why.
"""
from __future__ import annotations

import math
from collections.abc import Iterable

INACCURACY, MISTAKE, BLUNDER = "inaccuracy", "mistake", "blunder"
# the smallest drop of each mark, worst first (win chance, 0..1): lichess's, whose 0.1, 0.2 and 0.3 of
# "winning chances" (-1..1) are these on 0..1
THRESHOLDS: tuple[tuple[str, float], ...] = ((BLUNDER, 0.15), (MISTAKE, 0.10), (INACCURACY, 0.05))
MARKS = tuple(name for name, _ in THRESHOLDS)
SYMBOL = {BLUNDER: "??", MISTAKE: "?", INACCURACY: "?!"}


def mark_for(drop: float) -> str | None:
    """The mark a drop in win chance earns, None when the choice was good enough."""
    for name, least in THRESHOLDS:
        if drop >= least - 1e-9:
            return name
    return None


def move_accuracy(drop: float) -> float:
    """A decision's accuracy, 0..100, from its drop: lichess's curve over win-percentage points (a best choice
    scores 100, a drop of 10 points about 65, of 30 points about 25)."""
    points = 100.0 * max(0.0, drop)
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * points) - 3.1669))


def accuracy(drops: Iterable[float]) -> float | None:
    """A team's accuracy over its judged decisions (their mean), None when it made none."""
    scores = [move_accuracy(d) for d in drops]
    return round(sum(scores) / len(scores), 1) if scores else None

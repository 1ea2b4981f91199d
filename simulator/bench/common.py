"""What every area's figures share: a row of the table, medians and percentiles."""
from __future__ import annotations

import math
import statistics
from dataclasses import asdict, dataclass


@dataclass
class Row:
    """One figure: its value beside its goal and a baseline measured in the same run; ratio = value / baseline.
    value None: not measured here (note says why)."""

    figure: str
    value: float | None
    unit: str
    goal: str
    baseline: float | None = None
    baseline_what: str = ""
    note: str = ""

    @property
    def ratio(self) -> float | None:
        if self.value is None or not self.baseline:
            return None
        return self.value / self.baseline

    def as_dict(self) -> dict:
        return {**asdict(self), "ratio": self.ratio}


def skipped(figure: str, why: str) -> Row:
    return Row(figure, None, "", "", note=f"not measured here: {why}")


def pct(xs: list[float], q: float) -> float:
    """The q-th quantile (0..1) of xs, nearest rank."""
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def median(xs: list[float]) -> float:
    return statistics.median(xs)


def fmt(x: float | None) -> str:
    if x is None or not math.isfinite(x):
        return "-"
    if abs(x) >= 1000:
        return f"{x:,.0f}"
    return f"{x:.3g}" if abs(x) < 10 else f"{x:.1f}"


def median_and_p99(figure: str, xs: list[float], base: list[float], unit: str, goals: tuple[str, str],
                   baseline_what: str, note: str) -> list[Row]:
    """Two rows for a latency: its median and its p99, each against the same statistic of the baseline."""
    return [Row(f"{figure}, median", median(xs), unit, goals[0], median(base), baseline_what, note),
            Row(f"{figure}, p99", pct(xs, 0.99), unit, goals[1], pct(base, 0.99), f"{baseline_what} (p99)", note)]

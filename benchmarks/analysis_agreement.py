"""Match analysis against a deeper search: seeded bot matches (two 45-minute halves by default) analysed at the
analysis level, every K-th judged decision also ranked at a deeper level, and the marks compared.

    .venv/bin/python benchmarks/analysis_agreement.py [--game soccer_tactics_world] [--matches 2] [--every 4]
                                                        [--level 3] [--deep 5] [--half-minutes 45]

Prints, per match and in all: the time `report --analyse` spends on the match (wall and CPU seconds of the
analysis level alone), the decisions judged, and on the sample: the share whose mark (none, inaccuracy, mistake,
blunder) is the same at both levels, the share where both say marked or both say not, the deep level's marks the
analysis found (recall) and the analysis's marks the deep level confirms (precision), and the mean gap between
the two levels' drops.
"""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path
from typing import Any

from controller.analysis.judge import mark_for
from controller.analysis.ranking import ANALYSIS_LEVEL, ranker
from controller.analysis.walk import Rank, walk
from controller.daemon.journal import HEADER, dumps
from controller.players import players_for


class Ranked(list):
    """The analysis level's ranking, with the deep level's where the decision is in the sample."""
    deep: list | None = None


class Sampler:
    """The analysis level's ranking; every `every`-th one also at the deep level, whose time is kept apart."""

    def __init__(self, fast: Rank, deep: Rank, every: int) -> None:
        self.fast, self.deep, self.every = fast, deep, every
        self.calls, self.wall, self.cpu = 0, 0.0, 0.0

    def __call__(self, sg: Any, game: Any, team: int) -> Ranked:
        out = Ranked(self.fast(sg, game, team))
        self.calls += 1
        if self.calls % self.every == 0:
            wall, cpu = time.perf_counter(), time.process_time()
            out.deep = list(self.deep(sg, game, team))
            self.wall += time.perf_counter() - wall
            self.cpu += time.process_time() - cpu
        return out


def bot_journal(game: str, seed: int, half_minutes: float, folder: Path) -> Path:
    """A seeded match of the game's bots, written as a journal."""
    lines: list[dict] = []
    options = {"half_minutes": half_minutes}
    players_for(game).play_match(seed, options, on_line=lambda line, out: lines.append(line))
    header = {"version": 1, "board_id": "bench", "board_follows_game": True, "ruleset": game, "options": options,
              "seq_base": 0, "started": None, "source": {"seed": seed}}
    path = folder / f"{game}-{seed}.jsonl"
    path.write_text(HEADER + dumps(header) + "\n" + "".join(dumps(line) + "\n" for line in lines))
    return path


def drop_of(ranking: list, played: Any) -> float:
    best = max(chance for _, chance in ranking)
    return max(0.0, best - next(chance for action, chance in ranking if action == played))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="soccer_tactics_world")
    ap.add_argument("--matches", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--every", type=int, default=4, help="rank every K-th decision at the deep level too")
    ap.add_argument("--level", type=int, default=ANALYSIS_LEVEL)
    ap.add_argument("--deep", type=int, default=5)
    ap.add_argument("--half-minutes", type=float, default=45.0)
    args = ap.parse_args()
    search = players_for(args.game).search
    if search is None:
        raise SystemExit(f"{args.game} has no searching computer player")
    sg = search()
    fast, deep = ranker(args.level), ranker(args.deep)
    pairs: list[tuple[float, float]] = []
    print(f"{args.game}: analysis level {args.level} against level {args.deep}, every {args.every}th decision, "
          f"{args.half_minutes:g}-minute halves")
    print(f"{'match':>6} {'inputs':>7} {'decisions':>9} {'wall s':>7} {'cpu s':>7} {'sampled':>7} {'same mark':>9}")
    with tempfile.TemporaryDirectory(prefix="analysis-") as tmp:
        for seed in range(args.seed, args.seed + args.matches):
            path = bot_journal(args.game, seed, args.half_minutes, Path(tmp))
            rank = Sampler(fast, deep, args.every)
            wall, cpu = time.perf_counter(), time.process_time()
            walked = walk(path, sg, rank)
            wall, cpu = time.perf_counter() - wall - rank.wall, time.process_time() - cpu - rank.cpu
            mine = [(drop_of(d.ranked, d.played), drop_of(d.ranked.deep, d.played))
                    for d in walked.decisions if d.choices > 1 and getattr(d.ranked, "deep", None)]
            pairs += mine
            same = sum(mark_for(a) == mark_for(b) for a, b in mine) / len(mine) if mine else float("nan")
            print(f"{seed:>6} {walked.lines:>7} {len(walked.decisions):>9} {wall:>7.1f} {cpu:>7.1f} {len(mine):>7} "
                  f"{100 * same:>8.1f}%")
    if not pairs:
        print("no decision sampled")
        return 1
    n = len(pairs)
    fast_marks = [mark_for(a) for a, _ in pairs]
    deep_marks = [mark_for(b) for _, b in pairs]
    same = sum(a == b for a, b in zip(fast_marks, deep_marks, strict=True)) / n
    both = sum((a is None) == (b is None) for a, b in zip(fast_marks, deep_marks, strict=True)) / n
    deep_marked = [a for a, b in zip(fast_marks, deep_marks, strict=True) if b]
    fast_marked = [b for a, b in zip(fast_marks, deep_marks, strict=True) if a]
    recall = sum(1 for a in deep_marked if a) / len(deep_marked) if deep_marked else float("nan")
    precision = sum(1 for b in fast_marked if b) / len(fast_marked) if fast_marked else float("nan")
    gap = sum(abs(a - b) for a, b in pairs) / n
    print(f"\nsampled decisions: {n} (marked at level {args.level}: {len(fast_marked)}, at level {args.deep}: "
          f"{len(deep_marked)})")
    print(f"same mark: {100 * same:.1f}%   marked or not alike: {100 * both:.1f}%")
    print(f"deep marks found: {100 * recall:.1f}%   marks the deep level confirms: {100 * precision:.1f}%")
    print(f"mean gap between the drops: {100 * gap:.2f} points of win chance")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Match analysis against a deeper search: seeded bot matches (two 45-minute halves by default) analysed at the
analysis level, then every K-th judged decision and every marked one ranked at a deeper level too, and the marks
compared.

    .venv/bin/python benchmarks/analysis_agreement.py [--game soccer_tactics_world] [--matches 2] [--every 4]
                                                        [--level 3] [--deep 5] [--half-minutes 45]

Prints, per match: the time the analysis spends on it (wall and CPU seconds), the decisions judged and marked;
then on every K-th decision the share whose mark (none, inaccuracy, mistake, blunder) is the same at both levels,
the share both call marked or both not, the deep level's marks the analysis found and the mean gap between the
two levels' drops; and on the analysis's marks, the share the deep level marks too.
"""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path
from typing import Any

from controller.analysis.judge import mark_for
from controller.analysis.ranking import ANALYSIS_LEVEL, ranker
from controller.analysis.walk import Decision, Rank, walk
from controller.daemon.journal import HEADER, dumps
from controller.players import players_for


class Ranked(list):
    """The analysis level's ranking, numbered in the walk, with the deep level's where the decision is sampled."""
    number = 0
    deep: list | None = None


class Sampler:
    """The analysis level's ranking; those numbered in `sample` also at the deep level, whose time is kept
    apart. The walk ranks in the same order every time, so a number names the same decision in two walks."""

    def __init__(self, fast: Rank, deep: Rank | None = None, sample: frozenset[int] = frozenset()) -> None:
        self.fast, self.deep, self.sample = fast, deep, sample
        self.calls, self.wall, self.cpu = 0, 0.0, 0.0

    def __call__(self, sg: Any, game: Any, team: int) -> Ranked:
        out = Ranked(self.fast(sg, game, team))
        out.number = self.calls
        self.calls += 1
        if self.deep is not None and out.number in self.sample:
            wall, cpu = time.perf_counter(), time.process_time()
            out.deep = list(self.deep(sg, game, team))
            self.wall += time.perf_counter() - wall
            self.cpu += time.process_time() - cpu
        return out


def number(d: Decision) -> int:
    """The decision's ranking's number in its walk."""
    assert isinstance(d.ranked, Ranked)
    return d.ranked.number


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
    every: list[tuple[float, float]] = []        # (drop at the analysis level, at the deep level)
    marked: list[tuple[float, float]] = []
    print(f"{args.game}: analysis level {args.level} against level {args.deep} on every {args.every}th decision "
          f"and every marked one, {args.half_minutes:g}-minute halves")
    print(f"{'match':>6} {'inputs':>7} {'decisions':>9} {'wall s':>7} {'cpu s':>7} {'marked':>7} {'sampled':>7}")
    with tempfile.TemporaryDirectory(prefix="analysis-") as tmp:
        for seed in range(args.seed, args.seed + args.matches):
            path = bot_journal(args.game, seed, args.half_minutes, Path(tmp))
            wall, cpu = time.perf_counter(), time.process_time()
            first = walk(path, sg, Sampler(fast))           # the analysis itself, timed
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            judged = [d for d in first.decisions if d.choices > 1]
            marks = {number(d) for d in judged if mark_for(d.drop)}
            regular = {number(d) for d in judged[args.every - 1::args.every]}
            second = walk(path, sg, Sampler(fast, deep, frozenset(marks | regular)))
            for d in second.decisions:
                ranked = d.ranked
                if d.choices > 1 and isinstance(ranked, Ranked) and ranked.deep is not None:
                    pair = (drop_of(ranked, d.played), drop_of(ranked.deep, d.played))
                    if ranked.number in regular:
                        every.append(pair)
                    if ranked.number in marks:
                        marked.append(pair)
            print(f"{seed:>6} {first.lines:>7} {len(first.decisions):>9} {wall:>7.1f} {cpu:>7.1f} {len(marks):>7} "
                  f"{len(regular):>7}")
    if not every:
        print("no decision sampled")
        return 1
    share = lambda pairs, test: 100 * sum(1 for a, b in pairs if test(a, b)) / len(pairs) if pairs else float("nan")
    same = lambda a, b: mark_for(a) == mark_for(b)
    alike = lambda a, b: (mark_for(a) is None) == (mark_for(b) is None)
    deep_marked = [(a, b) for a, b in every if mark_for(b)]
    print(f"\nevery {args.every}th decision: {len(every)}, {sum(1 for a, _ in every if mark_for(a))} marked at level "
          f"{args.level}, {len(deep_marked)} at level {args.deep}")
    print(f"  same mark: {share(every, same):.1f}%   marked or not alike: {share(every, alike):.1f}%   "
          f"deep marks found: {share(deep_marked, lambda a, b: mark_for(a) is not None):.1f}%")
    print(f"  mean gap between the drops: {100 * sum(abs(a - b) for a, b in every) / len(every):.2f} points")
    print(f"the analysis's marks: {len(marked)}")
    print(f"  the deep level marks them too: {share(marked, lambda a, b: mark_for(b) is not None):.1f}%   "
          f"with the same mark: {share(marked, same):.1f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Match analysis against a more thorough search: seeded bot matches (two 45-minute halves by default) analysed as
`report --analyse` does (level 3, costly-looking choices checked a decision deeper), then every K-th judged
decision and every marked one searched again: the first ranking's best ten choices and the one played, each a
decision deeper with three times the check's budget (720 nodes) and no time cap; the marks are compared.

    .venv/bin/python benchmarks/analysis_agreement.py [--game soccer_tactics_world] [--matches 2] [--every 4]
                                                        [--depth 1] [--top 10] [--per-choice 720] [--half-minutes 45]

Prints, per match: the time the analysis spends on it (wall and CPU seconds), the decisions judged and marked;
then on every K-th decision the share whose mark (none, inaccuracy, mistake, blunder) is the same in both, the
share both call marked or both not, the reference's marks the analysis found and the mean gap between the two
drops; and on the analysis's marks, the share the reference marks too, and with the same mark.
"""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path
from typing import Any

from controller.analysis.judge import mark_for
from controller.analysis.ranking import ANALYSIS_LEVEL, CHECK_FROM, check, deeper, ranker
from controller.analysis.walk import Decision, Rank, walk
from controller.daemon.journal import HEADER, dumps
from controller.players import players_for


class Ranked(list):
    """The analysis level's ranking, numbered in the walk, with the deeper one where the decision is sampled."""
    number = 0
    deep: list | None = None


class Sampler:
    """The analysis level's ranking; for the numbers in `played` (a number names the same decision in two walks,
    which rank in the same order), also the deep ranking of the analysis's best `top` and the choice played,
    whose time is kept apart."""

    def __init__(self, fast: Rank, played: dict[int, Any] | None = None, top: int = 10, depth: int = 1,
                 per_choice: int = 720) -> None:
        self.fast, self.played, self.top, self.depth, self.per_choice = fast, played or {}, top, depth, per_choice
        self.calls, self.wall, self.cpu = 0, 0.0, 0.0

    def __call__(self, sg: Any, game: Any, team: int) -> Ranked:
        out = Ranked(self.fast(sg, game, team))
        out.number = self.calls
        self.calls += 1
        if out.number in self.played:
            wall, cpu = time.perf_counter(), time.process_time()
            best = sorted(out, key=lambda r: -r[1])[:self.top]
            contenders = [a for a, _ in best]
            if self.played[out.number] not in contenders:
                contenders.append(self.played[out.number])
            out.deep = list(deeper(sg, game, team, contenders, self.depth, self.per_choice))
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
    ap.add_argument("--every", type=int, default=4, help="search every K-th decision deeper too")
    ap.add_argument("--level", type=int, default=ANALYSIS_LEVEL)
    ap.add_argument("--depth", type=int, default=1, help="decisions searched beyond the one judged")
    ap.add_argument("--top", type=int, default=10, help="the first ranking's best choices searched deeper")
    ap.add_argument("--per-choice", type=int, default=720, help="nodes for each choice searched deeper")
    ap.add_argument("--half-minutes", type=float, default=45.0)
    ap.add_argument("--check-from", type=float, default=CHECK_FROM,
                    help="the one-ply drop from which the analysis checks a decision deeper")
    args = ap.parse_args()
    search = players_for(args.game).search
    if search is None:
        raise SystemExit(f"{args.game} has no searching computer player")
    sg = search()
    fast = ranker(args.level)
    every: list[tuple[float, float]] = []        # (the analysis's drop, the reference's)
    marked: list[tuple[float, float]] = []
    print(f"{args.game}: the analysis (level {args.level}, checked) against a search {args.depth} decision(s) deeper "
          f"of the best {args.top} and the choice played ({args.per_choice} nodes each), on every {args.every}th "
          f"decision and every marked one, {args.half_minutes:g}-minute halves")
    print(f"{'match':>6} {'inputs':>7} {'decisions':>9} {'wall s':>7} {'cpu s':>7} {'marked':>7} {'sampled':>7}")
    with tempfile.TemporaryDirectory(prefix="analysis-") as tmp:
        for seed in range(args.seed, args.seed + args.matches):
            path = bot_journal(args.game, seed, args.half_minutes, Path(tmp))
            wall, cpu = time.perf_counter(), time.process_time()
            first = walk(path, sg, Sampler(fast), check, args.check_from)      # the analysis itself, timed
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            judged = [d for d in first.decisions if d.choices > 1]
            marks = {number(d) for d in judged if mark_for(d.drop)}
            regular = {number(d) for d in judged[args.every - 1::args.every]}
            played = {number(d): d.played for d in judged if number(d) in marks | regular}
            again = Sampler(fast, played, args.top, args.depth, args.per_choice)
            second = walk(path, sg, again, check, args.check_from)
            for d in second.decisions:
                ranked = d.ranked
                if d.choices > 1 and isinstance(ranked, Ranked) and ranked.deep is not None:
                    pair = (d.drop, drop_of(ranked.deep, d.played))
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
    print(f"\nevery {args.every}th decision: {len(every)}, {sum(1 for a, _ in every if mark_for(a))} marked by the "
          f"analysis, {len(deep_marked)} by the reference")
    print(f"  same mark: {share(every, same):.1f}%   marked or not alike: {share(every, alike):.1f}%   "
          f"reference marks found: {share(deep_marked, lambda a, b: mark_for(a) is not None):.1f}%")
    print(f"  mean gap between the drops: {100 * sum(abs(a - b) for a, b in every) / len(every):.2f} points")
    print(f"the analysis's marks: {len(marked)}")
    print(f"  the reference marks them too: {share(marked, lambda a, b: mark_for(b) is not None):.1f}%   "
          f"with the same mark: {share(marked, same):.1f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

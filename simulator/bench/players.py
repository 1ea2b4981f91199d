"""The computer players' ladder: seeded matches between two players on a game's engine, and the table of
scores, decision times and memory (`soccerboard bench --players`, benchmarks/players_ladder.py).

Game-neutral: a match is driven through the game's searchable view (controller/players/search_game.py):
chance is drawn from `chance` with the match's seeded generator, every player is asked when its team
decides, and `think_time` lets the clock run so that a timed match ends. The players are "casual" (the game's
own casual bot for one team, its view's `casual` when it has one, else a uniform choice) and the levels 1-5 of
the searching player (controller/players/search.py). Colours alternate from match to match.
"""
from __future__ import annotations

import math
import random
import resource
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

from controller.games import get_ruleset
from controller.players import players_for
from controller.players.levels import Level, level, levels_of
from controller.players.search import LEAVE_TO_CHANCE, Search
from controller.players.search_game import SearchGame
from controller.scenario import Setup, parse_obj

GAMES = {"stw": "soccer_tactics_world", "stbg": "stbg"}
"""The ladder's short names for the registered games."""
OPTIONS: dict[str, dict[str, Any]] = {
    "soccer_tactics_world": {"half_minutes": 10, "extra_time": False},
    "stbg": {"half_minutes": 5},
}
"""Each game's match options on the ladder: short timed matches, a draw counting half. Soccer Tactics WORLD's
halves are 10 minutes: at 5 a team makes only ~40 decisions (each costs 2-15 s of thought on the clock) and a
third of level 5's matches against the casual bot ended goalless (docs/players.md)."""
UNCAPPED = 60.0
"""The ladder lifts the levels' wall-clock cap: a loaded machine would otherwise cut searches short and change
the matches; the budget in nodes alone decides, and the decision times are measured as they come."""
MAX_STEPS = 20_000     # a match that never ends is a bug in a view, not a long match

Chooser = Callable[[Any], Any]


def game_name(short: str) -> str:
    return GAMES.get(short, short)


_PREPARED: set[str] = set()


def new_game(name: str, options: dict[str, Any] | None = None) -> Any:
    """A fresh match of the registered game `name` from its standard formation, with the ladder's options (the
    game's tables built first, once a process, so that no decision pays for them)."""
    opts = OPTIONS.get(name, {}) if options is None else options
    line: dict[str, Any] = {"type": "setup", "formation": "standard"}
    if opts:
        line["options"] = opts
    rules = get_ruleset(name)
    if name not in _PREPARED:
        rules.prepare()
        _PREPARED.add(name)
    setup = parse_obj(line)
    assert isinstance(setup, Setup)
    return rules.new_game(setup)


Player = str | Level
"""'casual', a level '1'..'5', or a Level (a test's own budget)."""


def chooser(sg: SearchGame, player: Player, team: int, seed: int) -> Chooser:
    """The player `player` for `team`, seeded."""
    if player == "casual":
        casual = getattr(sg, "casual", None)
        if casual is not None:
            made: Chooser = casual(team, seed)
            return made
        rng = random.Random(seed)
        return lambda game: rng.choice(list(sg.choices(game)))
    chosen = player if isinstance(player, Level) else replace(level(int(player), levels_of(sg)), seconds=UNCAPPED)
    search = Search(sg, team, chosen, random.Random(seed))
    return search.decide


def _draw(outcomes: Sequence[tuple[Any, float]], rng: random.Random) -> Any:
    return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]


@dataclass
class Match:
    """One match's outcome for the first player: 1 win, 0.5 draw, 0 loss; each player's decision times."""
    score: float
    goals: tuple[int, int]
    times: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    steps: int = 0


def play(name: str, first: Player, second: Player, seed: int, options: dict[str, Any] | None = None) -> Match:
    """One seeded match: `first` plays red on even seeds, blue on odd ones."""
    sg = players_for(name).search
    if sg is None:
        raise ValueError(f"{name} has no searching computer player")
    view = sg()
    game = new_game(name, options)
    rng = random.Random(seed * 7919 + 1)
    first_team = seed % 2
    seats = {first_team: chooser(view, first, first_team, seed * 2 + 11),
             1 - first_team: chooser(view, second, 1 - first_team, seed * 2 + 12)}
    times: dict[int, list[float]] = {0: [], 1: []}
    steps = 0
    while not game.is_terminal() and steps < MAX_STEPS:
        team = view.decider(game)
        if team is None:
            outcomes = view.chance(game)
            if not outcomes:
                raise RuntimeError(f"nobody acts and nothing is left to chance in {game!r}")
            action = _draw(outcomes, rng)
        else:
            started = time.perf_counter()
            action = seats[team](game)
            times[team].append(time.perf_counter() - started)
            if action is LEAVE_TO_CHANCE:
                action = _draw(view.chance(game), rng)
        game.apply(action)
        steps += 1
        tick = view.think_time(game, rng)
        if tick is not None:
            game.apply(tick)
    if not game.is_terminal():
        raise RuntimeError(f"the match of seed {seed} did not end in {MAX_STEPS} actions: {game!r}")
    result = game.result()
    winner = None if result.winner is None else ("red", "blue").index(result.winner)
    score = 0.5 if winner is None else float(winner == first_team)
    goals = (result.score[first_team], result.score[1 - first_team])
    return Match(score, goals, (times[first_team], times[1 - first_team]), steps)


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion `score` (draws half) over n matches."""
    if n == 0:
        return 0.0, 1.0
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Pair:
    """The matches of `first` against `second`, and what they measured."""
    first: str
    second: str
    matches: list[Match]
    seconds: float

    @property
    def wins(self) -> int:
        return sum(1 for m in self.matches if m.score == 1)

    @property
    def draws(self) -> int:
        return sum(1 for m in self.matches if m.score == 0.5)

    @property
    def losses(self) -> int:
        return sum(1 for m in self.matches if m.score == 0)

    @property
    def score(self) -> float:
        return sum(m.score for m in self.matches) / max(1, len(self.matches))


def _play_one(args: tuple[str, str, str, int, dict[str, Any] | None]) -> Match:
    return play(*args)


def play_pair(name: str, first: str, second: str, n: int, seed: int = 0, jobs: int = 1,
              options: dict[str, Any] | None = None) -> Pair:
    """n seeded matches of `first` against `second` (seeds seed..seed+n-1), on `jobs` processes."""
    started = time.perf_counter()
    work = [(name, first, second, seed + i, options) for i in range(n)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            matches = list(pool.map(_play_one, work, chunksize=max(1, n // (4 * jobs))))
    else:
        matches = [_play_one(w) for w in work]
    return Pair(first, second, matches, time.perf_counter() - started)


def label(player: str) -> str:
    return player if player == "casual" else f"level {player}"


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] if s else float("nan")


def table(pairs: list[Pair]) -> str:
    """The ladder's table: each pair's results with the 95% interval, then each player's decision times."""
    out = [f"{'pair':<22} {'matches':>7} {'W':>4} {'D':>4} {'L':>4} {'score':>6} {'95% CI':>15} "
           f"{'goals for-against':>18} {'s':>6}"]
    times: dict[str, list[float]] = {}
    for p in pairs:
        lo, hi = wilson(p.score, len(p.matches))
        gf = sum(m.goals[0] for m in p.matches)
        ga = sum(m.goals[1] for m in p.matches)
        out.append(f"{label(p.first) + ' v ' + label(p.second):<22} {len(p.matches):>7} {p.wins:>4} {p.draws:>4} "
                   f"{p.losses:>4} {p.score:>6.3f} {f'[{lo:.3f}, {hi:.3f}]':>15} {f'{gf}-{ga}':>18} "
                   f"{p.seconds:>6.0f}")
        for m in p.matches:
            times.setdefault(p.first, []).extend(m.times[0])
            times.setdefault(p.second, []).extend(m.times[1])
    out.append("")
    out.append(f"{'player':<10} {'decisions':>9} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    for player in sorted(times, key=lambda s: (s != "casual", s)):
        xs = times[player]
        if xs:
            out.append(f"{label(player):<10} {len(xs):>9} {statistics.median(xs) * 1e3:>10.2f} "
                       f"{_pct(xs, 0.95) * 1e3:>8.2f} {max(xs) * 1e3:>8.1f}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    out.append(f"peak memory (max RSS): this process {peak:.0f} MB, largest worker {kids:.0f} MB")
    return "\n".join(out)


LADDER = (("5", "casual"), ("5", "1"), ("2", "1"), ("3", "2"), ("4", "3"), ("5", "4"))
"""The pairs: level 5 against the casual bot and level 1, then each level against the one below."""


def run(game: str = "stw", matches: int = 200, quick: bool = False, jobs: int = 1,
        pairs: Sequence[tuple[str, str]] = LADDER, seed: int = 0, out: Any = None,
        half_minutes: float | None = None) -> list[Pair]:
    """Play the ladder and print its table (to `out`, stdout by default), a line per finished pair.
    `half_minutes`: halves of that length instead of the game's in OPTIONS (a longer match gives the stronger
    side more decisions to show it in, and fewer goalless draws)."""
    name = game_name(game)
    n = 6 if quick else matches
    stream = out or sys.stdout
    options = None if half_minutes is None else {**OPTIONS.get(name, {}), "half_minutes": half_minutes}
    if options is not None:
        print(f"halves of {half_minutes:g} minutes", file=stream, flush=True)
    done: list[Pair] = []
    for first, second in pairs:
        pair = play_pair(name, first, second, n, seed, jobs, options)
        done.append(pair)
        print(f"{label(first)} v {label(second)}: {pair.score:.3f} over {n} ({pair.seconds:.0f} s)", file=stream,
              flush=True)
        print(table(done) + "\n", file=stream, flush=True)     # the table so far: a long ladder stopped early
    return done

"""Engine speed: listing the legal moves after a roll, and actions per second over random matches.

Prints a table of medians with a baseline measured in the same run (a direct path walk without the
precomputed tables), so the ratio means something on a shared, noisy machine. Not a test.

    python benchmarks/bench_engine.py [--matches 20] [--repeat 7]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from controller.rules.actions import Roll
from controller.rules.engine import Game
from controller.rules.paths import prepare as warm_tables
from controller.rules.pieces import is_keeper, pawns_of
from controller.rules.reference import walked_destinations
from controller.rules.state import Options
from simulator.bots import Bot, play_match


def naive_destinations(game: Game) -> dict[int, int]:
    """Baseline: walk every path of every pawn square by square (what the tables replace)."""
    st = game.state
    out = {}
    for p in pawns_of(st.actor):
        if st.sq[p] < 0 or st.sent_off[p] or is_keeper(p) or (st.phase == "offensive_set" and p == st.holder):
            continue
        dest = walked_destinations(game, p)
        if dest:
            out[p] = dest
    return out


def positions_after_rolls(matches: int) -> list[Game]:
    """Real positions from random matches at the moment a pawn roll has just been made."""
    found: list[Game] = []
    for seed in range(matches):
        game = Game.kick_off(None, Options(half_minutes=10))
        bot = Bot(seed)

        def keep(action, events, game=game):
            if isinstance(action, Roll) and game.state.roll \
                    and game.state.phase in ("offensive_set", "capture", "answer"):
                copy = Game(game.state.clone(), game.options, game.profile)
                found.append(copy)
        play_match(game, bot, on_action=keep)
    return found


def time_per_call(fn, games: list[Game], repeat: int) -> float:
    """Median over `repeat` runs of the mean microseconds per call across all positions."""
    runs = []
    for _ in range(repeat):
        for gm in games:
            gm._occ = None
        t0 = time.perf_counter()
        for gm in games:
            gm._occ = None            # a fresh position: nothing cached from the previous run
            fn(gm)
        runs.append((time.perf_counter() - t0) / len(games) * 1e6)
    return statistics.median(runs)


def per_position_median(fn, games: list[Game]) -> float:
    samples = []
    for gm in games:
        gm._occ = None
        t0 = time.perf_counter()
        fn(gm)
        samples.append((time.perf_counter() - t0) * 1e6)
    return statistics.median(samples)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--matches", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    warm_tables()
    warm = time.perf_counter() - t0
    games = positions_after_rolls(max(3, args.matches // 4))
    for gm in games:                                # sanity: the baseline agrees with the engine
        assert naive_destinations(gm) == gm.legal_pawn_moves()
    fast = time_per_call(lambda gm: gm.legal_pawn_moves(), games, args.repeat)
    fast_med = per_position_median(lambda gm: gm.legal_pawn_moves(), games)
    objects = time_per_call(lambda gm: gm.legal_actions(), games, args.repeat)
    naive = time_per_call(naive_destinations, games, max(3, args.repeat // 2))

    # whole matches: self-play (bot decisions included) and pure engine replay of the recorded actions
    records, played, t_play = [], 0, []
    for seed in range(args.matches):
        game = Game.kick_off(None, Options(half_minutes=10))
        t = time.perf_counter()
        rec = play_match(game, Bot(seed))
        t_play.append(len(rec) / (time.perf_counter() - t))
        records.append(rec)
        played += len(rec)
    t_apply = []
    for _ in range(3):
        t = time.perf_counter()
        n = 0
        for rec in records:
            game = Game.kick_off(None, Options(half_minutes=10))
            for a in rec:
                game.apply(a)
            n += len(rec)
        t_apply.append(n / (time.perf_counter() - t))

    rows = [
        ("legal moves after a roll, all pawns (masks)", f"{fast:8.1f} us", f"median per position {fast_med:.1f} us"),
        ("legal actions after a roll (action objects)", f"{objects:8.1f} us", f"{objects / fast:.2f}x the masks"),
        ("baseline: walk every path square by square", f"{naive:8.1f} us",
         f"{naive / fast:.1f}x slower than the tables"),
        ("engine apply, replaying random matches", f"{statistics.median(t_apply):8.0f} /s",
         f"{played} actions, {args.matches} matches"),
        ("self-play incl. bot decisions and listing", f"{statistics.median(t_play):8.0f} /s", "median over matches"),
        ("building all path tables (start-up, once)", f"{warm * 1000:8.0f} ms", ""),
    ]
    print(f"positions after a roll: {len(games)}; repeat {args.repeat}; Python {sys.version.split()[0]}")
    print(f"{'measure':<48} {'value':>12}   note")
    for name, value, note in rows:
        print(f"{name:<48} {value:>12}   {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

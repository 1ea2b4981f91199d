"""LED planner speed: plan_leds + frame() for positions from random matches.

The tracker's budget is a settled frame to an accepted action plus a new LED frame in under
1 ms at the 99th percentile, so the planner must take a small part of that. Prints median and p99 per
kind of position, with baselines measured in the same run (building a blank frame; turning a ready
plan into a frame) so the ratios mean something on a shared, noisy machine. Not a test.

    python benchmarks/bench_leds.py [--matches 6] [--repeat 5]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from controller.leds import AGREES, BoardView, LedPlan, plan_leds
from controller.rules.engine import Game
from controller.rules.state import Options
from simulator.bots import Bot, play_match

MOVE_PHASES = ("offensive_set", "capture", "answer")
SETUP_PHASES = ("free_kick_setup", "goal_kick_setup", "corner_setup", "penalty_setup")


def collect(matches: int, seed: int = 0) -> list[tuple[str, Game, BoardView]]:
    """(kind, position, board view) after every action of random matches; a pawn with legal moves is
    lifted after a pawn roll, and now and then the board is out of step by one pawn."""
    rng = random.Random(seed)
    out: list[tuple[str, Game, BoardView]] = []
    for m in range(matches):
        game = Game.kick_off(None, Options(half_minutes=10))

        def keep(action, events, game=game):
            st = game.state
            copy = Game(st.clone(), game.options, game.profile)
            if st.phase in MOVE_PHASES and st.roll:
                moves = game.legal_pawn_moves()
                if moves:
                    p = rng.choice(sorted(moves))
                    view = BoardView(lifted=((st.sq[p], "red" if p < 11 else "blue"),))
                    out.append(("lifted pawn after a roll", copy, view))
                    return
            if st.phase in SETUP_PHASES:
                out.append(("set-up guidance", copy, AGREES))
                return
            if rng.random() < 0.05:
                on = [(s, "red" if p < 11 else "blue") for p, s in enumerate(st.sq) if s >= 0 and not st.sent_off[p]]
                if on:
                    s, t = rng.choice(on)
                    wrong = rng.randrange(128)
                    view = BoardView(missing=((s, t),), extra=((wrong, t),), mismatch=True) if wrong != s else AGREES
                    out.append(("mismatch, one correction", copy, view))
                    return
            kind = "ball play after a roll" if st.phase in ("kick_off", "ball_play", "corner_kick") and st.roll \
                else "other (waiting for a roll, ...)"
            out.append((kind, copy, AGREES))
        play_match(game, Bot(1000 + m), on_action=keep)
    return out


def sample(fn, items, repeat: int) -> list[float]:
    """Microseconds per call, one sample per position per repeat (the engine's cache dropped each time)."""
    times = []
    for _ in range(repeat):
        for _, gm, view in items:
            gm._occ = None
            t0 = time.perf_counter()
            fn(gm, view)
            times.append((time.perf_counter() - t0) * 1e6)
    return times


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--matches", type=int, default=6)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    items = collect(args.matches)
    for _, gm, view in items[:200]:                 # warm the path tables and the code
        plan_leds(gm, view).frame()

    plans = {id(gm): plan_leds(gm, view) for _, gm, view in items}
    blank = sample(lambda gm, view: bytes(384), items, args.repeat)
    frame_only = sample(lambda gm, view: LedPlan(plans[id(gm)].meanings).frame(), items, args.repeat)
    full = sample(lambda gm, view: plan_leds(gm, view).frame(), items, args.repeat)

    rows = [("baseline: a blank 384-byte frame", blank), ("baseline: frame() of ready meanings", frame_only),
            ("plan_leds + frame(), all positions", full)]
    kinds = sorted({k for k, _, _ in items})
    for kind in kinds:
        sub = [it for it in items if it[0] == kind]
        rows.append((f"  {kind} ({len(sub)})", sample(lambda gm, view: plan_leds(gm, view).frame(), sub, args.repeat)))
    base = statistics.median(blank)
    print(f"positions: {len(items)} from {args.matches} matches; repeat {args.repeat}; Python {sys.version.split()[0]}")
    print(f"{'measure':<48} {'median us':>10} {'p99 us':>9} {'max us':>9} {'median / blank':>15}")
    for name, xs in rows:
        med = statistics.median(xs)
        print(f"{name:<48} {med:10.1f} {pct(xs, 0.99):9.1f} {max(xs):9.1f} {med / base:14.0f}x")
    p99 = pct(full, 0.99)
    print(f"budget: p99 {p99:.0f} us of the 1000 us settled-frame-to-action-plus-LEDs target ({p99 / 10:.0f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""LED planner speed: plan_leds + frame() for positions from random matches, against building a blank frame.
The tracker's budget is a settled frame to an accepted action plus a new LED frame in under 1 ms at the 99th
percentile, so the planner must take a small part of that."""
from __future__ import annotations

import random
import time

from controller.games.stw.bot import Bot, play_match
from controller.games.stw.game import Game
from controller.games.stw.state import Options
from controller.leds import AGREES, BoardView, plan_leds
from simulator.bench.common import Row, median_and_p99

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


def figures(quick: bool) -> list[Row]:
    matches, repeat = (2, 2) if quick else (6, 5)
    items = collect(matches)
    for _, gm, view in items[:200]:                 # warm the path tables and the code
        plan_leds(gm, view).frame()
    blank = sample(lambda gm, view: bytes(384), items, repeat)
    full = sample(lambda gm, view: plan_leds(gm, view).frame(), items, repeat)
    what = f"{len(items)} positions of {matches} matches"
    return median_and_p99("LED plan + frame", full, blank, "us", ("< 250 us", "p99 < 500 us"),
                          "a blank 384-byte frame", what)

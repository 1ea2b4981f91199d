"""Engine speed: the legal moves after a roll (against walking every path square by square) and actions per
second over random matches (against copying the state once per action)."""
from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from controller.games.stw.actions import Action, Roll
from controller.games.stw.bot import Bot, play_match
from controller.games.stw.game import Game
from controller.games.stw.pieces import is_keeper, pawns_of
from controller.games.stw.reach import prepare as warm_tables
from controller.games.stw.reference import walked_destinations
from controller.games.stw.state import Options
from simulator.bench.common import Row

__all__ = ["warm_tables"]


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

        def keep(action, events, game=game):
            if isinstance(action, Roll) and game.state.roll \
                    and game.state.phase in ("offensive_set", "capture", "answer"):
                found.append(Game(game.state.clone(), game.options, game.profile))
        play_match(game, Bot(seed), on_action=keep)
    return found


def time_per_call(fn: Callable[[Game], object], games: list[Game], repeat: int) -> float:
    """Median over `repeat` runs of the mean microseconds per call across all positions."""
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for gm in games:
            gm._occ = None            # a fresh position: nothing cached from the previous run
            fn(gm)
        runs.append((time.perf_counter() - t0) / len(games) * 1e6)
    return statistics.median(runs)


def per_position_median(fn: Callable[[Game], object], games: list[Game]) -> float:
    samples = []
    for gm in games:
        gm._occ = None
        t0 = time.perf_counter()
        fn(gm)
        samples.append((time.perf_counter() - t0) * 1e6)
    return statistics.median(samples)


def matches_per_second(matches: int, replays: int = 3) -> tuple[float, float, float, int]:
    """(self-play actions/s, replay actions/s, state copies/s, actions): self-play includes the bots' decisions;
    replay applies the recorded actions to a fresh engine; the baseline copies the state once per action."""
    records: list[list[Action]] = []
    t_play = []
    for seed in range(matches):
        game = Game.kick_off(None, Options(half_minutes=10))
        t = time.perf_counter()
        rec = play_match(game, Bot(seed))
        t_play.append(len(rec) / (time.perf_counter() - t))
        records.append(rec)
    played = sum(len(r) for r in records)
    t_apply, t_copy = [], []
    for _ in range(replays):
        t = time.perf_counter()
        for rec in records:
            game = Game.kick_off(None, Options(half_minutes=10))
            for a in rec:
                game.apply(a)
        t_apply.append(played / (time.perf_counter() - t))
        state = game.state
        t = time.perf_counter()
        for _ in range(played):
            state.clone()
        t_copy.append(played / (time.perf_counter() - t))
    return statistics.median(t_play), statistics.median(t_apply), statistics.median(t_copy), played


def figures(quick: bool) -> list[Row]:
    matches, repeat = (4, 3) if quick else (20, 7)
    warm_tables()
    games = positions_after_rolls(max(3, matches // 4))
    for gm in games:                                # sanity: the baseline agrees with the engine
        assert naive_destinations(gm) == gm.legal_pawn_moves()
    fast = time_per_call(lambda gm: gm.legal_pawn_moves(), games, repeat)
    naive = time_per_call(naive_destinations, games, max(3, repeat // 2))
    play, replay, copy, played = matches_per_second(matches)
    what = f"{played} actions of {matches} random matches"
    return [
        Row("engine: legal moves of all pawns after a roll", fast, "us", "< 1000 us",
            naive, "walking every path square by square", f"{len(games)} positions"),
        Row("engine: actions/s replaying random matches", replay, "/s", ">= 10,000/s", copy,
            "copying the state once per action", what),
        Row("engine: actions/s self-play (bot decisions included)", play, "/s", ">= 1,000/s", copy,
            "copying the state once per action", what),
    ]

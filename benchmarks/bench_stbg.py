"""Soccer The Board Game engine speed: listing the legal actions for a roll's budget, actions per second over
random matches, and a settled sensor frame to the accepted action. Prints medians with a baseline measured in
the same run (listing by trying every pawn on every square and the ball on every square through `apply`;
copying the state; applying the same action to the engine directly; the same frame to its action without the
LED frame), so the ratios mean something on a shared, noisy machine. The LED rows time the one LED planner on
this game: a settled frame to the accepted action plus the new LED frame (the tracker's 1 ms budget at p99),
and the plan for a pawn lifted right after a roll. Not a test.

    python benchmarks/bench_stbg.py [--matches 20] [--repeat 5]
"""
from __future__ import annotations

import argparse
import statistics
import time

from controller.core import Core
from controller.games import get_ruleset
from controller.games.stbg import Game, Illegal, Kick, Options, Roll, Step, Tick
from controller.games.stbg.bot import StbgBot, lines_for, play_match
from controller.games.stbg.physical import expected_occupancy
from controller.leds import BoardView, plan_leds
from controller.scenario import parse_obj
from controller.tracking import FrameTracker
from hal.board import TOKEN_BIT, square_index

HALF_MINUTES = 3.0


def positions_after_rolls(matches: int) -> list[Game]:
    """Real positions from random matches right after a turn's roll (a fresh budget to split)."""
    found: list[Game] = []
    for seed in range(matches):
        game = Game.kick_off(None, Options(half_minutes=HALF_MINUTES))

        def keep(action, events, game=game):
            st = game.state
            if isinstance(action, Roll) and st.phase == "play" and st.rolled and st.kind == "open":
                found.append(Game(st.clone(), game.options))
        play_match(game, StbgBot(seed), keep)
    return found


def tried_actions(game: Game) -> int:
    """Baseline: the legal actions found by trying every pawn on every square and the ball on every square."""
    n = 0
    for action in [Step(p, s) for p in range(12) if game.state.sq[p] >= 0 for s in range(128)] + \
            [Kick(s) for s in range(128)]:
        try:
            game.apply(action)
        except Illegal:
            continue
        game.undo()
        n += 1
    return n


def time_per_call(fn, games: list[Game], repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for g in games:
            fn(g)
        runs.append((time.perf_counter() - t0) / len(games) * 1e6)
    return statistics.median(runs)


def actions_per_second(matches: int) -> tuple[float, float]:
    """Replaying recorded random matches: actions applied per second, and the state copies per second."""
    recorded: list[tuple[Game, list]] = []
    for seed in range(matches):
        game = Game.kick_off(None, Options(half_minutes=HALF_MINUTES))
        actions: list = []
        play_match(game, StbgBot(seed), lambda a, e, actions=actions: actions.append(a))
        recorded.append((Game.kick_off(None, Options(half_minutes=HALF_MINUTES)), actions))
    total = sum(len(a) for _, a in recorded)
    t0 = time.perf_counter()
    for start, actions in recorded:
        game = Game(start.state.clone(), start.options)
        for a in actions:
            game.apply(a)
    applied = total / (time.perf_counter() - t0)
    state = recorded[0][0].state
    t0 = time.perf_counter()
    for _ in range(total):
        state.clone()
    copies = total / (time.perf_counter() - t0)
    return applied, copies


def frame_to_action(matches: int) -> tuple[list[float], list[float], list[float]]:
    """A settled sensor frame carrying one `move` to the action the core accepts; the engine's apply of the
    same action alone; the frame to the action plus the LED frame the board shows next."""
    settled_us: list[float] = []
    direct_us: list[float] = []
    with_leds_us: list[float] = []
    for seed in range(matches):
        options = {"half_minutes": HALF_MINUTES}
        core = Core(get_ruleset(), board_follows_game=False)
        core.feed(parse_obj({"type": "setup", "ruleset": "stbg", "formation": "standard", "options": options}))
        game = core.game
        assert isinstance(game, Game)
        bot = StbgBot(seed)
        tracker = FrameTracker(settle=0.05)
        board = bytearray(expected_occupancy(game))
        tracker.start(bytes(board))
        now = 0.0
        for _ in range(20_000):
            game = core.game
            assert isinstance(game, Game)
            if game.is_terminal():
                break
            action = bot.next_action(game)
            if action is None:
                st = game.state
                action = bot.roll_for_turn(game) if st.phase == "play" and not st.rolled else Tick(30.0)
            lines = lines_for(game, action)
            if len(lines) == 1 and lines[0]["type"] == "move":
                ln = lines[0]
                shadow = Game(game.state.clone(), game.options)
                bit = TOKEN_BIT[ln["token"]]
                board[square_index(ln["from"])] &= ~bit
                board[square_index(ln["to"])] |= bit
                frame = bytes(board)
                tracker.feed(frame, now)
                now += 0.06
                t0 = time.perf_counter()
                for settled in tracker.feed(frame, now):
                    core.feed(parse_obj(settled))
                if core.pending is not None:          # a kick its holder may follow waits for the window
                    core.feed(parse_obj({"type": "clock", "advance": 0.1}))
                settled_us.append((time.perf_counter() - t0) * 1e6)
                t1 = time.perf_counter()
                plan_leds(core.game, core.board_view()).frame()
                with_leds_us.append(settled_us[-1] + (time.perf_counter() - t1) * 1e6)
                t0 = time.perf_counter()
                shadow.apply(action)
                direct_us.append((time.perf_counter() - t0) * 1e6)
            else:
                for ln in lines:
                    core.feed(parse_obj(ln))
                if core.pending is not None:
                    core.feed(parse_obj({"type": "clock", "advance": 0.1}))
            game = core.game
            assert isinstance(game, Game)
            if core.pending is None and bytes(board) != bytes(expected_occupancy(game)):
                board[:] = expected_occupancy(game)   # the players follow the LEDs
                core.set_board(bytes(board))
                tracker.start(bytes(board))
            if game.state.phase == "play" and not game.is_terminal():
                core.feed(parse_obj({"type": "clock", "advance": 2.0}))
    return settled_us, direct_us, with_leds_us


def lifted_pawn_plans(games: list[Game], repeat: int) -> list[float]:
    """The LED frame for a pawn of the team to act lifted right after its roll (its squares for the points)."""
    views = []
    for g in games:
        st = g.state
        mine = [p for p in g.team_pawns(st.turn) if st.sq[p] >= 0]
        views.append(BoardView(lifted=((st.sq[mine[len(views) % len(mine)]], "red" if st.turn == 0 else "blue"),)))
    out: list[float] = []
    for _ in range(repeat):
        for g, view in zip(games, views, strict=True):
            t0 = time.perf_counter()
            plan_leds(g, view).frame()
            out.append((time.perf_counter() - t0) * 1e6)
    return out


def p99(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * 0.99))]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--matches", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    games = positions_after_rolls(args.matches)
    listed = time_per_call(lambda g: g.legal_actions(), games, args.repeat)
    tried = time_per_call(tried_actions, games[: max(1, len(games) // 10)], max(1, args.repeat // 2))
    moves = lambda g: sum(isinstance(a, (Step, Kick)) for a in g.legal_actions())
    assert all(moves(g) == tried_actions(g) for g in games[:50])      # both find the same pawn and ball moves
    applied, copies = actions_per_second(args.matches)
    settled, direct, with_leds = frame_to_action(max(1, args.matches // 2))
    lifted = lifted_pawn_plans(games, args.repeat)
    blank = time_per_call(lambda g: bytes(384), games, args.repeat)
    print(f"{len(games)} positions after a roll, {len(settled)} board moves, {args.matches} matches")
    print(f"| {'measure':<58} | {'figure':>22} | {'baseline':<52} |")
    print(f"| {'-' * 58} | {'-' * 22} | {'-' * 52} |")
    print(f"| {'legal actions for a roll (every pawn, the ball, done)':<58} | {listed:18.0f} us | "
          f"{f'trying every square through apply: {tried:.0f} us ({tried / listed:.0f}x)':<52} |")
    print(f"| {'engine actions per second (replaying random matches)':<58} | {applied:16,.0f}/s   | "
          f"{f'copying the state alone: {copies:,.0f}/s':<52} |")
    print(f"| {'settled sensor frame to accepted action (median, p99)':<58} | "
          f"{statistics.median(settled):7.0f} / {p99(settled):5.0f} us | "
          f"{f'engine apply alone: {statistics.median(direct):.0f} / {p99(direct):.0f} us':<52} |")
    print(f"| {'settled frame to accepted action + LED frame (median, p99)':<58} | "
          f"{statistics.median(with_leds):7.0f} / {p99(with_leds):5.0f} us | "
          f"{f'without the LED frame: {statistics.median(settled):.0f} / {p99(settled):.0f} us (1 ms at p99)':<52} |")
    print(f"| {'LED plan + frame, a pawn lifted after a roll (median, p99)':<58} | "
          f"{statistics.median(lifted):7.0f} / {p99(lifted):5.0f} us | "
          f"{f'a blank 384-byte frame: {blank:.2f} us':<52} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Board tracking speed: a settled sensor frame to the accepted action and the new LED frame (against applying
the same action to the engine alone), and an unchanged frame, the common case at 100 scans a second (against
copying the frame)."""
from __future__ import annotations

import time
from typing import Any

from controller.core import Core
from controller.games import get_ruleset
from controller.games.stw import geometry as g
from controller.games.stw.bot import Bot
from controller.games.stw.game import Game
from controller.games.stw.lines import lines_for
from controller.games.stw.physical import expected_occupancy
from controller.games.stw.state import Options
from controller.leds.planner import plan_leds
from controller.scenario import parse_obj
from controller.tracking import FrameTracker
from hal.board import TOKEN_BIT
from simulator.bench.common import Row, median, median_and_p99
from simulator.bench.engine import warm_tables


def measure(matches: int) -> tuple[list[float], list[float], list[float], list[float]]:
    """Microseconds per move: (settled frame -> action + LED frame, engine apply alone, unchanged frame,
    copying the frame)."""
    settled_us, direct_us, unchanged_us, copy_us = [], [], [], []
    for seed in range(matches):
        options = {"half_minutes": 5.0, "extra_time_minutes": 2.0}
        core: Any = Core(get_ruleset(), board_follows_game=False)    # its game is this ruleset's Game
        core.feed(parse_obj({"type": "setup", "formation": "standard", "options": options}))
        shadow = Game.kick_off(None, Options(**options))
        bot = Bot(seed)
        tracker = FrameTracker(settle=0.05)
        board = bytearray(expected_occupancy(core.game))
        tracker.start(bytes(board))
        now = 0.0
        for _ in range(200_000):
            if core.game.state.phase == "full_time":
                break
            action = bot.next_action(core.game)
            if action is None:
                break
            shadow.state = core.game.state.clone()
            shadow._moved()                                    # its occupancy view belongs to the old state
            lines = lines_for(core.game, action)
            physical = [ln for ln in lines if ln["type"] in ("move", "lift", "place")]
            if physical and len(physical) == 1 and physical[0]["type"] == "move":
                ln = physical[0]
                bit = TOKEN_BIT[ln["token"]]
                board[g.parse(ln["from"])] &= ~bit
                board[g.parse(ln["to"])] |= bit
                frame = bytes(board)
                tracker.feed(frame, now)                       # the change arrives ...
                now += 0.06
                t0 = time.perf_counter()                       # ... and settles: time from here
                for settled in tracker.feed(frame, now):
                    core.feed(parse_obj(settled))
                led = plan_leds(core.game, core.board_view()).frame()
                settled_us.append((time.perf_counter() - t0) * 1e6)
                t0 = time.perf_counter()
                shadow.apply(action)
                direct_us.append((time.perf_counter() - t0) * 1e6)
                t0 = time.perf_counter()
                tracker.feed(frame, now + 0.01)                # the next scan: nothing changed
                unchanged_us.append((time.perf_counter() - t0) * 1e6)
                t0 = time.perf_counter()
                bytes(board)
                copy_us.append((time.perf_counter() - t0) * 1e6)
                assert len(led) == 384
                if core.pending is not None:              # a ball played one square: let it settle
                    core.feed(parse_obj({"type": "clock", "advance": 0.1}))
            else:
                for ln in lines:
                    core.feed(parse_obj(ln))
                if core.pending is not None:
                    core.feed(parse_obj({"type": "clock", "advance": 0.1}))
                board[:] = expected_occupancy(core.game)     # the players follow the LEDs
                core.set_board(bytes(board))
                tracker.start(bytes(board))
            if action.__class__.__name__ in ("Roll", "Spin") and core.game.state.phase != "full_time":
                core.feed(parse_obj({"type": "clock", "advance": bot.pause().seconds}))
                board[:] = expected_occupancy(core.game)     # half time: the players follow the LEDs
                core.set_board(bytes(board))
                tracker.start(bytes(board))
    return settled_us, direct_us, unchanged_us, copy_us


def figures(quick: bool) -> list[Row]:
    matches = 2 if quick else 10
    warm_tables()
    settled, direct, unchanged, copy = measure(matches)
    what = f"{len(settled)} moves of {matches} matches"
    return [
        *median_and_p99("tracking: settled frame -> action + LED frame", settled, direct, "us",
                        ("< 1000 us", "p99 < 1000 us"), "engine apply of the same action alone", what),
        Row("tracking: unchanged frame", median(unchanged), "us", "< 100 us",
            median(copy), "copying the 128-byte frame", what),
    ]

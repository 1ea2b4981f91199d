"""`soccerboard sim`: seeded bots play both teams and the real core referees them.

Every bot action becomes the scenario lines a board would report and goes through the deterministic
core, exactly as the daemon feeds it; the terminal shows the match as a spectator would follow it.
"""
from __future__ import annotations

import json
import time

from controller.core import SETTLE_SECONDS, Core
from controller.ruleset import get_ruleset
from controller.scenario import parse_obj
from simulator.bots import Bot
from simulator.lines import lines_for

SHOWN = {"kick_off", "goal", "yellow_card", "red_card", "penalty_kick", "corner_kick", "goal_kick", "offside",
         "free_kick", "half_time", "period_end", "extra_time", "shootout", "shootout_kick", "full_time",
         "shot", "move_clock_expired"}


def simulate(seed: int, options: dict, on_line=None, on_event=None, pause: float = 0.0) -> Core:
    """Play one match through the core; returns the core at the final whistle."""
    core = Core(get_ruleset())
    bot = Bot(seed)

    def feed(line: dict) -> None:
        out = core.feed(parse_obj(line))
        if on_line:
            on_line(line, out)
        if not out.verdict["ok"]:
            raise RuntimeError(f"the core refused a bot's line {line}: {out.verdict}")
        for event in out.settled + out.events:
            if on_event:
                on_event(event, core)

    feed({"type": "setup", "formation": "standard", "options": options})   # the journal carries its options
    game = core.game
    while game.state.phase != "full_time":
        action = bot.next_action(game)
        if action is None:
            break
        for line in lines_for(game, action):
            feed(line)
        if core.pending is not None:        # let the settle window pass, as on a real board
            feed({"type": "clock", "advance": SETTLE_SECONDS * 2})
        game = core.game
        if action.__class__.__name__ in ("Roll", "Spin") and game.state.phase != "full_time":
            feed({"type": "clock", "advance": bot.pause().seconds})
        if pause:
            time.sleep(pause)
    for event in core.finish():
        if on_event:
            on_event(event, core)
    return core


def _clock(core) -> str:
    """Match minute as a spectator reads it (45' + 45' + 15' + 15' by default)."""
    st, o = core.game.state, core.game.options
    if st.period > 4:
        return "pens"
    base = o.half_minutes * min(st.period - 1, 2) + o.extra_time_minutes * max(st.period - 3, 0)
    return f"{int(base + st.elapsed // 60):3d}'"


def run_cli(args) -> int:
    options = {"half_minutes": args.half_minutes}

    def on_event(event: dict, core) -> None:
        name = event["event"]
        if args.quiet and name not in ("goal", "red_card", "full_time"):
            return
        if name in SHOWN:
            detail = {k: v for k, v in event.items() if k != "event"}
            print(f"{_clock(core)}  {name:<18} {json.dumps(detail)}", flush=True)

    core = simulate(args.seed, options, on_event=on_event, pause=args.speed)
    snap = core.snapshot()
    print(f"final score: red {snap['score']['red']} - {snap['score']['blue']} blue"
          + (f" (shoot-out {snap['shootout']['red']}-{snap['shootout']['blue']})" if snap.get("shootout") else ""))
    return 0

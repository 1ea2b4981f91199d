"""Whole matches under sensor noise: with 5% of sensor frames carrying a random single-square glitch, whole matches
played on the board through the frame tracker and the core accept exactly the moves that were made."""
import os

from controller.core import SETTLE_SECONDS, Core
from controller.games import get_ruleset
from controller.games.stw.actions import Roll, Spin, Tick
from controller.games.stw.bot import Bot
from controller.games.stw.game import Game
from controller.games.stw.lines import lines_for
from controller.games.stw.physical import expected_occupancy
from controller.games.stw.state import Options
from controller.scenario import parse_obj
from controller.tracking import FrameTracker
from simulator.frames import SensorGrid

MATCHES = int(os.environ.get("SOCCERBOARD_NOISE_MATCHES", "200"))


def same_game(a: Game, b: Game) -> bool:
    x, y = a.state, b.state
    return (x.sq, x.ball, x.holder, x.offense, x.score, x.phase, x.roll, x.sent_off) == \
        (y.sq, y.ball, y.holder, y.offense, y.score, y.phase, y.roll, y.sent_off)


def play_noisy_match(seed: int, glitch_rate: float = 0.05) -> tuple[int, int]:
    """Returns (actions checked, glitch frames); asserts the core followed the real moves exactly."""
    options = {"half_minutes": 2.0, "extra_time_minutes": 1.0}
    reference = Game.kick_off(None, Options(**options))
    bot = Bot(seed)
    core = Core(get_ruleset(), board_follows_game=False)
    core.feed(parse_obj({"type": "setup", "formation": "standard", "options": options}))
    grid = SensorGrid(expected_occupancy(core.game), glitch_rate, seed)
    tracker = FrameTracker()
    tracker.start(bytes(grid.occupancy))
    checked = 0

    def feed(line: dict) -> None:
        out = core.feed(parse_obj(line))
        assert out.verdict["ok"], (seed, line, out.verdict)

    def scan_until_settled() -> None:
        """The scan goes on between moves; glitches only delay a change until it has settled."""
        for _ in range(1000):
            if tracker.settled == bytes(grid.occupancy):
                return
            for frame, now in grid.hold(1):
                for settled in tracker.feed(frame, now):
                    feed(settled)
        raise AssertionError("the board never settled")

    def follow_the_leds() -> None:
        """The game moved tokens itself (kick-off formation after a goal or at half time, the corner
        taker stepping on): the players set the board as the LEDs show, and the sensors report it."""
        if core.pending is None and bytes(grid.occupancy) != bytes(expected_occupancy(core.game)):
            grid.occupancy[:] = expected_occupancy(core.game)
            core.set_board(bytes(grid.occupancy))
            tracker.start(bytes(grid.occupancy))

    while reference.state.phase != "full_time" and checked < 20000:
        action = bot.next_action(reference)
        if action is None:
            break
        for line in lines_for(reference, action):
            if line["type"] in ("move", "lift", "place"):
                for frame, now in grid.play(line):
                    for settled in tracker.feed(frame, now):
                        feed(settled)
            else:
                scan_until_settled()
                feed(line)
        scan_until_settled()
        reference.apply(action)
        if core.pending is not None:             # a dribble-or-pass waits for the settle window
            feed({"type": "clock", "advance": SETTLE_SECONDS * 2})
            reference.apply(Tick(SETTLE_SECONDS * 2))
        follow_the_leds()
        assert same_game(reference, core.game), (seed, checked, action)
        checked += 1
        if isinstance(action, (Roll, Spin)) and reference.state.phase != "full_time":
            tick = bot.pause()
            reference.apply(tick)
            feed({"type": "clock", "advance": tick.seconds})
            follow_the_leds()
    assert reference.state.phase == "full_time"
    return checked, grid.glitches


def test_issue3_glitching_sensors_never_make_the_referee_accept_a_wrong_move():
    total_actions = total_glitches = 0
    for seed in range(MATCHES):
        actions, glitches = play_noisy_match(seed)
        total_actions += actions
        total_glitches += glitches
    assert total_glitches > total_actions // 10            # the noise really was there

"""Raw lift/place tracking of STBG (S8, S15, S20, S29, the goal area as one space) through the deterministic
core, and whole matches played on a noisy sensor grid (5% of frames glitching) that the referee follows with
zero wrong actions."""
import json
import os

from controller.core import SETTLE_SECONDS, Core
from controller.games import get_ruleset
from controller.games.stbg import Game, Options, Tick
from controller.games.stbg.bot import StbgBot, lines_for
from controller.games.stbg.physical import expected_occupancy
from controller.scenario import parse_obj
from controller.tracking import FrameTracker
from simulator.frames import SensorGrid

from .dsl import explicit, replay, snapshot, verdicts

RED4 = {"p1": "d1", "p2": "b6", "p3": "d6", "p4": "f6"}
BLUE4 = {"p1": "d16", "p2": "b11", "p3": "d11", "p4": "f11"}
START = explicit(RED4, BLUE4, "d6")


def lift(square, token):
    return {"type": "lift", "square": square, "token": token}


def place(square, token):
    return {"type": "place", "square": square, "token": token}


def roll(value, team="red"):
    return {"type": "roll", "die": team, "value": value}


DONE = {"type": "press", "button": "done", "team": "red"}


def test_several_pawns_and_the_ball_in_any_order_make_one_split_turn():
    out = replay(START, roll(6), lift("b6", "red"), place("b7", "red"), lift("f6", "red"), place("f8", "red"),
                 lift("d6", "ball"), lift("d6", "red"), place("d9", "ball"), place("d9", "red"), DONE)
    v = verdicts(out)
    assert all(x["ok"] for x in v.values()), v
    snap = snapshot(out)
    assert snap["pawns"]["red-p2"]["square"] == "b7" and snap["pawns"]["red-p4"]["square"] == "f8"
    assert snap["ball"] == "d9" and snap["holder"] == "red-p3" and snap["turn"] == "blue"


def test_s29_a_slide_is_one_move_from_the_first_square_to_the_last():
    out = replay(START, roll(2), lift("b6", "red"), place("b7", "red"), lift("b7", "red"), place("b8", "red"))
    assert snapshot(out)["pawns"]["red-p2"]["square"] == "b8" and snapshot(out)["points_left"] == 0


def test_s8_holder_and_ball_put_down_together_read_as_a_dribble():
    out = replay(START, roll(2), lift("d6", "red"), lift("d6", "ball"), place("d8", "red"), place("d8", "ball"))
    v = verdicts(out)
    assert all(x["ok"] for x in v.values()), v
    snap = snapshot(out)
    assert snap["holder"] == "red-p3" and snap["points_left"] == 0          # a dribble costs the player's steps


def test_s8_ball_first_then_its_holder_is_a_dribble_too():
    out = replay(START, roll(2), lift("d6", "ball"), place("d8", "ball"), lift("d6", "red"), place("d8", "red"))
    assert snapshot(out)["holder"] == "red-p3" and snapshot(out)["points_left"] == 0


def test_s15_the_holder_lifted_without_its_ball_is_pending_until_the_ball_comes():
    out = replay(START, roll(3), lift("d6", "red"), place("d8", "red"))
    assert verdicts(out)[4] == {"line": 4, "ok": True, "pending": True}


def test_goal_area_is_one_space_a_goalie_shift_costs_nothing():
    out = replay(START, roll(1), lift("d1", "red"), place("e1", "red"), DONE)
    snap = snapshot(out)
    assert snap["pawns"]["red-p1"]["square"] == "e1" and snap["pawns"]["red-p1"]["goalie"]


def test_a_placement_over_the_budget_is_refused_at_once():
    out = replay(START, roll(2), lift("b6", "red"), lift("f6", "red"), place("b10", "red"))
    assert verdicts(out)[5]["reason"] == "over_budget"


def test_lifting_a_pawn_of_the_team_not_to_play_is_refused():
    out = replay(START, roll(2), lift("d11", "blue"))
    assert verdicts(out)[3]["reason"] == "not_your_turn"


def corner_lines():
    red = {**RED4, "p3": "b14"}
    blue = {**BLUE4, "p4": "b15"}
    return [explicit(red, blue, "b14"), roll(2), {"type": "move", "from": "b14", "to": "d16", "token": "ball"},
            roll(3), roll(3, "blue"), lift("d16", "ball"), place("a16", "ball"), lift("b14", "red"),
            place("a16", "red"), DONE]


def test_s20_corner_set_up_forbidden_placement_refused_at_once_then_corrected():
    lines = corner_lines()
    out = replay(*lines, lift("b15", "blue"), place("b16", "blue"), {"type": "press", "button": "done",
                                                                      "team": "blue"},
                 lift("b16", "blue"), place("c14", "blue"), {"type": "press", "button": "done", "team": "blue"})
    v = verdicts(out)
    n = len(lines)
    assert all(v[i]["ok"] for i in range(1, n + 1)), v
    assert v[n + 2]["reason"] == "placement"
    assert v[n + 3]["reason"] == "board_mismatch"
    assert v[n + 4]["ok"] and v[n + 5]["ok"] and v[n + 6]["ok"]
    assert snapshot(out)["turn_kind"] == "corner"


def test_s20_done_refused_while_a_pawn_breaks_the_set_up():
    out = replay(*corner_lines(), {"type": "press", "button": "done", "team": "blue"})
    last = verdicts(out)[len(corner_lines()) + 1]
    assert last["reason"] == "placement" and "blue-p4 two squares from the ball" in last["detail"]


# ----- whole matches on a noisy board ----------------------------------------------------------------------
MATCHES = int(os.environ.get("SOCCERBOARD_STBG_NOISE_MATCHES", "100"))


def same(a: Game, b: Game) -> bool:
    x, y = a.state, b.state
    return (x.sq, x.ball, x.holder, x.score, x.phase, x.turn, x.points, x.sent_off, x.yellow) == \
        (y.sq, y.ball, y.holder, y.score, y.phase, y.turn, y.points, y.sent_off, y.yellow)


def play_noisy_match(seed: int, glitch_rate: float = 0.05) -> tuple[int, int]:
    options = {"half_minutes": 1.0}
    reference = Game.kick_off(None, Options(**options))
    bot = StbgBot(seed)
    core = Core(get_ruleset(), board_follows_game=False)
    core.feed(parse_obj({"type": "setup", "ruleset": "stbg", "formation": "standard", "options": options}))
    assert core.game is not None
    grid = SensorGrid(expected_occupancy(core.game), glitch_rate, seed)      # type: ignore[arg-type]
    tracker = FrameTracker()
    tracker.start(bytes(grid.occupancy))
    checked = 0

    def feed(line):
        out = core.feed(parse_obj(line))
        assert out.verdict["ok"], (seed, checked, json.dumps(line), out.verdict)

    def scan_until_settled():
        for _ in range(1000):
            if tracker.settled == bytes(grid.occupancy):
                return
            for frame, now in grid.hold(1):
                for settled in tracker.feed(frame, now):
                    feed(settled)
        raise AssertionError("the board never settled")

    def follow_the_leds():
        if core.pending is None and bytes(grid.occupancy) != bytes(expected_occupancy(core.game)):
            grid.occupancy[:] = expected_occupancy(core.game)
            core.set_board(bytes(grid.occupancy))
            tracker.start(bytes(grid.occupancy))

    while not reference.is_terminal() and checked < 5000:
        action = bot.next_action(reference)
        if action is None:
            st = reference.state
            action = bot.roll_for_turn(reference) if st.phase == "play" and not st.rolled else Tick(30.0)
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
        if core.pending is not None:           # an open move waits for the settle window
            feed({"type": "clock", "advance": SETTLE_SECONDS * 2})
            reference.apply(Tick(SETTLE_SECONDS * 2))
        follow_the_leds()
        assert same(reference, core.game), (seed, checked, str(action))
        checked += 1
        if reference.state.phase == "play" and not reference.is_terminal():
            tick = Tick(round(bot.rng.uniform(0.5, 3.0), 2))
            reference.apply(tick)
            feed({"type": "clock", "advance": tick.seconds})
            follow_the_leds()
    assert reference.is_terminal()
    return checked, grid.glitches


def test_glitching_sensors_never_make_the_referee_accept_a_wrong_action():
    total_actions = total_glitches = 0
    for seed in range(MATCHES):
        actions, glitches = play_noisy_match(seed)
        total_actions += actions
        total_glitches += glitches
    assert total_glitches > total_actions // 10

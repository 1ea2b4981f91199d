"""Property test: thousands of random legal matches played to the final whistle keep the invariants,
and replaying the recorded actions reproduces the same final snapshot.

SOCCERBOARD_PROPERTY_MATCHES sets the number of matches (2000 by default, as CI runs it).
"""
from __future__ import annotations

import os
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.games.stw.autoplay import simulate
from controller.games.stw.bot import Bot, play_match
from controller.games.stw.game import Game
from controller.games.stw.moves import region
from controller.games.stw.pieces import N_PAWNS, is_keeper, pawns_of, stays_home
from controller.games.stw.reference import walked_destinations
from controller.games.stw.snapshot import snapshot_of
from controller.games.stw.state import Options
from controller.replay import replay_lines

MATCHES = int(os.environ.get("SOCCERBOARD_PROPERTY_MATCHES", "2000"))
CORNER_PHASES = ("corner_setup", "corner_placement", "corner_kick")
HOLDING_PHASES = ("offensive_set", "ball_play", "kick_off", "answer")


def check_invariants(game: Game, score_before: list[int], events: list[dict]) -> None:
    st = game.state
    assert len(st.sq) == N_PAWNS
    for p in range(N_PAWNS):
        s = st.sq[p]
        assert -1 <= s < 128
        if s < 0:      # off the board: sent off, or the corner taker standing beside the flag
            assert st.sent_off[p] or (p == st.shooter and st.phase in CORNER_PHASES), f"pawn {p} lost"
    for t in (0, 1):
        on_board = [st.sq[p] for p in pawns_of(t) if st.sq[p] >= 0]
        assert len(on_board) == len(set(on_board)), "two pawns of a team on one square"
    for p in range(N_PAWNS):
        if stays_home(p) and st.sq[p] >= 0 and not st.sent_off[p]:
            assert region(p, game.profile) >> st.sq[p] & 1, "a defender or keeper left its half"
    goals = Counter(e["team"] for e in events if e["event"] == "goal")
    assert st.score[0] - score_before[0] == goals["red"]
    assert st.score[1] - score_before[1] == goals["blue"]
    assert 0 <= st.ball < 128
    if st.phase in HOLDING_PHASES:
        assert st.holder >= 0 and st.sq[st.holder] == st.ball, "the holder is not on the ball"


@settings(max_examples=MATCHES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), half=st.sampled_from([1.0, 3.0, 6.0]),
       advanced=st.booleans(), shooting_die=st.booleans(), extra_time=st.booleans())
def test_random_full_matches_keep_the_invariants_and_replay_exactly(seed, half, advanced, shooting_die, extra_time):
    options = Options(half_minutes=half, extra_time_minutes=half / 2, advanced_defenders=advanced,
                      shooting_die=shooting_die, extra_time=extra_time)
    game = Game.kick_off(None, options)
    checked = {"n": 0}

    def after(action, events):
        check_invariants(game, before["score"], events)
        before["score"] = game.state.score[:]
        if game.state.roll and game.state.phase in ("offensive_set", "capture", "answer") and checked["n"] < 3:
            checked["n"] += 1      # the tables agree with a square-by-square walk on real positions
            st_ = game.state
            for p in pawns_of(st_.actor):
                if st_.sq[p] >= 0 and not st_.sent_off[p] and not is_keeper(p) and \
                        not (st_.phase == "offensive_set" and p == st_.holder):
                    assert game.legal_pawn_moves(pawn=p).get(p, 0) == walked_destinations(game, p)

    before = {"score": game.state.score[:]}
    record = play_match(game, Bot(seed), on_action=after)
    assert game.state.phase == "full_time", f"seed {seed} did not reach the final whistle"
    again = Game.kick_off(None, options)
    for action in record:
        again.apply(action)
    assert snapshot_of(again) == snapshot_of(game)


@settings(max_examples=max(10, MATCHES // 40), deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_random_matches_through_the_core_replay_to_the_same_snapshot(seed):
    """The daemon's path: bot actions as board lines through the core; `replay` of those lines agrees."""
    lines: list[dict] = []
    core = simulate(seed, {"half_minutes": 2.0, "extra_time_minutes": 1.0},
                    on_line=lambda line, out: lines.append(line))
    import json
    outputs = replay_lines([json.dumps(line) for line in lines])
    assert all(o.get("ok", True) for o in outputs if "line" in o)
    assert outputs[-1]["snapshot"] == core.snapshot()

"""What the daemon keeps from match to match stays bounded (the 500-match figure is in benchmarks/bench_daemon.py)."""
from __future__ import annotations

from controller.daemon.operations.config import load_settings
from controller.daemon.service import SIM_RECORD, Daemon
from controller.games.stw import geometry as g
from controller.games.stw import reach
from controller.games.stw.game import UNDO_DEPTH
from hal.backends import open_hardware
from simulator.players import AutoplaySource
from tests.daemon.daemon_helpers import wait_for

OPTIONS = {"half_minutes": 3.0, "extra_time": False}


def _unbuilt_tables() -> int:
    """Path tables play may ask for that are not built yet: pawns (one die, three regions), ball (one or two
    dice; forward at the kick-off)."""
    pawns = sum(reach._BY_VARIANT[v][s][n] is None
                for v, half in enumerate(reach.HALVES) for s in g.squares_of(half) for n in reach.PAWN_STEPS)
    balls = sum(reach._BALL[f][s][n] is None for s in range(g.N_SQUARES)
                for f, steps in ((0, reach.BALL_STEPS), (1, reach.PAWN_STEPS), (-1, reach.PAWN_STEPS)) for n in steps)
    return pawns + balls


def test_autoplayed_matches_leave_no_growing_records(tmp_path, monkeypatch):
    settings = load_settings(None, env=False, board_id="m1", journal__dir=str(tmp_path / "j"))
    settings.game.options = dict(OPTIONS)
    hw = open_hardware({"backend": "sim"})
    daemon = Daemon(settings, hw, board_follows_game=True, tick=0.05, auto_setup=False)
    built = []                           # every rule table built in this test, by start-up or by play
    build_pawn, build_ball = reach.pawn_table, reach._ball_walk
    monkeypatch.setattr(reach, "pawn_table", lambda *a: built.append(("pawn", *a)) or build_pawn(*a))
    monkeypatch.setattr(reach, "_ball_walk", lambda *a: built.append(("ball", *a)) or build_ball(*a))
    unbuilt = _unbuilt_tables()
    seen = {"leds": 0, "full_time": 0, "history": 0}

    def observe(msgs) -> None:          # outputs flow (as to MQTT) and the core's history is sampled as it runs
        seen["leds"] += sum(1 for m in msgs if m.topic == "leds")
        seen["full_time"] += sum(1 for m in msgs if m.topic == "events" and m.payload["event"] == "full_time")
        game = daemon.referee.core.game
        if game is not None:
            seen["history"] = max(seen["history"], len(game.history))
    daemon.observers.append(observe)
    source = AutoplaySource(5, dict(OPTIONS), daemon.put, matches=3, speed=0, backlog=daemon.inputs.qsize,
                            on_end=daemon.end_of_source)
    daemon.start(source)
    try:
        assert daemon.wait(120), "the three matches did not finish"
        wait_for(lambda: seen["full_time"] == 3, 10, "three final whistles")
    finally:
        daemon.stop()
        hw.close()
    board = hw.leds
    assert seen["leds"] > 2 * SIM_RECORD                   # the LEDs changed far more often than the board keeps
    assert 0 < len(board.led_frames) <= SIM_RECORD and board.led_frame == board.led_frames[-1]
    assert UNDO_DEPTH <= seen["history"] <= UNDO_DEPTH + 1     # the core's undo history hit its cap and held it
    # start-up built every path table play can ask for, once, and three matches built none beyond them
    assert _unbuilt_tables() == 0 and len(built) == unbuilt == len(set(built))
    assert daemon.inputs.qsize() == 0
    assert len(daemon.store.journals()) == 3


def test_late_qos0_callbacks_neither_pile_up_nor_push_out_a_real_early_ack():
    """paho reports a QoS 0 message when it is written out, which may be after the publisher looked; those
    stale reports must not grow without end, and thinning them must keep a fresh QoS 1 early ack."""
    import time

    from controller.daemon.outputs.publisher import EARLY_ACK_SECONDS, Publisher
    pub = Publisher("soccerboard/m1", "127.0.0.1", 1)
    long_ago = time.monotonic() - 2 * EARLY_ACK_SECONDS
    pub._early_acks = dict.fromkeys(range(1, 257), long_ago)     # stale QoS 0 reports
    pub._handle_publish(None, None, 1000, None, None)               # a QoS 1 ack that beat _flush
    assert list(pub._early_acks) == [1000]                          # the stale ones went, the real one stayed

"""The simulator daemon (`soccerboard sim`) in-process: browser inputs take the hardware path, the sim board
follows the game, a person plays on the wall clock, a bot plays the other team."""
from __future__ import annotations

import time

from controller.tracking import FrameTracker
from hal.frames import empty_frame, tokens_at, with_token
from tests.daemon.daemon_helpers import SIM_OPTIONS, SimDaemon, wait_for


def _roll_off_blue_kicks(sim: SimDaemon) -> None:
    sim.send({"type": "roll", "die": "red", "value": 6})     # the higher roll chooses to receive
    sim.send({"type": "roll", "die": "blue", "value": 2})
    wait_for(lambda: sim.state()["phase"] == "kick_off", 5, "blue's kick-off")
    assert sim.state()["offense"] == "blue"


def test_browser_inputs_are_physical_events_that_settle_before_the_core_hears_them(tmp_path):
    sim = SimDaemon(tmp_path)
    try:
        _roll_off_blue_kicks(sim)
        # the game put blue's kicker and the ball on d9 by itself; the simulated board's sensors followed
        wait_for(lambda: "ball" in tokens_at(sim.board.frame, "d9"), 5, "the sim board following the game")
        assert "ball" not in tokens_at(sim.board.frame, "d8")
        sim.send({"type": "roll", "die": "blue", "value": 3})
        wait_for(lambda: sim.state()["expects"]["input"] == "ball", 5, "the kick-off roll")
        [to] = [a.to for a in sim.daemon.referee.core.game.legal_actions()
                if type(a).__name__ == "MoveBall"][:1]
        from controller.games.stw.geometry import name
        sim.send({"type": "lift", "square": "d9", "token": "ball"})
        sim.send({"type": "place", "square": name(to), "token": "ball"})
        time.sleep(0.1)
        assert sim.state()["ball"] == "d9"                 # within the settle window: nothing reached the core
        sim.settle()
        assert sim.state()["ball"] == name(to)
        assert any(e["event"] == "ball_played" for e in sim.events)
        journal = "\n".join(sim.journal_lines())
        # the lift and the place settled together: one change, journaled as the tracker's lines
        assert '"type":"lift","square":"d9","token":"ball"' in journal.replace(" ", "")
        assert sim.responses == []
    finally:
        sim.close()


def test_a_refused_browser_input_is_answered_and_the_board_guides_the_correction(tmp_path):
    sim = SimDaemon(tmp_path)
    try:
        _roll_off_blue_kicks(sim)
        sim.send({"type": "lift", "square": "b4", "token": "red"})       # red may not act at blue's kick-off
        sim.settle()
        wait_for(lambda: sim.responses, 20, "the refusal")
        assert sim.responses[-1]["request"] == "sim/input" and sim.responses[-1]["status"] == "error"
        assert sim.state()["board"]["consistent"] is False
        sim.send({"type": "place", "square": "b4", "token": "red"})      # put back: play resumes
        sim.settle()
        wait_for(lambda: sim.state()["board"]["consistent"], 20, "the board agreeing again")   # a loaded machine
    finally:
        sim.close()


def test_malformed_or_impossible_simulator_inputs_are_refused_and_change_nothing(tmp_path):
    sim = SimDaemon(tmp_path)
    try:
        frame = sim.board.frame
        bad = [b"not json", b"[1, 2]", b"{" * 5000, {"type": "lift", "square": "z9", "token": "red"},
               {"type": "lift", "square": "a5", "token": "red"}, {"type": "place", "square": "d1", "token": "red"},
               {"type": "roll", "die": "red", "value": 7}, {"type": "roll", "die": "red", "value": True},
               {"type": "press", "button": "explode"}, {"type": "spin", "outcome": "miss"},
               {"type": "teleport"}]
        for line in bad:
            sim.send(line)
        wait_for(lambda: len(sim.responses) == len(bad), 5, "an answer to each")
        assert all(r["status"] == "error" and r["detail"] for r in sim.responses)
        assert "no red token on a5" in sim.responses[4]["detail"]
        assert sim.board.frame == frame
    finally:
        sim.close()


def test_a_daemon_refereeing_a_real_board_refuses_simulator_inputs(tmp_path):
    sim = SimDaemon(tmp_path, sim_mode=False)
    try:
        sim.send({"type": "roll", "die": "red", "value": 4})
        wait_for(lambda: sim.responses, 5, "the refusal")
        assert "not the simulator" in sim.responses[0]["detail"]
        time.sleep(0.1)
        assert sim.state()["expects"]["waiting"] == ["red", "blue"]       # the roll never reached the game
    finally:
        sim.close()


def test_rule_11_the_move_clock_runs_out_on_the_wall_clock_when_a_person_plays(tmp_path):
    sim = SimDaemon(tmp_path, clock="wall", options={**SIM_OPTIONS["soccer_tactics_world"], "move_seconds": 0.5})
    try:
        _roll_off_blue_kicks(sim)
        sim.send({"type": "roll", "die": "blue", "value": 3})   # the kick-off roll starts the move clock
        wait_for(lambda: any(e["event"] == "move_clock_expired" for e in sim.events), 10, "the move clock")
    finally:
        sim.close()


def test_a_restated_board_keeps_a_change_that_is_still_settling():
    start = with_token(empty_frame(), "d9", "ball", True)
    tracker = FrameTracker()
    tracker.start(start)
    lifted = with_token(start, "a1", "red", True)
    assert tracker.feed(lifted, 0.0) == []                        # a pawn put on a1, settling
    restated = with_token(lifted, "d9", "ball", False)
    restated = with_token(restated, "d8", "ball", True)           # the game moved the ball by itself
    tracker.restate(lifted, restated)
    assert tracker.poll(0.06) == [{"type": "place", "square": "a1", "token": "red"}]


def test_human_against_bot_the_bot_plays_its_own_team_only(tmp_path):
    sim = SimDaemon(tmp_path, bot="blue")
    try:
        wait_for(lambda: sim.state()["expects"].get("waiting") == ["red"], 5, "the bot's roll-off die")
        sim.send({"type": "roll", "die": "red", "value": 6})   # higher than the seeded bot's 2: blue kicks off
        wait_for(lambda: any(e["event"] == "ball_played" and e["team"] == "blue" for e in sim.events),
                 10, "the bot's kick-off")
        assert [e["kickoff"] for e in sim.events if e["event"] == "roll_off"] == ["blue"]
        # then it waits for the person: once the bot has done all it may (it rolls its own die at once
        # when both teams roll), nothing changes until red acts
        def waits_for_red() -> bool:
            expects = sim.state()["expects"]
            return expects.get("team") in ("red", "both") and "blue" not in expects.get("waiting", [])
        wait_for(waits_for_red, 5, "the bot to wait for the person")
        st = sim.state()
        time.sleep(0.3)
        assert sim.state()["seq"] == st["seq"]
    finally:
        sim.close()

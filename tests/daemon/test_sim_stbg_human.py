"""`soccerboard sim --ruleset stbg --human red`: the daemon in sim mode with the seeded Soccer The Board Game
bot playing blue (the game's opponent through simulator.players.BotOpponent), and the person's inputs coming as the
browser sends them (`<base>/sim/input`, controller.daemon.inputs.siminput): rolls through the sim board's dice, the
team buttons (`done`, star cards, substitution) and referee cards as scenario lines for the core."""
from __future__ import annotations

import time

from tests.daemon.daemon_helpers import SimDaemon, wait_for


def StbgSim(tmp_path, bot: str | None) -> SimDaemon:
    """A sim-mode STBG daemon, the bot playing `bot`, with the browser's entry point (`send`)."""
    return SimDaemon(tmp_path, bot=bot, ruleset="stbg")


def test_stbg_human_against_bot_the_bot_plays_blue_and_waits_for_red(tmp_path):
    sim = StbgSim(tmp_path, bot="blue")
    try:
        assert sim.state()["ruleset"] == "stbg"
        # the roll-off: the person rolls red's die (a 1: the bot's die wins, a tie is rolled again)
        while sim.state()["phase"] == "roll_off":
            wait_for(lambda: sim.state()["phase"] != "roll_off" or sim.state()["expects"].get("waiting") == ["red"],
                     5, "the bot's roll-off die")
            if sim.state()["phase"] == "roll_off":
                sim.send({"type": "roll", "die": "red", "value": 1})
                wait_for(lambda: sim.state()["expects"].get("waiting") != ["red"], 5, "the person's roll")
        assert [e.get("winner") for e in sim.events if e["event"] == "roll_off"] == ["blue"]
        # the bot kicks off (its roll, the pass to the team-mate beside the ball, ...) and ends its turn
        wait_for(lambda: any(e["event"] == "kick_off" and e["team"] == "blue" for e in sim.events), 10,
                 "the bot's kick-off")
        wait_for(lambda: sim.state()["turn"] == "red" and sim.state()["phase"] == "play", 15, "red's turn")
        rolls = [e for e in sim.events if e["event"] in ("kick", "turn_end")]
        assert rolls and all(e["team"] == "blue" for e in rolls), rolls
        st = sim.state()
        assert st["expects"] == {"input": "roll", "team": "red", "turn": "open"}
        time.sleep(0.3)                      # it is red's turn: the bot does nothing for the person
        assert sim.state()["seq"] == st["seq"]
        # the person's inputs: blue's `done` is refused with the referee's sentence, red's roll is taken
        sim.send({"type": "press", "button": "done", "team": "blue"})
        wait_for(lambda: any(r.get("status") == "error" for r in sim.responses), 5, "the refusal")
        refusal = next(r for r in sim.responses if r.get("status") == "error")
        assert refusal["request"] == "sim/input" and refusal["detail"], refusal
        assert sim.state()["seq"] == st["seq"]
        sim.send({"type": "roll", "die": "red", "value": 4})
        wait_for(lambda: sim.state()["points_left"] == 4, 5, "red's roll")
    finally:
        sim.close()


def test_stbg_sim_input_team_buttons_and_cards_reach_the_core(tmp_path):
    sim = StbgSim(tmp_path, bot=None)
    try:
        for bad, why in [({"type": "press", "button": "done"}, "team must be red or blue"),
                         ({"type": "press", "button": "star_fly", "team": "red"}, "button must be one of"),
                         ({"type": "card", "card": "green"}, "card must be one of")]:
            sim.send(bad)
            wait_for(lambda why=why: any(why in str(r.get("detail")) for r in sim.responses), 5, why)
        seq = sim.state()["seq"]
        sim.send({"type": "card", "card": "yellow"})       # no fault is waiting: the core refuses it
        wait_for(lambda: len(sim.responses) == 4, 5, "the core's answer")
        assert sim.responses[-1]["status"] == "error" and "referee card" in sim.responses[-1]["detail"], sim.responses
        sim.send({"type": "press", "button": "star_pass", "team": "red"})    # before the roll-off: refused too
        wait_for(lambda: len(sim.responses) == 5, 5, "the core's answer")
        assert sim.responses[-1]["status"] == "error", sim.responses
        assert sim.state()["seq"] == seq
    finally:
        sim.close()


def test_stbg_sim_undo_button_goes_to_the_core_not_the_board(tmp_path):
    """`undo` (like `pause` and `resume`) is the referee's button, which no board has: the simulator hands it to
    the core as a line (the board's own buttons, confirm and decline, are pressed on the simulated board)."""
    sim = StbgSim(tmp_path, bot=None)
    try:
        sim.send({"type": "roll", "die": "red", "value": 5})
        sim.send({"type": "roll", "die": "blue", "value": 2})          # roll-off: red kicks off
        wait_for(lambda: sim.state()["expects"] == {"input": "roll", "team": "red", "turn": "kick_off"}, 5,
                 "red's kick-off roll")
        sim.send({"type": "roll", "die": "red", "value": 4})
        wait_for(lambda: sim.state()["points_left"] == 4, 5, "red's roll")
        sim.send({"type": "press", "button": "undo"})          # the core answers: a die rolled is not rolled again
        wait_for(lambda: any("not rolled again" in str(r.get("detail")) for r in sim.responses), 5, "the core's answer")
        assert sim.state()["points_left"] == 4 and sim.state()["expects"]["input"] == "move"
    finally:
        sim.close()

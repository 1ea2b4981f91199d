"""The second game, Soccer The Board Game, in the live daemon: `[game] ruleset = "stbg"` and `soccerboard sim
--ruleset stbg` (docs/stbg.md). Seeded STBG bots play through the real daemon with no refused line, a kill -9
resumes the match from its journal, its LEDs are planned (the one LED planner, through the ruleset boundary) and
`report` tells it."""
from __future__ import annotations

import json
import time

import pytest

from controller.daemon.operations.config import ConfigError, load_settings
from controller.daemon.operations.report import report
from controller.daemon.referee import Referee
from controller.daemon.service import Daemon
from controller.games.stbg.bot import simulate
from controller.replay import replay_lines
from hal.backends import open_hardware
from hal.frames import blank_led_frame
from tests.daemon.daemon_helpers import (
    Watcher,
    comparable,
    kill_9_mid_match_and_resume,
    retained_state,
    sim_args,
    start_daemon,
    stop_process,
    wait_for,
)

OPTIONS = {"half_minutes": 2.0}


def _journal_lines(path) -> list[dict]:
    return [json.loads(t) for t in path.read_text().splitlines() if t.startswith("{")]


def test_sim_ruleset_stbg_plays_three_seeded_matches_to_full_time_with_no_refused_line(broker, tmp_path):
    journal = tmp_path / "j"
    log = tmp_path / "daemon.log"
    watcher = Watcher(broker.port)
    proc = start_daemon(sim_args(broker, journal, "--ruleset", "stbg", "--speed", "0", "--no-web",
                                 "--half-minutes", "2", "--matches", "3", "--seed", "5"), log)
    try:
        assert proc.wait(60) == 0, log.read_text()[-2000:]
    finally:
        stop_process(proc)
    assert "Traceback" not in log.read_text()
    journals = sorted(journal.glob("*.jsonl"))
    assert len(journals) == 3
    for seed, path in zip(range(5, 8), journals, strict=True):
        text = path.read_text()
        header = json.loads(text.splitlines()[0].split(" ", 2)[2])
        assert header["ruleset"] == "stbg" and header["source"] == {"seed": seed}
        assert "# finished" in text
        out = replay_lines(text.splitlines())              # `soccerboard replay` of the journal
        verdicts = [o for o in out if "line" in o]
        assert verdicts and all(v["ok"] for v in verdicts), [v for v in verdicts if not v["ok"]][:3]
        snap = out[-1]["snapshot"]
        assert snap["ruleset"] == "stbg" and snap["phase"] == "full_time"
        assert snap["score"] == simulate(seed, OPTIONS).snapshot()["score"]     # the bots' own match
        told = report(path)
        assert "Soccer The Board Game" in told and "unknown event" not in told and ", 0 refused" in told
        assert f"Score: red {snap['score']['red']} - {snap['score']['blue']} blue" in told
    time.sleep(0.2)
    leds = [json.loads(p) for t, p, r in watcher.messages if t.endswith("/leds")]
    watcher.close()
    planned = [doc for doc in leds if doc["planner"] == "controller.leds"]           # planned, not dark
    assert planned and any("points_left" in str(doc["squares"]) for doc in planned)


def test_kill_9_mid_stbg_match_then_restart_reaches_the_uninterrupted_snapshot(broker, tmp_path):
    seed = 3
    lines: list[dict] = []
    simulate(seed, OPTIONS, on_line=lambda line, out: lines.append(line))
    ref = Referee(OPTIONS, board_follows_game=True, ruleset="stbg")
    for line in lines:
        ref.feed(ref.normalise(line))
    ref.finish_pending()
    journal = tmp_path / "j"
    log = tmp_path / "daemon.log"
    args = sim_args(broker, journal, "--ruleset", "stbg", "--seed", str(seed), "--speed", "0.01", "--no-web",
                    "--half-minutes", "2")
    kill_9_mid_match_and_resume(args, log, journal, len(lines) // 2, len(lines))
    [path] = journal.glob("*.jsonl")
    assert _journal_lines(path) == [ref.normalise(line) for line in lines]       # nothing lost, nothing twice
    state = retained_state(broker.port)
    assert state["ruleset"] == "stbg" and state["phase"] == "full_time"
    assert comparable(state) == comparable(ref.state_doc)
    assert state["seq"] == ref.state_doc["seq"]


def test_the_daemon_sets_up_the_configured_game_and_lights_its_board(tmp_path):
    settings = load_settings(None, env=False, journal__dir=str(tmp_path / "journal"), board_id="t1",
                             game__ruleset="stbg", game__options={"half_minutes": 2, "turn_seconds": 20})
    hw = open_hardware({"backend": "sim", "clock": "sim"})
    msgs: list = []
    daemon = Daemon(settings, hw, board_follows_game=True, tick=0.01, auto_setup=True, sim_mode=True)
    daemon.observers.append(msgs.extend)
    daemon.start()
    try:
        wait_for(lambda: daemon.referee.state_doc is not None, 10, "the set-up")
        daemon.put("sim", {"type": "roll", "die": "red", "value": 6})
        daemon.put("sim", {"type": "roll", "die": "blue", "value": 2})
        wait_for(lambda: daemon.referee.state_doc["phase"] == "play", 10, "the roll-off")
        daemon.journal.flush(2)
        state = daemon.referee.state_doc
        assert state["ruleset"] == "stbg" and state["clock"]["turn_length"] == 20
        text = daemon.journal_path.read_text().splitlines()
        assert json.loads(text[0].split(" ", 2)[2])["ruleset"] == "stbg"
        assert json.loads(text[1]) == {"type": "setup", "formation": "standard", "ruleset": "stbg",
                                       "options": {"half_minutes": 2, "turn_seconds": 20}}
        leds = [m.payload for m in msgs if m.topic == "leds"]
        assert leds and leds[-1]["planner"] == "controller.leds"
        assert leds[-1]["squares"]["a1"]["meaning"] == "red_to_act"       # red to roll: its goal line glows
        assert hw.leds.led_frames and set(hw.leds.led_frames) != {blank_led_frame()}
        clocks = [m.payload for m in msgs if m.topic == "clock"]
        assert clocks[-1]["move_remaining"] == 20.0            # the turn clock is the move clock
    finally:
        daemon.stop()
        hw.close()


def test_the_config_refuses_an_unknown_ruleset_in_one_line(tmp_path):
    path = tmp_path / "soccerboard.toml"
    path.write_text('[game]\nruleset = "chess"\n')
    with pytest.raises(ConfigError) as e:
        load_settings(path, env=False)
    assert str(e.value) == f"{path}: game.ruleset = 'chess': allowed: 'soccer_tactics_world', 'soccer' or 'stbg'"
    assert load_settings(None, env=False).game.ruleset == "soccer_tactics_world"
    path.write_text('[game]\nruleset = "stbg"\noptions = {extra_time = false}\n')     # each game its own options
    with pytest.raises(ConfigError, match=r"game.options.extra_time = False: allowed keys: half_minutes, "
                                          r"turn_seconds") as e:
        load_settings(path, env=False)
    assert "\n" not in str(e.value)

"""The daemon as a process against a real Mosquitto: retained state, events, last will, broker restart,
kill -9 and resume, and the broker's ACL keeping spectators from sending commands."""
from __future__ import annotations

import json
import signal
import time

from tests.daemon.daemon_helpers import (
    BASE,
    BOARD,
    DAEMON_PASS,
    REFEREE_PASS,
    REFEREE_USER,
    Watcher,
    comparable,
    expected_run,
    journaled_inputs,
    kill_9_mid_match_and_resume,
    publish_once,
    retained_state,
    scenario_lines,
    sim_args,
    start_daemon,
    stop_process,
    wait_for,
    write_scenario,
)

OPTIONS = {"half_minutes": 3.0, "extra_time": False}


def _events_ok(received: list[dict], expected: list[dict]) -> None:
    """Every expected event arrived, in seq order; a redelivery (QoS 1) may repeat a seq, never change it."""
    by_seq: dict[int, dict] = {}
    order = []
    for e in received:
        if e["seq"] in by_seq:
            assert by_seq[e["seq"]] == e, f"seq {e['seq']} was sent with different content"
            continue
        by_seq[e["seq"]] = e
        order.append(e["seq"])
    assert order == sorted(order), "events arrived out of order"
    assert order == [e["seq"] for e in expected], "events lost or numbered differently"
    for e in expected:
        # text and say: the sentence, and how it was said
        got = {k: v for k, v in by_seq[e["seq"]].items() if k not in ("ts", "text", "say")}
        assert got == e


def test_a_match_reaches_subscribers_retained_and_in_order(broker, tmp_path):
    lines = scenario_lines(2, OPTIONS)
    ref, expected = expected_run(lines, {"half_minutes": 45.0, **OPTIONS})
    scenario = write_scenario(tmp_path / "match.jsonl", lines)
    live = Watcher(broker.port)
    proc = start_daemon(sim_args(broker, tmp_path / "j", "--scenario", str(scenario), "--speed", "0",
                                 "--half-minutes", "3", "--config", str(_cfg(tmp_path))), tmp_path / "daemon.log")
    try:
        assert proc.wait(60) == 0, (tmp_path / "daemon.log").read_text()[-2000:]
    finally:
        stop_process(proc)
    time.sleep(0.2)
    _events_ok(live.of("events"), expected)
    seqs = sorted([e["seq"] for e in live.of("events")] + [s["seq"] for s in live.of("state")])
    assert seqs == list(range(1, ref.seq + 1)), "the shared seq has a gap"
    assert live.of("status")[-1] == "offline"            # published on a clean stop too
    live.close()
    late = Watcher(broker.port)                           # a newcomer sees the retained documents at once
    wait_for(lambda: late.last("state"), 5, "the retained state")
    assert late.last("state") == ref.state_doc
    assert late.last("status") == "offline"
    assert late.last("clock")["period"] == ref.snapshot["clock"]["period"]
    assert late.last("leds")["schema"] == "soccerboard.leds/1"
    late.close()


def _cfg(tmp_path):
    path = tmp_path / "sim.toml"
    path.write_text('[game.options]\nextra_time = false\n')
    return path


def test_last_will_when_the_daemon_is_killed(broker, tmp_path):
    watcher = Watcher(broker.port)
    proc = start_daemon(sim_args(broker, tmp_path / "j", "--manual"), tmp_path / "daemon.log")
    try:
        wait_for(lambda: watcher.of("status")[-1:] == ["online"], 20, "status online")
        wait_for(lambda: watcher.last("state"), 10, "the first state")
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        wait_for(lambda: watcher.of("status")[-1:] == ["offline"], 10, "the last will")
    finally:
        stop_process(proc)
        watcher.close()


def test_broker_restart_mid_match_loses_and_renumbers_nothing(broker, tmp_path):
    options = {"half_minutes": 8.0, "extra_time": False}
    lines = scenario_lines(5, options)
    ref, expected = expected_run(lines, {"half_minutes": 8.0, **options})
    scenario = write_scenario(tmp_path / "match.jsonl", lines)
    # an authenticated persistent session: Mosquitto 2.0 restores anonymous sessions without their ACL
    watcher = Watcher(broker.port, REFEREE_USER, REFEREE_PASS, client_id="restart-watcher", persistent=True)
    cfg = _cfg(tmp_path)
    proc = start_daemon(sim_args(broker, tmp_path / "j", "--scenario", str(scenario), "--speed", "0.008",
                                 "--half-minutes", "8", "--config", str(cfg)), tmp_path / "daemon.log")
    journal = tmp_path / "j"
    try:
        wait_for(lambda: len(watcher.of("events")) > 20, 30, "the match to be under way")
        broker.stop()
        down_at = journaled_inputs(journal)
        # the daemon keeps refereeing meanwhile: the journal grows while nobody can hear it
        wait_for(lambda: journaled_inputs(journal) > down_at + 50, 30, "refereeing with the broker down")
        broker.start()
        assert proc.wait(90) == 0, (tmp_path / "daemon.log").read_text()[-2000:]
        wait_for(lambda: watcher.of("status")[-1:] == ["offline"], 20, "the final status")
    finally:
        stop_process(proc)
    _events_ok(watcher.of("events"), expected)
    assert watcher.last("state") == ref.state_doc
    watcher.close()
    assert "lost the broker" in (tmp_path / "daemon.log").read_text()


def test_kill_9_mid_match_then_restart_reaches_the_uninterrupted_snapshot(broker, tmp_path):
    options = {"half_minutes": 4.0, "extra_time": False}
    for seed, fraction in ((3, 0.2), (4, 0.5), (6, 0.8)):    # early, half-way and late in the match
        lines = scenario_lines(seed, options)
        ref, _ = expected_run(lines, {"half_minutes": 4.0, **options})
        scenario = write_scenario(tmp_path / f"match{seed}.jsonl", lines)
        journal = tmp_path / f"j{seed}"
        args = sim_args(broker, journal, "--scenario", str(scenario), "--speed", "0.004", "--half-minutes", "4",
                        "--config", str(_cfg(tmp_path)))
        kill_9_mid_match_and_resume(args, tmp_path / f"daemon{seed}.log", journal, int(len(lines) * fraction),
                                    len(lines))
        state = retained_state(broker.port)
        assert comparable(state) == comparable(ref.state_doc)
        assert state["seq"] == ref.state_doc["seq"]


def test_spectators_cannot_command_and_bad_commands_are_answered(broker, tmp_path):
    watcher = Watcher(broker.port, REFEREE_USER, REFEREE_PASS)
    proc = start_daemon(sim_args(broker, tmp_path / "j", "--manual"), tmp_path / "daemon.log")
    try:
        wait_for(lambda: watcher.last("state"), 20, "the first state")
        publish_once(broker.port, f"{BASE}/cmd/pause", "{}")                      # anonymous: the ACL drops it
        assert not publish_once(broker.port, f"{BASE}/cmd/new_game", "{}", "intruder", "wrong")  # no login
        publish_once(broker.port, f"{BASE}/cmd/undo", "not json", REFEREE_USER, REFEREE_PASS)
        publish_once(broker.port, f"{BASE}/cmd/explode", "{}", REFEREE_USER, REFEREE_PASS)
        publish_once(broker.port, f"{BASE}/cmd/new_game", '{"kickoff": "purple"}', REFEREE_USER, REFEREE_PASS)
        publish_once(broker.port, f"{BASE}/cmd/new_game", '{"kickoff": "red", "id": 7}', REFEREE_USER, REFEREE_PASS)
        assert publish_once(broker.port, f"{BASE}/sim/input", '{"type": "roll", "die": "green"}', BOARD, DAEMON_PASS)
        responses = wait_for(lambda: (r := watcher.of("response")) and len(r) >= 5 and r, 10, "five responses")
        time.sleep(0.3)
        responses = watcher.of("response")
        # commands are answered in the order they were sent; a malformed simulator input at once, at the edge
        commands = [r for r in responses if r["request"] != "sim/input"]
        assert [r["status"] for r in commands] == ["error", "error", "error", "ok"], responses
        assert [r["request"] for r in commands] == ["undo", "explode", "new_game", "new_game"]
        assert commands[3]["id"] == 7
        assert "purple" in commands[2]["detail"]
        [sim] = [r for r in responses if r["request"] == "sim/input"]
        assert sim["status"] == "error" and "green" in sim["detail"]
        assert proc.poll() is None                        # still refereeing
        assert watcher.last("state")["phase"] == "kick_off"      # the new game, red to kick off
        # the first match had no input: the new game goes on in its journal, one more set-up line
        journals = sorted((tmp_path / "j").glob("*.jsonl"))
        assert len(journals) == 1
        kinds = [json.loads(t)["type"] for t in journals[0].read_text().splitlines() if t.startswith("{")]
        assert [k for k in kinds if k != "clock"] == ["setup", "setup"]
    finally:
        assert stop_process(proc) == 0
        watcher.close()


def test_run_with_a_missing_serial_port_says_so_and_keeps_serving(broker, tmp_path):
    cfg = tmp_path / "board.toml"
    cfg.write_text(f'board_id = "{BOARD}"\n[hardware]\nbackend = "serial"\nport = "/dev/ttyNOPE9"\n'
                   f'[mqtt]\nurl = "mqtt://127.0.0.1:{broker.port}"\nusername = "{BOARD}"\npassword = "{DAEMON_PASS}"\n'
                   f'[journal]\ndir = "{tmp_path / "j"}"\n')
    watcher = Watcher(broker.port)
    proc = start_daemon(["run", "--config", str(cfg)], tmp_path / "daemon.log")
    try:
        wait_for(lambda: watcher.of("status")[-1:] == ["online"], 20, "status online")
        state = wait_for(lambda: watcher.last("state"), 10, "the state of the waiting match")
        assert proc.poll() is None
        # a simulator page pointed at a real board's daemon is refused, not ignored
        assert publish_once(broker.port, f"{BASE}/sim/input", '{"type": "roll", "die": "red", "value": 3}',
                            BOARD, DAEMON_PASS)
        [answer] = wait_for(lambda: watcher.of("response"), 10, "the refusal")
        assert answer["request"] == "sim/input" and answer["status"] == "error"
        assert "not the simulator" in answer["detail"]
        assert watcher.last("state")["seq"] == state["seq"]
    finally:
        assert stop_process(proc) == 0
    wait_for(lambda: watcher.of("status")[-1:] == ["offline"], 10, "offline on a clean stop")
    watcher.close()
    assert "hardware.port = '/dev/ttyNOPE9': /dev/ttyNOPE9 does not exist" in (tmp_path / "daemon.log").read_text()

"""A game is a plugin, live: the test-only games (tests/games/site) played by the real daemon through
`soccerboard sim --scenario` on a real Mosquitto, a daemon killed mid-match going on with the same match from
its journal (and its checkpoint), and `soccerboard report` telling the journal, all with no module outside the
games' packages knowing them."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from controller.daemon.checkpoint import decode
from controller.daemon.journal import CHECKPOINT, HEADER
from simulator.bench.mosquitto import BOARD
from simulator.bench.process import stop_process
from simulator.bench.waits import wait_for
from tests.daemon.daemon_helpers import Watcher, comparable, retained_state
from tests.games.plugin_games import (
    RACE,
    RACE_END,
    TALLY,
    TALLY_END,
    TITLES,
    journal_inputs,
    json_lines,
    soccerboard,
    start_soccerboard,
    tally_long,
    write_lines,
)

MATCHES = {"tally": (TALLY, TALLY_END), "race": (RACE, RACE_END)}


def _sim(broker, journal: Path, scenario: Path, game: str, speed: str = "0") -> list[str]:
    return ["sim", "--broker", broker.url(), "--board-id", BOARD, "--journal-dir", str(journal), "--no-web",
            "--ruleset", game, "--scenario", str(scenario), "--speed", speed]


def _ended(proc: subprocess.Popen, log: Path, timeout: float = 30) -> int:
    """The exit status of a `soccerboard sim` playing a short scenario; its log's end when it does not end."""
    try:
        return proc.wait(timeout)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"sim did not end within {timeout} s:\n{log.read_text()[-2000:]}") from None


def _header(path: Path) -> dict:
    first = path.read_text().splitlines()[0]
    assert first.startswith(HEADER), first
    return json.loads(first[len(HEADER):])


def _replayed_snapshot(path: Path) -> dict:
    done = soccerboard("replay", str(path))
    assert done.returncode == 0, done.stderr
    return json_lines(done.stdout)[-1]["snapshot"]


@pytest.mark.parametrize("game", ["tally", "race"])
def test_sim_plays_a_plugin_games_scenario_to_its_end_and_journals_it(broker, tmp_path, game):
    lines, end = MATCHES[game]
    scenario = write_lines(tmp_path / "match.jsonl", lines)
    journal = tmp_path / "j"
    log = tmp_path / "sim.log"
    watcher = Watcher(broker.port)
    proc = start_soccerboard(_sim(broker, journal, scenario, game), log)
    try:
        assert _ended(proc, log) == 0, log.read_text()[-2000:]
    finally:
        stop_process(proc)
        watcher.close()
    assert "Traceback" not in log.read_text(), log.read_text()[-2000:]
    [path] = journal.glob("*.jsonl")
    assert _header(path)["ruleset"] == game
    assert "\n# finished" in path.read_text()
    state = retained_state(broker.port)
    assert state["ruleset"] == game and {k: state[k] for k in end} == end
    scenario_end = _replayed_snapshot(scenario)
    assert comparable(state) == {k: v for k, v in scenario_end.items() if k != "seq"}
    assert _replayed_snapshot(path) == scenario_end          # the journal replays to the same match
    events = [json.loads(p) for t, p, r in watcher.messages if t.endswith("/events")]
    assert any(e.get("event") == "full_time" and e.get("winner") == "blue" for e in events), events[-3:]


def test_a_plugin_game_killed_mid_match_resumes_from_its_journal_and_checkpoint(broker, tmp_path, test_games):
    lines = tally_long(400)                     # over a hundred rolls: the daemon writes a checkpoint
    scenario = write_lines(tmp_path / "long.jsonl", lines)
    journal = tmp_path / "j"
    log = tmp_path / "sim.log"
    args = _sim(broker, journal, scenario, "tally", speed="0.01")

    def journaled() -> int:
        return sum(len(journal_inputs(p)) for p in journal.glob("*.jsonl"))

    def mid_match() -> bool:
        assert proc.poll() is None, log.read_text()[-2000:]          # it stopped before: say why
        return journal.exists() and journaled() >= 105
    proc = start_soccerboard(args, log)
    try:
        wait_for(mid_match, 30, "105 journaled rolls")
        proc.kill()
        proc.wait(10)
        assert journaled() < len(lines), "the kill should land mid-match"
        proc = start_soccerboard(args, log)
        assert _ended(proc, log) == 0, log.read_text()[-2000:]
    finally:
        stop_process(proc)
    assert "resumed the unfinished match" in log.read_text()
    [path] = journal.glob("*.jsonl")
    rolls = [line for line in journal_inputs(path) if line["type"] == "roll"]
    assert rolls == lines[1:]                                # nothing lost, nothing twice
    scenario_end = _replayed_snapshot(scenario)
    assert scenario_end["phase"] == "won"
    assert comparable(retained_state(broker.port)) == {k: v for k, v in scenario_end.items() if k != "seq"}
    # the checkpoint holds the plugin game's state, and the daemon's own loader takes it
    text = path.read_text().splitlines()
    at = next(i for i, t in enumerate(text) if t.startswith(CHECKPOINT))
    held = json.loads(text[at][len(CHECKPOINT):])
    referee = decode(text[at], held["lines"])
    assert referee.core.ruleset.name == "tally"
    assert referee.core.snapshot()["totals"] == _totals_after(lines[1:held["lines"]])


def _totals_after(rolls: list[dict]) -> dict[str, int]:
    totals = {"red": 0, "blue": 0}
    for line in rolls:
        totals[line["die"]] += line["value"]
    return totals


@pytest.mark.parametrize("game", ["tally", "race"])
def test_report_tells_a_plugin_games_journal_under_its_title(broker, tmp_path, game):
    lines, _ = MATCHES[game]
    journal = tmp_path / "j"
    done = soccerboard(*_sim(broker, journal, write_lines(tmp_path / "match.jsonl", lines), game), timeout=30)
    assert done.returncode == 0, done.stderr
    told = soccerboard("report", str(journal))
    assert told.returncode == 0 and "Traceback" not in told.stderr, told.stderr
    assert TITLES[game] in told.stdout
    assert "finished" in told.stdout and "blue" in told.stdout
    as_json = soccerboard("report", "--json", str(journal))
    assert as_json.returncode == 0, as_json.stderr
    r = json.loads(as_json.stdout)
    assert r["ruleset"] == game and r["finished"] is True and r["winner"] == "blue"

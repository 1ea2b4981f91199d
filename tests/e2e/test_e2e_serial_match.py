"""End to end over a serial line: the daemon on the serial backend referees a match played by the emulated board.

`soccerboard emulate-board` (a subprocess) plays tests/e2e/scenarios/serial_match.jsonl on a pseudo-terminal
behind a stable link name, as a board would: the set-up formation, then one occupancy change or die roll per
scenario line. The daemon (in-process, no broker: `publisher=None`) opens that link with the `serial` backend,
gets its set-up through `cmd/new_game` (`Daemon.on_command`), and referees from the sensor frames: the bridge,
the HAL's serial board, the poller, the settle window and the core. Its final snapshot must be the one
`soccerboard replay` gives for the same scenario, with the very same game events and the very same physical
inputs in its journal, in order; the same again with 1% of the board's bytes corrupted and the cable pulled for
one second mid-match, where play must resume within 2 s of the port coming back.
The match machinery is simulator/bench/serial_match.py, which benchmarks/bench_resume.py plays too.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from controller.replay import replay_lines
from simulator.bench.serial_match import (
    SENSED,
    UNPLUG_AFTER,
    assert_same_match,
    events_of,
    game,
    play_match,
    resume_after_unplug,
    scenario_lines,
)

SCENARIO = Path(__file__).parent / "scenarios" / "serial_match.jsonl"


@pytest.fixture(scope="module")
def expected():
    """`soccerboard replay` of the scenario: as a sensed board (the daemon's semantics) and as a plain file."""
    sensed = replay_lines([SENSED, *scenario_lines(SCENARIO)])
    plain = replay_lines(scenario_lines(SCENARIO))
    assert all(o.get("ok", True) for o in sensed), [o for o in sensed if not o.get("ok", True)]
    assert game(sensed[-1]["snapshot"]) == game(plain[-1]["snapshot"])    # no relocation by the game itself
    return {"snapshot": sensed[-1]["snapshot"], "events": events_of(sensed)}


def test_e2e_serial_match_reaches_the_replay_snapshot(tmp_path, expected):
    result = play_match(tmp_path, SCENARIO)
    assert_same_match(result, expected, SCENARIO)
    assert result["stats"]["port_opens"] == 1
    print(f"\nclean run: {result['seconds']:.1f} s, bridge stats {result['stats']}")


def test_e2e_serial_match_resumes_within_2_s_of_an_unplug(tmp_path, expected):
    result = play_match(tmp_path, SCENARIO, "--unplug-after", str(UNPLUG_AFTER), "--unplug-seconds", "1")
    assert result["stats"]["port_opens"] == 2, result["stats"]
    assert_same_match(result, expected, SCENARIO)    # the inputs buffered while unplugged all arrive, in order
    resume = resume_after_unplug(result)
    print(f"\nunplug run: {result['seconds']:.1f} s, port back -> next accepted input {resume * 1000:.0f} ms")
    assert resume < 2.0


def test_e2e_serial_match_survives_corruption_and_an_unplug(tmp_path, expected):
    result = play_match(tmp_path, SCENARIO, "--corrupt", "0.01", "--unplug-after", str(UNPLUG_AFTER),
                        "--unplug-seconds", "1")
    stats = result["stats"]
    assert stats["port_opens"] == 2, stats                               # exactly one unplug, and it came back
    assert stats["bad_crc"] + stats["bad_cobs"] > 0, stats               # the corruption did reach the host
    assert_same_match(result, expected, SCENARIO)
    # At 1% of bytes corrupted, a 135-byte full occupancy frame arrives damaged three times in four, which
    # made resume luck (0.2-3.3 s over 20 seeds with protocol v1). Protocol v2 sends occupancy changes as
    # deltas of ~12 bytes, and the Pi retries HELLO and reopens the port every 100 ms and asks for a resync
    # as soon as it sees a damaged frame: over 30 seeds of benchmarks/bench_resume.py, median 0.10 s and
    # max 0.33 s (the clean unplug: median 0.10 s), so 2 s leaves a wide margin.
    resume = resume_after_unplug(result)
    print(f"\ncorrupt+unplug run: {result['seconds']:.1f} s, port back -> next accepted input {resume * 1000:.0f} ms, "
          f"bridge stats {stats}")
    assert resume < 2.0

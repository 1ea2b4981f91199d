"""One match story: the console, `soccerboard report` and `replay --format text` give every event the same
minute and the same sentence (controller/story.py).

Before the story had one home, the console took an event's minute from the last state it had seen (the state
is published only when the game changes, so its clock could be a minute behind) and the report from the
clock before the input; the two also told different event lists (the console left `undone` out, the report
`goal_kick`)."""
from __future__ import annotations

import io
import re

from controller import replay, story
from controller.daemon.operations.report import report
from tests.cli.cli_helpers import soccerboard

SEEDS = 20
HEADER = ("open ", "broker ", "journal ")


def _timeline(report_text: str) -> list[str]:
    lines = report_text.splitlines()
    start = lines.index("Timeline:") + 1
    end = lines.index("", start)
    return lines[start:end]


def test_console_report_and_replay_tell_20_seeded_matches_alike(tmp_path):
    journals = tmp_path / "journals"
    done = soccerboard("sim", "--seed", "1", "--matches", str(SEEDS), "--speed", "0", "--no-web",
                       "--half-minutes", "3", "--extra-time-minutes", "1", "--journal-dir", str(journals))
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout and "\r" not in done.stdout      # a pipe gets no status line
    console = [line for line in done.stdout.splitlines() if not line.startswith(HEADER)]
    files = sorted(journals.glob("*.jsonl"))
    assert len(files) == SEEDS
    told, replayed = [], []
    for path in files:
        report_text = report(path)          # what `soccerboard report` and `replay --format text` print
        told += _timeline(report_text)
        text = io.StringIO()
        assert replay.run(str(path), stdout=text, fmt="text") == 0
        out = text.getvalue().splitlines()
        assert out[-1].startswith("Full time: ") and out[-1] in report_text
        replayed += [line for line in out[:-1] if not line.startswith("line ")]
    assert console == told == replayed
    assert sum("  Full time: " in line for line in console) == SEEDS
    assert any(re.match(r"\s*\d+'  Goal kick to ", line) for line in console)    # once missing from the report


def test_the_minute_of_an_event_is_the_clock_before_its_input():
    def snap(period: int, elapsed: float, phase: str = "ball_play") -> dict:
        return {"clock": {"period": period, "elapsed": elapsed, "length": 2700.0}, "phase": phase}
    assert story.event_minute(snap(2, 479.0), snap(2, 485.0)) == "53'"
    assert story.event_minute(snap(1, 2699.9), snap(2, 0.0)) == "45'"         # the half-time whistle
    assert story.event_minute(None, snap(1, 0.0)) == "1'"                     # a set-up starts the match
    assert story.event_minute(snap(5, 0.0, "full_time"), snap(1, 0.0)) == "1'"  # the next match's set-up


def test_every_event_has_a_sentence_and_odd_ones_do_not_break_it():
    assert story.sentence({"event": "goal", "team": "red", "score": {"red": 1, "blue": 0}}) == "GOAL! Red 1-0"
    assert story.sentence({"event": "full_time", "score": {"red": 0, "blue": 0}, "winner": "blue",
                           "shootout": {"red": 2, "blue": 3}}) == "Full time: Red 0-0 Blue (shoot-out 2-3). Blue wins"
    assert story.sentence({"event": "battle", "pawns": 7}) == "Battle: ?"
    assert story.sentence({"event": "nonsense"}) == "unknown event nonsense"
    assert story.sentence({}) == "unknown event (no name)"


def test_short_demo_matches_stay_short(played, tmp_path):
    """`sim --half-minutes N --extra-time-minutes M`: the match's options say so (0: straight to penalties)."""
    from controller.daemon.operations.report import analyse
    folder, console = played
    assert analyse(folder)["options"] == {"half_minutes": 1.0, "extra_time_minutes": 0.0}
    assert "Extra time" not in console
    done = soccerboard("sim", "--seed", "3", "--speed", "0", "--no-web", "--half-minutes", "1",
                       "--extra-time-minutes", "0.5", "--journal-dir", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert analyse(tmp_path)["options"] == {"half_minutes": 1.0, "extra_time_minutes": 0.5}


def test_the_teller_gives_each_event_the_minute_before_its_input():
    """The daemon's console hears of events after the core has moved on: the minute comes from notes."""
    from types import SimpleNamespace

    def snap(period: int, elapsed: float, phase: str = "ball_play") -> dict:
        return {"clock": {"period": period, "elapsed": elapsed, "length": 120.0}, "phase": phase}
    teller = story.Teller()
    assert teller.minute_of(1) is None                                   # nothing noted yet (a restart)
    teller.record(SimpleNamespace(seq=0, snapshot=None))                 # before the set-up
    teller.record(SimpleNamespace(seq=1, snapshot=snap(1, 0.0)))         # the set-up: state seq 1
    teller.record(SimpleNamespace(seq=1, snapshot=snap(1, 59.0)))        # clock lines: no new seq
    teller.record(SimpleNamespace(seq=4, snapshot=snap(1, 61.0)))        # a shot (2), goal kick (3), state (4)
    teller.record(SimpleNamespace(seq=7, snapshot=snap(5, 0.0, "full_time")))
    assert [teller.minute_of(s) for s in (2, 3, 5, 6)] == ["1'", "1'", "2'", "2'"]
    teller.record(SimpleNamespace(seq=9, snapshot=snap(1, 0.0, "roll_off")))   # the next match's set-up
    assert teller.minute_of(8) == "1'"                                    # not "pens", the old match's end


def test_replay_text_names_each_refused_line_and_its_reason():
    lines = ('{"type": "setup", "formation": "standard", "kickoff": "red"}\n'
             '{"type": "roll", "die": "blue", "value": 3}\n'
             'not json\n')
    done = soccerboard("replay", "--format", "text", "-", stdin=lines)
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert out == ["     1'  Kick-off: Red", "line 2: refused, not_your_turn: red is to roll, not blue",
                   "line 3: refused, bad_input: not valid JSON: Expecting value", "Score: Red 0-0 Blue"]

"""The serial lane's judge counts what docs/reliability.md defines: a segment's journal that holds its script's
inputs counts nothing, whatever the wall clock put between them; an input the hands made and the journal lacks
is lost, one the board sensed that no hand made is counted, and an event published that the journal's match
does not hold is lost (so a clean serial soak is not a judge that sees nothing)."""
from __future__ import annotations

import json

import pytest

from controller.daemon.journal import JournalStore, read_journal
from simulator.bench.mosquitto import BOARD
from simulator.bench.soak.checks import numbered
from simulator.bench.soak.serial_lane import SERIAL_OPTIONS, judge_segment
from simulator.bench.soak.stack import Received
from simulator.board_script import board_script

pytestmark = pytest.mark.reliability
SEQ_BASE = 10
HEADER = {"board_id": BOARD, "board_follows_game": False, "options": SERIAL_OPTIONS, "seq_base": SEQ_BASE}


def journal(store: JournalStore, script: list[dict], wall_clock: bool = True):
    """The segment's journal as the daemon writes it: the set-up, then the inputs with clock lines of the wall
    clock (other lengths than the script's settle lines) between them."""
    lines = [script[0]]
    for line in script[1:]:
        if line["type"] != "clock":
            lines.append(line)
            if wall_clock:
                lines.append({"type": "clock", "advance": 0.083})
    path = store.new_path()
    path.write_text("\n".join([f"# soccerboard-journal {json.dumps(HEADER)}",
                               *(json.dumps(line) for line in lines)]) + "\n")
    return read_journal(path)


def received(jf) -> list[Received]:
    out = numbered(jf.header, jf.lines)
    return [Received(0.0, "events", s, {"seq": s, "ts": "now", **e}, False) for s, e in out.events.items()]


@pytest.fixture
def script():
    return board_script(3, SERIAL_OPTIONS, 40)


def test_serial_judge_counts_nothing_for_a_journal_of_the_script(tmp_path, script):
    jf = journal(JournalStore(tmp_path, BOARD), script)
    v = judge_segment(script, jf, received(jf), SEQ_BASE)
    assert v.completed and v.events_published > 5, v.notes
    assert (v.lost, v.spurious, v.duplicated, v.wrong_accepted, v.silent_divergence, v.delivery_gaps) == \
        (0, 0, 0, 0, 0, 0), v.notes


def test_serial_judge_counts_a_missing_board_input_as_lost(tmp_path, script):
    n = next(i for i, line in enumerate(script) if line["type"] == "roll" and i > 10)
    jf = journal(JournalStore(tmp_path, BOARD), script[:n] + script[n + 1:])
    v = judge_segment(script, jf, [], SEQ_BASE)
    assert not v.completed and v.lost == 1 and v.silent_divergence == 1


def test_serial_judge_counts_a_flicker_the_board_reported(tmp_path, script):
    """A token sensed on an empty square and gone again: no hand made it, whatever the referee said of it."""
    n = next(i for i, line in enumerate(script) if line["type"] == "roll" and i > 10)
    flicker = [{"type": "place", "square": "a8", "token": "ball"}, {"type": "lift", "square": "a8", "token": "ball"}]
    jf = journal(JournalStore(tmp_path, BOARD), script[:n] + flicker + script[n:])
    v = judge_segment(script, jf, received(jf), SEQ_BASE)
    assert not v.completed and v.spurious == 2 and v.lost == 0


def test_serial_judge_counts_an_event_published_that_the_journal_lacks_as_lost(tmp_path, script):
    jf = journal(JournalStore(tmp_path, BOARD), script)
    seen = received(jf)
    seen.append(Received(0.0, "events", seen[-1].seq + 5, {"seq": seen[-1].seq + 5, "event": "goal"}, False))
    v = judge_segment(script, jf, seen, SEQ_BASE)
    assert v.lost == 1 and v.completed

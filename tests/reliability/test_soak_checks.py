"""The soak's judge counts what docs/reliability.md defines: a journal and a subscriber's record that match the
reference run count nothing, and each kind of harm is counted where it belongs (so a clean soak is not a judge
that sees nothing). The journals here are written by hand in the format before the hash chain, which
`read_journal` reads as it always did."""
from __future__ import annotations

import json

import pytest

from controller.daemon.journal import JournalStore
from simulator.bench.mosquitto import BOARD
from simulator.bench.soak.checks import Durable, judge, numbered, reference_lines
from simulator.bench.soak.stack import Received

pytestmark = pytest.mark.reliability
SEED, OPTIONS, BASE_SEQ = 4, {"half_minutes": 1.0, "extra_time_minutes": 0.0}, 10


def write_journal(store: JournalStore, lines: list[dict], finished: bool = True) -> None:
    header = {"board_id": BOARD, "board_follows_game": True, "options": OPTIONS, "seq_base": BASE_SEQ,
              "source": {"seed": SEED}}
    text = [f"# soccerboard-journal {json.dumps(header)}", *(json.dumps(line) for line in lines)]
    if finished:
        text.append('# finished {"seq": 0}')
    store.new_path().write_text("\n".join(text) + "\n")


def received(lines: list[dict]) -> list[Received]:
    """What a subscriber gets from an uninterrupted daemon playing these lines."""
    out = numbered({"options": OPTIONS, "seq_base": BASE_SEQ}, lines)
    msgs = [Received(0.0, "events", s, {"seq": s, "ts": "now", **e}, False) for s, e in out.events.items()]
    msgs += [Received(0.0, "state", s, {"seq": s, **doc}, True) for s, doc in out.states.items()]
    return sorted(msgs, key=lambda m: m.seq)


@pytest.fixture
def match(tmp_path):
    store = JournalStore(tmp_path, BOARD)
    lines = reference_lines(SEED, OPTIONS)
    return store, lines, received(lines)


def test_soak_judge_counts_nothing_for_the_reference_match(match):
    store, lines, seen = match
    write_journal(store, lines)
    v = judge(SEED, OPTIONS, store, seen + seen[:5], BASE_SEQ, [])      # a resend of the same events is no harm
    assert v.completed and v.events_published > 10
    assert (v.lost, v.duplicated, v.wrong_accepted, v.silent_divergence, v.delivery_gaps) == (0, 0, 0, 0, 0), v.notes


def test_soak_judge_counts_a_missing_input_as_a_silent_divergence_and_wrong_accepted(match):
    store, lines, _seen = match
    write_journal(store, lines[:20] + lines[21:])
    v = judge(SEED, OPTIONS, store, [], BASE_SEQ, [])
    assert v.silent_divergence == 1 and v.wrong_accepted > 0


def test_soak_judge_counts_a_renumbered_event_and_a_seq_with_two_contents_as_duplicated(match):
    store, lines, seen = match
    write_journal(store, lines)
    events = [m for m in seen if m.topic == "events"]
    moved = Received(0.0, "events", events[-1].seq + 50, events[3].doc, False)
    other = Received(0.0, "events", events[5].seq, {**events[6].doc, "seq": events[5].seq}, False)
    v = judge(SEED, OPTIONS, store, [*seen, moved, other], BASE_SEQ, [])
    assert v.duplicated >= 2, v.notes


def test_soak_judge_counts_an_output_published_beyond_the_durable_journal_as_lost(match):
    store, lines, seen = match
    write_journal(store, lines)
    durable = numbered({"options": OPTIONS, "seq_base": BASE_SEQ}, lines[:30]).seq
    v = judge(SEED, OPTIONS, store, seen, BASE_SEQ, [Durable("j", lines[:30], durable, durable + 7)])
    assert v.lost == 7


def test_soak_judge_counts_durable_inputs_missing_afterwards_as_lost(match):
    store, lines, seen = match
    write_journal(store, lines)
    other = [*lines[:9], {"type": "roll", "die": "red", "value": 6}]
    v = judge(SEED, OPTIONS, store, seen, BASE_SEQ, [Durable("j", other, 0, 0)])
    assert v.lost == 1


def test_soak_judge_counts_an_unfinished_match_and_events_never_received(match):
    store, lines, seen = match
    write_journal(store, lines, finished=False)
    assert not judge(SEED, OPTIONS, store, seen, BASE_SEQ, []).completed
    write_journal(store, lines)
    events = [m for m in seen if m.topic == "events"]
    v = judge(SEED, OPTIONS, store, [m for m in seen if m is not events[2]], BASE_SEQ, [])
    assert v.delivery_gaps == 1 and v.final_undelivered == 0
    last = [m for m in seen if m.seq < events[-1].seq]
    assert judge(SEED, OPTIONS, store, last, BASE_SEQ, []).final_undelivered == 1

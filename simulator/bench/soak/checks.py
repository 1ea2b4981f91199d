"""What a finished soak match is judged against: the uninterrupted reference run of its seed, and what the
subscriber and the journal directory saw while the faults were injected. docs/reliability.md defines each
figure; the functions here are those definitions in code.

The journal and the referee are read through their public faces: `read_journal` (the one reader of the
format, whatever fields it gains), `soccerboard replay` (controller.replay) for the verdicts and the final
snapshot, and the referee's numbering (a pure function of the lines) for which seq each event carries.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from controller.daemon.journal import JournalFile, JournalStore, read_journal
from controller.daemon.referee import Referee, ruleset_of
from controller.replay import replay_lines
from simulator.bench.matches import scenario_lines
from simulator.bench.mosquitto import BOARD
from simulator.bench.soak.stack import Received


def without(doc: dict, *keys: str) -> dict:
    return {k: v for k, v in doc.items() if k not in keys}


@dataclass
class Numbered:
    """A journal's lines fed to a fresh referee as the daemon numbers them: each event and state by seq."""
    events: dict[int, dict] = field(default_factory=dict)      # seq -> the event without seq/ts
    states: dict[int, dict] = field(default_factory=dict)      # seq -> the state without seq
    seq: int = 0                                                 # the last seq given out


def numbered(header: dict, lines: list[dict], seq_floors: list[tuple[int, int]] | None = None) -> Numbered:
    ref = Referee(header.get("options") or {}, header.get("board_follows_game", True),
                  seq_base=int(header.get("seq_base", 0) or 0), ruleset=ruleset_of(header, lines))
    floors = list(seq_floors or [])
    out = Numbered(seq=ref.seq)
    for n, line in enumerate(lines):
        while floors and floors[0][0] <= n:
            ref.seq = max(ref.seq, floors.pop(0)[1])
        step = ref.feed(line)
        for event in step.events:
            out.events[event["seq"]] = without(event, "seq")
        if step.state is not None:
            out.states[step.state["seq"]] = without(step.state, "seq")
    out.seq = ref.seq
    return out


def reference_lines(seed: int, options: dict) -> list[dict]:
    """The inputs of the uninterrupted run of this seed, as the daemon journals them (set-up normalised)."""
    ref = Referee(options, True)
    return [ref.normalise(line) for line in scenario_lines(seed, options)]


@dataclass
class Durable:
    """What the journal directory held at a kill: the newest journal's good lines and the seq they reach."""
    journal: str
    lines: list[dict]
    seq: int
    published_seq: int             # the highest seq the subscriber had seen by then


def durable_at(store: JournalStore, published_seq: int) -> Durable | None:
    found = store.journals()
    if not found:
        return None
    jf = read_journal(found[-1])
    if not jf.header:
        return None
    return Durable(found[-1].name, list(jf.lines), numbered(jf.header, jf.lines, jf.seq_floors).seq, published_seq)


@dataclass
class Verdict:
    """One match's figures (docs/reliability.md)."""
    completed: bool = False
    events_published: int = 0
    lost: int = 0
    duplicated: int = 0
    wrong_accepted: int = 0
    silent_divergence: int = 0
    announced_divergence: int = 0
    delivery_gaps: int = 0
    gaps: list[int] = field(default_factory=list)          # the seqs of events the subscriber never received
    final_undelivered: int = 0     # of those, the match's last events: the subscriber got nothing after them
    notes: list[str] = field(default_factory=list)


def final_journal(store: JournalStore, seed: int) -> JournalFile | None:
    """The match's journal: the newest one, finished, started by this seed."""
    found = store.journals()
    if not found:
        return None
    jf = read_journal(found[-1])
    source = jf.header.get("source") or {}
    return jf if jf.end == "finished" and source.get("seed") == seed else None


def judge(seed: int, options: dict, store: JournalStore, seen: list[Received], seq_base: int,
          durable: list[Durable]) -> Verdict:
    """Compare a finished match with its reference run and with everything published and made durable."""
    v = Verdict()
    jf = final_journal(store, seed)
    mine = [m for m in seen if m.seq > seq_base]
    damaged = [m for m in mine if m.topic == "events" and m.doc.get("event") == "journal_damaged"]
    if jf is None:
        v.notes.append("no finished journal of this seed")
        v.lost += 1
        return v
    v.completed = True
    expected = reference_lines(seed, jf.header.get("options") or options)
    final = numbered(jf.header, jf.lines, jf.seq_floors)
    reference = numbered({**jf.header, "seq_base": seq_base}, expected)
    # wrong actions accepted: an input the final journal holds, which the referee accepted, where the reference
    # run had another input (or none)
    verdicts = [o for o in replay_lines(jf.path.read_text(encoding="utf-8").splitlines()) if "line" in o]
    accepted = {o["line"] for o in verdicts if o.get("ok")}
    text_lines = input_line_numbers(jf.path)
    for i, line in enumerate(jf.lines):
        if (i >= len(expected) or line != expected[i]) and i < len(text_lines) and text_lines[i] in accepted:
            v.wrong_accepted += 1
    if len(jf.lines) != len(expected) or v.wrong_accepted:
        v.notes.append(f"journal has {len(jf.lines)} inputs, reference {len(expected)}; "
                       f"{v.wrong_accepted} differ and were accepted")
    same_game = (list(final.events.values()) == list(reference.events.values())
                 and _last(final.states) == _last(reference.states))
    if not same_game:
        if damaged:
            v.announced_divergence += 1
        else:
            v.silent_divergence += 1
            v.notes.append("the final journal's match differs from the reference with no journal_damaged")
    # lost (1): a durable input missing afterwards; (2) a seq published that the durable journal could not
    # reproduce at a kill; (3) an event published that the final match does not hold under its seq
    for d in durable:
        if jf.lines[:len(d.lines)] != d.lines and not damaged:
            v.lost += 1
            v.notes.append(f"the durable inputs of {d.journal} at a kill are not a prefix of the final journal")
        if d.published_seq > d.seq:
            v.lost += d.published_seq - d.seq
            v.notes.append(f"seq {d.published_seq} was published but the durable journal reached only {d.seq}")
    contents = received_contents(mine)
    v.events_published = sum(1 for s in contents if any("event" in d for d in contents[s]))
    final_by_content: dict[str, list[int]] = {}
    for s, e in final.events.items():
        final_by_content.setdefault(repr(e), []).append(s)
    for s, docs in contents.items():
        if len(docs) > 1:
            v.duplicated += 1
            v.notes.append(f"seq {s} was published with {len(docs)} different contents")
        for doc in docs:
            if "event" not in doc or doc.get("event") == "journal_damaged":
                continue
            if final.events.get(s) == doc:
                continue
            if s in final_by_content.get(repr(doc), []) or final_by_content.get(repr(doc)):
                v.duplicated += 1
                v.notes.append(f"event {doc.get('event')} published as seq {s}, the final match numbers it "
                               f"{final_by_content[repr(doc)]}")
            elif not damaged:
                v.lost += 1
                v.notes.append(f"event seq {s} ({doc.get('event')}) published, missing from the final match")
    count_gaps(v, final.events, contents)
    return v


def received_contents(seen: list[Received]) -> dict[int, list[dict]]:
    """Each seq the subscriber received, with the distinct contents it came with: ts is when it was sent (a
    resend after a crash has a new one) and text and say the event told in words, so none makes two contents."""
    contents: dict[int, list[dict]] = {}
    for m in seen:
        doc = without(m.doc, "seq", "ts", "text", "say") if m.topic == "events" else without(m.doc, "seq")
        bucket = contents.setdefault(m.seq, [])
        if doc not in bucket:
            bucket.append(doc)
    return contents


def count_gaps(v: Verdict, events: dict[int, dict], contents: dict[int, list[dict]]) -> None:
    """The match's events the subscriber never received: missed mid-match (something came after them) or the
    last ones, not delivered yet."""
    v.gaps = [s for s in events if s not in contents]
    last_received = max(contents, default=0)
    v.final_undelivered = sum(1 for s in v.gaps if s > last_received)
    v.delivery_gaps = len(v.gaps) - v.final_undelivered


def input_line_numbers(path: Path) -> list[int]:
    """The 1-based line number of each input line of a journal file, in order (replay numbers lines so)."""
    out = []
    for n, raw in enumerate(path.read_bytes().split(b"\n"), start=1):
        if raw.startswith(b"{"):
            out.append(n)
    return out


def _last(states: dict[int, dict]) -> dict | None:
    return states[max(states)] if states else None


__all__ = ["BOARD", "Durable", "Verdict", "count_gaps", "durable_at", "input_line_numbers", "judge", "numbered",
           "received_contents", "reference_lines"]

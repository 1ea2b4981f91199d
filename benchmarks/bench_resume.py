"""Resume time after an unplug, over many emulator seeds: the issue-4 figure as a distribution.

Usage: python benchmarks/bench_resume.py [--seeds N] [--first S] [--only clean|corrupt] [--check]

Each seed plays tests/e2e/scenarios/serial_match.jsonl through ``soccerboard emulate-board`` into
the serial-backend daemon twice, as the e2e test does: a clean one-second unplug (the baseline)
and the same unplug with 1% of the board's bytes corrupted. The two are interleaved so machine
load hits both alike. Per run: resume (port back -> the core's next accepted input, the e2e
test's definition) and where that time went: port back -> port opened, -> HELLO accepted,
-> first event delivered after the port came back. ``same`` says the match still ended exactly
as ``soccerboard replay`` says (no event lost, none reordered); ``near`` counts occupancy events
delivered 10-50 ms after an occupancy event with nothing in between, which the daemon's settle
window merges into one change.
``--check`` exits 1 if any resume is >= 2 s or any match differs. A run takes about 8 s.
"""

from __future__ import annotations

import argparse
import itertools
import logging
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))     # the e2e test's match: tests/ is a package of the checkout, not installed

from controller.replay import replay_lines  # noqa: E402
from firmware_bridge import host as H  # noqa: E402
from firmware_bridge import messages as M  # noqa: E402
from firmware_bridge import serial_link  # noqa: E402
from tests.e2e import test_e2e_serial_match as e2e  # noqa: E402

FAULTS = {
    "clean": ("--unplug-after", str(e2e.UNPLUG_AFTER), "--unplug-seconds", "1"),
    "corrupt": ("--corrupt", "0.01", "--unplug-after", str(e2e.UNPLUG_AFTER), "--unplug-seconds", "1"),
}
MARKS: dict[str, list[float]] = {"open": [], "hello": [], "event": []}
KINDS: list[bool] = []  # per delivered event: was it an occupancy change
NEAR = (0.010, 0.050)  # the daemon's catch-up gap and settle window (controller/daemon/inputs.py)


def _instrument() -> None:
    """Note when the link opens a port, accepts a HELLO and delivers an event (this process only)."""
    serve, on_hello, deliver = serial_link.SerialLink._serve, H.HostSession._on_hello, H.HostSession._deliver_event

    def _serve(self, port):
        MARKS["open"].append(time.monotonic())
        return serve(self, port)

    def _on_hello(self, hello):
        was = self.state
        on_hello(self, hello)
        if self.state == "ready" and was != "ready":
            MARKS["hello"].append(time.monotonic())

    def _deliver_event(self, event):
        MARKS["event"].append(time.monotonic())
        KINDS.append(isinstance(event, (M.OccChange, M.OccDelta)))
        return deliver(self, event)

    serial_link.SerialLink._serve = _serve
    H.HostSession._on_hello = _on_hello
    H.HostSession._deliver_event = _deliver_event


def _first_after(marks: list[float], since: float, back: float) -> float | None:
    """The first mark from ``since`` on, relative to the port coming back (a hair below 0 when the
    link opened the new port before the 1 ms watch noticed it)."""
    later = [m - back for m in marks if m >= since]
    return later[0] if later else None


def run_one(seed: int, kind: str, expected: dict) -> dict:
    for marks in MARKS.values():
        marks.clear()
    KINDS.clear()
    with tempfile.TemporaryDirectory(prefix="bench-resume-") as tmp:
        result = e2e.play_match(Path(tmp), *FAULTS[kind], seed=seed)
    events = list(zip(MARKS["event"], KINDS, strict=True))
    near = sum(1 for (t1, occ1), (t2, occ2) in itertools.pairwise(events)
               if occ1 and occ2 and NEAR[0] <= t2 - t1 < NEAR[1])
    row = {"seed": seed, "kind": kind, "resume": None, "open": None, "hello": None, "event": None,
           "same": False, "note": "", "near": near}
    try:
        e2e.assert_same_match(result, expected)
        row["same"] = True
    except AssertionError as exc:
        row["note"] = f"match differs: {str(exc).splitlines()[0]}"
    try:
        row["resume"] = e2e.resume_after_unplug(result)
    except AssertionError as exc:
        row["note"] = row["note"] or f"no resume: {str(exc).splitlines()[0][:60]}"
    changes = result["link_changes"]
    if len(changes) == 2:
        gone, back = changes[0][0], changes[1][0]
        row["open"] = _first_after(MARKS["open"], gone, back)
        if row["open"] is not None:  # not frames still read from the old port just after the unplug
            for name in ("hello", "event"):
                row[name] = _first_after(MARKS[name], back + row["open"], back)
    return row


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value * 1000:.0f}"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--only", choices=sorted(FAULTS))
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.ERROR)  # the link's reconnect warnings are expected here
    _instrument()
    lines = e2e.scenario_lines()
    sensed = replay_lines([e2e.SENSED, *lines])
    expected = {"snapshot": sensed[-1]["snapshot"], "events": e2e.events_of(sensed)}
    kinds = [args.only] if args.only else ["clean", "corrupt"]
    rows = []
    print(f"{'seed':>4} {'run':<8} {'resume ms':>9} {'open':>6} {'hello':>6} {'event':>6} {'near':>4}  same  note",
          flush=True)
    for seed in range(args.first, args.first + args.seeds):
        for kind in kinds:
            row = run_one(seed, kind, expected)
            rows.append(row)
            print(f"{seed:>4} {kind:<8} {_ms(row['resume']):>9} {_ms(row['open']):>6} {_ms(row['hello']):>6} "
                  f"{_ms(row['event']):>6} {row['near']:>4}  {'yes' if row['same'] else 'NO':<4}  {row['note']}",
                  flush=True)
    print("(open, hello, event: ms from the port coming back to the port opened, HELLO accepted, first event "
          "delivered; near: occupancy events 10-50 ms after the one before, which the daemon's settle "
          "window merges)")
    failed = False
    for kind in kinds:
        got = [r["resume"] for r in rows if r["kind"] == kind and r["resume"] is not None]
        lost = sum(1 for r in rows if r["kind"] == kind and (r["resume"] is None or not r["same"]))
        near = sum(r["near"] for r in rows if r["kind"] == kind)
        over = sum(1 for v in got if v >= 2.0)
        failed |= bool(over or lost)
        if got:
            print(f"{kind:<8} runs {len(got)}: median {statistics.median(got) * 1000:.0f} ms, "
                  f"max {max(got) * 1000:.0f} ms, >= 2 s: {over}, failed or differing: {lost}, near: {near}")
        hello = [r["hello"] for r in rows if r["kind"] == kind and r["hello"] is not None]
        after = [r["event"] - r["hello"] for r in rows
                 if r["kind"] == kind and r["hello"] is not None and r["event"] is not None]
        if hello and after:
            print(f"{'':<8} port back -> HELLO median {statistics.median(hello) * 1000:.0f} ms, max "
                  f"{max(hello) * 1000:.0f} ms; HELLO -> first event median "
                  f"{statistics.median(after) * 1000:.0f} ms, max {max(after) * 1000:.0f} ms")
    return 1 if args.check and failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

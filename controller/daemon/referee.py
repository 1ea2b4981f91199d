"""The core plus the numbering of what it says: deterministic, so a journal replays to the same `seq`.

docs/mqtt.md gives events and the retained state one shared, rising `seq`. If that counter lived in the
publisher, a restart would number the same events differently and subscribers would see duplicates
under new numbers. Here the counter is a pure function of the journal: every event takes the next
number, and the state takes one more whenever it changed (ignoring the running clock fields, which
the `clock` topic carries as deadlines). Replaying the journal through a fresh Referee gives back
the very same numbers, so resent events keep their original `seq`.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from controller.core import Core, Outcome
from controller.games import UnknownGame, default, get_ruleset, info
from controller.scenario import BadInput, parse_obj
from controller.seam import Illegal

_CLOCK_VOLATILE = ("now", "elapsed")


@dataclass
class Step:
    """What one input produced, numbered: events (with seq), the new state (or None), the clock view."""
    line: dict
    verdict: dict
    events: list[dict] = field(default_factory=list)
    state: dict | None = None
    clock: dict | None = None           # game-time clock view when it changed meaningfully
    finished: bool = False              # the final whistle went with this input


def _stable(snapshot: dict | None) -> dict | None:
    if snapshot is None:
        return None
    clock = {k: v for k, v in snapshot.get("clock", {}).items() if k not in _CLOCK_VOLATILE}
    return {**snapshot, "clock": clock}


def clock_view(snapshot: dict | None) -> dict | None:
    """The clock as deadlines relative to game time (`now`); the publisher maps them to wall time. None before a
    match and for a game without a clock (its snapshot has none)."""
    if snapshot is None or "clock" not in snapshot:
        return None
    game_view = _game_clock_view(snapshot.get("ruleset"))
    if game_view is not None:       # a game whose clock is not a move and a reset deadline says what it shows
        return game_view(snapshot)
    c = snapshot["clock"]
    now = c["now"]
    rel = lambda d: None if d is None else round(d - now, 3)
    return {"period": c["period"], "length": c["length"], "running": c["running"], "paused": c["paused"],
            "time_up": c["time_up"], "elapsed": c["elapsed"], "move_remaining": rel(c["move_deadline"]),
            "reset_remaining": rel(c["reset_deadline"]), "phase": snapshot["phase"]}


def _game_clock_view(name: object) -> Callable[[Mapping[str, Any]], dict[str, Any]] | None:
    """The snapshot's game's own clock view (GameInfo.clock_view), None for the deadlines every other has."""
    try:
        return info(name).clock_view if isinstance(name, str) else None
    except UnknownGame:
        return None


def _clock_key(view: dict | None) -> tuple | None:
    if view is None:
        return None
    # while running, deadlines move with time: compare their game-time instants, not what remains (a turn
    # clock runs while the match clock may not: its instants are on the game's own time, `now`)
    shift = 0.0 if view["paused"] else view.get("now", view["elapsed"])
    due = lambda r: None if r is None else round(r + shift, 2)
    return (view["period"], view["running"], view["paused"], view["time_up"], view["phase"],
            due(view["move_remaining"]), due(view["reset_remaining"]))


def ruleset_of(header: dict, lines: list[dict] | None = None) -> str:
    """The game a journal plays: its header's `ruleset`, else its first set-up line's, else the default game."""
    name = header.get("ruleset")
    if isinstance(name, str):
        return name
    for line in lines or []:
        if line.get("type") == "setup":
            found = line.get("ruleset")
            return found if isinstance(found, str) else default().name
    return default().name


class Referee:
    """Owns one Core (call it from one thread only). `seq` continues from `seq_base` across matches."""

    def __init__(self, options: dict | None = None, board_follows_game: bool = False, seq_base: int = 0,
                 ruleset: str | None = None):
        self.options = dict(options or {})
        self.ruleset = ruleset if ruleset is not None else default().name
        self.core = Core(get_ruleset(self.ruleset, options=self.options), board_follows_game=board_follows_game)
        self.seq = seq_base
        self.event_seq = seq_base           # the seq of the latest event (a resume resends those the broker lacks)
        self._last_state: dict | None = None
        self._last_clock: tuple | None = None
        self.snapshot: dict | None = None
        self.state_doc: dict | None = None
        self.finished = False

    def normalise(self, line: dict) -> dict:
        """A set-up line carries the match options (and a game other than the default names its ruleset), so
        `soccerboard replay` of the journal is exact."""
        if line.get("type") != "setup":
            return line
        if "options" not in line and self.options:
            line = {**line, "options": dict(self.options)}
        if "ruleset" not in line and self.ruleset != default().name:
            line = {**line, "ruleset": self.ruleset}
        return line

    def feed(self, line: dict) -> Step:
        """Feed one scenario line (a dict); BadInput lines are refused here and never reach the core."""
        try:
            parsed = parse_obj(line)
        except BadInput as e:
            return Step(line, {"ok": False, "reason": "bad_input", "detail": e.sentence})
        try:
            out = self.core.feed(parsed)
        except Illegal as e:                       # a rules bug must not stop the match
            out = Outcome(verdict={"ok": False, "reason": e.reason, "detail": e.detail})
        if line.get("type") == "setup" and out.verdict.get("ok"):
            self.finished = False
        return self._number(line, out.verdict, out.settled + out.events)

    def finish_pending(self) -> Step:
        """End of input (clean stop of a scenario): a pending move settles."""
        return self._number({}, {"ok": True}, self.core.finish())

    def _number(self, line: dict, verdict: dict, raw_events: list[dict]) -> Step:
        step = Step(line, verdict)
        for event in raw_events:
            self.seq += 1
            self.event_seq = self.seq
            step.events.append({"seq": self.seq, **event})
            if event.get("event") == "full_time":
                self.finished = step.finished = True
        snapshot = self.core.snapshot()
        stable = _stable(snapshot)
        if stable != self._last_state:
            self._last_state = stable
            self.seq += 1
            self.snapshot = snapshot
            step.state = {**snapshot, "seq": self.seq} if snapshot else None
            self.state_doc = step.state
        elif snapshot is not None:
            self.snapshot = snapshot
        view = clock_view(snapshot)
        key = _clock_key(view)
        if key != self._last_clock:
            self._last_clock = key
            step.clock = view
        return step

    def due_in(self) -> float | None:
        """Seconds of game time until time itself decides something (Core.due_in), None when nothing is due."""
        return self.core.due_in(self.snapshot)

    def state_document(self) -> dict | None:
        """The current retained state, under the seq it was last published with."""
        return self.state_doc

"""The core plus the numbering of what it says: deterministic, so a journal replays to the same `seq`.

docs/mqtt.md gives events and the retained state one shared, rising `seq`. If that counter lived in the
publisher, a restart would number the same events differently and subscribers would see duplicates
under new numbers. Here the counter is a pure function of the journal: every event takes the next
number, and the state takes one more whenever it changed (ignoring the running clock fields, which
the `clock` topic carries as deadlines). Replaying the journal through a fresh Referee gives back
the very same numbers, so resent events keep their original `seq`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from controller.core import Core, Outcome
from controller.games import get_ruleset
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
    """The clock as deadlines relative to game time (`now`); the publisher maps them to wall time."""
    if snapshot is None:
        return None
    c = snapshot["clock"]
    now = c["now"]
    if "turn_length" in c:          # Soccer The Board Game: the turn clock is the move clock, no set-up clock
        turn = c.get("turn_elapsed")
        return {"period": c["period"], "length": c["length"], "running": c["running"], "paused": False,
                "time_up": c["time_up"], "elapsed": c["elapsed"], "phase": snapshot["phase"],
                "move_remaining": None if turn is None else round(c["turn_length"] - turn, 3),
                "reset_remaining": None, "now": now}
    rel = lambda d: None if d is None else round(d - now, 3)
    return {"period": c["period"], "length": c["length"], "running": c["running"], "paused": c["paused"],
            "time_up": c["time_up"], "elapsed": c["elapsed"], "move_remaining": rel(c["move_deadline"]),
            "reset_remaining": rel(c["reset_deadline"]), "phase": snapshot["phase"]}


def _clock_key(view: dict | None) -> tuple | None:
    if view is None:
        return None
    # while running, deadlines move with time: compare their game-time instants, not what remains (a turn
    # clock runs while the match clock may not: its instants are on the game's own time, `now`)
    shift = 0.0 if view["paused"] else view.get("now", view["elapsed"])
    due = lambda r: None if r is None else round(r + shift, 2)
    return (view["period"], view["running"], view["paused"], view["time_up"], view["phase"],
            due(view["move_remaining"]), due(view["reset_remaining"]))


DEFAULT_RULESET = "soccer_tactics_world"


def ruleset_of(header: dict, lines: list[dict] | None = None) -> str:
    """The game a journal plays: its header's `ruleset`, else its first set-up line's, else the first game."""
    name = header.get("ruleset")
    if isinstance(name, str):
        return name
    for line in lines or []:
        if line.get("type") == "setup":
            found = line.get("ruleset")
            return found if isinstance(found, str) else DEFAULT_RULESET
    return DEFAULT_RULESET


class Referee:
    """Owns one Core (call it from one thread only). `seq` continues from `seq_base` across matches."""

    def __init__(self, options: dict | None = None, board_follows_game: bool = False, seq_base: int = 0,
                 ruleset: str = DEFAULT_RULESET):
        self.options = dict(options or {})
        self.ruleset = ruleset
        self.core = Core(get_ruleset(ruleset, options=self.options), board_follows_game=board_follows_game)
        self.seq = seq_base
        self.event_seq = seq_base           # the seq of the latest event (a resume resends those the broker lacks)
        self._last_state: dict | None = None
        self._last_clock: tuple | None = None
        self.snapshot: dict | None = None
        self.state_doc: dict | None = None
        self.finished = False

    def normalise(self, line: dict) -> dict:
        """A set-up line carries the match options (and a game other than the first names its ruleset), so
        `soccerboard replay` of the journal is exact."""
        if line.get("type") != "setup":
            return line
        if "options" not in line and self.options:
            line = {**line, "options": dict(self.options)}
        if "ruleset" not in line and self.ruleset != DEFAULT_RULESET:
            line = {**line, "ruleset": self.ruleset}
        return line

    def feed(self, line: dict) -> Step:
        """Feed one scenario line (a dict); BadInput lines are refused here and never reach the core."""
        try:
            parsed = parse_obj(line)
        except BadInput as e:
            return Step(line, {"ok": False, "reason": "bad_input", "detail": str(e)})
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

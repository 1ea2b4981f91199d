"""How a match is told: the match minute and one sentence per event, the same everywhere.

The console (`soccerboard sim` and `run`), `soccerboard report`, `soccerboard replay --format text` and the
`text` field of the MQTT event documents (docs/mqtt.md, shown by the spectator page) all tell a match
through this module, so they give every event the same minute and the same words.

The minute of an event is the match clock just before the input that produced it: a shot at 53:10 is
54', and the half-time whistle that a clock tick blows at 45:00 is 45', not the next half's first
minute. An input that starts a match (a set-up) has no clock before it; its events take the minute the
set-up starts at.

The sentences are those of the spectator page (controller/web/static/js/words.js), which shows an
event's `text` when the daemon sent one and keeps its own words for older documents.
"""
from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from typing import Any

# the events a match's story is told with (console, report timeline, replay --format text); the rest
# (every die roll, each ball play) is in the JSON outputs and on the spectator page
TOLD = frozenset({
    "kick_off", "goal", "yellow_card", "red_card", "penalty_kick", "corner_kick", "goal_kick", "offside",
    "free_kick", "shot", "half_time", "period_end", "extra_time", "shootout", "shootout_order",
    "shootout_kick", "full_time", "move_clock_expired", "undone", "journal_damaged",
    # Soccer The Board Game's own (docs/stbg.md)
    "fault", "save", "verbal_warning", "substitution", "turn_skipped", "turn_clock_expired", "abandoned"})
# `--quiet`: goals, cards (yellow too) and the result
QUIET = frozenset({"goal", "yellow_card", "red_card", "full_time"})

_TEAM = {"red": "Red", "blue": "Blue"}
_ORDINAL_HALF = {1: "first half", 2: "second half", 3: "first half of extra time", 4: "second half of extra time"}
_KIND = {"free_kick": "free kick", "goal_kick": "goal kick", "corner": "corner", "penalty": "penalty kick"}


def match_minute(snapshot: dict | None) -> str:
    """The match minute as a spectator reads it: 12', ET1+3', pens ("-" before a match)."""
    if not snapshot:
        return "-"
    c = snapshot["clock"]
    if c["period"] > 4:
        return "pens"
    if c["period"] > 2:
        return f"ET{c['period'] - 2}+{int(c['elapsed'] // 60)}'"
    return f"{int(((c['period'] - 1) * c['length'] + c['elapsed']) // 60) + 1}'"


def event_minute(before: dict | None, after: dict | None) -> str:
    """The minute of the events one input produced, from the snapshots before and after it."""
    if not before or before.get("phase") == "full_time":     # the input started a match
        return match_minute(after)
    return match_minute(before)


def team(t: Any) -> str:
    if isinstance(t, str):
        return _TEAM.get(t, t or "?")
    return str(t) if t else "?"


def pawn_name(pid: Any) -> str:
    """"red-m2" -> "Red m2"."""
    if not pid:
        return "?"
    s = str(pid)
    head, sep, tail = s.partition("-")
    return f"{team(head)} {tail}" if sep else s


def _short(pid: Any) -> str:
    return str(pid or "").partition("-")[2] or str(pid or "")


def score(s: Any) -> str:
    return f"{s.get('red', 0)}-{s.get('blue', 0)}" if isinstance(s, dict) else ""


def _on(square: Any) -> str:
    return f" on {square}" if square else ""


def _words(v: Any) -> str:
    return str(v).replace("_", " ")


def _half(e: dict) -> str:
    p = e.get("period")
    return _ORDINAL_HALF.get(p, f"period {p}") if isinstance(p, int) else "period"


def _full_time(e: dict) -> str:
    return (f"Full time: Red {score(e.get('score'))} Blue"
            + (f" (shoot-out {score(e['shootout'])})" if e.get("shootout") else "")
            + (f". {team(e['winner'])} wins" if e.get("winner") else ". A draw"))


def _foul(e: dict) -> str:
    if e.get("kind") == "minor":
        return f"Minor foul by {team(e.get('team'))}" + (f" ({_words(e['reason'])})" if e.get("reason") else "")
    return f"Foul by {pawn_name(e['pawn']) if e.get('pawn') else team(e.get('team'))}{_on(e.get('square'))}"


def _restart_ready(e: dict) -> str:
    kind = _KIND.get(e.get("kind"), _words(e.get("kind") or "restart"))      # type: ignore[arg-type]
    return f"{kind[:1].upper()}{kind[1:]} ready: {team(e.get('team'))} to play"


def _shootout_kick(e: dict) -> str:
    what = "scores" if e.get("scored") else f"misses ({_words(e.get('outcome') or '')})"
    return f"Shoot-out: {team(e.get('team'))} {what}" + (f", {score(e['tally'])}" if e.get("tally") else "")


def _identity(e: dict) -> str:
    pawns = e["pawns"] if isinstance(e.get("pawns"), dict) else {}
    return (f"Which {e.get('team') or ''} pawn is where? Confirm: "
            + ", ".join(f"{_short(p)} on {sq}" for sq, p in pawns.items()))


# one sentence per event name (every name the engine, the core and the daemon emit); words.js says the same
_SAY: dict[str, Callable[[dict], str]] = {
    "kick_off": lambda e: f"Kick-off: {team(e.get('team'))}"
                          + (f" ({_half(e)})" if (e.get("period") or 1) > 1 else ""),
    "clock_started": lambda e: f"The clock is running ({_half(e)})",
    "roll_off_tie": lambda e: f"Roll-off tied at {e.get('value')}: roll again",
    "roll_off": lambda e: (f"Roll-off: {team(e['winner'])} wins and kicks off" if "winner" in e and "red" not in e
                           else f"Roll-off: Red {e.get('red')}, Blue {e.get('blue')}; "
                                f"{team(e.get('kickoff'))} kicks off"),
    "possession": lambda e: (f"{pawn_name(e.get('pawn'))} wins the ball{_on(e.get('square'))}"
                             + (f" ({_words(e['how'])})" if e.get("how") else "")) if e.get("pawn") or "team" not in e
                            else "The ball is loose",     # Soccer The Board Game: nobody holds it (team null)
    "ball_played": lambda e: f"{pawn_name(e['pawn']) if e.get('pawn') else team(e.get('team'))} plays the ball "
                             f"{e.get('frm') or '?'} to {e.get('to') or '?'}",
    "interception": lambda e: f"{pawn_name(e.get('pawn'))} intercepts{_on(e.get('square'))}",
    "direct_pass": lambda e: f"Direct pass to {pawn_name(e.get('pawn'))}{_on(e.get('square'))}",
    "dribble": lambda e: f"{pawn_name(e.get('pawn'))} dribbles {e.get('frm') or '?'} to {e.get('to') or '?'}",
    "offside": lambda e: f"{pawn_name(e['pawn'])} is offside" if e.get("pawn")
                         else f"{team(e.get('team'))} offside in the goal area",
    "capture": lambda e: f"{pawn_name(e.get('pawn'))} takes the ball{_on(e.get('square'))}",
    "battle": lambda e: f"Battle{_on(e.get('square'))}: "
                        + (f"{pawn_name(e.get('pawn'))} challenges {pawn_name(e['holder'])}" if "holder" in e else
                           " against ".join(map(pawn_name, e["pawns"])) if isinstance(e.get("pawns"), list) else "?"),
    "battle_tie": lambda e: f"Battle tied {e.get('red')}-{e.get('blue')}: roll again",
    "battle_won": lambda e: f"{pawn_name(e.get('pawn'))} wins the battle"
                            + (f" (Red {e.get('red')}, Blue {e.get('blue')})" if "red" in e or "blue" in e else ""),
    "foul": _foul,
    "penalty_kick": lambda e: f"Penalty to {team(e.get('team'))}!",
    "yellow_card": lambda e: f"Yellow card for {pawn_name(e.get('pawn'))}",
    "red_card": lambda e: f"Red card for {pawn_name(e.get('pawn'))}: sent off",
    "shot": lambda e: f"{'Penalty kick' if e.get('penalty') else 'Shot'} by {pawn_name(e.get('pawn'))}"
                      + (f" from {e['square']}" if e.get("square") else ""),
    "goal": lambda e: f"GOAL! {team(e.get('team'))} {score(e.get('score'))}".strip(),
    "goal_kick": lambda e: f"Goal kick to {team(e.get('team'))}",
    "free_kick": lambda e: f"Free kick to {team(e.get('team'))}"
                           + (f" on {e['square']}" if e.get("square") else " (centre circle)"),
    "corner_kick": lambda e: f"Corner to {team(e.get('team'))}" + (f" from {e['square']}" if e.get("square") else ""),
    "free_kick_declined": lambda e: f"{team(e.get('team'))} declines the free kick",
    "restart_ready": _restart_ready,
    "placement": lambda e: f"{pawn_name(e.get('pawn'))} placed on {e.get('square') or '?'}"
                           + (f" ({e['n']} of 3)" if e.get("n") else ""),
    "placements_done": lambda e: f"{team(e['team'])} has finished placing" if e.get("team")
                                 else "Placements done: the corner is taken",
    "reroll": lambda e: f"{team(e.get('team'))} rolled {e.get('roll')}: no ball play for it, roll again",
    "roll_lapsed": lambda e: f"{team(e.get('team'))}'s roll of {e.get('roll')} lapses: no pawn can make that move",
    "move_clock_expired": lambda e: f"{team(e.get('team'))}'s move clock ran out",
    "reset_clock_expired": lambda e: "The set-up clock ran out"
                                     + (f" ({_KIND.get(e['kind'], e['kind'])})" if e.get("kind") else ""),
    "time_up": lambda e: f"Time is up in the {_ORDINAL_HALF.get(e.get('period'), 'period')}: "    # type: ignore[arg-type]
                         "the chance is played out",
    "half_time": lambda e: f"Half time: Red {score(e.get('score'))} Blue",
    "period_end": lambda e: f"End of the {_ORDINAL_HALF.get(e.get('period'), 'period')}: "        # type: ignore[arg-type]
                            f"Red {score(e.get('score'))} Blue",
    "extra_time": lambda e: "Extra time",
    "shootout": lambda e: "Penalty shoot-out",
    "shootout_order": lambda e: f"{team(e.get('first'))} shoots first (Red {e.get('red')}, Blue {e.get('blue')})",
    "shootout_kick": _shootout_kick,
    "full_time": _full_time,
    "paused": lambda e: "Match paused",
    "resumed": lambda e: "Match resumed",
    "identity_question": _identity,
    "identity_confirmed": lambda e: "Pawn identities confirmed",
    "undone": lambda e: "The last action was taken back",
    # Soccer The Board Game (docs/stbg.md)
    "fault": lambda e: f"Fault by {pawn_name(e['pawn']) if e.get('pawn') else team(e.get('team'))}"
                       f"{_on(e.get('square'))}",
    "kick": lambda e: f"{team(e.get('team'))} kicks the ball {e.get('from') or '?'} to {e.get('to') or '?'}",
    "scoring_chance": lambda e: f"Scoring chance for {team(e.get('team'))}{_on(e.get('square'))}",
    "save": lambda e: f"Saved by {pawn_name(e['pawn']) if e.get('pawn') else team(e.get('team'))}",
    "verbal_warning": lambda e: f"Verbal warning for {pawn_name(e.get('pawn'))}",
    "substitution": lambda e: f"Substitution: {pawn_name(e.get('pawn'))}'s yellow card is discarded"
                              + (f" ({e['count']} of 3)" if e.get("count") else ""),
    "turn_skipped": lambda e: f"{team(e.get('team'))}'s turn is skipped (substitution)",
    "turn_end": lambda e: f"{team(e.get('team'))}'s turn ends"
                          + (f" ({_words(e['reason'])})" if e.get("reason") else ""),
    "turn_clock_expired": lambda e: f"{team(e.get('team'))}'s turn clock ran out"
                                    + (f": {e['points_lost']} points lost" if e.get("points_lost") else ""),
    "star_card": lambda e: f"{team(e.get('team'))} plays a star card: {_words(e.get('card') or '?')}",
    "setup_done": lambda e: f"{team(e.get('team'))} is set up",
    "hand_declared": lambda e: f"{team(e.get('team'))} declares its star cards",
    "abandoned": lambda e: f"Match abandoned: {team(e.get('team'))} has {e.get('players', '?')} players left",
    "journal_damaged": lambda e: f"The match record was damaged: {e.get('recovered_lines', 0)} inputs recovered, "
                                 f"{e.get('lost_lines', 0)} lost" + (f" ({e['reason']})" if e.get("reason") else ""),
}


def sentence(event: dict) -> str:
    """One event in words; an unknown or odd event still gives a line, never an error."""
    name = event.get("event")
    say = _SAY.get(name) if isinstance(name, str) else None
    if say is None:
        return f"unknown event {name or '(no name)'}"
    try:
        return say(event)
    except (TypeError, ValueError, KeyError, AttributeError):
        return _words(name)


def told(event: dict, quiet: bool = False) -> bool:
    """Whether the console, the report's timeline and `replay --format text` tell this event."""
    return event.get("event") in (QUIET if quiet else TOLD)


def line(minute: str, event: dict) -> str:
    """One line of the match story: the minute right-aligned, then the sentence."""
    return f"{minute:>7}  {sentence(event)}"


def result(snapshot: dict | None) -> str:
    """The last line of a match: the score, a shoot-out's tally and the winner."""
    if not snapshot:
        return "No match was played"
    event = {"score": snapshot.get("score"), "winner": snapshot.get("winner"), "shootout": snapshot.get("shootout")}
    text = _full_time(event)
    return text if snapshot.get("phase") == "full_time" else text.replace("Full time", "Score", 1).split(". ")[0]


class Teller:
    """Gives a running daemon's events their minute, for the console.

    The daemon hands its outputs on from the journal thread, after the core thread has moved on, so the
    minute after each input is noted on the core thread (`record`, a `Daemon.after_step` hook) under the
    `seq` the referee had reached; an event's minute is then that of the last note below its `seq`. A note
    is a few bytes (not the snapshot), and no more than MARKS are kept.
    """

    MARKS = 4096       # far more inputs than the journal thread ever lags behind the core

    def __init__(self) -> None:
        # (referee seq after an input, the minute then, whether no match was under way then)
        self._marks: deque[tuple[int, str, bool]] = deque(maxlen=self.MARKS)
        self._cond = threading.Condition()

    def record(self, referee: Any) -> None:
        """After each input (core thread): the minute the next input's events happen at."""
        snap = referee.snapshot
        mark = (referee.seq, match_minute(snap), not snap or snap.get("phase") == "full_time")
        with self._cond:
            if self._marks and self._marks[-1][0] == referee.seq:
                self._marks[-1] = mark
            else:
                self._marks.append(mark)
            self._cond.notify_all()

    def minute_of(self, seq: int) -> str | None:
        """The minute of the event numbered `seq` (None when no input before it was seen: events sent again
        after a restart)."""
        with self._cond:
            if not self._marks:
                return None
            before = self._before(seq)
            if before is not None and not before[2]:
                return before[1]
            # the input started a match: the minute of its own snapshot, noted right after it
            self._cond.wait_for(lambda: self._marks[-1][0] >= seq, timeout=0.5)
            return next((minute for s, minute, _ in self._marks if s >= seq), None)

    def _before(self, seq: int) -> tuple[int, str, bool] | None:
        while len(self._marks) > 1 and self._marks[1][0] < seq:
            self._marks.popleft()      # events come in seq order: older notes are done with
        return self._marks[0] if self._marks[0][0] < seq else None

    def minute(self, doc: dict) -> str | None:
        """The minute of an event document (by its `seq`)."""
        seq = doc.get("seq")
        return self.minute_of(seq) if isinstance(seq, int) else None


def annotate(doc: dict) -> dict:
    """Add the optional `text` (the event's sentence) to an MQTT event document, in place. It follows from
    the event alone, so an event sent again after a restart carries the very same text."""
    if "text" not in doc:
        doc["text"] = sentence(doc)
    return doc

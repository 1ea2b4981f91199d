"""How a match is told: the match minute and one sentence per event, the same everywhere.

The console (`soccerboard sim` and `run`), `soccerboard report`, `soccerboard replay --format text` and the
`text` field of the MQTT event documents (docs/mqtt.md, shown by the spectator page) all tell a match
through this module, so they give every event the same minute and the same words.

The words are the game's: each game's package gives its `Sentences` (which events its story tells, which of
them `--quiet` keeps, a sentence per event) through the registry (`GameInfo.sentences`, docs/games.md).
This module keeps what every game shares: the minute, the teams' and pawns' names, the events of the core
and the daemon, and the plain telling of a game that gives no sentences (its event's name and fields), so
a new game is told without a change here.

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

from . import games
from .i18n import N_, Say, say
from .i18n.translate import text
from .seam import Sentences

_ORDINAL_HALF = {1: N_("first half"), 2: N_("second half"), 3: N_("first half of extra time"),
                 4: N_("second half of extra time")}
_TEAM = {"red": N_("Red"), "blue": N_("Blue")}


def match_minute(snapshot: dict[str, Any] | None) -> str:
    """The match minute as a spectator reads it: 12', ET1+3', pens ("-" before a match, and for a game whose
    snapshot has no match clock)."""
    c = snapshot.get("clock") if snapshot else None
    if not isinstance(c, dict):
        return "-"
    try:
        if c["period"] > 4:
            return "pens"
        if c["period"] > 2:
            return f"ET{c['period'] - 2}+{int(c['elapsed'] // 60)}'"
        return f"{int(((c['period'] - 1) * c['length'] + c['elapsed']) // 60) + 1}'"
    except (TypeError, KeyError, ValueError):
        return "-"


def said_minute(minute: str) -> str:
    """A match minute in the language in use: "pens" and extra time's "ET" are words."""
    if minute == "pens":
        return text(N_("pens"))
    return text(N_("ET")) + minute[2:] if minute.startswith("ET") else minute


def event_minute(before: dict[str, Any] | None, after: dict[str, Any] | None) -> str:
    """The minute of the events one input produced, from the snapshots before and after it."""
    if not before or before.get("phase") == "full_time":     # the input started a match
        return match_minute(after)
    return match_minute(before)


def team(t: Any) -> str:
    """"red" -> "Red" (a sentence, said in the reader's language)."""
    if isinstance(t, str):
        return _TEAM.get(t, t or "?")
    return str(t) if t else "?"


def pawn_name(pid: Any) -> str:
    """"red-m2" -> "Red m2"."""
    if not pid:
        return "?"
    s = str(pid)
    head, sep, tail = s.partition("-")
    return say("{team} {pawn}", team=team(head), pawn=tail) if sep else s


def short(pid: Any) -> str:
    """"red-m2" -> "m2"."""
    return str(pid or "").partition("-")[2] or str(pid or "")


def pawn_or_team(e: dict[str, Any]) -> str:
    """The event's pawn by name, its team when it names no pawn."""
    return pawn_name(e["pawn"]) if e.get("pawn") else team(e.get("team"))


def score(s: Any) -> str:
    return f"{s.get('red', 0)}-{s.get('blue', 0)}" if isinstance(s, dict) else ""


def on(square: Any) -> str:
    """" on d5" (nothing without a square), to end a sentence with where it happened."""
    return say(" on {square}", square=square) if square else ""


def words(v: Any) -> str:
    """A code as words, "free_kick" -> "free kick": said in the reader's language when the catalogue has the
    words (each game's sentences mark the codes its events carry, `N_`)."""
    return Say(str(v).replace("_", " "))


def period_name(period: Any, otherwise: str | None = None) -> str:
    """1 -> "first half" ... 4 -> "second half of extra time"."""
    return _ORDINAL_HALF.get(period, N_("period") if otherwise is None else otherwise)


def half(e: dict[str, Any]) -> str:
    p = e.get("period")
    return period_name(p, say("period {period}", period=p)) if isinstance(p, int) else N_("period")


def full_time(e: dict[str, Any]) -> str:
    shootout = say(" (shoot-out {score})", score=score(e["shootout"])) if e.get("shootout") else ""
    if e.get("winner"):
        return say("Full time: Red {score} Blue{shootout}. {team} wins", score=score(e.get("score")),
                   shootout=shootout, team=team(e["winner"]))
    return say("Full time: Red {score} Blue{shootout}. A draw", score=score(e.get("score")), shootout=shootout)


def _identity(e: dict[str, Any]) -> str:
    pawns = e["pawns"] if isinstance(e.get("pawns"), dict) else {}
    return say("Which {team} pawn is where? Confirm: {pawns}", team=e.get("team") or "",
               pawns=[say("{pawn} on {square}", pawn=short(p), square=sq) for sq, p in pawns.items()])


def _damaged(e: dict[str, Any]) -> str:
    recovered, lost = e.get("recovered_lines", 0), e.get("lost_lines", 0)
    if e.get("reason"):
        return say("The match record was damaged: {recovered} inputs recovered, {lost} lost ({reason})",
                   recovered=recovered, lost=lost, reason=e["reason"])
    return say("The match record was damaged: {recovered} inputs recovered, {lost} lost",
               recovered=recovered, lost=lost)


# the events of the core and the daemon, whatever the game: their sentences, and those the story tells
SHARED = Sentences(
    say={
        "identity_question": _identity,
        "identity_confirmed": lambda e: N_("Pawn identities confirmed"),
        "undone": lambda e: N_("The last action was taken back"),
        "journal_damaged": _damaged,
    },
    told=frozenset({"undone", "journal_damaged"}))


def plainly(event: dict[str, Any]) -> str:
    """An event of a game that gives no sentences: its name and fields, e.g. "foo_happened: team red, square d5"."""
    name = event.get("event")
    fields = ", ".join(f"{words(k)} {_plain_value(v)}" for k, v in event.items() if k not in ("event", "seq", "text"))
    return f"{name or 'unknown event (no name)'}" + (f": {fields}" if fields else "")


def _plain_value(v: Any) -> str:
    if isinstance(v, dict):
        return "(" + ", ".join(f"{words(k)} {_plain_value(x)}" for k, x in v.items()) + ")"
    if isinstance(v, list | tuple):
        return "[" + ", ".join(map(_plain_value, v)) + "]"
    return "none" if v is None else str(v).lower() if isinstance(v, bool) else str(v)


class Story:
    """How one game's matches are told: its sentences over the shared ones. A game without sentences is told
    plainly, every event of it (nothing says which matter), and `--quiet` keeps only the shared ones."""

    def __init__(self, sentences: Sentences | None) -> None:
        own = sentences or Sentences(say={})
        self._say: dict[str, Callable[[dict[str, Any]], str]] = {**SHARED.say, **own.say}
        self._told: frozenset[str] | None = None if sentences is None else own.told | SHARED.told
        self._quiet = own.quiet | SHARED.quiet
        self._plain = sentences is None

    def sentence(self, event: dict[str, Any]) -> str:
        """One event in words; an unknown or odd event still gives a line, never an error."""
        name = event.get("event")
        told = self._say.get(name) if isinstance(name, str) else None
        if told is None:
            return plainly(event) if self._plain else say("unknown event {name}", name=name or "(no name)")
        try:
            return told(event)
        except (TypeError, ValueError, KeyError, AttributeError):
            return words(name)

    def told(self, event: dict[str, Any], quiet: bool = False) -> bool:
        """Whether the console, the report's timeline and `replay --format text` tell this event."""
        if quiet:
            return event.get("event") in self._quiet
        return "event" in event if self._told is None else event.get("event") in self._told

    def line(self, minute: str, event: dict[str, Any]) -> str:
        """One line of the match story: the minute right-aligned, then the sentence."""
        return f"{said_minute(minute):>7}  {text(self.sentence(event))}"

    def annotate(self, doc: dict[str, Any]) -> dict[str, Any]:
        """Add the optional `text` (the event's sentence) to an MQTT event document, in place. It follows from
        the event alone, so an event sent again after a restart carries the very same text."""
        if "text" not in doc:
            text = self.sentence(doc)
            doc["text"] = str.__str__(text)
            if isinstance(text, Say):        # what the page needs to say it in its reader's language
                doc["say"] = text.said()
        return doc


_stories: dict[str, tuple[object, Story]] = {}


def of(game: str | None) -> Story:
    """The story of the game named `game` (a snapshot's or journal header's `ruleset`); plain for a game the
    registry does not know or that gives no sentences. Ask once per match: the registry is read here."""
    if not isinstance(game, str):
        return of_any()
    try:
        found: object = games.info(game)
    except games.UnknownGame:
        found = None
    held = _stories.get(game)
    if held is None or held[0] is not found:
        make = getattr(found, "sentences", None)
        held = (found, Story(make() if make is not None else None))
        _stories[game] = held
    return held[1]


_any: tuple[tuple[object, ...], Story] | None = None


def of_any() -> Story:
    """For a document seen without its game (a page or watcher before any state): the sentences of every
    registered game, the first that has words for an event."""
    global _any
    found = tuple(games.info(name) for name in games.names())
    if _any is None or _any[0] != found:
        merged = Sentences(say={}, told=frozenset(), quiet=frozenset())
        for info in reversed(found):
            make = getattr(info, "sentences", None)
            if make is not None:
                own = make()
                merged = Sentences(say={**merged.say, **own.say}, told=merged.told | own.told,
                                   quiet=merged.quiet | own.quiet)
        _any = (found, Story(merged))
    return _any[1]


def sentence(event: dict[str, Any], game: str | None = None) -> str:
    """One event in words (`game` the `ruleset` it was played under; any game's words when not given)."""
    return of(game).sentence(event)


def told(event: dict[str, Any], quiet: bool = False, game: str | None = None) -> bool:
    """Whether the console, the report's timeline and `replay --format text` tell this event."""
    return of(game).told(event, quiet)


def line(minute: str, event: dict[str, Any], game: str | None = None) -> str:
    """One line of the match story: the minute right-aligned, then the sentence."""
    return of(game).line(minute, event)


def annotate(doc: dict[str, Any], game: str | None = None) -> dict[str, Any]:
    """Add the optional `text` (the event's sentence) to an MQTT event document, in place."""
    return of(game).annotate(doc)


def result(snapshot: dict[str, Any] | None) -> str:
    """The last line of a match: the score, a shoot-out's tally and the winner."""
    if not snapshot:
        return N_("No match was played")
    event = {"score": snapshot.get("score"), "winner": snapshot.get("winner"), "shootout": snapshot.get("shootout")}
    if snapshot.get("phase") == "full_time":
        return full_time(event)
    if event["shootout"]:
        return say("Score: Red {score} Blue (shoot-out {shootout})", score=score(event["score"]),
                   shootout=score(event["shootout"]))
    return say("Score: Red {score} Blue", score=score(event["score"]))


class Teller:
    """Gives a running daemon's events their minute and their game's story, for the console and MQTT.

    The daemon hands its outputs on from the journal thread, after the core thread has moved on, so the
    minute after each input is noted on the core thread (`record`, a `Daemon.after_step` hook) under the
    `seq` the referee had reached; an event's minute is then that of the last note below its `seq`. A note
    is a few bytes (not the snapshot: the minute and the Story, shared by a match's notes), and no more than
    MARKS are kept.
    """

    MARKS = 4096       # far more inputs than the journal thread ever lags behind the core

    def __init__(self) -> None:
        # (referee seq after an input, the minute then, whether no match was under way then, the game's story)
        self._marks: deque[tuple[int, str, bool, Story]] = deque(maxlen=self.MARKS)
        self._cond = threading.Condition()
        self._game: tuple[object, Story] = (None, of_any())

    def record(self, referee: Any) -> None:
        """After each input (core thread): the minute the next input's events happen at."""
        snap = referee.snapshot
        game = snap.get("ruleset") if snap else None
        if game is not None and game != self._game[0]:      # the registry is read once per game played
            self._game = (game, of(game))
        mark = (referee.seq, match_minute(snap), not snap or snap.get("phase") == "full_time", self._game[1])
        with self._cond:
            if self._marks and self._marks[-1][0] == referee.seq:
                self._marks[-1] = mark
            else:
                self._marks.append(mark)
            self._cond.notify_all()

    def minute_of(self, seq: int) -> str | None:
        """The minute of the event numbered `seq` (None when no input before it was seen: events sent again
        after a restart)."""
        mark = self._mark(seq)
        return None if mark is None else mark[1]

    def story_of(self, seq: int) -> Story:
        """The story of the game the event numbered `seq` was played in (any game's words when not known)."""
        mark = self._mark(seq)
        return of_any() if mark is None else mark[3]

    def _mark(self, seq: int) -> tuple[int, str, bool, Story] | None:
        with self._cond:
            if not self._marks:
                return None
            before = self._before(seq)
            if before is not None and not before[2]:
                return before
            # the input started a match: its own snapshot's, noted right after it
            self._cond.wait_for(lambda: self._marks[-1][0] >= seq, timeout=0.5)
            found = None
            for mark in reversed(self._marks):
                if mark[0] < seq:
                    break
                found = mark
            return found

    def _before(self, seq: int) -> tuple[int, str, bool, Story] | None:
        """The last note below `seq`. The notes stay (MARKS bounds them): two readers ask, the console and the
        MQTT texts, each in seq order but not in step, so neither may drop a note the other still needs."""
        for mark in reversed(self._marks):
            if mark[0] < seq:
                return mark
        return None

    def minute(self, doc: dict[str, Any]) -> str | None:
        """The minute of an event document (by its `seq`)."""
        seq = doc.get("seq")
        return self.minute_of(seq) if isinstance(seq, int) else None

    def story(self, doc: dict[str, Any]) -> Story:
        """The story of an event document's game (by its `seq`)."""
        seq = doc.get("seq")
        return self.story_of(seq) if isinstance(seq, int) else self._game[1]

    def annotate(self, doc: dict[str, Any]) -> dict[str, Any]:
        """Add the `text` of an MQTT event document, in its game's words."""
        return self.story(doc).annotate(doc)

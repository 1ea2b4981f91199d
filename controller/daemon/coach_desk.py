"""The coaches' desk: the daemon's side of the path a coach's phone enters its team's lines through, and reads its
team's own view on (controller/web/coach_http.py is the HTTP side; docs/coach.md).

Why not MQTT: anonymous clients may only read the spectators' broker, and a coach's phone must not be given a
broker account. So a phone sends its team's code of the match with each request to the daemon's page server;
the desk checks it (in constant time, wrong ones rate limited), checks the line is its team's (the game says,
TeamLines), and puts it on the daemon's one input queue like any input: journaled, refereed by the core, its
verdict answered once the line is durable. A view is read on the core thread between inputs. A game without
TeamLines has no coach path, and no codes are made for it.
"""
from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from controller.i18n import Say
from controller.scenario import BadInput, ClockLine, Lift, Move, Place, Setup, parse_obj
from controller.seam import Illegal, TeamLines

from . import coach_codes
from .coach_codes import TeamCodes
from .inputs.commands import RateLimit
from .outputs.publisher import Msg

if TYPE_CHECKING:
    from .referee import Referee, Step
    from .service import Daemon

log = logging.getLogger(__name__)

Done = Callable[[int, dict[str, Any]], None]     # (HTTP status, JSON document): called once, from any thread

LINE_RATE = 5            # lines a second per team (a burst of twice as many passes)
MAX_WAITING = 64         # requests waiting for the core at once; more are answered 503
FORGET_SECONDS = 30.0    # a request unanswered this long is forgotten (the page server has answered it 503)
FAIL_BURST = 5           # wrong codes an address may send at once ...
FAIL_RATE = 0.5          # ... then one every two seconds
ALL_FAIL_BURST = 30      # wrong codes from every address together ...
ALL_FAIL_RATE = 5.0      # ... then five a second
MAX_ADDRESSES = 1024     # addresses whose wrong codes are remembered (the longest unseen is forgotten first)
_NOT_A_COACH_LINE = (Setup, Lift, Place, Move, ClockLine)   # the board's, the referee's and time's


def refusal(reason: str, detail: str, **extra: Any) -> dict[str, Any]:
    """A refused request's answer; a detail said with `say` carries it as `say` too, for the phone's page to
    say it in its reader's language (docs/mqtt.md)."""
    return {"ok": False, "reason": reason, "detail": detail, **_say(detail), **extra}


def _say(detail: object) -> dict[str, Any]:
    return {"say": detail.said()} if isinstance(detail, Say) else {}


class _Bucket:
    """A token bucket that is looked at without being spent (a right code costs nothing)."""

    def __init__(self, rate: float, burst: float, now: float):
        self.rate, self.burst, self.tokens, self.last = rate, burst, burst, now

    def has(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        return self.tokens >= 1

    def take(self) -> None:
        self.tokens -= 1

    def wait(self) -> float:
        """Seconds until one more try is allowed."""
        return max(0.0, (1 - self.tokens) / self.rate)


class _Attempts:
    """Wrong codes, per address and all together: over either limit nobody from there is heard until it refills."""

    def __init__(self, clock: Callable[[], float]):
        self.clock = clock
        self.all = _Bucket(ALL_FAIL_RATE, ALL_FAIL_BURST, clock())
        self.by_address: OrderedDict[str, _Bucket] = OrderedDict()

    def retry_after(self, address: str) -> float | None:
        """None when `address` may try a code now, else the seconds to wait."""
        now = self.clock()
        mine = self.by_address.get(address)
        if mine is not None and not mine.has(now):
            return mine.wait()
        if not self.all.has(now):
            return self.all.wait()
        return None

    def failed(self, address: str) -> None:
        mine = self.by_address.pop(address, None) or _Bucket(FAIL_RATE, FAIL_BURST, self.clock())
        mine.has(self.clock())
        mine.take()
        self.by_address[address] = mine
        while len(self.by_address) > MAX_ADDRESSES:
            self.by_address.popitem(last=False)
        self.all.take()


class CoachDesk:
    """Takes the coaches' requests for `daemon`, keeps the codes of its match (in `directory`, beside the
    journals). Made before the daemon starts: it hooks itself to the daemon's steps and outputs."""

    def __init__(self, daemon: Daemon, directory: Path | str, clock: Callable[[], float] = time.monotonic):
        self._daemon = daemon
        self._dir = Path(directory)
        self._lock = threading.Lock()
        self._codes: TeamCodes | None = None
        self._ruleset: TeamLines | None = None
        self._attempts = _Attempts(clock)
        self._rates = {team: RateLimit(LINE_RATE, 2 * LINE_RATE, clock) for team in ("red", "blue")}
        self._clock = clock
        self._waiting: dict[int, tuple[float, Done]] = {}
        self._tickets = 0
        daemon.after_step.append(self._after_step)
        daemon.observers.append(self)
        daemon.read(self._at_start)         # the first thing the core thread does: the match a start resumed

    # ---- the match's codes, on the core thread -------------------------------------------------------
    def _at_start(self, ref: Referee, _step: Step | None) -> Msg | None:
        self._follow(ref, kept=True)
        return None

    def _after_step(self, ref: Referee) -> None:
        self._follow(ref, kept=False)

    def _follow(self, ref: Referee, kept: bool) -> None:
        """Codes for the match under way: kept from the file at start-up when it is the same match, else new."""
        ruleset = ref.core.ruleset if isinstance(ref.core.ruleset, TeamLines) else None
        path = self._daemon.journal_path
        with self._lock:
            self._ruleset = ruleset
            current = self._codes
        if ruleset is None or path is None or (current is not None and current.match == path.name):
            return                       # no coach path, no match begun (a finished one keeps its codes)
        codes = coach_codes.load(self._dir, path.name) if kept else None
        msgs = [Msg("notice", {"text": f"coaches' codes (kept for the resumed match): {codes.shown()}"},
                    local=True)] if codes is not None else []
        if codes is None:
            codes = coach_codes.new_codes(path.name)
            msgs = [Msg("coach_codes", codes, local=True),
                    Msg("notice", {"text": f"coaches' codes for this match: {codes.shown()}"}, local=True)]
        with self._lock:
            self._codes = codes
        self._daemon.journal.publish_only(msgs)

    def codes(self) -> dict[str, str] | None:
        """The codes of the match (for the referee's own screen), None before any."""
        with self._lock:
            return None if self._codes is None else dict(self._codes.codes)

    # ---- answers, on the journal thread --------------------------------------------------------------
    def __call__(self, msgs: list[Msg]) -> None:
        for m in msgs:
            if m.topic == "coach_codes" and isinstance(m.payload, TeamCodes):
                coach_codes.save(m.payload, self._dir)       # the journal thread is the one that writes
            elif m.topic == "answer" and isinstance(m.payload, dict):
                with self._lock:
                    waiting = self._waiting.pop(m.payload.get("ticket", -1), None)
                if waiting is not None:
                    waiting[1](m.payload["status"], m.payload["doc"])

    # ---- requests, on the page server's thread --------------------------------------------------------
    def enter(self, code: object, line: object, address: str, done: Done) -> None:
        """A coach's line: refused at once (wrong code, not its team's, malformed), or queued and answered with
        the verdict once journaled."""
        checked = self._check(code, address, done)
        if checked is None:
            return
        team, ruleset = checked
        try:
            parsed = parse_obj(line)
        except BadInput as e:
            done(400, refusal("bad_input", e.sentence))
            return
        if isinstance(parsed, _NOT_A_COACH_LINE):
            done(403, refusal("not_a_coach_line", f"{parsed.type} lines come from the board, the referee or time, "
                                                  "not from a coach"))
            return
        try:
            owner = ruleset.team_of(parsed)
        except Illegal as e:
            done(400 if e.reason == "bad_input" else 403, refusal(e.reason, e.detail))
            return
        if owner is not None and owner != team:
            done(403, refusal("not_your_team", f"this is a line of {owner}'s; your code is {team}'s"))
            return
        if not self._rates[team].allow():
            done(429, refusal("over_rate", f"more than {LINE_RATE} lines a second"))
            return
        ticket = self._wait(done)
        if ticket is not None:
            assert isinstance(line, dict)             # parse_obj took it
            self._daemon.put("coach", line, answer=partial(_verdict, ticket, team))

    def view(self, code: object, address: str, done: Done) -> None:
        """The team's own view of the match, read on the core thread between inputs."""
        checked = self._check(code, address, done)
        if checked is None:
            return
        ticket = self._wait(done)
        if ticket is not None:
            self._daemon.read(partial(_team_view, ticket, checked[0]))

    def _check(self, code: object, address: str, done: Done) -> tuple[str, TeamLines] | None:
        """The code's team and the game's TeamLines; None when refused (and answered)."""
        with self._lock:
            ruleset, codes = self._ruleset, self._codes
            wait = self._attempts.retry_after(address)
            if ruleset is None:
                done(404, refusal("no_coach_path", "the game refereed here takes no lines from coaches' phones"))
                return None
            if wait is not None:
                done(429, refusal("too_many_attempts", "too many wrong codes: wait and try again",
                                  retry_after=max(1, round(wait + 0.5))))
                return None
            team = codes.team_for(code) if codes is not None and isinstance(code, str) else None
            if team is None:
                self._attempts.failed(address)
        if team is None:
            if codes is None:
                done(401, refusal("bad_code", "no match under way yet: no code is valid"))
            else:
                done(401, refusal("bad_code", "not a code of this match (the referee's screen shows them)"))
            return None
        return team, ruleset

    def _wait(self, done: Done) -> int | None:
        """A ticket for a request that waits for the core; None (answered 503) when too many wait already. A
        request whose answer never came (the core failed on its input) is forgotten after FORGET_SECONDS."""
        now = self._clock()
        with self._lock:
            for ticket, (since, _) in list(self._waiting.items()):
                if now - since > FORGET_SECONDS:
                    del self._waiting[ticket]
            if len(self._waiting) >= MAX_WAITING:
                busy = True
            else:
                busy = False
                self._tickets += 1
                ticket = self._tickets
                self._waiting[ticket] = (now, done)
        if busy:
            done(503, refusal("busy", "too many requests waiting for the referee: try again"))
            return None
        return ticket


def _verdict(ticket: int, team: str, ref: Referee, step: Step | None) -> Msg:
    """The answer to a coach's line: its verdict (200 taken, 400 malformed for the game, 409 refused by it)."""
    verdict = step.verdict if step is not None else {"ok": False, "reason": "no_game", "detail": "no step"}
    status = 200 if verdict.get("ok") else 400 if verdict.get("reason") == "bad_input" else 409
    doc = {"ok": bool(verdict.get("ok")), "reason": verdict.get("reason"), "detail": verdict.get("detail"),
           "team": team, **_say(verdict.get("detail"))}
    return Msg("answer", {"ticket": ticket, "status": status, "doc": doc}, local=True)


def _team_view(ticket: int, team: str, ref: Referee, _step: Step | None) -> Msg:
    """The answer to a view request: the game's view for the team (TeamLines.team_view) as it stands."""
    game, ruleset = ref.core.game, ref.core.ruleset
    status, doc = 200, {"ok": True, "team": team}
    if game is None:
        status, doc = 409, refusal("no_game", "no match is set up yet", team=team)
    elif not isinstance(ruleset, TeamLines):
        status, doc = 404, refusal("no_coach_path", "the game refereed here has no view for a coach")
    else:
        try:
            doc["view"] = ruleset.team_view(game, team)
        except Exception:             # a fault of the game's view must not leave the phone waiting
            log.exception("the %s view failed", team)
            status, doc = 500, refusal("view_failed", "the game could not make this team's view")
    return Msg("answer", {"ticket": ticket, "status": status, "doc": doc}, local=True)

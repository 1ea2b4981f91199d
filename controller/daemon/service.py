"""The daemon: one input queue, one thread that owns the core, and I/O at the edges.

Hardware poller, MQTT commands, simulator sources all put scenario lines on one queue. The core
thread sleeps on it until an input comes or time itself is due to decide something (Referee.due_in: a
settle window, a move, reset or turn clock, a period's end); only then does it feed the elapsed time (a
clock line from the HAL time source), so an idle board journals nothing. It numbers the outputs
(Referee) and hands line + outputs to the journal thread, which fsyncs and only then passes the outputs
to the MQTT thread. Nothing the core thread calls can block on the disk, the network or the hardware, but
one thing: a set-up that begins a new match creates its journal file first (a directory entry, no fsync),
so the core never starts a match its journal does not hold (a file that cannot be created refuses it).
On start an unfinished match's journal is replayed through a fresh core from its last good checkpoint
(resume.py), so a power cut or kill -9 resumes exactly where the journal ends, in a time that does not
grow with the match.
"""
from __future__ import annotations

import logging
import math
import queue
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import BinaryIO

from hal.dice_page import PageDice
from hal.frames import blank_led_frame
from hal.sim import SimBoard

from . import checkpoint
from .inputs.clockfeed import ClockFeed
from .inputs.commands import CommandError, RateLimit, command_seat, parse_command, response
from .inputs.hardware import HardwarePoller
from .inputs.siminput import SimInputError, deliver, parse_payload
from .journal import ABANDONED, FINISHED, JournalFailed, JournalStore, JournalWriter, dumps
from .match_seat import MatchSeat, seat_from
from .outputs.leds import led_document
from .outputs.publisher import Msg, Publisher, clock_document, event_msg, iso
from .referee import Referee, Step
from .resume import Resumer
from .systemd import watchdog_interval

log = logging.getLogger(__name__)

_END = "end-of-source"
_READ = "read"          # an item that only looks at the match (Daemon.read)
_WAKE = "wake"          # an item that only wakes the core loop (stop)
SIM_RECORD = 64        # LED frames and beeps a sim board keeps for looking at (it keeps all of them by default)
COMMAND_RATE = 20      # referee commands a second (a burst of twice as many passes)
SIM_RATE = 50          # simulator inputs a second (a person clicks a few; a script may send more)
REFUSAL_RATE = 100     # answers to inputs refused over their rate (a bigger flood than this goes unanswered)
IDLE_WAIT = 30.0       # the longest the core loop sleeps with nothing due (it turns for the watchdog too)


def bound_sim_records(hardware) -> None:
    """The sim board records every LED frame and beep it is given (hal/sim.py, a test hook). In a daemon
    that runs match after match that list is a leak (~750 frames of 384 bytes a match): keep the last few."""
    for name, keep in (("leds", "led_frames"), ("buzzer", "beeps")):
        board = getattr(hardware, name, None)
        recorded = getattr(board, keep, None)
        if isinstance(recorded, list):
            setattr(board, keep, deque(recorded, maxlen=SIM_RECORD))


@dataclass
class Item:
    source: str                     # hardware / command / sim / scenario / autoplay / control
    line: dict
    origin: dict | None = None      # where a set-up line came from (journal header, for resuming)
    request: tuple | None = None    # (command name, request id) to answer on <base>/response
    answer: Answer | None = None    # a sender waiting for its answer (a coach's phone): made on the core thread,
                                    # handed to the observers once the line is durable


Answer = Callable[[Referee, Step | None], Msg | None]


class Daemon:
    def __init__(self, settings, hardware, *, board_follows_game: bool, publisher: Publisher | None = None,
                 tick: float | None = None, auto_setup: bool | None = None, exit_when_done: bool = False,
                 sim_mode: bool = False):
        self.settings = settings
        self.hw = hardware
        bound_sim_records(hardware)
        self.follows = board_follows_game
        self.options = dict(settings.game.options)
        self.ruleset = settings.game.ruleset   # the game a match set up here plays (a resumed one: its journal's)
        # the core loop sleeps until an input or a deadline; `tick` only paces a clock that moves when told
        self.tick = tick if tick is not None else settings.daemon.tick_seconds
        interval = watchdog_interval()      # the loop turns at least twice per watchdog period
        self.idle_wait = min(IDLE_WAIT, interval) if interval else IDLE_WAIT
        self._due: float | None = None       # game seconds after the last fed time when time decides something
        self.checkpoint_used = 0             # the inputs a resume took from a checkpoint instead of replaying
        self.auto_setup = settings.game.auto_setup if auto_setup is None else auto_setup
        self.exit_when_done = exit_when_done
        self.store = JournalStore(settings.journal.dir, settings.board_id)
        self.inputs: queue.Queue[Item] = queue.Queue()
        self.publisher = publisher
        self.journal = JournalWriter(self._durable)
        self.referee: Referee | None = None
        self.journal_path: Path | None = None
        self.journal_lines = 0
        self._match_inputs = 0               # journaled inputs of the match under way but set-ups and time
        self.source = None
        self.resumed: dict | None = None     # what resuming found (for logs and tests)
        self._turned = time.monotonic()      # when the core loop last turned
        self._running = False                # between start() and stop(): every thread must be alive
        self.done = threading.Event()
        self._stop = threading.Event()
        self._clock = ClockFeed(hardware.clock)
        self._poller = HardwarePoller(hardware, lambda src, line: self.put(src, line))
        self._thread = threading.Thread(target=self._loop, name="soccerboard-core", daemon=True)
        self._prune_due = threading.Event()  # old journals to delete (on a thread of their own: never the core's
        self._pruner = threading.Thread(target=self._prune_loop, name="soccerboard-prune", daemon=True)   # time)
        self._watermark_path: Path | None = None
        self._command_rate = RateLimit(COMMAND_RATE, 2 * COMMAND_RATE)
        self._sim_rate = RateLimit(SIM_RATE, 2 * SIM_RATE)
        self._refusals = RateLimit(REFUSAL_RATE, REFUSAL_RATE)
        self.damage: dict | None = None      # the damage announced at start-up (for status and tests)
        self.observers: list = []            # called with each batch of durable outputs (terminal view)
        self.after_step: list = []           # called on the core thread with the Referee after each input
        # the computer's seat for the match set up next (config [match]; a new_game command's keys for its match)
        self.match_seat: MatchSeat = settings.match.seat()
        # the step of an action the LEDs guide the hands through (computer_seat.py), read on the core thread
        self.guide: Callable[[Referee], tuple[int, int] | None] | None = None
        self.command_hooks: dict[str, Callable[[bytes], None]] = {}   # commands that are no game input (hint)
        self.sim_mode = sim_mode             # `soccerboard sim`: <base>/sim/input drives the board
        # a simulated board whose tokens follow the game: its sensors move what the game moves by itself
        self.sim_board = hardware.leds if board_follows_game and isinstance(hardware.leds, SimBoard) else None

    # ---- inputs from any thread ------------------------------------------------------------------
    def put(self, source: str, line: dict, origin: dict | None = None, request: tuple | None = None,
            answer: Answer | None = None) -> None:
        self.inputs.put(Item(source, line, origin, request, answer))

    def read(self, answer: Answer) -> None:
        """Look at the match on the core thread between two inputs (a coach's view of it): nothing is fed, nothing
        journaled, no time passes; the local Msg `answer` makes goes to the observers behind every line before it,
        so it never shows what a restart would not find."""
        self.inputs.put(Item("read", {"type": _READ}, answer=answer))

    def on_command(self, name: str, payload: bytes) -> None:
        """From the MQTT thread: parse, and queue the line (or answer the error at once)."""
        if not self._command_rate.allow():
            self._refuse_over_rate(self._command_rate, name[:40], f"more than {COMMAND_RATE} commands a second",
                                   lambda: _request_id(name, payload))
            return
        hook = self.command_hooks.get(name)
        if hook is not None:
            hook(payload)
            return
        try:
            line, request_id = parse_command(name, payload)
        except CommandError as e:
            log.warning("refused command %.40s: %s", name, e)
            self._answer_now(response(name[:40], error=str(e), request_id=e.request_id))
            return
        origin: dict[str, object] = {"command": name}
        seat = command_seat(name, payload)
        if seat:
            origin["match"] = seat_from(seat, self.settings.match.seat()).to_json()
        self.put("command", line, origin, (name, request_id))

    def on_sim_input(self, payload: bytes) -> None:
        """From the MQTT thread: a simulator input becomes a physical event on the sim board (siminput.py)."""
        page_dice = self.hw.dice if isinstance(self.hw.dice, PageDice) else None
        if not self.sim_mode and page_dice is None:
            self._answer_now(response("sim/input", error="refused: this daemon referees a real board, "
                                                         "not the simulator (soccerboard sim)"))
            return
        if not self._sim_rate.allow():
            self._refuse_over_rate(self._sim_rate, "sim/input", f"more than {SIM_RATE} inputs a second", lambda: None)
            return
        if not self.sim_mode and page_dice is not None:
            self._page_roll(page_dice, payload)
            return
        try:
            line = parse_payload(payload)
            queued = deliver(self.sim_board, line) if self.sim_board is not None else line
        except SimInputError as e:
            self._answer_now(response("sim/input", error=str(e)))
            return
        if queued is not None:
            self.put("sim", queued, None, ("sim/input", None))

    def _page_roll(self, dice: PageDice, payload: bytes) -> None:
        """A real board whose dice are rolled on the page (dice.role = "page"): the page's rolls, and only them,
        come in on sim/input, as rolls of the board's dice (the hardware path, then the core)."""
        try:
            line = parse_payload(payload)
            if line.get("type") != "roll":
                raise SimInputError("refused: this daemon referees a real board; only the page's rolls come in "
                                    "here (dice.role = 'page')")
            dice.roll(line.get("die"), line.get("value"))
        except (SimInputError, ValueError) as e:
            self._answer_now(response("sim/input", error=str(e)))

    def _refuse_over_rate(self, limit: RateLimit, name: str, why: str, request_id: Callable[[], object]) -> None:
        """Each input over its rate is answered under its id, so a client can tell a refusal from a loss; only
        a flood beyond REFUSAL_RATE a second goes unanswered (and is logged once a second)."""
        if self._refusals.allow():
            self._answer_now(response(name, error=f"refused: {why}", request_id=request_id()))
        if limit.tell():
            log.warning("refused %s: %s", name, why)

    def _answer_now(self, doc: dict) -> None:
        self.journal.publish_only([Msg("response", doc)])

    def end_of_source(self) -> None:
        self.put("control", {"type": _END})

    # ---- start and stop ----------------------------------------------------------------------------
    def start(self, source=None) -> Daemon:
        self.journal.start()
        try:
            referee = self._resume_or_begin(source)
        except OSError as e:                      # the card under the journal directory is read-only or failing
            self.journal.stop(1.0)
            raise JournalFailed(f"the journal cannot be used: {e.strerror or e}: {e.filename}") from e
        referee.core.ruleset.prepare()            # every rule table now: flat memory from the first match
        if self.publisher is not None:
            self.publisher.start()
        self._pruner.start()
        self._prune_due.set()
        self._poller.start()
        self._thread.start()
        self._running = True
        if source is not None:
            self.source = source.start()
        return self

    def stop(self) -> None:
        """Clean stop: sources and hardware first, then the core, the journal, and `offline` last."""
        self._running = False
        if self.source is not None:
            self.source.stop()
        self._poller.stop()
        self._stop.set()
        self._prune_due.set()
        self.inputs.put(Item("stop", {"type": _WAKE}))     # the core loop may sleep up to IDLE_WAIT for an input
        self._thread.join(5.0)
        if self._pruner.is_alive():
            self._pruner.join(5.0)
        if self.journal.alive:                  # a journal the card refused has nothing left to flush
            self.journal.flush(5.0)
        self.journal.stop()
        if self.publisher is not None:
            self.publisher.stop()

    def wait(self, timeout: float | None = None) -> bool:
        return self.done.wait(timeout)

    # ---- supervision -------------------------------------------------------------------------------
    def failure(self) -> str | None:
        """Which of the daemon's threads died, if one did: the daemon cannot go on without any of them (the
        journal keeps nothing, the publisher says nothing), so the caller exits and systemd restarts it."""
        if not self._running:
            return None
        threads = {"core": self._thread.is_alive(), "journal": self.journal.alive, "hardware": self._poller.alive}
        if self.publisher is not None:
            threads["mqtt"] = self.publisher.alive
        dead = sorted(name for name, alive in threads.items() if not alive)
        if not dead:
            return None
        why = f": {self.journal.error}" if "journal" in dead and self.journal.error else ""
        return f"the {', '.join(dead)} thread{'s' if len(dead) > 1 else ''} stopped{why}"

    @property
    def heartbeat(self) -> float:
        """When the core loop last turned, while every thread is alive (the watchdog is fed from it); 0 once one
        has died, so the watchdog goes hungry even if the caller never asks for `failure()`."""
        return self._turned if self.failure() is None else 0.0

    # ---- resume --------------------------------------------------------------------------------------
    def _resume_or_begin(self, source) -> Referee:
        """The unfinished match resumed from its journal (resume.py), or a fresh referee whose first set-up is
        queued; what resuming found is sent before anything else, and any damage is announced after it."""
        resumer = Resumer(self.store, self.journal, options=self.options, follows=self.follows,
                          ruleset=self.ruleset, broker=self.publisher is not None)
        found = resumer.run()
        self.referee, self.resumed, self.checkpoint_used = found.referee, found.report, found.checkpoint_used
        self._watermark_path = found.watermark_path
        jf = found.journal
        if jf is None:
            self.journal.publish_only(found.resend)
            if self.auto_setup and getattr(source, "sets_up", False) is False:
                self.put("control", {"type": "setup", "formation": "standard",
                                     **({"kickoff": self.settings.game.kickoff} if self.settings.game.kickoff else {})})
        else:
            seat = jf.header.get("match")
            if isinstance(seat, dict):
                self.match_seat = seat_from(seat, self.match_seat, "the journal's match")
            self.journal_path, self.journal_lines = jf.path, len(jf.lines)
            self._match_inputs = _inputs_since_setup(jf.lines)
            if self.sim_board is not None:
                self.sim_board.follow(bytes(self.referee.core.board))
            elif not self.follows:                # a sensed board: its first frame is compared with the game
                self._poller.start_from(bytes(self.referee.core.board))
            if source is not None:
                source.resume(jf.header.get("source"), jf.lines, self.referee.normalise)
            self.journal.publish_only(found.resend + self._retained_msgs())
        self.damage = resumer.announce_damage()
        return self.referee

    def _led_msgs(self, force: bool = False) -> list[Msg]:
        """The LED plan for the game as it stands, when it changed: published and shown on the board."""
        core = self.referee.core if self.referee is not None else None
        if core is None or core.game is None:
            return [Msg("leds", led_document())] if force else []
        from ..leds import planner_for
        planner = planner_for(core.ruleset)
        if planner is None:                   # no LED plan for this game yet: a dark board, said as such
            doc, frame = led_document(), blank_led_frame()
        else:
            view = core.board_view()
            guide = self.guide(self.referee) if self.guide is not None and self.referee is not None else None
            plan = planner(core.game, view if guide is None else replace(view, guide=guide))
            doc, frame = plan.to_json(), plan.frame()
        if doc == getattr(self, "_last_leds", None) and not force:
            return []
        self._last_leds = doc
        try:
            self.hw.leds.show(frame)
        except Exception:                     # a dead LED strip must not stop the referee
            log.exception("could not show the LED frame")
        return [Msg("leds", doc)]

    def _retained_msgs(self) -> list[Msg]:
        out = self._led_msgs(force=True)
        if self.referee is not None and self.referee.state_doc is not None:
            out.append(Msg("state", self.referee.state_doc))
            from .referee import clock_view
            view = clock_view(self.referee.snapshot)
            if view is not None:
                out.append(Msg("clock", clock_document(view)))
        return out

    # ---- the core thread ----------------------------------------------------------------------------
    def _loop(self) -> None:
        if self.journal_path is None and self.publisher is not None:
            self.journal.publish_only(self._led_msgs(force=True))
        while not self._stop.is_set():
            self._turned = time.monotonic()
            try:
                item = self.inputs.get(timeout=self._wait())
            except queue.Empty:
                item = None
            if item is not None and item.line.get("type") == _WAKE:
                continue                        # stop() woke the loop: its flag ends it
            try:
                if item is not None and item.line.get("type") == _READ:
                    reply = _answer(item, self._started(), None)
                    shown = ([reply] if reply is not None else []) + self._led_msgs()   # a guide it changed
                    if shown:
                        self.journal.publish_only(shown)
                    continue
                due = self._due if item is None else None
                if item is not None or (due is not None and self._clock.since() >= due - 0.0005):
                    self._feed_time(due)
                if item is None:
                    continue
                if item.line.get("type") == _END:
                    self._process_end()
                    continue
                self._process(item)
            except Exception:                # the referee must keep going; the journal has the input
                log.exception("failed to process %s", item)

    def _wait(self) -> float:
        """Real seconds to sleep for an input: until the next deadline (a time source may run faster than
        real time: its `rate`), at most `idle_wait`; a time source that moves only when told (the simulator's)
        is looked at every `tick`."""
        longest = min(self.tick, self.idle_wait) if self._clock.manual else self.idle_wait
        if self._due is None:
            return longest
        left = (self._due - self._clock.since()) / self._clock.rate
        return min(max(left, 0.0), longest)

    def _feed_time(self, due: float | None) -> None:
        """The time elapsed since the last fed time, as a clock line (journaled like any input); at a deadline
        at least `due`, so the deadline is crossed whatever the sleep's rounding."""
        tick = self._clock.line(at_least=due or 0.0)
        if tick is None:
            return
        step = self._process(Item("clock", tick))
        if due is None or self._due is None:
            return
        if not step.verdict.get("ok") or (not step.events and step.state is None) or self._started().due_in() == 0:
            log.info("time was due and decided nothing (%s); waiting for an input", step.verdict)
            self._due = None                  # never wake again and again for a deadline the game does not act on

    def _started(self) -> Referee:
        """The referee; start() makes it before the core thread takes any input."""
        if self.referee is None:
            raise RuntimeError("the daemon has not been started")
        return self.referee

    def _process_end(self) -> None:
        step = self._started().finish_pending()
        if step.events or step.state:
            self._emit(None, step)
        self.journal.flush(5.0)
        self.done.set()

    def _process(self, item: Item) -> Step:
        ref = self._started()
        line = ref.normalise(item.line)
        is_setup = line.get("type") == "setup"
        opened: tuple[Path, BinaryIO] | None = None
        if is_setup and not self._match_unplayed():
            try:                              # the new match's journal first: the core never runs ahead of it
                opened = self.store.create()
            except OSError as e:
                return self._refuse(item, line, "journal_unavailable",
                                    f"no journal can be opened for a new match ({e.strerror or e}); "
                                    "the match under way goes on")
        seq_before = ref.seq
        board_before = bytes(ref.core.board) if self.sim_board is not None else b""    # only the sim follows
        step = ref.feed(line)
        if self.sim_board is not None:
            self._follow_on_sim_board(self.sim_board, ref, item, board_before)
        if item.request is None and item.source == "hardware" and self.sim_mode:
            item.request = ("sim/input", None)      # in the simulator every hardware input came from sim/input
        reached = step.verdict.get("reason") not in ("bad_input", "no_game")
        began = is_setup and step.verdict.get("ok")
        if began:
            seat = (item.origin or {}).get("match")
            self.match_seat = seat_from(seat, self.settings.match.seat()) if isinstance(seat, dict) \
                else self.settings.match.seat()
            self._begin_match(item, seq_before, opened)
        elif opened is not None:              # the core refused the set-up: its journal is not needed
            _discard(*opened)
        # a line that reached no game, or that came while no match journal is open, leaves nothing to journal
        journaled = line if began or (self.journal_path is not None and reached) else None
        self._emit(journaled, step, item.request, _answer(item, ref, step))
        self._due = _due_ms(ref.due_in())
        for hook in self.after_step:
            hook(ref)
        return step

    def _match_unplayed(self) -> bool:
        """The match under way has had no input since its set-up (only set-ups and time): a new game goes on in
        its journal, as one more set-up line, instead of leaving a file per `new_game`."""
        return self.journal_path is not None and self._match_inputs == 0

    def _refuse(self, item: Item, line: dict, reason: str, detail: str) -> Step:
        """An input refused before it reached the core (nothing journaled, nothing changed): answered."""
        log.error("refused %s: %s", line.get("type"), detail)
        step = Step(line, {"ok": False, "reason": reason, "detail": detail})
        self._emit(None, step, item.request)
        return step

    @staticmethod
    def _follow_on_sim_board(sim_board: SimBoard, ref: Referee, item: Item, board_before: bytes) -> None:
        """Move on the sim board what no hand moved there: the game's own relocations, and the tokens of
        lines that did not come from the board itself (bots, scenarios, set-ups)."""
        core = ref.core
        if item.source == "hardware":
            delta = core.relocated
        else:
            delta = int.from_bytes(board_before, "little") ^ int.from_bytes(core.board, "little")
        if delta:
            frame = int.from_bytes(sim_board.frame, "little") ^ delta
            sim_board.follow(frame.to_bytes(len(core.board), "little"))

    def _begin_match(self, item: Item, seq_before: int, opened: tuple[Path, BinaryIO] | None) -> None:
        """The set-up the core took begins a match: in the journal created for it, or (`opened` None) in the
        journal of a match that had no input yet."""
        self._match_inputs = 0
        if opened is None:
            log.info("new match in %s, whose match had no input", self.journal_path)
            return
        if self.journal_path is not None and self.journal_lines:
            self.journal.mark(f"{ABANDONED} {dumps({'seq': seq_before, 'reason': 'new game'})}")
        path, file = opened
        header = {"board_id": self.settings.board_id, "board_follows_game": self.follows,
                  "ruleset": self._started().core.ruleset.name,
                  "options": self.options, "seq_base": seq_before, "started": iso(), "source": item.origin,
                  "match": self.match_seat.to_json()}
        self.journal.open(path, header, file=file)
        self.journal_path, self.journal_lines = path, 0
        self._prune_due.set()
        log.info("new match, journal %s", path)

    def _prune_loop(self) -> None:
        """Delete old journals whenever a match begins (journal retention: JournalStore.prune); a failure is
        logged and never stops the daemon (the next match tries again)."""
        kept = self.settings.journal
        while True:
            self._prune_due.wait()
            if self._stop.is_set():
                return
            self._prune_due.clear()
            try:
                self.store.prune(kept.keep_matches, kept.keep_days, acknowledged=self.publisher is not None)
            except Exception:
                log.exception("deleting old journals failed")

    def _emit(self, line: dict | None, step: Step, request: tuple | None = None, answer: Msg | None = None) -> None:
        msgs = [event_msg(e) for e in step.events]
        if step.state is not None:
            msgs.append(Msg("state", step.state))
        if step.clock is not None:
            msgs.append(Msg("clock", clock_document(step.clock)))
        msgs += self._led_msgs()
        if request is not None:
            name, request_id = request
            if name != "sim/input" or not step.verdict.get("ok"):
                msgs.append(Msg("response", response(name, step.verdict, request_id=request_id)))
        elif not step.verdict.get("ok", True) and step.line:     # a refused board or scenario input: the
            msgs.append(Msg("refusal", {"line": step.line, **step.verdict}, local=True))   # console says why
        if self.publisher is None and not self.observers:
            msgs = []
        if answer is not None:
            msgs.append(answer)
        if line is not None:
            self.journal.append(line, msgs, self._started().seq)
            self.journal_lines += 1
            self._match_inputs += line.get("type") not in ("clock", "setup")
            if self.journal_lines % checkpoint.CHECKPOINT_EVERY == 0 and not step.finished:
                self.journal.mark(checkpoint.encode(self._started(), self.journal_lines), sync=False)
        elif msgs:
            self.journal.publish_only(msgs)
        if step.finished and self.journal_path is not None:
            self.journal.mark(f"{FINISHED} {dumps({'seq': self._started().seq})}")
            log.info("full time; journal %s kept", self.journal_path)
            self._watermark_path, self.journal_path = self.journal_path, None

    # ---- from the journal thread ----------------------------------------------------------------------
    def _durable(self, msgs: list) -> None:
        if self.publisher is not None:
            self.publisher.submit([m for m in msgs if not m.local])
        for observe in self.observers:
            try:
                observe(msgs)
            except Exception:             # a broken view must not stop the others, nor the journal
                log.exception("an observer of the outputs failed")

    def record_watermark(self, seq: int) -> None:
        """Called by the MQTT thread: events up to `seq` are acknowledged by the broker."""
        path = self.journal_path or self._watermark_path
        if path is not None:
            self.store.write_watermark(path, seq)


def _answer(item: Item, ref: Referee, step: Step | None) -> Msg | None:
    """What a waiting sender is told; a fault in making it is logged and costs the match nothing."""
    if item.answer is None:
        return None
    try:
        return item.answer(ref, step)
    except Exception:
        log.exception("answering a %s input failed", item.source)
        return None


def _due_ms(due: float | None) -> float | None:
    """A deadline rounded up to the next millisecond (clock lines count milliseconds), and one more: the
    snapshot's clock is rounded to the millisecond, so the fed time always reaches the deadline."""
    return None if due is None else math.ceil(due * 1000 - 1e-6) / 1000 + 0.001


def _inputs_since_setup(lines: list[dict]) -> int:
    """The inputs of a journal's last match but set-ups and time (a resumed match that had none is reused)."""
    count = 0
    for line in lines:
        if line.get("type") == "setup":
            count = 0
        elif line.get("type") != "clock":
            count += 1
    return count


def _discard(path: Path, file: BinaryIO) -> None:
    """A journal created for a set-up the core refused: closed and removed (it holds nothing)."""
    try:
        file.close()
        path.unlink()
    except OSError as e:
        log.warning("%s: cannot remove the unused journal (%s)", path, e.strerror)


def _request_id(name: str, payload: bytes) -> object:
    """The id of a command refused before it was carried out (bounded like any command's), if it has one."""
    try:
        return parse_command(name, payload)[1]
    except CommandError as e:
        return e.request_id

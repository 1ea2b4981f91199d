"""Resuming: what the daemon finds in its journal directory at start-up, before it takes any input.

It lives apart from the daemon's wiring (service.py) because it is one promise, kept once and alone on the
starting thread, that the rest of the daemon relies on without looking:
- only a valid prefix is replayed: a journal's hash chain says where it stops being trustworthy
  (journal.py), and nothing after that is fed or kept;
- the last checkpoint that checks out (checkpoint.py) stands for the inputs before it, so a resume takes a
  time that does not grow with the match; one is skipped while the broker may lack events before it;
- a damaged journal is set aside for a person to look at, its good part carried into a new journal, and
  spectators are told (a `journal_damaged` event);
- `seq` never goes backwards: numbering goes on above every seq that may have been published (a damaged
  journal's readable lines, its `# seq` floors, the broker's acknowledgement);
- the events an ended match's broker never acknowledged are sent again, with their seq, before the next
  match begins; a resumed match sends again those above the acknowledgement.
The daemon wires the result in (its referee, its journal, the messages to send) and sends them in order.
"""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from pathlib import Path

from . import checkpoint
from .journal import (
    ABANDONED,
    SEQ_FLOOR,
    JournalFile,
    JournalStore,
    JournalWriter,
    dumps,
    read_journal,
    readable_lines,
    repair,
)
from .outputs.publisher import Msg, event_msg, iso
from .referee import Referee, ruleset_of
from .systemd import Notifier

log = logging.getLogger(__name__)

EXTEND_EVERY = 1.0     # while a long resume runs, ask systemd for more start-up time this often (seconds)
EXTEND_BY = 15.0       # ... this much each time


@dataclass
class Resumed:
    """What start-up found: the referee to go on with and the match journal it goes on in (None: no match
    goes on, a new one begins), with the events to send again before anything else."""
    referee: Referee
    journal: JournalFile | None
    resend: list[Msg] = field(default_factory=list)
    report: dict | None = None          # what resuming found (for logs and tests)
    checkpoint_used: int = 0            # the inputs taken from a checkpoint instead of replayed
    watermark_path: Path | None = None  # the ended journal whose resent events' acknowledgements count


class Resumer:
    """Run once at start-up: `run()`, then, once the daemon has sent what it returned, `announce_damage()`."""

    def __init__(self, store: JournalStore, journal: JournalWriter, *, options: dict, follows: bool,
                 ruleset: str, broker: bool):
        self.store = store
        self.journal = journal
        self.options = options               # the daemon's, for a match its journal does not describe
        self.follows = follows
        self.ruleset = ruleset
        self.broker = broker                 # events may need sending again (a publisher is there)
        self.notifier = Notifier()           # EXTEND_TIMEOUT_USEC while a long resume runs
        self.referee: Referee | None = None
        self._resumed: Resumed | None = None
        self._damage: dict | None = None     # what resuming found wrong with the journal, to announce
        self._seq_floor = 0                  # numbering goes on above this (a damaged journal's reach)
        self._report: dict | None = None
        self._checkpoint_used = 0
        self._checkpoint_note: str | None = None   # what became of the checkpoints (for the report)
        self._watermark_path: Path | None = None

    def run(self) -> Resumed:
        """The newest journal's unfinished match resumed (its journal reopened, or its good part carried into
        a new one), or a fresh referee numbering on from the journals, with the ended match's unsent events."""
        jf = self._resumable()
        if jf is None:
            resend = self._unsent_of_ended_match()
            self.referee = Referee(self.options, self.follows, seq_base=self.store.last_seq(), ruleset=self.ruleset)
            self._resumed = Resumed(self.referee, None, resend, watermark_path=self._watermark_path)
            return self._resumed
        self.referee = self._referee_of(jf)
        watermark = self.store.read_watermark(jf.path)
        resend = self._replay(jf, watermark)
        if watermark is not None and watermark > self.referee.seq and self._damage is None:
            self._damage = {"reason": f"the broker acknowledged seq {watermark} but the journal reaches only "
                                      f"seq {self.referee.seq}", "journal": jf.path.name}
        if self._damage is not None:
            jf = self._recover(jf, watermark)
            resend = []
        else:
            cut = repair(jf)
            self.journal.open(jf.path, None, jf.chain)
            self._report = {"journal": str(jf.path), "lines": len(jf.lines), "truncated_bytes": cut,
                            "skipped": jf.skipped, "resent": len(resend), "seq": self.referee.seq,
                            "checkpoint": self._checkpoint_note}
            log.warning("resumed the unfinished match in %s: %d inputs replayed, %d events to send again%s",
                        jf.path, len(jf.lines), len(resend), f", cut {cut} bytes after its last durable line"
                        if cut else "")
        self._resumed = Resumed(self.referee, jf, resend, self._report, self._checkpoint_used)
        return self._resumed

    def _started(self) -> Referee:
        if self.referee is None:
            raise RuntimeError("nothing was resumed yet")
        return self.referee

    def _resumable(self) -> JournalFile | None:
        """The newest journal when it holds a match to resume; one that cannot be read is moved aside."""
        try:
            jf = self.store.unfinished()
        except OSError as e:
            path = self.store.journals()[-1]
            self._damage = {"reason": f"the journal cannot be read: {e.strerror}", "journal": path.name}
            self._floor_from(None)
            self.store.set_aside(path, self._damage["reason"])
            return None
        if jf is None:
            return None
        if jf.damaged and (not jf.header or not jf.lines):     # nothing good to resume from
            self._damage = {"reason": f"the journal is damaged: {jf.damaged}", "journal": jf.path.name}
            self._floor_from(JournalFile(jf.path, jf.header, readable_lines(jf.path), seq_seen=jf.seq_seen))
            self.store.set_aside(jf.path, self._damage["reason"])
            return None
        if not jf.lines:        # nothing of the match became durable (a crash at its very start): nothing to resume
            self._seq_floor = max(self._seq_floor, int(jf.header.get("seq_base", 0) or 0))
            self.store.set_aside(jf.path, "no input of this match was made durable")
            return None
        if jf.damaged:
            self._damage = {"reason": f"the journal is damaged: {jf.damaged}", "journal": jf.path.name}
        return jf

    def _referee_of(self, jf: JournalFile, seq_base: int = 0) -> Referee:
        """A fresh referee for a journal's match, from its header; what a damaged header does not say
        (or says as nonsense) is the daemon's own, and `seq_base` for the numbering."""
        header = jf.header
        options, follows, base = header.get("options"), header.get("board_follows_game"), header.get("seq_base")
        return Referee(options if isinstance(options, dict) else self.options,
                       follows if isinstance(follows, bool) else self.follows,
                       seq_base=base if isinstance(base, int) else seq_base, ruleset=ruleset_of(header, jf.lines))

    def _replay(self, jf: JournalFile, watermark: int | None) -> list[Msg]:
        """Feed the journal's lines through the fresh referee, from its last usable checkpoint on; the events
        the broker may not have had."""
        referee, start = self._checkpoint(jf, watermark)
        if referee is not None:
            self.referee, self._checkpoint_used = referee, start
        return self._feed(self._started(), jf, start, watermark)

    def _feed(self, referee: Referee, jf: JournalFile, start: int, acked: int | None) -> list[Msg]:
        """Feed a journal's lines from `start` on; the events above `acked` (all of them: None)."""
        floors = list(jf.seq_floors)
        resend: list[Msg] = []
        extend_at = time.monotonic()
        for n, line in enumerate(jf.lines):
            if n < start:
                continue
            if time.monotonic() >= extend_at:   # a slow card or CPU: keep systemd from timing the start out
                self.notifier.extend_timeout(EXTEND_BY)
                extend_at = time.monotonic() + EXTEND_EVERY
            while floors and floors[0][0] <= n:
                referee.seq = max(referee.seq, floors.pop(0)[1])
            step = referee.feed(line)
            for event in step.events:
                if acked is None or event["seq"] > acked:
                    resend.append(event_msg(event))
        for _, floor in floors:
            referee.seq = max(referee.seq, floor)
        return resend

    def _checkpoint(self, jf: JournalFile, acked: int | None) -> tuple[Referee | None, int]:
        """The referee of the journal's last checkpoint that checks out (checkpoint.py) and the index of the
        first line still to feed (None, 0: none, feed it all). A checkpoint is used only when every event
        before it needs no sending again: the broker acknowledged up to its seq, or there is no broker. One
        that does not check out sends the resume back to the first line: an earlier one of the same journal
        is not trusted either."""
        for at, text in reversed(jf.checkpoints):
            try:
                referee = checkpoint.decode(text, at)
            except checkpoint.CheckpointError as e:
                self._checkpoint_note = f"not used, after {at} inputs: {e}"
                hostile = "refused:" in str(e)        # it names what no checkpoint this daemon writes holds
                log.log(logging.ERROR if hostile else logging.WARNING,
                        "%s: the checkpoint after %d inputs is not used (%s); replaying the whole journal",
                        jf.path.name, at, e)
                return None, 0
            if self.broker and (acked is None or acked < referee.event_seq):
                continue                      # the broker may lack events before it: an earlier one
            self._checkpoint_note = f"used, after {at} inputs"
            return referee, at
        return None, 0

    def _unsent_of_ended_match(self) -> list[Msg]:
        """The events of the newest journal's ended match that the broker never acknowledged (it was down at
        the final whistle, or the daemon died before the acknowledgement): they go out, full time included,
        before the next match begins."""
        found = self.store.journals()
        if not self.broker or not found:
            return []
        try:
            jf = read_journal(found[-1])
        except OSError:
            return []                          # _resumable() said why
        if not jf.end or jf.damaged or not jf.lines:
            return []
        acked = self.store.acknowledged_seq()
        referee, start = self._checkpoint(jf, acked)
        unsent = self._feed(referee or self._referee_of(jf), jf, start, acked)
        if unsent:
            log.warning("%s: sending again %d events of the ended match the broker never acknowledged",
                        jf.path.name, len(unsent))
            self._watermark_path = jf.path      # their acknowledgements are recorded against it
        return unsent

    def _floor_from(self, jf: JournalFile | None) -> None:
        """The seq a damaged journal may have reached, from all of its readable lines (so that numbering
        goes on above every seq that may have been published)."""
        reached = self.store.last_seq()
        if jf is not None:
            scratch = self._referee_of(jf, seq_base=reached)
            for line in jf.lines:
                scratch.feed(line)
            reached = max(reached, scratch.seq, jf.seq_seen)
        self._seq_floor = max(self._seq_floor, reached)

    def _recover(self, jf: JournalFile, watermark: int | None) -> JournalFile:
        """A damaged journal: its good part goes into a new journal, numbering continues above every seq that
        may have been published, and the damaged file is moved aside for a person to look at."""
        ref, damage = self._started(), self._damage or {}
        full = JournalFile(jf.path, jf.header, readable_lines(jf.path), seq_seen=jf.seq_seen)   # how far it got
        self._floor_from(full)
        floor = max(self._seq_floor, watermark or 0, ref.seq)
        path = self.store.new_path()
        header = {**jf.header, "recovered_from": jf.path.name}
        self.journal.open(path, header)
        for line in jf.lines:
            self.journal.append(line, [])
        self.journal.mark(f"{SEQ_FLOOR}{dumps({'floor': floor + 1})}")
        ref.seq = floor
        self.store.set_aside(jf.path, damage.get("reason", "damaged"))
        damage.update(recovered_lines=len(jf.lines), lost_lines=max(0, len(full.lines) - len(jf.lines)),
                      journal=path.name)
        self._damage = damage
        self._report = {"journal": str(path), "lines": len(jf.lines), "truncated_bytes": jf.truncated,
                        "skipped": jf.skipped, "resent": 0, "seq": floor, "damaged": dict(damage)}
        return JournalFile(path, header, list(jf.lines))

    def announce_damage(self) -> dict | None:
        """Tell spectators and the log what a damaged journal cost, under a seq above all published ones; the
        damage announced (None: none). Called once what run() returned has been sent."""
        damage = self._damage
        if damage is None:
            return None
        ref = self._started()
        ref.seq = max(ref.seq, self._seq_floor) + 1
        event = {"seq": ref.seq, "event": "journal_damaged", **damage}
        log.error("journal damaged: %s", damage)
        self.journal.publish_only([event_msg(event)])
        if self._resumed is None or self._resumed.journal is None:   # no match goes on: keep the floor in a
            path = self.store.new_path()                               # journal of its own
            self.journal.open(path, {"board_id": self.store.board_id, "seq_base": ref.seq, "started": iso(),
                                     "recovered_from": damage.get("journal")})
            self.journal.mark(f"{ABANDONED} {dumps({'seq': ref.seq, 'reason': 'journal damaged'})}")
        self._damage = None
        return damage

"""An observer of the daemon's durable outputs (the terminal console) called on a thread of its own.

Why: the journal thread hands each batch of outputs to the observers and to MQTT in turn, so an observer that
blocks stops the referee's answers and everything published after it. A console blocks as soon as its
terminal stops taking output (paused with Ctrl-S, a pipe that nobody reads any more, a stalled SSH session):
one refusal line for each input of a flood fills a pipe in seconds. Behind this thread only the console
waits; the batches it cannot keep up with are dropped, counted and said when it catches up.
"""
from __future__ import annotations

import contextlib
import logging
import queue
import threading
from typing import Any, Protocol

log = logging.getLogger(__name__)

LIMIT = 1000
"""Batches held for a console that is behind; a terminal that keeps up never holds more than a few."""


class Observer(Protocol):
    def __call__(self, msgs: list[Any]) -> object: ...

    def close(self) -> None: ...


class ObserverThread:
    """Calls `observer` with each batch on a thread of its own; `close` tells what is left, then closes it."""

    def __init__(self, observer: Observer, limit: int = LIMIT, name: str = "soccerboard-observer"):
        self._observer = observer
        self._q: queue.Queue[list[Any] | None] = queue.Queue(limit)
        self._lock = threading.Lock()
        self._dropped = 0
        self._closed = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    @property
    def dropped(self) -> int:
        """Batches dropped and not yet said (for tests)."""
        with self._lock:
            return self._dropped

    def __call__(self, msgs: list[Any]) -> None:
        """From the journal thread: never waits."""
        try:
            self._q.put_nowait(list(msgs))
        except queue.Full:
            with self._lock:
                self._dropped += 1

    def _run(self) -> None:
        while True:
            msgs = self._q.get()
            try:
                if msgs is None:
                    return
                with self._lock:
                    dropped, self._dropped = self._dropped, 0
                if dropped:
                    log.warning("the console fell behind its output: %d batches of the match not shown", dropped)
                self._observer(msgs)
            except Exception:           # a broken view must not end its thread: the next batch may go better
                log.exception("an observer of the outputs failed")
            finally:
                self._q.task_done()

    def drain(self, timeout: float) -> bool:
        """Whether every batch handed on so far was told within `timeout` seconds."""
        done = self._q.all_tasks_done
        with done:
            return done.wait_for(lambda: not self._q.unfinished_tasks, timeout)

    def close(self, timeout: float = 2.0) -> None:
        """Tell what is queued (for at most `timeout` seconds), then close the observer; a console still stuck in
        a write is left as it is, so stopping never waits on a terminal that takes no output."""
        if self._closed:
            return
        self._closed = True
        told = self.drain(timeout)
        with contextlib.suppress(queue.Full):       # a full queue: the thread is stuck anyway, a daemon thread
            self._q.put_nowait(None)
        if told:
            self._observer.close()

"""Waiting for something another process or thread does, with a deadline that says what it waited for."""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def wait_for(predicate: Callable[[], T], timeout: float, what: str, step: float = 0.02) -> T:
    """The predicate's first true value, polled every `step` seconds; AssertionError after `timeout`."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")

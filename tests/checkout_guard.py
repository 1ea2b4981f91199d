"""No test writes into the checkout: a test's files go to tmp_path. A probe file left in the source tree (or
written there and removed) is picked up by every checker that walks the tree, by a commit, by another test run
at the same time; a read-only checkout (an install, a CI cache) fails on it.

An audit hook notes every file this test process opens for writing, creates, renames, or removes under the
repository, caches excepted; at the end of the session a test that did so makes the run fail, naming the
paths. It sees this process only, not the subprocesses the tests start, and so nothing another person or
program changes in the tree meanwhile. A pytest plugin of the root conftest."""
from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ALLOWED = {".git", ".venv", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".hypothesis"}
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
# audit events that change the file system: which arguments are the paths changed, each with the argument that
# holds the directory descriptor it is relative to (shutil.rmtree removes through those), if any
CHANGES = {"os.remove": ((0, 1),), "os.rmdir": ((0, 1),), "os.mkdir": ((0, 2),), "os.rename": ((0, 2), (1, 3)),
           "os.symlink": ((1, 2),), "os.link": ((1, 3),), "os.truncate": ((0, None),), "shutil.rmtree": ((0, 1),)}


class Writes:
    """The paths under `root` this process has changed while `on`."""

    def __init__(self, root: Path):
        self.root = str(root) + os.sep
        self.on = False
        self.seen: set[str] = set()

    def hook(self, event: str, args: tuple) -> None:
        if not self.on:
            return
        if event == "open":
            path, mode, flags = args
            writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or \
                (isinstance(flags, int) and flags & WRITE_FLAGS)
            if writes:
                self._note(path)
        elif event in CHANGES:
            for path, dir_fd in CHANGES[event]:
                self._note(args[path], args[dir_fd] if dir_fd is not None and dir_fd < len(args) else None)

    def _note(self, path: object, dir_fd: object = None) -> None:
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        if not isinstance(path, (str, os.PathLike)):
            return          # a file descriptor: its file was seen when it was opened
        if isinstance(dir_fd, int) and dir_fd >= 0:     # -1: none, the path is relative to the working directory
            try:
                path = os.path.join(os.readlink(f"/proc/self/fd/{dir_fd}"), path)
            except OSError:
                return
        full = os.path.abspath(path)
        if full.startswith(self.root) and not ALLOWED & set(Path(full[len(self.root):]).parts):
            self.seen.add(full[len(self.root):])


WRITES = Writes(ROOT)
sys.addaudithook(WRITES.hook)      # a hook cannot be removed: it stays off outside the session's fixture


@pytest.fixture(scope="session", autouse=True)
def checkout_stays_as_it_is() -> Iterator[None]:
    WRITES.seen.clear()
    WRITES.on = True
    try:
        yield
    finally:
        WRITES.on = False
    assert not WRITES.seen, f"tests wrote into the checkout (use tmp_path): {sorted(WRITES.seen)}"

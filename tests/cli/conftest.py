"""Fixtures of the command-line tests: one short seeded match played by `soccerboard sim`, its journal folder."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.cli_helpers import soccerboard


@pytest.fixture(scope="session")
def played(tmp_path_factory) -> tuple[Path, str]:
    """(journal folder, console output) of a match of one-minute halves and no extra time."""
    folder = tmp_path_factory.mktemp("journal")
    done = soccerboard("sim", "--seed", "3", "--speed", "0", "--no-web", "--half-minutes", "1",
                       "--extra-time-minutes", "0", "--journal-dir", str(folder))
    assert done.returncode == 0, done.stderr
    return folder, done.stdout

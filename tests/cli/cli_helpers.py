"""Running the `soccerboard` command as people do: a separate process, its output and exit status."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def soccerboard(*args: str, stdin: str | None = None, timeout: float = 120,
                env: dict | None = None) -> subprocess.CompletedProcess[str]:
    """`soccerboard ARGS...` from the checkout, its output captured (a pipe, not a terminal)."""
    return subprocess.run([sys.executable, "-m", "controller.cli", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=timeout, input=stdin,
                          env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})})


def piped_into_head(*args: str, lines: int = 1) -> tuple[subprocess.CompletedProcess[str], str]:
    """`soccerboard ARGS | head -n LINES`: the command's stderr and status, and what head printed."""
    done = subprocess.run(f"{sys.executable} -m controller.cli {' '.join(args)} | head -n {lines}; "
                          "exit ${PIPESTATUS[0]}", shell=True, executable="/bin/bash", capture_output=True,
                          text=True, cwd=ROOT, timeout=120)
    return done, done.stdout


def one_line_error(done: subprocess.CompletedProcess[str], status: int) -> str:
    """The error a command ended with: exactly one line on stderr, no traceback, the expected status."""
    err = done.stderr.strip()
    assert done.returncode == status, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr, done.stderr
    assert err and len(err.splitlines()) == 1, err
    return err

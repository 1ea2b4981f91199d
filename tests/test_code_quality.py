"""The code base stays lint- and type-clean: `ruff check .` over the repository, `mypy` over the packages, and
`mypy --strict` over the rules engine and the deterministic core (the library others build on), all with their
settings in pyproject.toml and the versions the test extra pins, as the pre-commit hooks
run them. A failure prints what they found.

mypy keeps its incremental cache in .mypy_cache: a run from a fresh checkout takes some seconds, later
runs well under one."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(tool: str, *args: str) -> subprocess.CompletedProcess[str]:
    # the interpreter running the tests, so the tools are the ones installed next to it (.venv)
    return subprocess.run([sys.executable, "-m", tool, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def test_ruff_finds_nothing():
    done = _run("ruff", "check", "--no-fix", "--output-format", "concise", ".")
    assert done.returncode == 0, f"ruff check . found:\n{done.stdout}{done.stderr}"


def test_mypy_finds_nothing():
    done = _run("mypy")
    assert done.returncode == 0, f"mypy found:\n{done.stdout}{done.stderr}"


# the first game's engine (its package but its bots and its plugin, which reaches them) and the core
ENGINE = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "controller" / "games" / "stw").glob("*.py")
                if p.stem not in ("bot", "opponent", "autoplay", "lines", "players", "plugin"))


def test_mypy_strict_finds_nothing_in_the_engine_and_the_core():
    done = _run("mypy", "--strict", "--cache-dir", ".mypy_cache/strict", *ENGINE, "controller/core.py")
    assert done.returncode == 0, f"mypy --strict found:\n{done.stdout}{done.stderr}"

"""The wheels the installed program needs (the package's dependencies with install.sh's extras, and the
build backend), downloaded once into ~/.cache/soccerboard and kept across test runs: install.sh's pip then
installs from them without an index (PIP_NO_INDEX, PIP_FIND_LINKS) in seconds instead of minutes of index
look-ups. A change of pyproject.toml or of the system's Python makes a new set."""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
from pathlib import Path

from tests.daemon.daemon_helpers import ROOT

SYSTEM_PYTHON = os.environ.get("SOCCERBOARD_PYTHON", "/usr/bin/python3")


def install_extras() -> str:
    """The package's extras deploy/install.sh installs (its EXTRAS= line), e.g. "daemon,gpio,dice"."""
    found = re.search(r"(?m)^EXTRAS=(\S+)$", (ROOT / "deploy" / "install.sh").read_text())
    if found is None:
        raise AssertionError("deploy/install.sh has no EXTRAS= line")
    return found.group(1)


EXTRAS = install_extras()


def wheelhouse() -> Path:
    version = subprocess.run([SYSTEM_PYTHON, "-c", "import sys; print(sys.version)"], capture_output=True,
                             text=True, check=True, timeout=30).stdout
    key = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + version.encode() + EXTRAS.encode()).hexdigest()[:12]
    home = Path.home() / ".cache" / "soccerboard"
    done = home / f"wheels-{key}"
    if (done / ".complete").exists():
        return done
    partial = home / f"wheels-{key}.partial-{os.getpid()}"
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    subprocess.run([SYSTEM_PYTHON, "-m", "pip", "wheel", "-q", "--disable-pip-version-check", "-w", str(partial),
                    f"{ROOT}[{EXTRAS}]", "setuptools>=68"], check=True, capture_output=True, timeout=900)
    for own in partial.glob("soccerboard-*.whl"):      # the package itself is built from the install's sources
        own.unlink()
    (partial / ".complete").touch()
    try:
        partial.rename(done)
    except OSError:                                     # another run finished first: use its set
        shutil.rmtree(partial, ignore_errors=True)
    return done


def offline_pip_env() -> dict[str, str]:
    """The environment in which install.sh's pip installs from the wheelhouse alone."""
    return {**os.environ, "PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(wheelhouse())}

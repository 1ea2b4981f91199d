"""The firmware type-checks against the official MicroPython stubs for the RP2040 (Raspberry Pi Pico).

mypy runs on its own here, not with the repository's configuration: the firmware is checked with the
stubs' MicroPython standard library (custom typeshed) and the rp2 port's modules (machine, rp2,
micropython, time, select), which are copied out of the installed stub packages into a folder of
their own, because mypy does not read top-level stub files from site-packages.
"""

from __future__ import annotations

import importlib.metadata
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STUB_DISTRIBUTIONS = ("micropython-rp2-rpi-pico-stubs", "micropython-stdlib-stubs")
# The board's flat module names: the firmware's fallback imports (`import sbconst`) when it runs from
# the root of the flash. The package-relative imports beside them are the ones checked.
FLAT_MODULES = ("sbconst", "sbwire", "debounce", "device", "dice", "leds", "scanner")


def copy_stubs(target: Path) -> list[str]:
    """Copy the stub files; return the module patterns they define (outside the standard library)."""
    for name in STUB_DISTRIBUTIONS:
        distribution = importlib.metadata.distribution(name)
        for file in distribution.files or ():
            if file.suffix != ".pyi" and file.name != "VERSIONS":
                continue
            destination = target / file
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(Path(str(distribution.locate_file(file))), destination)
    modules = []
    for path in sorted(target.iterdir()):
        if path.suffix == ".pyi":
            modules.append(path.stem)
        elif path.is_dir() and path.name != "stdlib":
            modules += [path.name, path.name + ".*"]
    return modules


def test_firmware_type_checks_against_the_rp2_stubs(tmp_path: Path) -> None:
    typings = tmp_path / "typings"
    stub_modules = copy_stubs(typings)
    assert {"machine", "rp2", "micropython", "time", "select"} <= set(stub_modules)
    config = tmp_path / "mypy.ini"
    config.write_text(
        "[mypy]\n"
        "python_version = 3.11\n"
        f"custom_typeshed_dir = {typings}\n"
        f"mypy_path = {typings}\n"
        "explicit_package_bases = True\n"
        # the firmware has no annotations (MicroPython ignores them): check the bodies all the same
        "check_untyped_defs = True\n"
        f"[mypy-{','.join(FLAT_MODULES)}]\n"
        "ignore_missing_imports = True\n"
        # the stubs are read, not checked: mypy reports their own slips when they come from mypy_path
        f"[mypy-{','.join(stub_modules)}]\n"
        "ignore_errors = True\n"
    )
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(config), "--cache-dir", str(tmp_path / "cache"),
         "-p", "firmware_bridge.firmware"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success" in result.stdout

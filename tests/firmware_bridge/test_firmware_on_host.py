"""The reference firmware on the host: its own tests (tests/firmware/fw_cases.py) under CPython.

The firmware is imported as the host imports it, as the package firmware_bridge.firmware, with the
stand-ins for `machine` and `rp2` from tests/firmware/standins, which model the wiring described in
firmware_bridge/README.md (two levels of multiplexers behind the SIO registers, the WS2812 strip in a
serpentine behind PIO and DMA, the dice on UART0). The same cases run under the MicroPython unix port
in tests/firmware/test_firmware_micropython.py; the viper cases run only there.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from tests.firmware import fw_cases

STANDINS = Path(__file__).resolve().parents[1] / "firmware" / "standins"


def _stand_in(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, STANDINS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def firmware(monkeypatch: pytest.MonkeyPatch) -> Iterator[fw_cases.Modules]:
    machine, rp2 = _stand_in("machine"), _stand_in("rp2")
    monkeypatch.setitem(sys.modules, "machine", machine)
    monkeypatch.setitem(sys.modules, "rp2", rp2)
    monkeypatch.delitem(sys.modules, "firmware_bridge.firmware.main", raising=False)
    fw = fw_cases.Modules()
    fw.main = importlib.import_module("firmware_bridge.firmware.main")
    package = "firmware_bridge.firmware."
    for attribute, name in (("C", "sbconst"), ("sbwire", "sbwire"), ("scanner", "scanner"), ("leds", "leds"),
                            ("debounce", "debounce"), ("device", "device")):
        setattr(fw, attribute, importlib.import_module(package + name))
    fw.machine, fw.rp2 = machine, rp2
    monkeypatch.setattr(fw_cases, "FW", fw)
    yield fw


@pytest.mark.parametrize("name", fw_cases.names())
def test_firmware_case_on_cpython(firmware: fw_cases.Modules, name: str) -> None:
    try:
        getattr(fw_cases, name)()
    except fw_cases.Skip as why:
        pytest.skip(str(why))


def _viper_function(node: ast.AST) -> bool:
    return isinstance(node, ast.FunctionDef) and any(
        ast.unparse(d) in ("micropython.viper", "micropython.native") for d in node.decorator_list)


def test_firmware_sources_stay_within_what_micropython_offers() -> None:
    """No f-strings, walrus or CPython-only imports in files that run on the RP2040; annotations only
    where viper reads them (its native types)."""
    import firmware_bridge.firmware as package

    allowed = {"struct", "sys", "time", "machine", "rp2", "rp2.asm_pio", "select", "os", "micropython", "array",
               "sbconst", "sbwire", "dice", "debounce", "device", "scanner", "leds"}
    for path in sorted(Path(package.__file__).parent.glob("*.py")):
        if path.name == "__init__.py":
            continue
        tree = ast.parse(path.read_text(), str(path))
        viper_args = set()
        for node in ast.walk(tree):
            if _viper_function(node):
                assert isinstance(node, ast.FunctionDef)
                viper_args |= {id(a) for a in node.args.args}
                viper_args.add(id(node))
        for node in ast.walk(tree):
            assert not isinstance(node, (ast.JoinedStr, ast.AnnAssign, ast.NamedExpr)), (path.name, node.lineno)
            if isinstance(node, (ast.FunctionDef, ast.arg)) and id(node) not in viper_args:
                assert getattr(node, "returns", None) is None and getattr(node, "annotation", None) is None, (
                    path.name, node.lineno)
            if isinstance(node, ast.Import):
                assert {a.name for a in node.names} <= allowed, path.name
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                assert node.module in allowed, (path.name, node.module)

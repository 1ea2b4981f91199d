"""The top-level packages form layers, lowest first: firmware_bridge, hal, controller, simulator. A module may
import its own package and the layers below it, never one above (so there is no cycle between packages). The
check reads every import statement of every module, those inside functions included.

The scripts under benchmarks/ stand on the installed packages alone: none imports the tests or puts a folder of
them on sys.path (what a benchmark and a test share lives in simulator.bench)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("firmware_bridge", "hal", "controller", "simulator")
# The one way left from a benchmark to a test folder: benchmarks/bench_firmware.py, under the MicroPython unix port,
# loads the firmware's desk harness as flat modules (tests/firmware/fw_cases.py's Board, the stand-ins for
# `machine` and `rp2`), which the firmware's own tests run on both interpreters. No other may join it.
KNOWN = {"benchmarks/bench_firmware.py puts tests on sys.path"}     # file and finding, on whichever line
# an import of the tests package in code a script hands to another interpreter (python -c, a launcher)
TESTS_IN_CODE = re.compile(r"^\s*(?:from|import)\s+tests\b", re.MULTILINE)


def imported_names(tree: ast.AST) -> set[tuple[str, int]]:
    """(module, line) of every absolute import in a parsed file; relative imports stay inside their package."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {(alias.name, node.lineno) for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add((node.module, node.lineno))
    return found


def imported_packages(path: Path) -> set[tuple[str, int]]:
    """(top-level package, line) of every absolute import of a repository package in a file."""
    return {(name.split(".")[0], line) for name, line in imported_names(ast.parse(path.read_text(), str(path)))
            if name.split(".")[0] in LAYERS}


def upward_imports(package: str, root: Path = ROOT) -> list[str]:
    rank = LAYERS.index(package)
    return [f"{path.relative_to(root)}:{line} imports {target}"
            for path in sorted((root / package).rglob("*.py"))
            for target, line in sorted(imported_packages(path))
            if LAYERS.index(target) > rank]


def _edits_sys_path(node: ast.AST) -> bool:
    """sys.path.insert/append/extend(...), or sys.path assigned or added to."""
    def is_sys_path(expr: ast.AST) -> bool:
        return ast.unparse(expr) == "sys.path"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr in ("insert", "append", "extend") and is_sys_path(node.func.value)
    if isinstance(node, ast.Assign):
        return any(is_sys_path(t) or (isinstance(t, ast.Subscript) and is_sys_path(t.value)) for t in node.targets)
    if isinstance(node, ast.AugAssign):
        return is_sys_path(node.target)
    return False


def reaches_tests(path: Path, root: Path = ROOT) -> list[str]:
    """Where a script imports the tests package (in its own code or in code it runs elsewhere) or edits sys.path
    with an expression that names a tests folder."""
    tree = ast.parse(path.read_text(), str(path))
    found = [(line, f"imports {name}") for name, line in imported_names(tree) if name.split(".")[0] == "tests"]
    for node in ast.walk(tree):
        if _edits_sys_path(node) and "tests" in ast.unparse(node):
            found.append((node.lineno, "puts tests on sys.path"))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and TESTS_IN_CODE.search(node.value):
            found.append((node.lineno, "runs code that imports tests"))
    return [f"{path.relative_to(root)}:{line} {what}" for line, what in sorted(found)]


@pytest.mark.parametrize("package", LAYERS)
def test_a_package_imports_only_the_layers_below_it(package):
    assert upward_imports(package) == []


def test_the_check_sees_an_import_inside_a_function(tmp_path):
    probe = tmp_path / "hal" / "_probe_for_layer_test.py"     # a tree of its own: the checkout stays as it is
    probe.parent.mkdir()
    probe.write_text("def f():\n    from controller.core import Core\n    import simulator.bots\n")
    assert upward_imports("hal", tmp_path) == ["hal/_probe_for_layer_test.py:2 imports controller",
                                               "hal/_probe_for_layer_test.py:3 imports simulator"]


@pytest.mark.parametrize("path", sorted((ROOT / "benchmarks").rglob("*.py")), ids=lambda p: p.name)
def test_a_benchmark_reaches_no_test_module(path):
    assert [found for found in reaches_tests(path) if re.sub(r":\d+ ", " ", found, count=1) not in KNOWN] == []


def test_the_benchmark_check_sees_every_way_to_a_test_module(tmp_path):
    script = tmp_path / "benchmarks" / "bench_probe.py"
    script.parent.mkdir()
    script.write_text(
        "import sys\n"
        "from tests.daemon import daemon_helpers\n"
        "def f(root):\n"
        "    import tests.web.web_helpers\n"
        "    sys.path.insert(0, root + '/tests/firmware')\n"
        "    sys.path = [*sys.path, str(root / 'tests')]\n"
        "CODE = 'import os\\nfrom tests.daemon.daemon_helpers import Mosquitto\\n'\n"
        "sys.path.insert(0, str(root))\n")
    assert reaches_tests(script, tmp_path) == [
        "benchmarks/bench_probe.py:2 imports tests.daemon",
        "benchmarks/bench_probe.py:4 imports tests.web.web_helpers",
        "benchmarks/bench_probe.py:5 puts tests on sys.path",
        "benchmarks/bench_probe.py:6 puts tests on sys.path",
        "benchmarks/bench_probe.py:7 runs code that imports tests",
    ]

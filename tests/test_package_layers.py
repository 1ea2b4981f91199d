"""The top-level packages form layers, lowest first: firmware_bridge, hal, controller, simulator. A module may
import its own package and the layers below it, never one above (so there is no cycle between packages). The
check reads every import statement of every module, those inside functions included."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("firmware_bridge", "hal", "controller", "simulator")


def imported_packages(path: Path) -> set[tuple[str, int]]:
    """(top-level package, line) of every absolute import of a repository package in a file; relative
    imports stay inside their own package."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names = [node.module]
        else:
            continue
        found |= {(name.split(".")[0], node.lineno) for name in names if name.split(".")[0] in LAYERS}
    return found


def upward_imports(package: str) -> list[str]:
    rank = LAYERS.index(package)
    return [f"{path.relative_to(ROOT)}:{line} imports {target}"
            for path in sorted((ROOT / package).rglob("*.py"))
            for target, line in sorted(imported_packages(path))
            if LAYERS.index(target) > rank]


@pytest.mark.parametrize("package", LAYERS)
def test_a_package_imports_only_the_layers_below_it(package):
    assert upward_imports(package) == []


def test_the_check_sees_an_import_inside_a_function(tmp_path):
    probe = ROOT / "hal" / "_probe_for_layer_test.py"
    probe.write_text("def f():\n    from controller.core import Core\n    import simulator.bots\n")
    try:
        assert {"hal/_probe_for_layer_test.py:2 imports controller",
                "hal/_probe_for_layer_test.py:3 imports simulator"} <= set(upward_imports("hal"))
    finally:
        probe.unlink()

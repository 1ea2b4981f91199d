"""The top-level packages form layers, lowest first: firmware_bridge, hal, controller, simulator. A module may
import its own package and the layers below it, never one above (so there is no cycle between packages). The
check reads every import statement of every module, those inside functions included.

The scripts under benchmarks/ stand on the installed packages alone: none imports the tests or puts a folder of
them on sys.path (what a benchmark and a test share lives in simulator.bench).

Inside the controller no modules import each other round in a circle (a strongly connected set in the graph of
imports that run: those inside functions included, those under `if TYPE_CHECKING:` left out). A circle fails with
its modules named. Nor do they through the imports only a type checker reads."""
from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("firmware_bridge", "hal", "controller", "simulator")
# The one way left from a benchmark to a test folder: benchmarks/bench_firmware.py, under the MicroPython unix port,
# loads the firmware's desk harness as flat modules (tests/firmware/fw_cases.py's Board, the stand-ins for
# `machine` and `rp2`), which the firmware's own tests run on both interpreters. No other may join it.
KNOWN = {"benchmarks/bench_firmware.py puts tests on sys.path"}     # file and finding, on whichever line
# Import circles among the controller's modules that are there today, each with what removes it: none since the
# games are found through the registry (controller/games) rather than imported by name. A circle found must lie
# inside these (inside two known circles that share a module, as one such circle); a new one fails.
KNOWN_CIRCLES: list[frozenset[str]] = []
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


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _only_for_type_checkers(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")


def imports_that_run(node: ast.AST, types: bool = False) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement under node, those inside functions too, but those only a type checker reads (with
    `types`, those as well)."""
    for child in ast.iter_child_nodes(node):
        if _only_for_type_checkers(child) and not types:
            assert isinstance(child, ast.If)
            for other in child.orelse:         # the `else:` of `if TYPE_CHECKING:` runs
                if isinstance(other, ast.Import | ast.ImportFrom):
                    yield other
                yield from imports_that_run(other)
            continue
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child
        yield from imports_that_run(child, types)


def import_graph(package: str, root: Path = ROOT, types: bool = False) -> dict[str, set[str]]:
    """Module -> the package's modules it imports (with `types`, those imported for type checkers too); `from . import
    x` and `from .a import x` name the module x when there is one, the package they import from otherwise."""
    paths = {module_name(path, root): path for path in sorted((root / package).rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        targets: set[str] = set()
        for node in imports_that_run(ast.parse(path.read_text(), str(path)), types):
            if isinstance(node, ast.Import):
                targets |= {alias.name for alias in node.names}
                continue
            base = node.module or ""
            if node.level:
                base = ".".join(here[:len(here) - node.level + 1] + ([node.module] if node.module else []))
            targets |= {f"{base}.{alias.name}" if f"{base}.{alias.name}" in paths else base for alias in node.names}
        graph[name] = {target for target in targets if target in paths and target != name}
    return graph


def import_circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected sets of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[frozenset[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        work = [(start, iter(sorted(graph[start])))]
        while work:
            module, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                elif target in on_stack:
                    low[module] = min(low[module], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[module])
            if low[module] == index[module]:
                circle = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    circle.add(member)
                    if member == module:
                        break
                if len(circle) > 1:
                    circles.append(frozenset(circle))
    return circles


def _merged(circles: list[frozenset[str]]) -> list[frozenset[str]]:
    """Circles that share a module are one circle."""
    merged: list[frozenset[str]] = []
    for circle in circles:
        joined = [m for m in merged if m & circle]
        merged = [m for m in merged if not m & circle] + [frozenset(circle.union(*joined))]
    return merged


def new_circles(found: list[frozenset[str]], known: list[frozenset[str]]) -> list[list[str]]:
    allowed = _merged(known)
    return [sorted(circle) for circle in found if not any(circle <= a for a in allowed)]


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


def test_the_controller_has_no_import_circle():
    assert new_circles(import_circles(import_graph("controller")), KNOWN_CIRCLES) == []


def test_the_controller_has_no_import_circle_even_through_type_annotations():
    """A circle only a type checker follows still says two modules each need the other (a rule module and the
    game that calls it): the lower one names a protocol instead (controller/games/stbg/match.py)."""
    assert import_circles(import_graph("controller", types=True)) == []


def test_only_the_entry_point_imports_the_command_dispatcher():
    graph = import_graph("controller")
    assert [module for module, targets in graph.items() if "controller.cli" in targets] == []
    assert not any("controller.cli" in circle for circle in import_circles(graph))


def test_the_circle_check_sees_imports_that_run_and_only_those(tmp_path):
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    for name, text in {
        "__init__.py": "",
        "a.py": "from . import b\n",                                  # module b, not the package
        "b.py": "def f():\n    from .sub.c import thing\n",           # inside a function: it runs
        "sub/__init__.py": "",
        "sub/c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..d import D\n"
                    "else:\n    from .. import a\n",
        "d.py": "import pkg.sub.c\n",                                  # d -> c, but c -> d is for type checkers
    }.items():
        (package / name).write_text(text)
    graph = import_graph("pkg", tmp_path)
    assert graph["pkg.sub.c"] == {"pkg.a"} and graph["pkg.d"] == {"pkg.sub.c"}
    assert import_graph("pkg", tmp_path, types=True)["pkg.sub.c"] == {"pkg.a", "pkg.d"}
    found = import_circles(graph)
    assert found == [frozenset({"pkg.a", "pkg.b", "pkg.sub.c"})]
    assert new_circles(found, [frozenset({"pkg.a", "pkg.b"})]) == [["pkg.a", "pkg.b", "pkg.sub.c"]]
    assert new_circles(found, [frozenset({"pkg.a", "pkg.b"}), frozenset({"pkg.b", "pkg.sub.c"})]) == []

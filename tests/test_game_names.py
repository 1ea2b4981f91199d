"""No module outside a game's package names the game: the core, the daemon, the LEDs, the page, the players and
the simulator ask the registry (controller/games) or a capability of the ruleset, so a new game is a new package
and one entry point. Every registered game's name (as a string: a name may be a plain word, "soccer", that prose
uses), its title, and its package (dotted or as a path) may appear only inside that game's own package and in
the registry, controller/games/__init__.py; a Python import of a game's package from outside it is refused even
when written relative."""
from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from controller import games

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("controller", "simulator", "hal", "firmware_bridge")
# the benchmarks' shared harness measures named games' engines, as the scripts under benchmarks/ do (neither is
# scanned): `soccerboard bench` reports the default game's engine, tracking and LED figures
NOT_SCANNED = (Path("simulator/bench"),)
PAGE = Path("controller/web/static")
REGISTRY = Path("controller/games/__init__.py")


@dataclass(frozen=True)
class Game:
    name: str
    title: str
    package: str                # dotted, e.g. controller.games.<pkg>

    @property
    def folder(self) -> Path:
        return Path(*self.package.split("."))

    def patterns(self) -> list[re.Pattern[str]]:
        word = r"(?<![A-Za-z0-9_]){}(?![A-Za-z0-9_])"
        path = re.escape(self.package).replace(r"\.", r"[./]")
        quoted = rf"""(["'`]){re.escape(self.name)}\1"""
        return [re.compile(quoted), re.compile(re.escape(self.title)),
                re.compile(word.format(path))]


def registered() -> list[Game]:
    return [Game(n, games.info(n).title, games.info(n).package) for n in games.names()]


def scanned_files(root: Path) -> Iterable[Path]:
    """The Python modules of the packages, and the page's own scripts (its vendored libraries are not ours)."""
    for top in SCANNED:
        yield from sorted(p for p in (root / top).rglob("*.py")
                          if not any(p.relative_to(root).is_relative_to(skip) for skip in NOT_SCANNED))
    page = root / PAGE
    yield from sorted(p for p in page.rglob("*.js") if "vendor" not in p.relative_to(page).parts)


def _imported_modules(tree: ast.AST, module: str) -> Iterable[tuple[int, list[str]]]:
    """(line, the absolute module names it may import) of each import in `module`, relative ones resolved:
    `from a.b import c` may import a.b and a.b.c."""
    package = module.removesuffix(".__init__") if module.endswith(".__init__") else module.rsplit(".", 1)[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield node.lineno, [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parent = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{parent}.{base}" if base else parent
            yield node.lineno, [base, *(f"{base}.{alias.name}" for alias in node.names)]


def names_found(root: Path, known: list[Game]) -> list[str]:
    """`file:line: what` for every line outside a game's package that names the game (its name, its title, its
    package as a module or a path) or imports its package."""
    found: dict[tuple[str, int], list[str]] = {}
    for path in scanned_files(root):
        rel = path.relative_to(root)
        if rel == REGISTRY:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        outside = [g for g in known if not rel.is_relative_to(g.folder)]
        for number, line in enumerate(text.splitlines(), start=1):
            for game in outside:
                hits = [hit.group(0) for pattern in game.patterns() for hit in [pattern.search(line)] if hit]
                if hits:
                    found.setdefault((str(rel), number), []).append(
                        f"{', '.join(map(repr, hits))} ({game.name}): {line.strip()[:100]}")
        if path.suffix != ".py":
            continue
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue
        for number, modules in _imported_modules(tree, ".".join(rel.with_suffix("").parts)):
            for game in outside:
                ours = [m for m in modules if m == game.package or m.startswith(game.package + ".")]
                if ours:
                    found.setdefault((str(rel), number), []).append(f"imports {ours[0]} ({game.name})")
    return [f"{file}:{number}: " + "; ".join(what) for (file, number), what in sorted(found.items())]


def test_no_module_outside_a_games_package_names_the_game():
    known = registered()
    assert known, "the registry knows no game"
    found = names_found(ROOT, known)
    assert not found, (f"{len(found)} places outside a game's package name it (ask controller.games or a "
                       "capability of the ruleset instead):\n" + "\n".join(found))


def test_the_check_sees_a_name_a_title_a_path_and_an_import_planted_outside_the_game(tmp_path):
    game = Game("quoits", "Quoits Deluxe", "controller.games.quoits")
    files = {
        "controller/games/__init__.py": 'NAMES = ("quoits",)\n',                       # the registry: allowed
        "controller/games/quoits/ruleset.py": 'name = "quoits"  # Quoits Deluxe\n',     # its own package: allowed
        "controller/core.py": 'if ruleset.name == "quoits":\n    pass\n',
        "controller/story.py": '"""Told as in Quoits Deluxe."""\n',
        "controller/daemon/main.py": "# the rules live in controller/games/quoits/\n",
        "simulator/live.py": "from controller.games.quoits import ruleset\n",
        "controller/leds/planner.py": "from ..games import quoits\n",
        "controller/quoitsy.py": 'quoits_like = "quoitsy"  # quoits as a word\n',     # not the string: allowed
        "controller/web/static/js/app.js": 'if (state.ruleset === "quoits") {}\n',
        "controller/web/static/vendor/lib.js": '"quoits"\n',                           # vendored: not ours
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    found = names_found(tmp_path, [game])
    assert [f.split(": ", 1)[0] for f in found] == [
        "controller/core.py:1", "controller/daemon/main.py:1", "controller/leds/planner.py:1",
        "controller/story.py:1", "controller/web/static/js/app.js:1", "simulator/live.py:1"]
    assert "imports controller.games.quoits (quoits)" in found[2]        # written relative: `from ..games`
    assert found[5].endswith("imports controller.games.quoits (quoits)")

"""docs/stbg.md's library example runs as written, and the refusal codes it lists are the engine's."""
import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "stbg.md"


def test_the_library_example_runs():
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


def test_every_reason_the_engine_raises_is_documented():
    raised = set()
    for path in (ROOT / "controller" / "games" / "stbg").glob("*.py"):
        raised |= set(re.findall(r'Illegal\(\s*"([a-z_]+)"', path.read_text()))
    text = DOC.read_text()
    missing = sorted(r for r in raised if f"`{r}`" not in text)
    assert not missing, f"docs/stbg.md does not list {missing}"


def test_the_engines_docstring_examples_run():
    import importlib
    failed = attempted = 0
    for name in ("controller.games.stbg", "controller.games.stbg.actions", "controller.games.stbg.game",
                 "controller.notation"):
        result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
        failed += result.failed
        attempted += result.attempted
    assert failed == 0 and attempted > 10

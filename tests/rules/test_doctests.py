"""The examples in the engine's docstrings and in the README's library section are run, so they stay true."""
from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

PUBLIC = ["controller.games.stw", "controller.games.stw.actions", "controller.games.stw.game",
          "controller.games.stw.geometry",
          "controller.shootout",
          "controller.games.stw.pieces"]
README = Path(__file__).resolve().parents[2] / "README.md"


@pytest.mark.parametrize("name", PUBLIC)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0


def test_readme_library_example():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    assert blocks, "README.md has no ```python block"
    for text in blocks:
        test = doctest.DocTestParser().get_doctest(text, {}, "README.md", str(README), 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test)
        assert runner.summarize(verbose=False).failed == 0

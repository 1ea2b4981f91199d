"""The guard of tests/checkout_guard.py notes what a process writes under a tree, caches excepted, and only
while it is on."""
from __future__ import annotations

import os
import shutil
import sys

from tests.checkout_guard import Writes


def test_the_guard_notes_every_way_of_changing_a_file_under_the_tree_and_nothing_else(tmp_path):
    tree = tmp_path / "tree"
    (tree / "pkg").mkdir(parents=True)
    (tree / "pkg" / "kept.py").write_text("x = 1\n")
    (tree / "pkg" / "gone.py").write_text("")
    writes = Writes(tree)
    sys.addaudithook(writes.hook)
    writes.on = True
    try:
        (tree / "pkg" / "kept.py").read_text()                       # reading is not writing
        (tree / "pkg" / "probe.py").write_text("import os\n")
        with open(tree / "pkg" / "kept.py", "a") as f:
            f.write("y = 2\n")
        (tree / "touched").touch()
        (tree / "pkg" / "gone.py").unlink()
        os.rename(tree / "touched", tree / "moved")
        (tree / "new_dir").mkdir()
        shutil.rmtree(tree / "new_dir")
        (tree / "pkg" / "__pycache__").mkdir()
        (tree / "pkg" / "__pycache__" / "kept.pyc").write_bytes(b"")   # a cache: allowed
        (tmp_path / "beside.txt").write_text("")                      # outside the tree
    finally:
        writes.on = False
    (tree / "after").write_text("")                                   # the guard is off
    assert writes.seen == {"pkg/probe.py", "pkg/kept.py", "touched", "pkg/gone.py", "moved", "new_dir"}


def test_the_guard_reads_a_path_relative_to_a_directory_descriptor_in_that_directory(tmp_path, monkeypatch):
    tree, elsewhere = tmp_path / "tree", tmp_path / "elsewhere"
    (tree / "inside").mkdir(parents=True)
    (elsewhere / "inside").mkdir(parents=True)
    for folder in (tree, elsewhere):
        (folder / "inside" / "a.txt").write_text("")
    monkeypatch.chdir(tree)           # the relative name alone would be read as under the tree
    writes = Writes(tree)
    sys.addaudithook(writes.hook)
    writes.on = True
    try:
        shutil.rmtree(elsewhere / "inside")        # removes through descriptors of its folders
    finally:
        writes.on = False
    assert writes.seen == set()

"""argparse's own words (usage, its errors, its help's headings) in the language of the command line: Python ships
no Italian for them, the `argparse` domain of our catalogues gives it."""
from __future__ import annotations

import argparse
from pathlib import Path

from controller.i18n.catalogues import STDLIB, extract_stdlib, po_path, read
from tests.cli.cli_helpers import soccerboard

ENGLISH = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}


def test_a_missing_argument_is_said_in_italian() -> None:
    done = soccerboard("--lang", "it", "report", env=ENGLISH)
    assert done.returncode == 2
    assert done.stderr == "soccerboard report: servono questi argomenti: journal (vedi soccerboard report --help)\n"


def test_an_unknown_choice_is_said_in_italian() -> None:
    done = soccerboard("sim", "--lang", "it", "--human", "green", env=ENGLISH)
    assert done.returncode == 2
    assert "argomento --human: scelta non valida: 'green' (scegli fra 'red', 'blue')" in done.stderr


def test_the_help_is_headed_in_italian() -> None:
    done = soccerboard("--lang", "it", "sim", "--help", env=ENGLISH)
    assert done.returncode == 0
    assert done.stdout.startswith("uso: soccerboard sim ")
    assert "\nopzioni:\n" in done.stdout and "mostra questo aiuto ed esce" in done.stdout


def test_argparse_reads_in_english_as_before() -> None:
    done = soccerboard("report", env=ENGLISH)
    assert done.stderr == ("soccerboard report: the following arguments are required: journal "
                           "(see soccerboard report --help)\n")


def test_every_message_of_this_pythons_argparse_has_its_italian() -> None:
    ((name, source),) = STDLIB
    assert source == Path(argparse.__file__)
    have = {m.id: m.string for m in read(po_path(name, "it")) if m.id}
    wanted = [m.id for m in extract_stdlib(name, source) if m.id]
    assert len(wanted) > 30
    assert [i for i in wanted if not (all(have.get(i) or ()) if isinstance(i, tuple) else have.get(i))] == []

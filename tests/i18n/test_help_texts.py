"""The command line's own help texts (each option's, each command's line and description) said in the language of
the command line: the `help=`, `description=` and `epilog=` literals are the catalogue's marks."""
from __future__ import annotations

import argparse
from collections.abc import Iterator

from controller.cli import build_parser
from controller.i18n import translate
from tests.cli.cli_helpers import soccerboard

ENGLISH = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_sim_help_is_said_in_italian() -> None:
    done = soccerboard("--lang", "it", "sim", "--help", env=ENGLISH)
    assert done.returncode == 0
    out = _flat(done.stdout)
    assert "il seme dei bot: lo stesso seme gioca la stessa partita (predefinito: 1)" in out
    assert "Soccer!! e Soccer The Board Game non hanno tempi supplementari" in out
    assert "the bots' seed" not in out


def test_the_command_list_and_epilog_are_said_in_italian() -> None:
    done = soccerboard("--lang", "it", "--help", env=ENGLISH)
    out = _flat(done.stdout)
    assert "report un resoconto leggibile della partita da una registrazione" in out
    assert "mostra il numero di versione del programma ed esce" in out
    assert "Stato d'uscita: 0 tutto bene" in out


def test_help_reads_in_english_as_before() -> None:
    done = soccerboard("sim", "--help", env=ENGLISH)
    out = _flat(done.stdout)
    assert "the bots' seed: the same seed plays the same match (default: 1)" in out
    assert "Soccer!! and Soccer The Board Game have no extra time" in out


def _helps(parser: argparse.ArgumentParser) -> Iterator[str]:
    for text in (parser.description, parser.epilog):
        if text:
            yield text
    for action in parser._actions:
        ours = not isinstance(action, argparse._HelpAction)     # -h is argparse's own words (its domain)
        names = action.choices if isinstance(action, argparse._SubParsersAction) else {}
        if ours and action.help and action.help is not argparse.SUPPRESS and action.help not in names:
            yield action.help                                  # a list of subcommands' names is no sentence
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                if choice.help:
                    yield choice.help
            for sub in action.choices.values():
                yield from _helps(sub)


def test_every_help_text_of_every_command_has_its_italian() -> None:
    parser, daemon = build_parser()
    assert daemon is not None
    helps = list(_helps(parser))
    assert len(helps) > 80
    assert [h for h in helps if translate.text(h, "it") == h] == []

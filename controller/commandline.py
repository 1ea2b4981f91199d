"""What every `soccerboard` command line shares: the exit statuses, the parser with one-line errors, the
argument types that check a value's range, and the quiet end when the reader of standard output goes away.

A leaf below the commands: controller/cli.py (the dispatcher) and each command's module (render, replay, the
daemon's, the simulator's) import it, and it imports nothing of theirs, so no command imports the dispatcher."""
from __future__ import annotations

import argparse
import os
import sys
from typing import NoReturn

from .i18n import N_, Say, say, translate

OK, REJECTED, USAGE, INTERRUPTED = 0, 1, 2, 130     # docs/daemon.md, "Exit status"


class HelpFormatter(argparse.HelpFormatter):
    """Help in the command line's language (chosen before the parser is built; the `help=`, `description=` and
    `epilog=` literals are the catalogue's marks, controller/i18n/catalogues.py), that shows an option's default
    when it has a meaningful one (not None, not a flag's False)."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = translate.text(action.help or "")
        default = action.default
        if ("%(default)" not in (action.help or "") and default is not None and default is not argparse.SUPPRESS
                and action.option_strings and not isinstance(default, bool)):
            text += translate.text(N_(" (default: %(default)s)"))
        return text

    def add_text(self, text: str | None) -> None:
        super().add_text(translate.text(text) if text and text is not argparse.SUPPRESS else text)


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors: `soccerboard sim: argument --speed: ... (see soccerboard sim --help)`."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        said = say("{prog}: {message} (see {prog} --help)", prog=self.prog, message=message)
        self.exit(USAGE, translate.text(said) + "\n")


# argument types: a value out of range is a one-line usage error before the command starts anything
def positive(text: str) -> float:
    value = _number(text)
    if not value > 0:
        raise _wrong(say("must be above 0, not {text}", text=text))
    return value


def not_negative(text: str) -> float:
    value = _number(text)
    if value < 0:
        raise _wrong(say("must be 0 or more, not {text}", text=text))
    return value


def at_least_one(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise _wrong(say("must be a whole number, not {text!r}", text=text)) from None
    if value < 1:
        raise _wrong(say("must be 1 or more, not {text}", text=text))
    return value


def port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise _wrong(say("must be a port number, not {text!r}", text=text)) from None
    if not 0 <= value < 65536:
        raise _wrong(say("must be a port number from 0 (any free port) to 65535, not {text}", text=text))
    return value


def fraction(text: str) -> float:
    value = _number(text)
    if not 0 <= value <= 1:
        raise _wrong(say("must be between 0 and 1, not {text}", text=text))
    return value


def _number(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise _wrong(say("must be a number, not {text!r}", text=text)) from None
    if value != value or value in (float("inf"), float("-inf")):
        raise _wrong(say("must be a finite number, not {text}", text=text))
    return value


def _wrong(sentence: Say) -> argparse.ArgumentTypeError:
    """A value's range error, said in the command line's language (argparse prints it as it is)."""
    return argparse.ArgumentTypeError(translate.text(sentence))


def quiet_stdout() -> None:
    """Point standard output at /dev/null, so the interpreter's last flush does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


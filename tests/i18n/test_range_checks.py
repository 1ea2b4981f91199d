"""The command line's range checks (--speed, --port, ...) said in the language of the command line."""
from __future__ import annotations

from tests.cli.cli_helpers import soccerboard

ENGLISH = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}


def test_a_value_that_is_no_number_is_said_in_italian() -> None:
    done = soccerboard("--lang", "it", "sim", "--speed", "fast", env=ENGLISH)
    assert done.returncode == 2
    assert "argomento --speed: deve essere un numero, non 'fast'" in done.stderr


def test_a_port_out_of_range_is_said_in_italian() -> None:
    done = soccerboard("--lang", "it", "sim", "--http-port", "70000", env=ENGLISH)
    assert done.returncode == 2
    assert "deve essere un numero di porta da 0 (una porta libera qualsiasi) a 65535, non 70000" in done.stderr


def test_a_range_check_reads_in_english_as_before() -> None:
    done = soccerboard("sim", "--speed", "-1", env=ENGLISH)
    assert done.returncode == 2
    assert "argument --speed: must be 0 or more, not -1" in done.stderr

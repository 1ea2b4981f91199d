"""`sim` and `run` say their own lines (where the journal goes, the broker, why they cannot start) in the language
asked for; in English they read as they always did."""
from __future__ import annotations

from pathlib import Path

from tests.cli.cli_helpers import soccerboard
from tests.i18n.conftest import NO_BROKER

ENGLISH = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}


def test_sims_start_up_lines_are_said_in_italian(tmp_path: Path) -> None:
    done = soccerboard("sim", "--lang", "it", "--seed", "3", "--speed", "0", "--no-web", "--broker", NO_BROKER,
                       "--half-minutes", "1", "--extra-time-minutes", "0", "--journal-dir", str(tmp_path), env=ENGLISH)
    assert done.returncode == 0, done.stderr
    assert f"registro {tmp_path}\n" in done.stdout
    assert "broker   mqtt://127.0.0.1:9\n" in done.stdout
    assert "journal  " not in done.stdout


def test_sims_start_up_lines_read_in_english_as_before(tmp_path: Path) -> None:
    done = soccerboard("sim", "--seed", "3", "--speed", "0", "--no-web", "--broker", NO_BROKER, "--half-minutes", "1",
                       "--extra-time-minutes", "0", "--journal-dir", str(tmp_path), env=ENGLISH)
    assert done.returncode == 0, done.stderr
    assert f"journal  {tmp_path}\n" in done.stdout


def test_a_config_file_that_is_not_there_is_said_in_italian_by_run_and_sim(tmp_path: Path) -> None:
    missing = tmp_path / "soccerboard.toml"
    for command in ("run", "sim"):
        done = soccerboard(command, "--lang", "it", "--config", str(missing), env=ENGLISH)
        assert done.returncode == 2
        assert done.stderr == (f"soccerboard {command}: {missing}: il file di configurazione non esiste (copia lì "
                               "deploy/soccerboard.example.toml e modificalo, o esegui deploy/install.sh)\n")


def test_a_config_error_reads_in_english_as_before(tmp_path: Path) -> None:
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    done = soccerboard("run", "--config", str(folder), env=ENGLISH)
    assert done.returncode == 2
    assert done.stderr == f"soccerboard run: {folder}: is a directory, not a config file (give the .toml file's path)\n"

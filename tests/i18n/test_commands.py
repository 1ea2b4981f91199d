"""The commands speak the language asked for (`--lang`, else the locale) in the words people read, and keep
machine output English: `report --lang it` tells the match in Italian, `replay`'s JSON (docs/board.md
section 6) is the same in every language, and a language the product does not speak is English with one
warning line."""
from __future__ import annotations

import json
from pathlib import Path

from tests.cli.cli_helpers import ROOT, soccerboard

# the simulated matches here need no broker: one that cannot be reached (the daemon goes on without it) keeps
# them off the embedded broker's port, which a simulated match in another test file may hold at the same time
NO_BROKER = "mqtt://127.0.0.1:9"

ENGLISH = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}
GOLDEN = ROOT / "tests" / "golden" / "01_kickoff_to_goal.jsonl"


def test_report_in_italian_tells_the_match_in_italian(journal: Path) -> None:
    done = soccerboard("report", "--lang", "it", str(journal), env=ENGLISH)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("Resoconto della partita: ")
    assert "Cronaca:" in out and "Gol: nessuno" in out
    assert "Calcio d'inizio: Blu" in out
    assert "Fine partita: Rosso 0-0 Blu (rigori 2-3). Vince Blu" in out
    assert "Full time" not in out and "Kick-off" not in out


def test_report_follows_the_locale(journal: Path) -> None:
    italian = soccerboard("report", str(journal), env={**ENGLISH, "LANG": "it_IT.UTF-8"})
    english = soccerboard("report", str(journal), env=ENGLISH)
    assert "Calcio d'inizio: Blu" in italian.stdout
    assert "Kick-off: Blue" in english.stdout and "Full time: Red 0-0 Blue (shoot-out 2-3). Blue wins" in english.stdout


def test_lang_beats_the_locale_and_language_lists_are_read_in_order(journal: Path) -> None:
    asked = soccerboard("report", str(journal), "--lang=en", env={**ENGLISH, "LANG": "it_IT.UTF-8"})
    assert "Kick-off: Blue" in asked.stdout
    listed = soccerboard("report", str(journal), env={**ENGLISH, "LANG": "fr_FR.UTF-8", "LANGUAGE": "fr:it:en"})
    assert "Calcio d'inizio: Blu" in listed.stdout and listed.stderr == ""


def test_an_unknown_language_is_english_with_one_warning_line(journal: Path) -> None:
    done = soccerboard("--lang", "fr", "report", str(journal), env=ENGLISH)
    assert done.returncode == 0
    assert "Kick-off: Blue" in done.stdout
    assert len(done.stderr.strip().splitlines()) == 1 and "'fr'" in done.stderr and "English" in done.stderr


def test_report_json_stays_english(journal: Path) -> None:
    english = json.loads(soccerboard("report", "--json", str(journal), env=ENGLISH).stdout)
    italian = json.loads(soccerboard("report", "--json", "--lang", "it", str(journal), env=ENGLISH).stdout)
    assert italian["timeline"] == english["timeline"]
    assert any(t["text"] == "Kick-off: Blue" for t in italian["timeline"])


def test_replay_json_is_the_same_in_every_language() -> None:
    english = soccerboard("replay", str(GOLDEN), env=ENGLISH)
    italian = soccerboard("replay", "--lang", "it", str(GOLDEN), env=ENGLISH)
    assert italian.stdout == english.stdout and italian.returncode == english.returncode
    refused = [doc for doc in map(json.loads, english.stdout.splitlines()) if doc.get("ok") is False]
    assert refused[0]["detail"] == ("red-s1 (striker) from d11 to d14: every path of 3 steps passes through an "
                                    "opponent")


def test_a_command_line_error_is_said_in_italian(tmp_path: Path) -> None:
    done = soccerboard("report", "--lang", "it", str(tmp_path), env=ENGLISH)
    assert done.returncode == 2
    assert done.stderr.strip() == f"soccerboard report: {tmp_path} non contiene registrazioni di partite " \
                                  "(*.jsonl che iniziano con '# soccerboard-journal')"


def test_replay_in_words_says_the_story_and_refusals_in_italian() -> None:
    done = soccerboard("replay", "--format", "text", "--lang", "it", str(GOLDEN), env=ENGLISH)
    lines = done.stdout.splitlines()
    assert "riga 22: rifiutata, path_blocked: red-s1 (attaccante) da d11 a d14: ogni percorso di 3 passi " \
           "attraversa un avversario" in lines
    assert "     1'  GOL! Rosso 1-0" in lines and lines[-1] == "Punteggio: Rosso 1-0 Blu"


def test_the_console_of_a_simulated_match_tells_it_in_italian(tmp_path: Path) -> None:
    done = soccerboard("sim", "--lang", "it", "--seed", "3", "--speed", "0", "--no-web", "--broker", NO_BROKER,
                       "--half-minutes", "1",
                       "--extra-time-minutes", "0", "--journal-dir", str(tmp_path), env=ENGLISH)
    assert done.returncode == 0, done.stderr
    assert "Calcio d'inizio: Blu" in done.stdout
    assert "Fine partita: Rosso 0-0 Blu (rigori 2-3). Vince Blu" in done.stdout

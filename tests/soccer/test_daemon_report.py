"""`soccerboard report` and the HTML replay of a Soccer!! journal, a game with no match clock: the clock lines a
daemon journals while it waits are no possession time (and no failure), the goals and cards name their models, and
the winner is the game's result where its snapshot names none."""
from __future__ import annotations

import json
from pathlib import Path

from controller.daemon.journal import HEADER
from controller.daemon.operations.report import analyse, report
from controller.web.replay import build_frames

HEAD = {"board_id": "t1", "board_follows_game": False, "ruleset": "soccer", "options": {}, "seq_base": 0,
        "started": "2026-11-27T21:00:00.000Z", "source": None}
CLOCK = {"type": "clock", "advance": 0.5}
# A11's goal (p.18) in the second half's last turn: red-9 shoots from 8 cm, 5 against 2: full time; a clock line
# after every line, as a daemon journals them while it waits
MATCH = [{"type": "setup", "ruleset": "soccer", "rosters": "standard",
          "start": {"half": 2, "turn": 12, "team": "red", "holder": "red-9"}},
         {"type": "shoot", "model": "red-9", "at": "blue:shooting", "goal_cm": 8, "zones": 1, "via": "i"},
         {"type": "roll", "die": "red", "value": 5}, {"type": "roll", "die": "blue", "value": 2}]


def _journal(tmp_path: Path, lines: list[dict]) -> Path:
    path = tmp_path / "t1-20261127T210000-0.jsonl"
    body = [json.dumps(line) for item in lines for line in (item, CLOCK)]
    path.write_text(f"{HEADER}{json.dumps(HEAD)}\n" + "\n".join(body) + "\n")
    return path


def test_a_journal_of_a_game_without_a_match_clock_is_reported_with_its_clock_lines(tmp_path):
    r = analyse(_journal(tmp_path, MATCH))
    assert r["ruleset"] == "soccer" and r["rejected_inputs"] == 0
    assert r["possession_percent"] == {"red": None, "blue": None}
    assert r["score"] == {"red": 1, "blue": 0}


def test_a_goal_names_its_model_and_the_winner_comes_from_the_games_result(tmp_path):
    r = analyse(_journal(tmp_path, MATCH))
    assert [(g["team"], g["pawn"]) for g in r["goals"]] == [("red", "red-9")]
    assert r["winner"] == "red"                      # the last turn of the second half: full time, red ahead
    text = report(_journal(tmp_path, MATCH))
    assert "winner: red" in text and "red   red-9" in text


# A9 (P18, P41): blue-4 fouls twice, a yellow each time: the second is a red
FOULS = [{"type": "setup", "ruleset": "soccer", "rosters": "standard",
          "start": {"half": 1, "turn": 3, "team": "blue", "holder": "red-2"}},
         {"type": "intercept", "model": "blue-4", "at": "field", "cm": 2},
         *({"type": "roll", "die": d, "value": v} for d, v in (("blue", 3), ("red", 3), ("blue", 4), ("blue", 4))),
         {"type": "pass", "model": "red-2", "to": "red-3", "cm": 10, "height": "low"}, {"type": "end_phase"},
         {"type": "intercept", "model": "blue-4", "at": "field", "cm": 2},
         *({"type": "roll", "die": d, "value": v} for d, v in (("blue", 4), ("red", 4), ("blue", 5), ("blue", 5)))]


def test_cards_name_their_model_in_the_report_and_the_html_replays_marks(tmp_path):
    path = _journal(tmp_path, FOULS)
    assert [(c["card"], c["pawn"]) for c in analyse(path)["cards"]] == [("yellow", "blue-4"), ("yellow", "blue-4"),
                                                                         ("red", "blue-4")]
    marks = [m["text"] for m in build_frames(path)["marks"]]
    assert marks == ["Yellow card for Blue 4", "Yellow card for Blue 4", "Red card for Blue 4"]

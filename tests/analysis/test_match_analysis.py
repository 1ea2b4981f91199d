"""`soccerboard report JOURNAL --analyse`: a journal replayed through the core, each decision weighed by the
computer player's search, costly ones marked with the better choice in the game's own notation."""
from __future__ import annotations

import json

import pytest

from controller.analysis import analyse_match
from controller.web import replay
from tests.analysis.journals import GIVEAWAY, SHOT, ball_to, soccerboard, up_to_the_ball_play, write_journal
from tests.games.plugin_games import TALLY, site_env
from tests.games.plugin_games import soccerboard as soccerboard_with_test_games

UNDO = {"type": "press", "button": "undo"}


def ball_play(doc: dict, square: str) -> dict:
    found = [d for d in doc["decisions"] if d["played"] == f"ball {square}"]
    assert len(found) == 1, doc["decisions"]
    return found[0]


@pytest.fixture(scope="module")
def giveaway(tmp_path_factory):
    path = write_journal(tmp_path_factory.mktemp("analysis") / "giveaway.jsonl",
                         [*up_to_the_ball_play(), ball_to(GIVEAWAY)])
    return path, analyse_match(path)


def test_a_pass_onto_an_opponent_when_a_shot_was_on_is_a_blunder_naming_the_shot(giveaway):
    d = ball_play(giveaway[1], GIVEAWAY)
    assert (d["team"], d["mark"], d["best"]) == ("red", "blunder", f"ball {SHOT}")
    assert d["before"] - d["after"] >= 0.15
    assert d["checked"]                                     # a costly-looking choice is searched deeper
    assert d["choices"] > 2
    assert giveaway[1]["teams"]["red"]["blunder"] == 1


def test_the_shot_played_is_not_marked(tmp_path):
    doc = analyse_match(write_journal(tmp_path / "shot.jsonl", [*up_to_the_ball_play(), ball_to(SHOT)]))
    d = ball_play(doc, SHOT)
    assert d["mark"] is None and d["best"] == d["played"] and d["drop"] == 0.0
    assert doc["teams"]["red"]["blunder"] == 0


def test_a_decision_the_referee_takes_back_is_not_judged(tmp_path):
    """The giveaway is undone and the shot played instead: only the shot is a decision."""
    doc = analyse_match(write_journal(tmp_path / "undone.jsonl",
                                      [*up_to_the_ball_play(), ball_to(GIVEAWAY), UNDO, ball_to(SHOT)]))
    assert [d["played"] for d in doc["decisions"]][-1] == f"ball {SHOT}"
    assert not [d for d in doc["decisions"] if d["played"] == f"ball {GIVEAWAY}"]


def test_json_output_has_the_report_and_the_analysis(giveaway):
    out = soccerboard("report", str(giveaway[0]), "--analyse", "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["ruleset"] == "soccer_tactics_world" and "score" in doc       # the report's own keys
    a = doc["analysis"]
    assert a["format"] == "soccerboard.analysis/1"
    assert a["red_at_end"] is None                          # the match is not over
    assert a["thresholds"] == {"blunder": 0.15, "mistake": 0.1, "inaccuracy": 0.05}
    assert set(a["teams"]) == {"red", "blue"}
    assert set(a["teams"]["red"]) == {"decisions", "accuracy", "blunder", "mistake", "inaccuracy"}
    assert a["decisions"] and all(set(d) == {"line", "frame", "minute", "team", "played", "best", "before", "after",
                                             "drop", "choices", "checked", "mark"} for d in a["decisions"])
    assert ball_play(a, GIVEAWAY)["line"] == 5              # the journal's fifth input


def test_text_output_names_the_blunder_and_the_better_choice(giveaway):
    out = soccerboard("report", str(giveaway[0]), "--analyse")
    assert out.returncode == 0, out.stderr
    assert "Match report:" in out.stdout and "Analysis (search level" in out.stdout
    assert f"Red blunder (??): ball {GIVEAWAY}, win chance" in out.stdout
    assert f"better ball {SHOT}" in out.stdout
    assert "red   accuracy" in out.stdout


def test_a_game_without_a_search_is_refused_with_a_sentence(tmp_path):
    path = write_journal(tmp_path / "tally.jsonl", TALLY, ruleset="tally")
    out = soccerboard_with_test_games("report", str(path), "--analyse")
    assert out.returncode == 2
    assert "Tally to Twelve has no searching computer player, so its matches cannot be analysed" in out.stderr
    assert not out.stdout
    assert soccerboard("report", str(path), "--analyse", "--html", env=site_env()).returncode == 2


def test_the_html_replay_marks_the_blunder_at_its_move_and_draws_the_graph(giveaway, tmp_path):
    path, doc = giveaway
    html = replay.render_replay_html(path, analysis=doc)
    d = ball_play(doc, GIVEAWAY)
    assert '<svg id="win-chance-graph"' in html
    assert f'<circle class="wc-mark" data-frame="{d["frame"]}" data-mark="blunder"' in html
    assert "<polyline class=\"wc-line\"" in html
    data = replay.decode(html.split('id="match-data" data-encoding="gzip+base64">')[1].split("</script>")[0])
    assert [m["frame"] for m in data["marks"] if m["kind"] == "blunder"] == [d["frame"]]
    frame = data["frames"][d["frame"]]
    assert {"event": "ball_played", "to": GIVEAWAY}.items() <= frame["events"][0].items()
    assert doc["frames"] == len(data["frames"])
    out = soccerboard("report", str(path), "--analyse", "--html", "-o", str(tmp_path / "m.html"))
    assert out.returncode == 0, out.stderr
    assert 'data-mark="blunder"' in (tmp_path / "m.html").read_text()


def test_without_analyse_the_replay_has_no_graph(giveaway):
    html = replay.render_replay_html(giveaway[0])
    assert "win-chance-graph" not in html and '<figure id="win-chance" hidden></figure>' in html


def test_another_game_with_a_search_is_analysed_through_the_same_seam(tmp_path):
    """Soccer The Board Game's bots play a short match: its decisions are judged in its own notation."""
    from controller.players import players_for
    lines: list[dict] = []
    players_for("stbg").play_match(1, {"half_minutes": 1.0}, on_line=lambda line, out: lines.append(line))
    doc = analyse_match(write_journal(tmp_path / "stbg.jsonl", lines, ruleset="stbg"))
    assert doc["ruleset"] == "stbg" and doc["red_at_end"] in (0.0, 0.5, 1.0)
    assert doc["teams"]["red"]["decisions"] and doc["teams"]["blue"]["decisions"]
    frames = [d["frame"] for d in doc["decisions"]]
    assert frames == sorted(frames) and frames[-1] < doc["frames"]
    assert all(d["before"] >= d["after"] and d["played"] and d["best"] for d in doc["decisions"])
    assert any(d["played"].startswith(("red-p", "blue-p")) for d in doc["decisions"])     # its pawns' names

"""A game is a plugin: the two test-only games, registered only by the dist-info in tests/games/site, are known
to the registry and play through `soccerboard replay` like the real games, with nothing outside their packages
naming them."""
from __future__ import annotations

from controller import games
from tests.games.plugin_games import (
    RACE,
    RACE_END,
    RACE_REFUSED,
    TALLY,
    TALLY_END,
    TALLY_REFUSED,
    TITLES,
    json_lines,
    soccerboard,
    write_lines,
)


def test_the_registry_finds_the_test_games_only_when_their_folder_is_on_the_path(test_games, monkeypatch):
    names = games.names()
    assert {"race", "tally"} <= set(names)
    assert names[0] == games.default().name and games.default().name not in ("race", "tally")
    for name, title in TITLES.items():
        assert games.info(name).title == title
        assert games.get_ruleset(name).name == name
    monkeypatch.undo()                  # the folder off the path again: the registry forgets them
    assert not {"race", "tally"} & set(games.names())


def _replayed(tmp_path, lines: list[dict]) -> tuple[list[dict], dict]:
    done = soccerboard("replay", str(write_lines(tmp_path / "match.jsonl", lines)))
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    out = json_lines(done.stdout)
    return out, out[-1]["snapshot"]


def _verdicts(out: list[dict]) -> dict[int, str | None]:
    return {o["line"]: None if o["ok"] else o["reason"] for o in out if "line" in o}


def test_replay_plays_a_game_with_no_board_through_its_rolls_and_undo(tmp_path):
    out, snap = _replayed(tmp_path, TALLY)
    verdicts = _verdicts(out)
    assert {n: r for n, r in verdicts.items() if r} == TALLY_REFUSED
    assert len(verdicts) == len(TALLY)
    assert {k: snap[k] for k in TALLY_END} == TALLY_END
    assert snap["ruleset"] == "tally" and snap["turn"] is None
    tallied = [(e["team"], e["value"]) for e in out if e.get("event") == "tallied"]
    assert tallied == [("red", 6), ("blue", 2), ("red", 3), ("blue", 5), ("red", 1), ("red", 2), ("blue", 6)]
    assert [e["event"] for e in out if e.get("event") in ("undone", "full_time")] == ["undone", "full_time"]


def test_replay_plays_a_sensed_board_game_through_lifts_places_moves_and_undo(tmp_path):
    out, snap = _replayed(tmp_path, RACE)
    verdicts = _verdicts(out)
    assert {n: r for n, r in verdicts.items() if r} == RACE_REFUSED
    assert verdicts[3] is None and out[next(i for i, o in enumerate(out) if o.get("line") == 3)].get("pending")
    assert {k: snap[k] for k in RACE_END} == RACE_END
    assert snap["board"]["consistent"] is True
    advanced = [e["to"] for e in out if e.get("event") == "advanced"]
    assert advanced == ["a7", "b11", "a13", "b5", "a15", "b1"]


def test_replay_refuses_a_set_up_naming_an_unregistered_game_and_lists_the_registered_ones(tmp_path):
    out, _ = _replayed(tmp_path, [{"type": "setup", "ruleset": "chess"}, {"type": "roll", "die": "red", "value": 1}])
    first = out[0]
    assert first["line"] == 1 and not first["ok"] and first["reason"] == "bad_input"
    assert "race" in first["detail"] and "tally" in first["detail"]

"""`soccerboard replay` of Soccer The Board Game: a daemon journal's header names the game, so its options are
that game's; `--leds` shows that game's LED frames."""
from __future__ import annotations

import json
from pathlib import Path

from controller.daemon.journal import HEADER
from controller.replay import replay_into, replay_lines

GOLDEN = Path(__file__).parent / "golden" / "01_kickoff_split_turn.jsonl"


def _lines() -> list[str]:
    return [t for t in GOLDEN.read_text().splitlines() if t.strip()]


def test_a_journal_of_the_second_game_is_replayed_as_its_header_says():
    header = HEADER + json.dumps({"version": 2, "ruleset": "stbg", "board_follows_game": False,
                                  "options": {"turn_seconds": 20}})     # an option only this game has
    seen: list[tuple[str, bool]] = []
    replay_into([header, *_lines()], lambda out: None,
                before_input=lambda core: seen.append((core.ruleset.name, core.board_follows_game)))
    assert seen and seen[0] == ("stbg", False)          # not a first-game core that follows the game


def test_replay_leds_of_the_second_game_shows_its_frames():
    out = replay_lines(_lines(), leds=True)
    frames = [o["leds"] for o in out if "leds" in o]
    assert frames and all(f["planner"] == "controller.leds" for f in frames) and "snapshot" in out[-1]

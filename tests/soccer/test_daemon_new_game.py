"""`cmd/new_game` for Soccer!!: the referee's new match may carry the game's own set-up keys (GameInfo.setup_keys:
`rosters`, `start`), so a match with the standard rosters begins from MQTT (the page, Home Assistant) without
each coach sending a roster first; a key no registered game declares is still refused."""
from __future__ import annotations

import json

import pytest

from controller.daemon.inputs.commands import CommandError, parse_command
from simulator.bench.waits import wait_for
from tests.games.coach_rig import CoachRig


def test_new_game_takes_a_games_own_set_up_keys():
    line, rid = parse_command("new_game", b'{"kickoff": "blue", "rosters": "standard", "id": 7}')
    assert (line, rid) == ({"type": "setup", "formation": "standard", "kickoff": "blue", "rosters": "standard"}, 7)


def test_new_game_refuses_a_key_no_game_declares():
    with pytest.raises(CommandError, match=r'unknown key "roster".*allowed: kickoff, options, id, '
                                             r'computer, level, computer_dice, rosters, start'):
        parse_command("new_game", b'{"roster": "standard"}')


def test_a_new_soccer_match_with_the_standard_rosters_awaits_the_kick_off_not_the_rosters(tmp_path):
    rig = CoachRig(tmp_path / "journal", ruleset="soccer").start()
    try:
        rig.daemon.on_command("new_game", json.dumps({"kickoff": "blue", "rosters": "standard"}).encode())
        wait_for(rig.desk.codes, 10, "the match's codes")
        rig.settle()
        assert rig.state["awaiting"]["what"] == "kick_off" and rig.state["team"] == "blue"
        status, doc = rig.enter(rig.code("blue"), {"type": "kick_off", "from": "blue-9", "to": "blue-10"})
        assert (status, doc["ok"]) == (200, True), doc
    finally:
        rig.stop()

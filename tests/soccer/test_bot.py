"""The Soccer!! bots: legal random rosters, the registry's players, a bot for one team that enters only its
own team's lines against another bot playing the other team, and the match bot a line at a time."""
from __future__ import annotations

import random
from typing import Any

from controller.core import Core
from controller.games.soccer.bot import SoccerBot
from controller.games.soccer.bot_rosters import random_roster, roster_points
from controller.games.soccer.game import SoccerGame
from controller.games.soccer.roster import check, merged, skill_name, standard
from controller.games.soccer.ruleset import Soccer
from controller.games.soccer.state import team_of
from controller.players import players_for
from controller.scenario import parse_obj


def test_random_rosters_are_legal_within_the_budget_and_vary():
    skills, levels = set(), set()
    for seed in range(300):
        rng = random.Random(seed)
        for team in ("red", "blue"):
            changes = random_roster(team, rng)
            entries = merged(team, changes)
            check(team, entries, 1700)                  # raises roster_invalid if not
            assert roster_points(team, changes) <= 1700
            skills |= {skill_name(e.skill) for e in entries if e.skill}
            levels |= {(k, getattr(e, k)) for e in entries for k in ("P", "S", "H", "INT", "A", "PC")}
    assert len(skills) >= 8                             # more than the standard Team Captain
    assert {("S", 3), ("P", 1), ("A", 3), ("PC", 2)} <= levels


def test_a_roster_line_of_the_bot_is_accepted_by_the_engine():
    changes = random_roster("red", random.Random(4))
    assert changes and changes != standard("red")
    core = Core(Soccer())
    assert core.feed(parse_obj({"type": "setup", "ruleset": "soccer", "kickoff": "red"})).verdict["ok"]
    out = core.feed(parse_obj({"type": "roster", "team": "red",
                               "models": [e.model_dump(exclude_none=True) for e in changes]}))
    assert out.verdict["ok"], out.verdict


def test_the_registry_offers_the_soccer_bots():
    players = players_for("soccer")
    assert callable(players.play_match)
    core = players.play_match(3, {})
    assert isinstance(core.game, SoccerGame) and core.game.is_terminal()


def _concerns(line: dict[str, Any]) -> set[str]:
    """The teams a line speaks for: its die, its team, the teams of the models it names as actors."""
    if line["type"] == "roll":
        return {line["die"]}
    if "team" in line:
        return {line["team"]}
    for key in ("model", "from", "off"):
        if key in line:
            return {team_of(line[key])}
    return set()


def test_a_one_team_bot_enters_only_its_teams_lines_against_another_to_full_time():
    for seed in range(6):
        core = Core(Soccer())
        setup = {"type": "setup", "ruleset": "soccer", "kickoff": "red"}
        if seed % 2:            # else both teams owe a roster line, and the one-team bot sends its own first
            setup["rosters"] = "standard"
        assert core.feed(parse_obj(setup)).verdict["ok"]
        blue = players_for("soccer").opponent(1, seed)
        red = SoccerBot(random.Random(seed + 1000), teams=("red",))
        blue_lines = 0
        for _ in range(20000):
            game = core.game
            assert isinstance(game, SoccerGame)
            if game.is_terminal():
                break
            planned = blue.plan(game)
            if planned is not None:
                blue_lines += 1
                line = planned[0]
                assert _concerns(line) <= {"blue"}, line
            else:
                red_line = red.next_line(game)
                assert red_line is not None, game.expects()
                assert _concerns(red_line) <= {"red"} or red_line["type"] in ("dispute", "claim"), red_line
                line = red_line
            out = core.feed(parse_obj(line))
            assert out.verdict["ok"], (line, out.verdict)
        assert isinstance(core.game, SoccerGame) and core.game.is_terminal()
        assert blue_lines > 50


def test_the_match_bot_plays_a_line_at_a_time_to_full_time():
    core = Core(Soccer())
    core.feed(parse_obj({"type": "setup", "ruleset": "soccer", "kickoff": "blue", "rosters": "standard"}))
    bot = players_for("soccer").match_bot(11)
    while True:
        game = core.game
        assert isinstance(game, SoccerGame)
        lines = bot.next_lines(game)
        if lines is None:
            break
        for line in lines:
            out = core.feed(parse_obj(line))
            assert out.verdict["ok"], (line, out.verdict)
    assert isinstance(core.game, SoccerGame) and core.game.match.phase == "full_time"


def test_a_one_team_bot_sends_its_roster_while_the_other_team_owes_one_too():
    core = Core(Soccer())
    core.feed(parse_obj({"type": "setup", "ruleset": "soccer", "kickoff": "blue"}))
    game = core.game
    assert isinstance(game, SoccerGame) and game.match.rosters_due == ["red", "blue"]
    planned = players_for("soccer").opponent(1, 5).plan(game)
    assert planned is not None and planned[0]["type"] == "roster" and planned[0]["team"] == "blue"
    assert core.feed(parse_obj(planned[0])).verdict["ok"]

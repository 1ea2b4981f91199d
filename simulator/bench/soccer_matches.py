"""Seeded matches of the Soccer!! bots with the rules' invariants checked after every accepted line, shared by
the property test (tests/soccer/test_property_random_matches.py) and its 1,000-match benchmark
(benchmarks/soccer_bot_matches.py)."""
from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from controller.core import Core, Outcome
from controller.games.soccer.bot import simulate
from controller.games.soccer.game import SoccerGame
from controller.games.soccer.state import TEAMS


def options_for(seed: int) -> dict[str, Any]:
    """Options drawn per match: the orientation and back-pass rules, one shared die, inches now and then."""
    rng = random.Random(-seed - 1)
    options: dict[str, Any] = {}
    for name in ("orientation", "backpass", "shared_die"):
        if rng.random() < 0.3:
            options[name] = True
    if rng.random() < 0.15:
        options["units"] = "in"
    return options


class Invariants:
    """Checks the match after every accepted line (AssertionError naming the seed, the line's number and the
    line) and counts the events: at most 11 of a team on the pitch, at most 3 substitutions a team, at most 2
    yellows a model, a half of at most 15 turns, the score moving only with a `goal` event."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.score = {"red": 0, "blue": 0}
        self.substitutions = Counter[str]()
        self.lines = 0
        self.events = Counter[str]()

    def __call__(self, line: dict[str, Any], out: Outcome, core: Core) -> None:
        game = core.game
        assert isinstance(game, SoccerGame)
        m = game.match
        events = out.settled + out.events
        self.lines += 1
        where = (self.seed, self.lines, line)
        for e in events:
            self.events[e["event"]] += 1
            if e["event"] == "substitution":
                self.substitutions[e["team"]] += 1
        for team in TEAMS:
            assert len(m.on_pitch(team)) <= 11, where
            assert self.substitutions[team] <= 3, where
            assert m.substitutions_left[team] == 3 - self.substitutions[team], where
            goals = sum(1 for e in events if e["event"] == "goal" and e["team"] == team)
            assert m.score[team] - self.score[team] == goals, (where, events)
        self.score = dict(m.score)
        assert all(0 <= x.yellow <= 2 for x in m.models.values()), where
        assert m.half_length <= 15 and m.turn <= m.half_length, (where, m.turn, m.half_length)


def play_checked(seed: int) -> tuple[Invariants, Core]:
    """One match of bots with its options, every accepted line checked; RuntimeError on a refused line."""
    check = Invariants(seed)
    core = simulate(seed, options_for(seed), watch=check)
    game = core.game
    assert isinstance(game, SoccerGame) and game.is_terminal() and game.match.phase == "full_time", seed
    assert check.events["full_time"] == 1 and check.events["half_time"] == 1, (seed, check.events)
    return check, core


def journal_of(seed: int) -> tuple[list[str], dict[str, Any]]:
    """The match's input lines (its journal, as scenario lines) and the snapshot it ended with, as JSON."""
    lines: list[str] = []

    def on_line(line: dict[str, Any], out: Any) -> None:
        lines.append(json.dumps(line))
    core = simulate(seed, options_for(seed), on_line=on_line)
    snap = core.snapshot()
    assert snap is not None
    return lines, json.loads(json.dumps(snap))

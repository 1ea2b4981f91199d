"""A Soccer!! match driven as the core drives it: each line parsed by the scenario parser and turned into an
action by the ruleset, each refusal's reason returned; the engine's events and snapshot as published."""
from __future__ import annotations

import json
from typing import Any

from controller.games import info
from controller.games.soccer.game import SoccerGame
from controller.games.soccer.state import Match
from controller.scenario import Setup, parse_line
from controller.seam import Illegal


class Table:
    def __init__(self, kickoff: str | None = "red", rosters: str | None = "standard",
                 options: dict[str, Any] | None = None, start: dict[str, Any] | None = None) -> None:
        self.ruleset = info("soccer").make_ruleset(None)
        setup: dict[str, Any] = {"type": "setup", "ruleset": "soccer"}
        if kickoff:
            setup["kickoff"] = kickoff
        if rosters:
            setup["rosters"] = rosters
        if options:
            setup["options"] = options
        if start:
            setup["start"] = start
        parsed = parse_line(json.dumps(setup))
        assert isinstance(parsed, Setup)
        game = self.ruleset.new_game(parsed)
        assert isinstance(game, SoccerGame)
        self.game = game
        self.events: list[dict[str, Any]] = []

    @property
    def match(self) -> Match:
        return self.game.match

    def do(self, **fields: Any) -> list[dict[str, Any]]:
        """Apply one line (its JSON keys as keywords, `from_` for `from`, `with_` for `with`)."""
        data = {k.rstrip("_"): v for k, v in fields.items()}
        parsed = parse_line(json.dumps(data))
        assert parsed is not None
        events = self.game.apply(self.ruleset.action_for(parsed))
        self.events += events
        return events

    def roll(self, team: str, *values: int) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for v in values:
            out += self.do(type="roll", die=team, value=v)
        return out

    def refused(self, **fields: Any) -> str:
        """The reason a line is refused; the match must be unchanged."""
        before = self.snapshot()
        try:
            self.do(**fields)
        except Illegal as e:
            assert self.snapshot() == before
            return e.reason
        raise AssertionError(f"accepted: {fields}")

    def snapshot(self) -> dict[str, Any]:
        return self.ruleset.snapshot(self.game)

    def kicked_off(self, team: str = "red") -> Table:
        self.do(type="kick_off", from_=f"{team}-9", to=f"{team}-10")
        return self


def named(events: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    return [e for e in events if e["event"] == name]

"""Core.due_in: the game state says when time next decides something, so the daemon can sleep until then. At
every point of seeded matches of both games, time just short of the deadline decides nothing, and time just
past it does (the move, reset or turn clock runs out, or the period ends); with no clock running it is None."""
from __future__ import annotations

import copy

import pytest

from controller.core import Core
from controller.games import get_ruleset
from controller.scenario import ClockLine, parse_obj


def _lines(ruleset: str, seed: int, options: dict) -> list[dict]:
    from controller.games.stbg.bot import simulate as stbg_simulate
    from controller.games.stw.autoplay import simulate
    lines: list[dict] = []
    (stbg_simulate if ruleset == "stbg" else simulate)(seed, options, on_line=lambda line, out: lines.append(line))
    return lines


def _time_events(core: Core, seconds: float) -> list[dict]:
    out = core.feed(ClockLine(type="clock", advance=seconds))
    assert out.verdict.get("ok"), out.verdict
    return out.settled + out.events


@pytest.mark.parametrize("ruleset,seed,options", [("soccer_tactics_world", 7, {"half_minutes": 3.0}),
                                                  ("stbg", 7, {"half_minutes": 2.0})])
def test_time_decides_something_exactly_when_due_in_says(ruleset, seed, options):
    core = Core(get_ruleset(ruleset, options=options))
    assert core.due_in() is None                        # no game: nothing is ever due
    checked = 0
    for n, line in enumerate(_lines(ruleset, seed, options)):
        core.feed(parse_obj(line))
        due = core.due_in()
        if n == 0:
            assert due is None                          # set up, nobody rolled: no clock runs
        if due is None or due < 0.01 or core.pending is not None or core.foul is not None or n % 7:
            continue
        early = copy.deepcopy(core)
        assert _time_events(early, due - 0.005) == [], (n, due)
        assert _time_events(early, 0.01) != [], (n, due)
        checked += 1
    assert checked > 20

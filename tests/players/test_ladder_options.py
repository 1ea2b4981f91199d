"""The ladder's match length (simulator/bench/players.py `run`, `--half-minutes`): a longer half is more
decisions for both sides, and the table says which length it was played at."""
from __future__ import annotations

import io

from simulator.bench.players import run


def test_the_ladder_plays_halves_of_the_length_asked_and_says_so() -> None:
    said: dict[float, str] = {}
    steps: dict[float, int] = {}
    for minutes in (1.0, 3.0):
        out = io.StringIO()
        pair, = run("stw", matches=1, pairs=[("1", "casual")], out=out, half_minutes=minutes)
        said[minutes], steps[minutes] = out.getvalue(), pair.matches[0].steps
    assert said[1.0].startswith("halves of 1 minutes\n") and said[3.0].startswith("halves of 3 minutes\n")
    assert steps[3.0] > 2 * steps[1.0]          # the same seed, three times the clock: far more actions


def test_the_ladder_plays_its_games_own_half_length_unless_asked() -> None:
    out = io.StringIO()
    default, = run("stw", matches=1, pairs=[("1", "casual")], out=out)
    ten, = run("stw", matches=1, pairs=[("1", "casual")], out=io.StringIO(), half_minutes=10.0)
    assert "halves of" not in out.getvalue()
    assert default.matches[0].steps == ten.matches[0].steps and default.matches[0].goals == ten.matches[0].goals

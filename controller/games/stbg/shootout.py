"""The tournament shoot-out (S14): an option (`shootout`, off by default: a draw stands) that decides a match
drawn at full time as the first game's shoot-out (its C21) does.

Both teams roll for the order, the higher shoots first (a tie is rolled again). A kick is played as this game
plays a penalty, on the dice only (no set-up on the board): both teams roll, in either order, told apart by the
die; the shooting team's higher roll is a goal, anything else a miss (no corner in a shoot-out). The shoot-out
ends as soon as one team cannot catch up within its `shootout_kicks` kicks (5); after that, pairs until decided.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from hal.board import TEAMS

from ... import shootout as tally
from .board import other
from .state import Phase

if TYPE_CHECKING:
    from .match import Match


def start(game: Match) -> None:
    """Full time on a draw, with the option: the order is rolled for."""
    st = game.state
    game.emit("shootout", score={"red": st.score[0], "blue": st.score[1]})
    st.phase, st.dice, st.holder, st.turn, st.attack = Phase.SHOOTOUT_ORDER, [0, 0], -1, -1, -1
    st.shootout, st.shootout_taken = [0, 0], [0, 0]


def order(game: Match) -> None:
    """Both have rolled for the order: the higher shoots first; a tie is rolled again."""
    st = game.state
    red, blue = st.dice
    st.dice = [0, 0]
    if red == blue:
        game.emit("shootout_order_tie", value=red)
        return
    first = 0 if red > blue else 1
    game.emit("shootout_order", first=TEAMS[first], red=red, blue=blue)
    st.phase, st.attack = Phase.SHOOTOUT, first


def kick(game: Match) -> None:
    """Both have rolled for a kick: the shooter's higher roll scores."""
    st = game.state
    team = st.attack
    shooter, keeper = st.dice[team], st.dice[other(team)]
    scored = shooter > keeper
    st.dice = [0, 0]
    st.shootout_taken[team] += 1
    st.shootout[team] += scored
    outcome = "goal" if scored else "save" if shooter < keeper else "tie"
    game.emit("shootout_kick", team=TEAMS[team], scored=scored, outcome=outcome,
              tally={"red": st.shootout[0], "blue": st.shootout[1]})
    if decided(game):
        return final_whistle(game)
    st.attack = other(team)


def decided(game: Match) -> bool:
    """`shootout_kicks` each, stopping once one side cannot catch up; then one each until one leads."""
    st = game.state
    return tally.decided(st.shootout_taken, st.shootout, game.options.shootout_kicks)


def final_whistle(game: Match) -> None:
    st = game.state
    a, b = st.shootout
    st.phase, st.attack = Phase.FULL_TIME, -1
    st.winner = 0 if a > b else 1
    game.emit("full_time", score={"red": st.score[0], "blue": st.score[1]}, winner=TEAMS[st.winner],
              shootout={"red": a, "blue": b})

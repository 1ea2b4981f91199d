"""The LED palette: one colour per meaning, and the priority order that picks one meaning per square.

Chosen to stay apart for red-green colour-blind players (protanopia and deuteranopia, checked by
simulation in tests/leds/test_leds_palette.py): no meaning relies on red versus green, the hues are
magenta, white, grey, yellow, pale yellow, orange, cyan, blue and pink at different brightness, and the
meanings drawn on whole rows (the offside line, the team to act, the points left, the move-clock warning)
are also told apart by their shape and place. docs/leds.md has the table with the reasons.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Colour:
    meaning: str
    name: str
    rgb: tuple[int, int, int]
    why: str


# Highest priority first: a square shows the first meaning that applies to it.
COLOURS: tuple[Colour, ...] = (
    Colour("correction_lift", "magenta", (255, 0, 255),
           "the board is out of step: lift the token standing here (the first correction step)"),
    Colour("correction_put", "white", (255, 255, 255),
           "the board is out of step: put the token here (the same step)"),
    Colour("identity_question", "yellow", (255, 200, 0),
           "which pawn stands here cannot be told: the players must confirm it"),
    Colour("computer_lift", "rose", (255, 80, 200),
           "the computer's action (or a hint): lift the token standing here; nothing else is lit for the move"),
    Colour("computer_put", "indigo", (40, 0, 255),
           "the computer's action (or a hint): put the token here, one step at a time"),
    Colour("setup_lift_off", "dim magenta", (110, 0, 110),
           "set-up: a sent-off pawn still on the board; lift it off"),
    Colour("setup_move", "orange", (255, 80, 0),
           "set-up: this token must move (the ball to its spot, the kicker, a pawn leaving a zone)"),
    Colour("setup_target", "cyan", (0, 160, 160),
           "set-up: a square where a token that must move may go"),
    Colour("legal_destination", "cyan", (0, 160, 160),
           "the lifted pawn may be put here (its legal moves for the roll, or the keeper's step)"),
    Colour("lifted_from", "dim white", (48, 48, 48),
           "the square a token was lifted from: put it back here to take the move back"),
    Colour("dribble_destination", "cyan", (0, 160, 160),
           "ball play on a 1: the holder may carry the ball here (the ball alone may go here too)"),
    Colour("ball_destination", "blue", (0, 0, 255),
           "ball play: the ball may be played here"),
    Colour("free_kick_zone", "dim amber", (70, 52, 0),
           "set-up: the exclusion zone the opponents must keep out of (a free kick's zone, a corner's ring)"),
    Colour("offside_pawn", "pink", (255, 100, 100),
           "a pawn of the team on offence standing in an offside position now"),
    Colour("offside_line", "grey", (100, 100, 100),
           "the rank of the defending team's last field player (the offside line), a whole row, neutral like "
           "a line painted on a pitch so it is never taken for the blue team's row"),
    Colour("move_clock_warning", "red", (255, 0, 0),
           "the last 10 seconds of the move clock: replaces the team-to-act row of the team that must move"),
    Colour("points_left", "pale yellow", (255, 255, 150),
           "the points left in the turn: that many squares of the acting team's goal line, from the left of the "
           "player behind it (a game with a points budget); brighter than the row it sits in"),
    Colour("red_to_act", "dim red", (96, 0, 0),
           "red is to act: red's goal line (rank 1) glows; where the row is tells the team"),
    Colour("blue_to_act", "dim blue", (0, 0, 120),
           "blue is to act: blue's goal line (rank 16) glows; where the row is tells the team"),
)

PRIORITY: tuple[str, ...] = tuple(c.meaning for c in COLOURS)
RGB: dict[str, tuple[int, int, int]] = {c.meaning: c.rgb for c in COLOURS}
RGB_BYTES: dict[str, bytes] = {c.meaning: bytes(c.rgb) for c in COLOURS}
RANK: dict[str, int] = {m: i for i, m in enumerate(PRIORITY)}

WARNING_SECONDS = 10.0      # the move clock's last seconds shown in the warning colour

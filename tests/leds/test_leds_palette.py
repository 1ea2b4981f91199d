"""The palette stays readable for red-green colour-blind players.

Colours are simulated for protanopia and deuteranopia (Machado, Oliveira and Fernandes 2009, severity 1)
and compared in CIELAB. Meanings that can be lit in the same frame must stay at least MIN_DE apart in
normal vision and in both simulations; meanings that share a colour on purpose say the same thing.
"""
from __future__ import annotations

import itertools
import math

from controller.leds import COLOURS, PRIORITY, RGB

PROTAN = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))
DEUTAN = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))
MIN_DE = 25.0          # single squares in the same frame
MIN_DE_ROWS = 15.0     # whole rows (told apart by their place too) against each other and against squares

SAME_COLOUR_SAME_SENSE = {frozenset({"setup_target", "legal_destination", "dribble_destination"})}
ROWS = ["offside_line", "move_clock_warning", "red_to_act", "blue_to_act"]
TOGETHER = {
    "pawn move": ["correction_lift", "correction_put", "identity_question", "legal_destination", "lifted_from",
                  "offside_pawn"],
    "ball play": ["correction_lift", "correction_put", "identity_question", "dribble_destination",
                  "ball_destination", "lifted_from", "offside_pawn"],
    "set-up": ["correction_lift", "correction_put", "identity_question", "setup_lift_off", "setup_move",
               "setup_target", "lifted_from", "free_kick_zone"],
}


def _lin(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _srgb(v: float) -> float:
    v = min(1.0, max(0.0, v))
    return (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055) * 255


def simulate(rgb, m):
    lin = [_lin(c) for c in rgb]
    return tuple(_srgb(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))


def lab(rgb):
    r, g, b = (_lin(c) for c in rgb)
    x, y, z = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505, 0.2126 * r + 0.7152 * g + 0.0722 * b, \
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def worst_de(a, b) -> float:
    return min(math.dist(lab(a), lab(b)), math.dist(lab(simulate(a, PROTAN)), lab(simulate(b, PROTAN))),
               math.dist(lab(simulate(a, DEUTAN)), lab(simulate(b, DEUTAN))))


def _pairs(names):
    for a, b in itertools.combinations(names, 2):
        if RGB[a] == RGB[b]:
            assert any({a, b} <= group for group in SAME_COLOUR_SAME_SENSE), f"{a} and {b} share a colour"
            continue
        yield a, b


def test_meanings_lit_together_stay_apart_for_colour_blind_players():
    for where, names in TOGETHER.items():
        for a, b in _pairs(names):
            assert worst_de(RGB[a], RGB[b]) >= MIN_DE, (where, a, b, round(worst_de(RGB[a], RGB[b])))


def test_rows_stay_apart_from_each_other_and_from_squares():
    squares = sorted({m for names in TOGETHER.values() for m in names if not m.startswith(("setup", "free"))})
    for a, b in _pairs(ROWS):
        assert worst_de(RGB[a], RGB[b]) >= MIN_DE_ROWS, (a, b)
    for a in ROWS:
        for b in squares:
            if a == "move_clock_warning" and b == "offside_pawn":
                continue      # a bright row on the mover's goal line against single pawns beyond the offside line
            assert worst_de(RGB[a], RGB[b]) >= MIN_DE_ROWS, (a, b, round(worst_de(RGB[a], RGB[b])))


def test_the_offside_line_is_neutral_so_it_is_never_taken_for_a_teams_row():
    for m in (None, PROTAN, DEUTAN):
        rgb = RGB["offside_line"] if m is None else simulate(RGB["offside_line"], m)
        _, a, b = lab(rgb)
        assert math.hypot(a, b) < 5, "the offside line has a hue"
    for team_row in ("red_to_act", "blue_to_act"):
        assert worst_de(RGB["offside_line"], RGB[team_row]) >= MIN_DE, team_row


def test_no_meaning_relies_on_green():
    for c in COLOURS:
        r, g, b = c.rgb
        assert not (g > r and g > b), f"{c.meaning} is greenish"


def test_priority_lists_every_colour_once():
    assert len(PRIORITY) == len(set(PRIORITY)) == len(COLOURS)
    assert PRIORITY[:3] == ("correction_lift", "correction_put", "identity_question")
    assert PRIORITY[-2:] == ("red_to_act", "blue_to_act")

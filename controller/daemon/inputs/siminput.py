"""Simulator inputs (`<base>/sim/input`, from the browser simulator or a script) as physical events.

Why through the sim board: a lift, a place, a roll or a button press becomes what a real board would
report (a changed sensor frame, a settled die, a press), so it takes the daemon's hardware path (the
frame tracker and its settle window, then the core), exactly as the board under a real match does.
Inputs a board has no sensor for (a spin, a set-up, simulated time; the team buttons, referee cards and
declared hands of a game that has them) go to the core as scenario lines, which judges them as it judges a
scenario's.
Anything malformed or physically impossible is refused with a sentence, and the board is unchanged.
"""
from __future__ import annotations

from controller.daemon.inputs.commands import load_json
from controller.echo import quoted
from controller.games import own_lines_and_keys
from hal.board import TOKEN_BIT, square_index
from hal.events import BUTTON_NAMES, DIE_NAMES
from hal.frames import tokens_at
from hal.sim import SimBoard, SimClock

BUTTONS = ("confirm", "decline", "undo", "pause", "resume")
# a game's team buttons are pressed for a team (`team`, and `pawn` for a substitution)
TEAM_BUTTONS = ("done", "star_pass", "star_shoot", "star_steal", "substitution")
CARDS = ("red", "yellow", "blank")
OUTCOMES = ("goal", "corner", "goal_kick")
MAX_PAYLOAD = 4096           # a scenario line is well under 200 bytes


class SimInputError(ValueError):
    """A simulator input that cannot be carried out; the message is the response's detail."""


def parse_payload(payload: bytes) -> dict:
    if len(payload) > MAX_PAYLOAD:
        raise SimInputError(f"a simulator input is one scenario line, at most {MAX_PAYLOAD} bytes")
    try:
        line = load_json(payload, MAX_PAYLOAD)
    except ValueError as e:
        raise SimInputError(f"not a scenario line: {e}") from None
    if not isinstance(line, dict):
        raise SimInputError("not a JSON object (a scenario line: lift, place, move, roll, spin, press, card, setup)")
    return line


def _square(line: dict, key: str) -> str:
    name = line.get(key)
    if isinstance(name, str):
        try:
            square_index(name)
            return name
        except ValueError:
            pass
    raise SimInputError(f"{line.get('type')}: {key} must be a square a1..h16, not {quoted(name)}")


def _token(line: dict) -> str:
    token = line.get("token")
    if token not in TOKEN_BIT:
        raise SimInputError(f"{line.get('type')}: token must be red, blue or ball, not {quoted(token)}")
    return token


def deliver(board: SimBoard, line: dict) -> dict | None:
    """Hand `line` to the sim board; returns the line to queue for the core instead when the board has
    no sensor for it (spin, setup, clock). Raises SimInputError, changing nothing, when it cannot be done."""
    kind = line.get("type")
    if kind in own_lines_and_keys()[0] and not (kind == "move" and "from" in line):
        return line         # a line of a game's own (entered at a table, not sensed): the core judges it
    if kind in ("lift", "place"):
        square, token = _square(line, "square"), _token(line)
        here = token in tokens_at(board.frame, square)
        if kind == "lift" and not here:
            raise SimInputError(f"there is no {token} token on {square} to lift")
        if kind == "place" and here:
            raise SimInputError(f"{square} already holds a {token} token")
        (board.lift if kind == "lift" else board.place)(square, token)
        return None
    if kind == "move":
        frm, to, token = _square(line, "from"), _square(line, "to"), _token(line)
        if token not in tokens_at(board.frame, frm):
            raise SimInputError(f"there is no {token} token on {frm} to move")
        if frm == to:
            raise SimInputError("move: from and to are the same square")
        if token in tokens_at(board.frame, to):
            raise SimInputError(f"{to} already holds a {token} token")
        board.move(frm, to, token)
        return None
    if kind == "roll":
        die, value = line.get("die"), line.get("value")
        if die not in DIE_NAMES:
            raise SimInputError(f"roll: die must be one of {', '.join(DIE_NAMES)}, not {quoted(die)}")
        if type(value) is not int or not 1 <= value <= 6:
            raise SimInputError(f"roll: value must be a face 1..6, not {quoted(value)}")
        board.roll(die, value)
        return None
    if kind == "press":
        button = line.get("button")
        if button in TEAM_BUTTONS:
            if line.get("team") not in ("red", "blue"):
                raise SimInputError(f"press {button}: team must be red or blue, not {quoted(line.get('team'))}")
            return line
        if button not in BUTTONS:
            raise SimInputError(f"press: button must be one of {', '.join(BUTTONS + TEAM_BUTTONS)}, "
                                f"not {quoted(button)}")
        if button not in BUTTON_NAMES:      # the referee's buttons (undo, pause, resume): no board has them
            return line
        board.press(button)
        return None
    if kind == "spin":
        if line.get("outcome") not in OUTCOMES:
            raise SimInputError(f"spin: outcome must be one of {', '.join(OUTCOMES)}")
        return line
    if kind == "card":
        if line.get("card") not in CARDS:
            raise SimInputError(f"card: card must be one of {', '.join(CARDS)}, not {quoted(line.get('card'))}")
        return line
    if kind in ("setup", "hand"):
        return line
    if kind == "clock":
        if not isinstance(board.clock, SimClock):
            raise SimInputError("clock: this simulator runs on the wall clock; time passes by itself")
        return line
    raise SimInputError(f"unknown input type {quoted(kind)} (lift, place, move, roll, spin, press, card, hand, setup, "
                        "clock)")

"""The board's vocabulary: squares, token channels, frame sizes, teams and the settle window.

Defined once here and imported by the rules engines, the core, the HAL backends, the LED planner and
the simulator; the firmware, which cannot import host code, carries a generated copy of the constants
(``firmware_bridge/firmware/sbconst.py``, checked equal by a test). docs/board.md describes them.

A square is an index 0..127: ``(rank - 1) * 8 + file`` with file a=0 .. h=7 and rank 1..16, named
like ``"c10"``. Every square senses three token channels, one bit each: a red pawn, a blue pawn, the
ball. The two teams are named after their channels. How a game numbers its pawns is the game's own
business (each ruleset has its pieces module); the board only knows colours.
"""

from __future__ import annotations

FILES = "abcdefgh"
N_FILES = 8
N_RANKS = 16
N_SQUARES = N_FILES * N_RANKS  # 128

# Token channels: one bit each in a square's occupancy mask.
RED_BIT = 1
BLUE_BIT = 2
BALL_BIT = 4
ALL_TOKENS = RED_BIT | BLUE_BIT | BALL_BIT
TOKENS = ("red", "blue", "ball")  # in bit order
TOKEN_BIT = {"red": RED_BIT, "blue": BLUE_BIT, "ball": BALL_BIT}
BIT_TOKEN = {bit: token for token, bit in TOKEN_BIT.items()}

# Teams, in the order both games number them (0 red, 1 blue); a team's pawns sense on its channel.
TEAMS = ("red", "blue")
TEAM_BIT = (RED_BIT, BLUE_BIT)

# A sensor frame: one occupancy mask per square. An LED frame: (r, g, b) per square.
SENSOR_FRAME_LEN = N_SQUARES
LED_FRAME_LEN = N_SQUARES * 3  # 384

# A change of occupancy counts once it has stayed this long (a hand passing over, a wobbling pawn).
SETTLE_MS = 50
SETTLE_SECONDS = SETTLE_MS / 1000


def parse_team(text: str) -> int:
    """A team's index from its name; ValueError for anything else."""
    if text not in TEAMS:
        raise ValueError(f"{text!r} is not a team (red or blue)")
    return TEAMS.index(text)


def team_index(team: int | str) -> int:
    """A team given as its index (0, 1) or its name ("red", "blue"): the index, checked at the call.

    >>> team_index("blue"), team_index(0)
    (1, 0)
    """
    if isinstance(team, str):
        return parse_team(team)
    if not isinstance(team, int) or isinstance(team, bool):
        raise TypeError(f"team must be 0, 1, 'red' or 'blue', not {type(team).__name__} {team!r}")
    if team not in (0, 1):
        raise ValueError(f"{team!r} is not a team (0 or 1, red or blue)")
    return team


def square_index(name: str) -> int:
    """Index of a square name such as ``"c10"``; ValueError for anything else.

    >>> square_index("a1"), square_index("c10"), square_index("h16")
    (0, 74, 127)
    """
    if not isinstance(name, str) or len(name) < 2:
        raise ValueError(f"{name!r} is not a square name (a1..h16)")
    file_char, rank_text = name[0], name[1:]
    if file_char not in FILES or not rank_text.isdigit() or rank_text.startswith("0"):
        raise ValueError(f"{name!r} is not a square name (a1..h16)")
    rank = int(rank_text)
    if not 1 <= rank <= N_RANKS:
        raise ValueError(f"{name!r} is not a square name (a1..h16)")
    return (rank - 1) * N_FILES + FILES.index(file_char)


def square_name(index: int) -> str:
    """Name of a square index 0..127.

    >>> square_name(74)
    'c10'
    """
    if not 0 <= index < N_SQUARES:
        raise ValueError(f"square index out of range: {index}")
    return f"{FILES[index & 7]}{(index >> 3) + 1}"


def token_bit(token: str) -> int:
    """The channel bit of a token name (``red``, ``blue``, ``ball``)."""
    try:
        return TOKEN_BIT[token]
    except (KeyError, TypeError):
        raise ValueError(f"unknown token {token!r}; expected one of {', '.join(TOKENS)}") from None


# The firmware's copy: MicroPython on the RP2040 cannot import this module, so these lines are written into
# the firmware's constants (between the markers) by `python -m hal.board`, and a test checks they agree.
FIRMWARE_CONSTANTS = "firmware_bridge/firmware/sbconst.py"
BEGIN_MARK = "# --- board vocabulary, generated from hal/board.py by `python -m hal.board`: do not edit ---"
END_MARK = "# --- end of board vocabulary ---"


def firmware_block() -> str:
    """The constants block the firmware carries, markers included."""
    lines = [
        BEGIN_MARK,
        f"FILES = {N_FILES}",
        f"RANKS = {N_RANKS}",
        f"CHANNELS = {len(TOKENS)}  # bits of an occupancy mask: red {RED_BIT}, blue {BLUE_BIT}, ball {BALL_BIT}",
        f"RED_BIT = {RED_BIT}",
        f"BLUE_BIT = {BLUE_BIT}",
        f"BALL_BIT = {BALL_BIT}",
        f"SQUARES = {N_SQUARES}",
        f"LED_BYTES = {LED_FRAME_LEN}",
        f"SETTLE_MS = {SETTLE_MS}  # a change is reported once it has stayed this long",
        END_MARK,
    ]
    return "\n".join(lines)


def with_firmware_block(text: str) -> str:
    """``text`` (the firmware constants file) with its generated block replaced by the current one."""
    start, end = text.find(BEGIN_MARK), text.find(END_MARK)
    if start < 0 or end < start:
        raise ValueError(f"{FIRMWARE_CONSTANTS} has no generated block between the board vocabulary markers")
    return text[:start] + firmware_block() + text[end + len(END_MARK):]


if __name__ == "__main__":
    from pathlib import Path

    target = Path(__file__).resolve().parents[1] / FIRMWARE_CONSTANTS
    old = target.read_text()
    new = with_firmware_block(old)
    if new != old:
        target.write_text(new)
    print(f"{FIRMWARE_CONSTANTS}: {'rewritten' if new != old else 'already up to date'}")

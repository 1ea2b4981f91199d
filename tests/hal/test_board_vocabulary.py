"""The board's vocabulary (hal/board.py) is defined once: the firmware's generated copy agrees with it and
no other module defines squares, token channels, frame sizes or the settle window for itself."""
from __future__ import annotations

import ast
from pathlib import Path

from firmware_bridge.firmware import sbconst
from hal import board
from hal.board import FIRMWARE_CONSTANTS, firmware_block, with_firmware_block

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("controller", "hal", "firmware_bridge", "simulator")
# names that mean a vocabulary concept; assigning one at module level anywhere but hal/board.py redefines it
VOCABULARY = {"FILES", "N_FILES", "N_RANKS", "N_SQUARES", "NUM_FILES", "NUM_RANKS", "NUM_SQUARES", "RANKS",
              "SQUARES", "CHANNELS", "TOKENS", "TOKEN_BIT", "TOKEN_BITS", "BIT_TOKEN", "RED_BIT", "BLUE_BIT",
              "BALL_BIT", "TEAMS", "TEAM_BIT", "SENSOR_FRAME_LEN", "LED_FRAME_LEN", "LED_BYTES", "SETTLE_MS",
              "SETTLE_SECONDS"}


def test_firmware_constants_are_the_generated_copy():
    text = (ROOT / FIRMWARE_CONSTANTS).read_text()
    assert firmware_block() in text, "run `python -m hal.board` to regenerate the firmware's constants"
    assert with_firmware_block(text) == text


def test_firmware_constants_have_the_boards_values():
    assert (sbconst.FILES, sbconst.RANKS, sbconst.SQUARES) == (board.N_FILES, board.N_RANKS, board.N_SQUARES)
    assert (sbconst.RED_BIT, sbconst.BLUE_BIT, sbconst.BALL_BIT) == (board.RED_BIT, board.BLUE_BIT, board.BALL_BIT)
    assert len(board.TOKENS) == sbconst.CHANNELS
    assert sbconst.LED_BYTES == board.LED_FRAME_LEN == 3 * board.N_SQUARES
    assert sbconst.SETTLE_MS == board.SETTLE_MS and board.SETTLE_SECONDS == board.SETTLE_MS / 1000


def test_a_stale_firmware_copy_is_rewritten():
    stale = (ROOT / FIRMWARE_CONSTANTS).read_text().replace("SETTLE_MS = 50", "SETTLE_MS = 40")
    assert "SETTLE_MS = 40" in stale
    assert with_firmware_block(stale) == (ROOT / FIRMWARE_CONSTANTS).read_text()


def _module_assignments(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.parse(path.read_text()).body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, ast.AnnAssign) else []
        for target in targets:
            for leaf in ast.walk(target):
                if isinstance(leaf, ast.Name):
                    names.add(leaf.id)
    return names


def test_no_module_defines_the_vocabulary_again():
    own = {ROOT / "hal" / "board.py", ROOT / FIRMWARE_CONSTANTS}
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if path in own:
                continue
            again = _module_assignments(path) & VOCABULARY
            if again:
                found[str(path.relative_to(ROOT))] = sorted(again)
    assert not found, f"import these from hal.board instead of defining them: {found}"


def test_square_names_round_trip_and_refuse_nonsense():
    assert [board.square_name(board.square_index(n)) for n in ("a1", "h1", "a16", "c10")] == ["a1", "h1", "a16",
                                                                                             "c10"]
    for bad in ("", "a0", "a17", "i1", "a01", "A1", 7):
        try:
            board.square_index(bad)  # type: ignore[arg-type]
        except ValueError as e:
            assert "square name" in str(e)
        else:
            raise AssertionError(f"{bad!r} accepted")

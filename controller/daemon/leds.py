"""The `<base>/leds` document: what the LEDs under the board show, square by square.

The LED planner (legal destinations, set-piece zones, corrections, the move clock's last seconds) is
the lead's part; until it lands the daemon drives no colours, so the document it publishes is the
truth: every square dark, `planner: null`. `led_document` already turns any 384-byte frame into the
published form, so the planner only has to hand frames (and, optionally, meanings) to the daemon.
"""
from __future__ import annotations

from hal.frames import LED_FRAME_LEN, NUM_SQUARES, blank_led_frame, square_name

SCHEMA = "soccerboard.leds/1"


def led_document(frame: bytes | None = None, meanings: dict[str, str] | None = None,
                 planner: str | None = None) -> dict:
    """Lit squares only: {"a1": {"rgb": [r, g, b], "meaning": ...}}; an empty dict is a dark board."""
    frame = frame if frame is not None else blank_led_frame()
    if len(frame) != LED_FRAME_LEN:
        raise ValueError(f"LED frame must be {LED_FRAME_LEN} bytes")
    squares = {}
    for i in range(NUM_SQUARES):
        rgb = frame[3 * i: 3 * i + 3]
        if any(rgb):
            name = square_name(i)
            squares[name] = {"rgb": list(rgb), "meaning": (meanings or {}).get(name)}
    return {"schema": SCHEMA, "planner": planner, "lit": len(squares), "squares": squares}

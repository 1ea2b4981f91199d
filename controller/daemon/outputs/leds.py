"""The `<base>/leds` document: what the LEDs under the board show, square by square.

While a game runs, the LED planner (controller/leds/) makes this document (`LedPlan.to_json`). Before
the first set-up there is no game to plan from: the board is dark, and `led_document` says so in the
same published form (`planner: null`); it also turns any other 384-byte frame into that form.
"""
from __future__ import annotations

from hal.board import LED_FRAME_LEN, N_SQUARES, square_name
from hal.frames import blank_led_frame

from ...leds.planner import SCHEMA


def led_document(frame: bytes | None = None, meanings: dict[str, str] | None = None,
                 planner: str | None = None) -> dict:
    """Lit squares only: {"a1": {"rgb": [r, g, b], "meaning": ...}}; an empty dict is a dark board."""
    frame = frame if frame is not None else blank_led_frame()
    if len(frame) != LED_FRAME_LEN:
        raise ValueError(f"LED frame must be {LED_FRAME_LEN} bytes")
    squares = {}
    for i in range(N_SQUARES):
        rgb = frame[3 * i: 3 * i + 3]
        if any(rgb):
            name = square_name(i)
            squares[name] = {"rgb": list(rgb), "meaning": (meanings or {}).get(name)}
    return {"schema": SCHEMA, "planner": planner, "lit": len(squares), "squares": squares}

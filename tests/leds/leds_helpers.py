"""Helpers for the LED tests: exact frames written as {meaning: "sq sq ..."}."""
from __future__ import annotations

from controller.games.stw import geometry as g
from controller.leds import RGB


def expect_exact(plan, expected: dict[str, str]) -> None:
    """The plan lights exactly these squares with these meanings, and the frame carries their colours."""
    want = {m: sorted(sqs.split(), key=g.parse) for m, sqs in expected.items()}
    assert plan.by_meaning() == want
    frame = plan.frame()
    assert isinstance(frame, bytes) and len(frame) == 384
    colour = {g.parse(s): RGB[m] for m, sqs in expected.items() for s in sqs.split()}
    for sq in range(128):
        assert tuple(frame[3 * sq:3 * sq + 3]) == colour.get(sq, (0, 0, 0)), g.name(sq)
    doc = plan.to_json()
    assert doc["schema"] == "soccerboard.leds/1"
    assert doc["squares"] == {g.name(s): {"rgb": list(rgb), "meaning": plan.meanings[s]}
                              for s, rgb in sorted(colour.items())}
    assert doc["lit"] == len(colour)


def mask(squares: str) -> int:
    return g.mask_of(g.parse(s) for s in squares.split())

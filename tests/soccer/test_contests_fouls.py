"""Fouls and cards (p.16, P6, P18, P41)."""

from __future__ import annotations

from .table import Table, named


def foul_by_blue(t: Table, at: str, interceptor: str = "blue-4", holder_die: int = 3) -> None:
    """blue intercepts red's holder; equal totals: a foul, blue's 2D6 due."""
    t.do(type="intercept", model=interceptor, at=at, cm=2)
    t.roll("blue", holder_die)
    t.roll("red", holder_die)
    assert t.snapshot()["awaiting"]["for"] == "foul"
    assert t.snapshot()["awaiting"]["dice"] == {"red": 0, "blue": 2}


def blue_phase(holder: str = "red-2") -> Table:
    return Table(kickoff=None, start={"half": 1, "turn": 3, "team": "blue", "holder": holder})


def test_A8_a_direct_kick_in_the_fouling_teams_penalty_area_is_a_penalty_counted_twice() -> None:
    t = blue_phase()
    foul_by_blue(t, "red:penalty")
    events = t.roll("blue", 4, 3)
    [foul] = named(events, "foul")
    assert foul["total"] == 7 and foul["team"] == "red"
    assert named(events, "yellow_card") == [{"event": "yellow_card", "model": "red-2", "team": "red", "yellow": 1}]
    [penalty] = named(events, "penalty_kick")
    assert penalty["team"] == "blue"
    assert not named(events, "direct_kick")
    snap = t.snapshot()
    assert snap["counted"] == 2 and snap["phase"] == "penalty_kick" and snap["team"] == "blue"


def test_A8_an_indirect_kick_is_never_a_penalty() -> None:
    t = blue_phase()
    foul_by_blue(t, "red:penalty")
    events = t.roll("blue", 1, 2)
    [kick] = named(events, "indirect_kick")
    assert kick["team"] == "blue" and kick["at"] == "red:penalty"
    assert not named(events, "penalty_kick") and not named(events, "yellow_card")
    assert t.snapshot()["counted"] == 1


def test_P18_a_direct_kick_outside_the_penalty_area_stays_a_direct_kick() -> None:
    t = blue_phase()
    foul_by_blue(t, "red:shooting")
    [kick] = named(t.roll("blue", 2, 3), "direct_kick")
    assert kick["team"] == "blue" and kick["at"] == "red:shooting"


def test_P18_the_card_goes_to_the_attempting_model_not_the_helper() -> None:
    t = blue_phase()
    t.do(type="intercept", model="blue-4", at="field", cm=2, helper="blue-5")
    t.roll("blue", 2)
    t.roll("red", 3)
    events = t.roll("blue", 4, 4)  # 8: direct kick to red, yellow to the interceptor
    assert [e["model"] for e in named(events, "yellow_card")] == ["blue-4"]
    assert named(events, "direct_kick")[0]["team"] == "red"


def test_P18_a_red_card_sends_off_unreplaced() -> None:
    t = blue_phase()
    foul_by_blue(t, "field")
    events = t.roll("blue", 6, 6)  # 12: direct kick to red, red card to the interceptor
    assert [e["model"] for e in named(events, "red_card")] == ["blue-4"]
    assert t.snapshot()["models"]["blue-4"]["status"] == "sent_off"


def test_A9_a_second_yellow_is_a_red_and_sends_off_and_it_cannot_be_substituted() -> None:
    t = blue_phase()
    foul_by_blue(t, "field")
    t.roll("blue", 4, 4)  # 8: yellow to blue-4, direct kick to red
    assert t.snapshot()["models"]["blue-4"]["yellow"] == 1
    t.do(type="pass", model="red-2", to="red-3", cm=10, height="low")  # the direct kick, a short pass
    t.do(type="end_phase")
    assert t.snapshot()["team"] == "blue"
    foul_by_blue(t, "field", holder_die=4)
    events = t.roll("blue", 5, 5)  # 10: yellow to the interceptor again
    assert [e["event"] for e in events if e["event"] in ("yellow_card", "red_card")] == ["yellow_card", "red_card"]
    snap = t.snapshot()
    assert snap["models"]["blue-4"]["yellow"] == 2 and snap["models"]["blue-4"]["status"] == "sent_off"
    assert t.refused(type="substitute", off="blue-4", on="blue-13") == "no_substitution"


def test_P6_a_foul_counts_and_lengthens_the_half() -> None:
    t = Table(kickoff=None, start={"half": 1, "turn": 3, "team": "blue", "holder": "red-2", "counted": 1})
    foul_by_blue(t, "field")
    events = t.roll("blue", 2, 2)
    assert named(events, "half_length")[0]["turns"] == 13

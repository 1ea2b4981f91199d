"""The keeper's exit (p.25, P26, P32)."""

from __future__ import annotations

from .table import Table, named


def s3_shoots(at: str = "blue:shooting") -> Table:
    t = Table(kickoff=None, rosters=None, options={"points": 2000},
              start={"half": 1, "turn": 3, "team": "red", "holder": "red-9"})
    t.do(type="roster", team="red", models=[{"shirt": 9, "name": "Nine", "P": 2, "S": 3, "H": 2, "INT": 2, "A": 2,
                                             "PC": 1}])
    t.do(type="roster", team="blue", models=[{"shirt": 4, "name": "Four", "P": 2, "S": 2, "H": 2, "INT": 2,
                                              "A": 2, "PC": 1}])
    t.do(type="shoot", model="red-9", at=at, goal_cm=12, zones=0, via="i")
    return t


def test_A14_an_exit_at_12_cm_with_1_on_the_axis_rolling_4_fails_and_s3_rolling_3_scores() -> None:
    t = s3_shoots()
    t.do(type="gk_exit", model="blue-1", cm=12, on_axis=1)
    assert t.snapshot()["awaiting"]["dice"] == {"red": 0, "blue": 1}
    events = t.roll("blue", 4)
    [exit_] = named(events, "gk_exit")
    assert exit_["total"] == 3 and exit_["need"] == 4 and exit_["result"] == "fail"
    assert named(events, "neutralized") == [{"event": "neutralized", "model": "blue-1"}]
    assert t.snapshot()["awaiting"]["dice"] == {"red": 1, "blue": 0}
    events = t.roll("red", 3)
    assert named(events, "shot")[0]["total"] == 4
    assert named(events, "goal")[0]["team"] == "red"


def test_P26_after_a_failed_exit_the_one_die_shot_below_4_is_a_goal_kick() -> None:
    t = s3_shoots()
    t.do(type="gk_exit", model="blue-1", cm=12, on_axis=1)
    t.roll("blue", 4)
    assert named(t.roll("red", 2), "goal_kick")[0]["team"] == "blue"


def test_A14_an_exit_rolling_2_minus_1_in_the_area_d6_5_is_a_red_card_and_a_penalty() -> None:
    t = s3_shoots(at="blue:penalty")
    t.do(type="gk_exit", model="blue-1", cm=8, on_axis=1)
    [exit_] = named(t.roll("blue", 2), "gk_exit")
    assert exit_["result"] == "offence"
    assert t.snapshot()["awaiting"]["dice"] == {"red": 0, "blue": 1}  # P31: the keeper's team's second D6
    events = t.roll("blue", 5)
    assert [e["model"] for e in named(events, "red_card")] == ["blue-1"]
    [penalty] = named(events, "penalty_kick")
    assert penalty["team"] == "red"
    snap = t.snapshot()
    assert snap["models"]["blue-1"]["status"] == "sent_off"
    assert snap["counted"] == 2
    assert snap["awaiting"]["what"] == "keeper" and snap["awaiting"]["team"] == "blue"  # P41


def test_P26_an_offence_outside_the_area_is_a_direct_kick_3_4_with_a_yellow() -> None:
    t = s3_shoots()
    t.do(type="gk_exit", model="blue-1", cm=8, on_axis=2)
    t.roll("blue", 3)
    events = t.roll("blue", 3)
    assert named(events, "yellow_card")[0]["model"] == "blue-1"
    assert named(events, "direct_kick")[0]["team"] == "red"
    assert t.snapshot()["counted"] == 1


def test_P26_a_successful_exit_puts_the_ball_in_his_hands() -> None:
    t = s3_shoots()
    t.do(type="gk_exit", model="blue-1", cm=18, on_axis=0)
    events = t.roll("blue", 5)
    assert named(events, "keeper_ball")[0]["team"] == "blue"


def test_P32_the_shots_first_die_declines_the_exit() -> None:
    t = s3_shoots()
    t.roll("red", 3)
    assert t.refused(type="gk_exit", model="blue-1", cm=8, on_axis=0) == "not_expected"


def test_p25_no_exit_beyond_20_cm() -> None:
    t = s3_shoots()
    assert t.refused(type="gk_exit", model="blue-1", cm=21, on_axis=0) == "too_far"

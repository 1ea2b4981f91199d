"""Shots (p.17-19, P3, P5, P14, P16, P21, P31)."""

from __future__ import annotations

from typing import Any

from .table import Table, named


def red_attacks(holder: str = "red-9", rosters: list[dict[str, Any]] | None = None) -> Table:
    """Mid-match, red's phase, `holder` with the ball (shirt 9 S3 when `rosters` gives it)."""
    t = Table(kickoff=None, rosters=None if rosters else "standard", options={"points": 2000},
              start={"half": 1, "turn": 3, "team": "red", "holder": holder})
    if rosters:
        t.do(type="roster", team="red", models=rosters)
        t.do(type="roster", team="blue", models=[{"shirt": 4, "name": "Four", "P": 2, "S": 2, "H": 2, "INT": 2,
                                                  "A": 2, "PC": 1}])
    return t


def striker(shirt: int = 9, **levels: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"shirt": shirt, "name": f"N{shirt}", "P": 2, "S": 2, "H": 2, "INT": 2, "A": 2, "PC": 1}
    return {**base, **levels}


def shot(**fields: Any) -> dict[str, Any]:
    line: dict[str, Any] = {"type": "shoot", "model": "red-9", "at": "blue:shooting", "goal_cm": 15, "zones": 0,
                            "via": "i"}
    return {**line, **fields}


def test_A11_s3_at_8_cm_in_one_zone_5_vs_2_is_a_goal_and_the_conceding_team_kicks_off() -> None:
    t = red_attacks(rosters=[striker(S=3)])
    t.do(**shot(goal_cm=8, zones=1))
    assert t.snapshot()["awaiting"]["for"] == "shot"
    assert "gk_exit" in t.snapshot()["awaiting"]["may"]
    events = t.roll("red", 5) + t.roll("blue", 2)
    [s] = named(events, "shot")
    assert s["modifiers"] == [0, 0] and s["totals"] == [8, 4] and s["result"] == "goal"
    assert named(events, "goal")[0]["team"] == "red"
    snap = t.snapshot()
    assert snap["score"] == {"red": 1, "blue": 0}
    assert snap["phase"] == "kick_off" and snap["team"] == "blue" and snap["turn"] == 4
    assert snap["models"]["red-9"]["levels"]["S"] == 3  # P30: the roll made it public


def test_p18_difference_1_is_the_keepers_2d6_on_the_saved_table() -> None:
    t = red_attacks()
    t.do(**shot())
    t.roll("red", 4)
    t.roll("blue", 3)
    assert t.snapshot()["awaiting"]["dice"] == {"red": 0, "blue": 2}
    [corner] = named(t.roll("blue", 2, 3), "corner_kick")
    assert corner["team"] == "red" and corner["table"] == "saved"


def test_p19_saved_2_slips_into_the_goal() -> None:
    t = red_attacks()
    t.do(**shot())
    t.roll("red", 4)
    t.roll("blue", 3)
    assert named(t.roll("blue", 1, 1), "goal")[0]["team"] == "red"


def test_p18_failed_4_to_7_is_a_goal_kick_8_9_his_hands() -> None:
    t = red_attacks()
    t.do(**shot())
    t.roll("red", 1)
    t.roll("blue", 6)
    [kick] = named(t.roll("blue", 3, 4), "goal_kick")
    assert kick["team"] == "blue"
    t = red_attacks()
    t.do(**shot())
    t.roll("red", 1)
    t.roll("blue", 6)
    [hands] = named(t.roll("blue", 4, 4), "keeper_ball")
    assert hands["team"] == "blue" and hands["model"] == "blue-1"
    assert t.snapshot()["phase"] == "keeper_ball"


def test_p18_failed_2_3_deflects_off_the_named_interferer_the_shooters_team_rolling_the_template() -> None:
    t = red_attacks()
    t.do(**shot(interferer="blue-4"))
    t.roll("red", 1)
    t.roll("blue", 6)
    t.roll("blue", 1, 1)
    assert t.snapshot()["awaiting"]["dice"] == {"red": 3, "blue": 0}
    t.roll("red", 1, 2, 2)
    t.do(type="ball", out="goal_line")
    assert named(t.events, "corner_kick")[-1]["team"] == "red"  # P14: the defender touched it last


def test_p18_failed_2_3_without_an_interferer_is_a_goal_kick() -> None:
    t = red_attacks()
    t.do(**shot())
    t.roll("red", 1)
    t.roll("blue", 6)
    assert named(t.roll("blue", 2, 1), "goal_kick")[0]["team"] == "blue"


def test_A12_failed_12_the_bar_the_template_between_the_posts_keeper_3_plus_a2_is_a_goal() -> None:
    t = red_attacks()
    t.do(**shot())
    t.roll("red", 1)
    t.roll("blue", 6)
    t.roll("blue", 6, 6)
    assert t.snapshot()["awaiting"] == {**t.snapshot()["awaiting"], "for": "post", "dice": {"red": 1, "blue": 0}}
    [post] = named(t.roll("red", 3), "post")
    assert post["post"] == "bar"
    t.roll("red", 4, 2, 1)
    t.do(type="ball", out="goal")
    assert t.snapshot()["awaiting"]["dice"] == {"red": 0, "blue": 1}
    events = t.roll("blue", 3)
    assert named(events, "goal")[0]["team"] == "red"


def test_p17_no_shot_from_the_no_shooting_area_or_after_moving_too_far() -> None:
    t = red_attacks()
    assert t.refused(**shot(at="blue:no_shooting")) == "no_shot"  # A15
    assert t.refused(**shot(at="red:shooting")) == "no_shot"
    assert t.refused(**shot(via="iii", moved_cm=6)) == "no_shot"  # A15
    assert t.refused(**shot(via="ii", moved_cm=3)) == "no_shot"
    t.do(**shot(via="iii", moved_cm=5))


def test_p18_side_area_minus_2_zones_at_most_2_keeper_out_plus_1() -> None:
    t = red_attacks()
    t.do(**shot(at="blue:side", goal_cm=25, zones=3, gk_out=True))
    [s] = named(t.roll("red", 6) + t.roll("blue", 1), "shot")
    assert s["modifiers"] == [-1 - 2 + 1 - 2, 0]


def test_P3_the_kick_off_receiver_may_not_score_that_phase() -> None:
    t = Table().kicked_off()
    assert t.refused(type="shoot", model="red-10", at="blue:shooting", goal_cm=15, zones=0, via="i") == "no_shot"


def test_P32_a_receiver_that_lets_p5s_shot_go_by_may_not_shoot_that_phase() -> None:
    t = red_attacks()
    t.do(type="pass", model="red-9", to="red-8", cm=10, height="low")
    t.do(type="move", model="red-7", cm=5)
    assert t.refused(**shot(model="red-8")) == "already_acted"


def test_P5_a_successful_passs_receiver_may_shoot_at_once() -> None:
    t = red_attacks()
    t.do(type="pass", model="red-9", to="red-8", cm=28, height="low")
    t.roll("red", 6)
    assert "shoot" in t.snapshot()["awaiting"]["may"]
    t.do(**shot(model="red-8"))


def test_A13_header_8_cm_difference_0_keeper_5_post_then_over_the_line_d6_2_is_a_goal() -> None:
    t = red_attacks()
    t.do(type="pass", model="red-9", to="red-8", cm=28, height="high")
    t.roll("red", 6)
    t.do(type="header", model="red-8", to="goal", cm=8, at="blue:penalty")
    events = t.roll("red", 2) + t.roll("blue", 3)
    [header] = named(events, "header")
    assert header["totals"] == [5, 5] and header["result"] == "keeper_roll"
    [post] = named(t.roll("blue", 5), "post")
    assert post["post"] == "closest"
    assert t.snapshot()["awaiting"]["dice"] == {"red": 3, "blue": 0}  # P31: the heading team's template
    t.roll("red", 1, 1, 1)
    t.do(type="ball", out="goal")
    assert t.snapshot()["awaiting"]["dice"] == {"red": 0, "blue": 1}
    assert named(t.roll("blue", 2), "goal")[0]["team"] == "red"


def test_P16_a_header_at_goal_from_the_no_shooting_area_is_no_shot() -> None:
    t = red_attacks()
    t.do(type="pass", model="red-9", to="red-8", cm=28, height="high")
    t.roll("red", 6)
    assert t.refused(type="header", model="red-8", to="goal", cm=20, at="blue:no_shooting") == "no_shot"


def test_P16_header_difference_minus_1_is_a_goal_kick() -> None:
    t = red_attacks()
    t.do(type="pass", model="red-9", to="red-8", cm=28, height="high")
    t.roll("red", 6)
    t.do(type="header", model="red-8", to="goal", cm=15, at="blue:shooting")
    events = t.roll("red", 2) + t.roll("blue", 3)
    assert named(events, "goal_kick")[0]["team"] == "blue"


def test_P21_a_pass_at_an_out_of_position_keepers_goal_scores_on_success() -> None:
    t = red_attacks()
    t.do(type="pass", model="red-9", to="goal", cm=35, height="high")
    events = t.roll("red", 5)  # 5 + P2 - 1 - 1 = 5
    assert named(events, "goal")[0]["team"] == "red"


def test_P21_the_keeper_cannot_block_the_deviated_pass_at_goal() -> None:
    t = red_attacks()
    t.do(type="pass", model="red-9", to="goal", cm=35, height="high")
    t.roll("red", 1)
    t.roll("red", 1, 1, 1)
    events = t.do(type="ball", out="goal", end="blue")
    assert named(events, "goal")[0]["team"] == "red"


def test_P22_a_restart_kicks_taker_receiving_the_phases_pass_may_shoot_at_once() -> None:
    t = Table(kickoff=None, start={"half": 1, "turn": 3, "team": "red", "holder": "blue-9"})
    t.do(type="intercept", model="red-4", at="field", cm=2)
    t.roll("red", 3)
    t.roll("blue", 3)
    t.roll("red", 1, 1)                         # Foul 2: an indirect kick to blue
    assert t.snapshot()["phase"] == "indirect_kick"
    t.do(type="pass", model="blue-7", to="blue-8", cm=10, height="low")
    t.do(type="pass", model="blue-8", to="blue-7", cm=10, height="low")     # the phase's pass
    assert "shoot" in t.snapshot()["awaiting"]["may"]
    t.do(type="shoot", model="blue-7", at="red:shooting", goal_cm=15, zones=0, via="i")
    assert t.snapshot()["awaiting"]["for"] == "shot"


def test_p18_the_shot_event_names_the_shooters_team() -> None:
    t = red_attacks()
    t.do(**shot())
    [s] = named(t.roll("red", 5) + t.roll("blue", 2), "shot")
    assert s["team"] == "red"


def test_P50_the_kick_off_after_a_goal_opens_with_nothing_acted() -> None:
    t = red_attacks()
    t.do(**shot())
    t.roll("red", 6)
    t.roll("blue", 1)
    snap = t.snapshot()
    assert snap["phase"] == "kick_off" and snap["acted"] is False
    assert not any(model.acted for model in t.match.models.values())

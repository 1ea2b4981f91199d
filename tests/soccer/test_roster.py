"""Rosters (p.8-10, P1, P2, P38, P39)."""
from __future__ import annotations

from typing import Any

from controller.games.soccer.roster import model_cost, standard

from .table import Table, named


def field(shirt: int, **levels: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"shirt": shirt, "name": f"N{shirt}", "P": 2, "S": 2, "H": 2, "INT": 2, "A": 2, "PC": 1}
    return {**base, **levels}


def test_P1_the_standard_roster_costs_1700_points() -> None:
    assert sum(model_cost(e) for e in standard("red")) == 1700


def test_A1_a_roster_of_1720_points_is_roster_invalid() -> None:
    t = Table(rosters=None)
    # shirt 2's P 2 -> 4 adds 20 points: 1720
    assert t.refused(type="roster", team="red", models=[field(2, P=4)]) == "roster_invalid"


def test_A1_two_level_4s_on_a_model_are_roster_invalid() -> None:
    t = Table(rosters=None, options={"points": 3000})
    assert t.refused(type="roster", team="red", models=[field(2, P=4, S=4)]) == "roster_invalid"


def test_P1_three_level_3s_on_a_model_are_roster_invalid() -> None:
    t = Table(rosters=None, options={"points": 3000})
    assert t.refused(type="roster", team="red", models=[field(2, P=3, S=3, H=3)]) == "roster_invalid"


def test_P1_a_team_needs_exactly_one_team_captain() -> None:
    t = Table(rosters=None)
    assert t.refused(type="roster", team="red", models=[field(10)]) == "roster_invalid"


def test_P1_keepers_skills_are_for_keepers_only() -> None:
    t = Table(rosters=None, options={"points": 2000})
    assert t.refused(type="roster", team="red", models=[field(5, skill="Fists")]) == "roster_invalid"


def test_P1_only_keepers_have_SV() -> None:
    t = Table(rosters=None, options={"points": 2000})
    assert t.refused(type="roster", team="red", models=[field(5, SV=1)]) == "roster_invalid"


def test_P1_a_budget_option_allows_a_dearer_roster() -> None:
    t = Table(rosters=None, options={"points": 1720})
    events = t.do(type="roster", team="red", models=[field(2, P=4)])
    assert named(events, "roster")[0]["points"] == 1720


def test_P39_skills_match_ignoring_case_spaces_dashes_and_underscores() -> None:
    t = Table(rosters=None, options={"points": 2000})
    t.do(type="roster", team="red", models=[field(7, skill="tackle_IN"), field(8, skill="Corner kick")])
    assert t.match.models["red-7"].skill == "Tackle-in"
    assert t.match.models["red-8"].skill == "Curved kick"


def test_P39_an_unknown_skill_is_roster_invalid() -> None:
    t = Table(rosters=None, options={"points": 2000})
    assert t.refused(type="roster", team="red", models=[field(7, skill="Bicycle")]) == "roster_invalid"


def test_P39_a_level_outside_1_to_4_is_roster_invalid_and_a_missing_one_bad_input() -> None:
    t = Table(rosters=None)
    assert t.refused(type="roster", team="red", models=[field(7, S=5)]) == "roster_invalid"
    missing = field(7)
    del missing["S"]
    assert t.refused(type="roster", team="red", models=[missing]) == "bad_input"


def test_P39_a_listed_model_replaces_its_shirt_whole() -> None:
    t = Table(rosters=None)
    t.do(type="roster", team="blue", models=[field(10, skill="Team Captain", name="Capitano")])
    t.do(type="roster", team="red", models=[field(3, S=1, P=3)])
    m = t.match.models["red-3"]
    assert (m.levels["S"], m.levels["P"], m.name) == (1, 3, "N3")
    assert t.match.models["blue-10"].name == "Capitano"


def test_P38_without_rosters_each_team_sends_one_before_play() -> None:
    t = Table(rosters=None)
    assert t.snapshot()["awaiting"]["what"] == "roster"
    assert t.refused(type="kick_off", from_="red-9", to="red-10") == "not_expected"
    t.do(type="roster", team="red", models=[field(2)])
    assert t.snapshot()["awaiting"] == {**t.snapshot()["awaiting"], "what": "roster", "team": "blue"}
    t.do(type="roster", team="blue", models=[field(2)])
    t.kicked_off()
    assert t.refused(type="roster", team="red", models=[field(2)]) == "not_expected"


def test_P38_a_refused_roster_changes_nothing() -> None:
    t = Table()
    t.refused(type="roster", team="red", models=[field(2, P=4, S=4)])
    assert t.match.models["red-2"].levels["P"] == 2


def test_P30_levels_are_hidden_until_used_but_awareness_is_public() -> None:
    snap = Table().snapshot()
    assert snap["models"]["red-5"]["levels"] == {"A": 2}
    assert snap["models"]["red-5"]["zone_cm"] == 3.0
    assert snap["models"]["red-12"]["status"] == "bench"

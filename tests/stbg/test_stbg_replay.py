"""`soccerboard replay` plays STBG scenarios: a set-up with "ruleset": "stbg", the new lines (hand, card, press
done / star_* / substitution), and every bad input of the issue refused with a stable reason and nothing
changed."""
import json
import subprocess
import sys

import pytest

from .dsl import event_names, explicit, replay, setup_line, snapshot, verdicts

STANDARD = setup_line(formation="standard", kickoff="red")
RED4 = {"p1": "d1", "p2": "b6", "p3": "d6", "p4": "f6"}
BLUE4 = {"p1": "d16", "p2": "b11", "p3": "d11", "p4": "f11"}


def roll(team, value):
    return {"type": "roll", "die": team, "value": value}


def move(a, b, token):
    return {"type": "move", "from": a, "to": b, "token": token}


def press(button, team=None, **kw):
    return {"type": "press", "button": button, **({"team": team} if team else {}), **kw}


def test_the_setup_selects_the_stbg_engine():
    out = replay(STANDARD)
    snap = snapshot(out)
    assert snap["ruleset"] == "stbg" and snap["turn"] == "red" and snap["ball"] == "d8"
    assert snap["board"]["consistent"]


def test_cli_replays_an_stbg_scenario():
    lines = [STANDARD, json.dumps(roll("red", 3)), json.dumps(move("d8", "e8", "ball"))]
    proc = subprocess.run([sys.executable, "-m", "controller.cli", "replay", "-"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=60)
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert proc.returncode == 0 and {"event": "kick_off", "period": 1, "team": "red"} in out


def test_a_split_turn_with_move_lines_and_done():
    out = replay(STANDARD, roll("red", 5), move("d8", "e8", "ball"), move("b6", "b8", "red"),
                 move("e8", "e10", "ball"), move("e8", "e10", "red"), press("done", "red"))
    v = verdicts(out)
    assert all(v[n]["ok"] for n in v), v
    snap = snapshot(out)
    assert snap["holder"] == "red-p3" and snap["ball"] == "e10" and snap["turn"] == "blue"


def test_explicit_setup_names_the_team_to_roll():
    out = replay(explicit(RED4, BLUE4, "d11", turn="blue"), roll("blue", 2))
    assert snapshot(out)["holder"] == "blue-p3" and snapshot(out)["points_left"] == 2


def test_a_fault_card_and_substitution_through_lines():
    blue = {**BLUE4, "p3": "c6"}
    out = replay(explicit(RED4, blue, "d6", turn="blue"), roll("blue", 1), move("c6", "d6", "blue"),
                 roll("red", 4), roll("blue", 4), {"type": "card", "card": "yellow"},
                 press("substitution", "blue", pawn="blue-p3"))
    v = verdicts(out)
    assert all(x["ok"] for x in v.values()), v
    assert event_names(out)[-1] == "substitution" and snapshot(out)["substitutions"]["blue"] == 1


BAD = [
    ("card when no fault is pending", [{"type": "card", "card": "yellow"}], "card_not_allowed"),
    ("star card at a set piece (the kick-off)", [press("star_pass", "red")], "card_not_allowed"),
    ("a hand with a seventh card",
     [{"type": "hand", "team": "red", "cards": ["pass"] * 3 + ["shoot"] * 2 + ["steal"] * 2}], "card_not_allowed"),
    ("a fifth card of a kind", [{"type": "hand", "team": "red", "cards": ["pass"] * 5 + ["shoot"]}],
     "card_not_allowed"),
    ("a move over the budget", [roll("red", 2), move("d8", "e8", "ball"), move("b6", "b9", "red")], "over_budget"),
    ("a roll out of turn", [roll("blue", 2)], "not_your_turn"),
    ("done without a team", [roll("red", 2), move("d8", "e8", "ball"), press("done")], "bad_input"),
    ("an unknown button", [press("spin", "red")], "bad_input"),
    ("a spin line", [{"type": "spin", "outcome": "goal"}], "not_expected"),
]


@pytest.mark.parametrize(("what", "lines", "reason"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_refused_with_a_stable_reason_and_nothing_changes(what, lines, reason):
    out = replay(STANDARD, *lines)
    last = verdicts(out)[len(lines) + 1]
    assert not last["ok"] and last["reason"] == reason, (what, last)
    before = snapshot(replay(STANDARD, *lines[:-1]))
    assert snapshot(out) == before


def test_a_kick_over_an_opponent_is_refused():
    blue = {**BLUE4, "p3": "d8"}
    out = replay(explicit(RED4, blue, "d6"), roll("red", 4), move("d6", "d10", "ball"))
    assert verdicts(out)[3]["reason"] == "path_blocked"
    assert snapshot(out)["ball"] == "d6"


def test_a_second_star_card_in_a_turn_is_refused():
    red = {**RED4, "p4": "h10"}
    out = replay(explicit(RED4 | red, {**BLUE4, "p3": "c9"}, "d6", turn="blue"), press("star_steal", "blue"),
                 move("c9", "d6", "blue"), press("star_pass", "blue"))
    v = verdicts(out)
    assert v[3]["ok"] and v[4]["reason"] == "card_not_allowed"


def test_stw_set_up_may_not_name_a_turn():
    out = replay(json.dumps({"type": "setup", "formation": "standard", "kickoff": "red", "turn": "red"}))
    assert verdicts(out)[1]["reason"] == "bad_input"


def test_an_unknown_ruleset_is_bad_input():
    out = replay(json.dumps({"type": "setup", "ruleset": "chess"}))
    assert verdicts(out)[1]["reason"] == "bad_input"


def test_stbg_lines_in_a_soccer_tactics_world_game_are_refused_not_a_crash():
    out = replay(json.dumps({"type": "setup", "formation": "standard", "kickoff": "red"}),
                 {"type": "card", "card": "red"}, {"type": "hand", "team": "red", "cards": ["pass"]})
    v = verdicts(out)
    assert not v[2]["ok"] and not v[3]["ok"]


def test_s8_a_dribble_written_as_two_move_lines_either_way_round():
    for first, second in (("ball", "red"), ("red", "ball")):
        out = replay(explicit(RED4, BLUE4, "d6"), roll("red", 2), move("d6", "d8", first), move("d6", "d8", second))
        v = verdicts(out)
        assert all(x["ok"] for x in v.values()), (first, v)
        assert snapshot(out)["holder"] == "red-p3" and snapshot(out)["points_left"] == 0


def test_the_free_kicks_roll_ends_its_set_up_done_is_optional():
    blue = {**BLUE4, "p3": "c6"}
    out = replay(explicit(RED4, blue, "d6", turn="blue"), roll("blue", 1), move("c6", "d6", "blue"),
                 roll("red", 4), roll("blue", 4), {"type": "card", "card": "blank"}, roll("red", 3),
                 move("d6", "c5", "blue"), roll("red", 3))
    v = verdicts(out)
    assert v[7]["reason"] == "placement" and v[8]["ok"] and v[9]["ok"]
    assert snapshot(out)["turn_kind"] == "free_kick" and snapshot(out)["points_left"] == 3


# ----- S36: a `move` line is a lift and a place, S29 included --------------------------------------------------
S36_SETUP = explicit({**RED4, "p2": "b4"}, BLUE4, ball="d6")


def _lifted_and_placed(a, b, token):
    return [{"type": "lift", "square": a, "token": token}, {"type": "place", "square": b, "token": token}]


def test_s36_a_move_line_taken_back_costs_nothing_as_four_raw_lines_do():
    by_moves = replay(S36_SETUP, roll("red", 2), move("b4", "b6", "red"), move("b6", "b4", "red"))
    by_raw = replay(S36_SETUP, roll("red", 2), *_lifted_and_placed("b4", "b6", "red"),
                    *_lifted_and_placed("b6", "b4", "red"))
    assert all(v["ok"] for v in verdicts(by_moves).values()), by_moves
    assert snapshot(by_moves)["points_left"] == snapshot(by_raw)["points_left"] == 2
    assert snapshot(by_moves)["pawns"]["red-p2"] == snapshot(by_raw)["pawns"]["red-p2"]
    assert event_names(by_moves) == event_names(by_raw)


def test_s36_consecutive_move_lines_of_one_token_are_one_move_costed_from_its_first_square():
    # b4 -> c5 -> b6: 1 + 1 by S5 as one move b4 -> b6 (2), as by the raw lines; then a lift goes on with it too
    out = replay(S36_SETUP, roll("red", 3), move("b4", "c5", "red"), move("c5", "b6", "red"),
                 *_lifted_and_placed("b6", "b4", "red"), move("f6", "f9", "red"))
    v = verdicts(out)
    assert all(v[n]["ok"] for n in v), v
    snap = snapshot(out)
    assert snap["pawns"]["red-p2"]["square"] == "b4" and snap["pawns"]["red-p4"]["square"] == "f9"
    assert snap["points_left"] == 0


def test_s36_another_input_between_ends_the_move():
    out = replay(S36_SETUP, roll("red", 2), move("b4", "b6", "red"), {"type": "clock", "advance": 1.0},
                 move("b6", "b4", "red"))
    v = verdicts(out)
    assert v[5]["reason"] == "over_budget" and snapshot(out)["pawns"]["red-p2"]["square"] == "b6"


def test_s36_a_continuation_the_rules_refuse_from_the_first_square_is_judged_alone():
    # b4 -> b6 (2 of 3), then b6 -> b7: as one move b4 -> b7 it costs 3, within the roll: accepted
    out = replay(S36_SETUP, roll("red", 3), move("b4", "b6", "red"), move("b6", "b7", "red"),
                 move("b7", "b10", "red"))
    v = verdicts(out)
    assert v[3]["ok"] and v[4]["ok"] and v[5]["reason"] == "over_budget"     # b4 -> b10 costs 6, b7 -> b10 3
    assert snapshot(out)["pawns"]["red-p2"]["square"] == "b7" and snapshot(out)["points_left"] == 0


def test_undo_takes_back_the_last_move_and_never_the_roll():
    """BOARD.md 5, `undo`: the referee takes back the last accepted action; a die rolled is not rolled again."""
    out = replay(S36_SETUP, roll("red", 3), move("b4", "b6", "red"), {"type": "clock", "advance": 1.0},
                 press("undo"), press("undo"))
    v = verdicts(out)
    assert v[5]["ok"] and v[6]["reason"] == "nothing_to_undo" and "not rolled again" in v[6]["detail"]
    snap = snapshot(out)
    assert snap["pawns"]["red-p2"]["square"] == "b4" and snap["points_left"] == 3

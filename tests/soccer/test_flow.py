"""Turns, phases, stoppages, halves, substitutions, keepers, disputes and dice routing (p.5-7, p.10, P3-P7,
P29, P32-P34, P41, P42, P48, P50)."""
from __future__ import annotations

import copy
import pickle

import pytest

from controller.games.soccer.flow import award, goal, restart_taken, send_off
from controller.games.soccer.state import Ball
from controller.scenario import BadInput, Setup, parse_obj
from controller.seam import Illegal
from controller.story import of, sentence

from .table import Table, named


def play_turn(t: Table) -> None:
    t.do(type="end_phase")
    t.do(type="end_phase")


def test_P3_the_kick_off_gives_the_ball_to_the_receiver_and_opens_the_phase() -> None:
    t = Table(kickoff="blue")
    events = t.do(type="kick_off", from_="blue-9", to="blue-10")
    assert [e["event"] for e in events] == ["kick_off", "phase"]
    snap = t.snapshot()
    assert snap["ball"] == {"holder": "blue-10", "state": "held"}
    assert (snap["phase"], snap["team"], snap["acted"]) == ("play", "blue", False)
    assert t.match.no_score == "blue-10"


def test_P3_the_kick_off_is_the_kick_off_teams() -> None:
    t = Table(kickoff="blue")
    assert t.refused(type="kick_off", from_="red-9", to="red-10") == "not_your_turn"


def test_P4_a_turn_is_two_phases_the_kick_off_team_first() -> None:
    t = Table(kickoff="blue").kicked_off("blue")
    assert named(t.do(type="end_phase"), "phase")[0]["team"] == "red"
    events = t.do(type="end_phase")
    assert [e["event"] for e in events] == ["turn_end", "phase"]
    assert (t.snapshot()["turn"], t.snapshot()["team"]) == (2, "blue")


def test_P4_halves_last_12_turns_then_half_time_and_the_other_team_kicks_off() -> None:
    t = Table().kicked_off()
    for _ in range(11):
        play_turn(t)
    t.do(type="end_phase")
    events = t.do(type="end_phase")
    assert [e["event"] for e in events] == ["turn_end", "half_time"]
    snap = t.snapshot()
    assert (snap["phase"], snap["team"], snap["turn"], snap["ball"]["state"]) == ("half_time", "blue", 12, "dead")
    assert snap["awaiting"]["what"] == "kick_off"
    t.do(type="kick_off", from_="blue-9", to="blue-10")
    assert (t.snapshot()["half"], t.snapshot()["turn"]) == (2, 1)


def test_P50_full_time_after_the_second_half_and_only_a_dispute_is_taken() -> None:
    t = Table(start={"half": 2, "turn": 12, "team": "red", "holder": "red-10", "score": {"red": 1}})
    play_turn(t)
    snap = t.snapshot()
    assert (snap["phase"], snap["team"], snap["awaiting"]["what"]) == ("full_time", None, "none")
    assert t.game.is_terminal() and t.game.result().winner == "red"
    [full_time] = named(t.events, "full_time")
    assert (full_time["winner"], full_time["score"]) == ("red", {"red": 1, "blue": 0})
    assert t.refused(type="end_phase") == "not_expected"
    t.do(type="dispute", a="it was in", b="it was out")
    assert named(t.roll("blue", 5), "dispute")[0]["winner"] == "b"


def test_A16_three_throw_ins_and_a_foul_make_a_half_of_14_turns() -> None:
    t = Table().kicked_off()
    for _ in range(3):
        award(t.match, "throw_in", "blue", "field", counted=1)
        t.match.phase = "play"                  # the throw taken: play on
        t.match.restart = None
    events = award(t.match, "direct_kick", "red", "field", counted=1)
    assert named(events, "half_length")[0]["turns"] == 14
    assert t.snapshot()["half_length"] == 14 and t.snapshot()["counted"] == 4


def test_A16_half_time_comes_after_turn_14() -> None:
    t = Table(start={"half": 1, "turn": 13, "team": "red", "holder": "red-10", "counted": 4})
    assert t.snapshot()["half_length"] == 14
    play_turn(t)
    assert t.snapshot()["turn"] == 14
    play_turn(t)
    assert named(t.events, "half_time") and t.snapshot()["turn"] == 14


def test_P6_a_half_lasts_at_most_15_turns() -> None:
    t = Table().kicked_off()
    award(t.match, "penalty_kick", "red", "blue:penalty", counted=12)
    assert t.snapshot()["half_length"] == 15


def test_P33_a_stoppage_ends_the_turn_and_sets_up_the_restart() -> None:
    t = Table().kicked_off()
    events = award(t.match, "corner_kick", "red", "blue:side")
    assert [e["event"] for e in events] == ["corner_kick", "turn_end"]
    snap = t.snapshot()
    assert (snap["turn"], snap["phase"], snap["team"], snap["ball"]["state"]) == (2, "corner_kick", "red", "dead")
    assert snap["awaiting"]["what"] == "corner_kick"


def test_P33_a_restart_due_after_the_last_turn_lapses_but_a_penalty_is_taken() -> None:
    t = Table(start={"half": 1, "turn": 12, "team": "red", "holder": "red-10"})
    events = award(t.match, "throw_in", "blue", "field", counted=1)
    assert [e["event"] for e in events] == ["throw_in", "turn_end", "half_time"]
    t = Table(start={"half": 1, "turn": 12, "team": "red", "holder": "red-10", "counted": 1})
    events = award(t.match, "penalty_kick", "red", "blue:penalty", counted=2)
    # P34: counted before the end is checked: 3 counted make 13 turns, so the penalty is taken in turn 13
    assert [e["event"] for e in events] == ["penalty_kick", "half_length", "turn_end"]
    assert (t.snapshot()["turn"], t.snapshot()["phase"]) == (13, "penalty_kick")
    t = Table(start={"half": 1, "turn": 12, "team": "red", "holder": "red-10"})
    events = award(t.match, "penalty_kick", "red", "blue:penalty", counted=1)
    assert [e["event"] for e in events] == ["penalty_kick", "turn_end"]
    assert (t.snapshot()["turn"], t.snapshot()["phase"], t.match.closing) == (12, "penalty_kick", True)


def test_P7_no_substitution_in_open_play() -> None:
    t = Table().kicked_off()
    assert t.refused(type="substitute", off="red-5", on="red-13") == "no_substitution"


def test_P41_three_substitutions_no_return_and_the_keepers_replacement_is_keeper() -> None:
    t = Table().kicked_off()
    award(t.match, "throw_in", "red", "field", counted=1)
    t.do(type="substitute", off="red-1", on="red-13")
    assert t.match.models["red-13"].keeper and t.match.models["red-13"].levels["SV"] == 1
    assert t.refused(type="substitute", off="red-13", on="red-1") == "no_substitution"
    t.do(type="substitute", off="red-2", on="red-12")
    t.do(type="substitute", off="red-3", on="red-14")
    assert t.snapshot()["substitutions_left"] == {"red": 0, "blue": 3}
    assert t.refused(type="substitute", off="red-4", on="red-2") == "no_substitution"
    assert t.refused(type="substitute", off="blue-4", on="blue-99") == "bad_input"


def test_P41_a_sent_off_model_is_not_substituted_and_its_team_names_a_keeper() -> None:
    t = Table().kicked_off()
    award(t.match, "direct_kick", "blue", "field", counted=1)
    send_off(t.match, "red-1")
    assert t.refused(type="substitute", off="red-1", on="red-12") == "no_substitution"
    assert t.snapshot()["awaiting"]["what"] == "keeper"
    assert t.refused(type="end_phase") == "not_expected"
    events = t.do(type="keeper", model="red-4")
    assert named(events, "keeper")[0]["SV"] == 1 and t.match.models["red-4"].keeper


def test_P48_a_dispute_awaits_one_die_of_either_team_and_closes_nothing() -> None:
    t = Table(rosters=None)
    t.do(type="dispute", a="A", b="B")
    assert t.snapshot()["awaiting"]["dice"] == {"red": 1, "blue": 1}
    assert t.refused(type="dispute", a="A", b="B") == "not_expected"
    assert named(t.roll("red", 3), "dispute")[0]["winner"] == "a"
    assert t.snapshot()["awaiting"]["what"] == "roster" and t.match.rosters_open


def test_P42_a_roll_when_no_die_is_due_is_not_expected() -> None:
    t = Table().kicked_off()
    assert t.refused(type="roll", die="red", value=3) == "not_expected"


def test_P42_a_roll_value_must_be_an_integer_1_to_6() -> None:
    t = Table().kicked_off()
    t.do(type="dispute", a="A", b="B")
    for bad in (7, 0, "3", 2.5, True):
        with pytest.raises(BadInput, match="roll line, value"):   # the core's parser, before the game
            t.do(type="roll", die="red", value=bad)


def test_a_refused_line_leaves_the_match_unchanged_and_undo_takes_back_a_line() -> None:
    t = Table().kicked_off()
    before = t.snapshot()
    t.do(type="end_phase")
    t.game.take_back()
    assert t.snapshot() == before


def test_a_match_pickles_and_deep_copies() -> None:
    t = Table().kicked_off()
    t.do(type="dispute", a="A", b="B")
    again = pickle.loads(pickle.dumps(t.game))
    assert t.ruleset.snapshot(again) == t.snapshot()
    assert copy.deepcopy(t.match) == t.match


def test_a_set_up_naming_a_turn_or_a_clock_is_refused() -> None:
    ruleset = Table().ruleset
    for key, value in (("turn", "red"), ("clock", {"period": 1})):
        setup = parse_obj({"type": "setup", "ruleset": "soccer", "kickoff": "red", key: value})
        assert isinstance(setup, Setup)
        with pytest.raises(ValueError, match=f"^{key}: "):
            ruleset.new_game(setup)


def test_P50_a_goal_ending_half_1_is_followed_by_the_other_teams_kick_off() -> None:
    t = Table(kickoff="blue", start={"half": 1, "turn": 12, "team": "blue", "holder": "blue-6"})
    events = goal(t.match, "blue", "blue-6")
    assert [e["event"] for e in events] == ["goal", "turn_end", "half_time"]
    assert (t.snapshot()["phase"], t.snapshot()["team"]) == ("half_time", "red")


def test_P4_after_a_goal_the_conceding_team_kicks_off_the_next_turn() -> None:
    t = Table().kicked_off()
    goal(t.match, "red", "red-10")
    snap = t.snapshot()
    assert (snap["turn"], snap["phase"], snap["team"], snap["score"]) == (2, "kick_off", "blue",
                                                                          {"red": 1, "blue": 0})
    assert t.refused(type="kick_off", from_="red-9", to="red-10") == "not_your_turn"
    t.do(type="kick_off", from_="blue-9", to="blue-10")


def test_P33_a_penalty_after_the_last_turn_ends_the_half_once_the_ball_is_settled() -> None:
    t = Table(start={"half": 2, "turn": 12, "team": "red", "holder": "red-6"})
    award(t.match, "penalty_kick", "blue", "red:penalty", counted=1)
    assert t.match.closing and t.snapshot()["phase"] == "penalty_kick"
    restart_taken(t.match)                      # the kick: a loose ball after its template, say
    t.match.ball = Ball(holder=None, state="loose", last_touch="blue", cause="post")
    events = t.do(type="claim", model="red-4", cm=3)
    assert [e["event"] for e in events] == ["claim", "possession", "full_time"]
    assert "turn_end" not in [e["event"] for e in events]


def test_the_referees_undo_leaves_a_roll_standing() -> None:
    t = Table().kicked_off()
    t.do(type="dispute", a="A", b="B")
    t.roll("red", 2)
    with pytest.raises(Illegal) as refused:
        t.game.take_back()
    assert refused.value.reason == "nothing_to_undo"


def test_P6_a_draw_at_full_time_names_no_winner_and_the_story_says_a_draw() -> None:
    t = Table(start={"half": 2, "turn": 12, "team": "red", "holder": "red-10", "score": {"red": 1, "blue": 1}})
    play_turn(t)
    [full_time] = named(t.events, "full_time")
    assert full_time["winner"] is None and full_time["score"] == {"red": 1, "blue": 1}
    assert sentence(full_time, "soccer").endswith("A draw")


def test_P50_full_time_after_1_0_says_the_winner() -> None:
    t = Table(start={"half": 2, "turn": 12, "team": "red", "holder": "red-10", "score": {"red": 1}})
    play_turn(t)
    assert sentence(named(t.events, "full_time")[0], "soccer") == "Full time: Red 1-0 Blue. Red wins"


def test_P50_a_stoppage_opens_the_restart_with_nothing_acted() -> None:
    t = Table(kickoff=None, start={"half": 1, "turn": 3, "team": "red", "holder": "red-9"})
    t.do(type="pass", model="red-9", to="point", cm=5, height="low")
    t.do(type="ball", out="side")
    snap = t.snapshot()
    assert snap["phase"] == "throw_in" and snap["acted"] is False
    assert not t.match.models["red-9"].acted


def test_P48_the_dispute_event_names_the_reading_it_settles_and_the_story_tells_it_whole() -> None:
    t = Table()
    t.do(type="dispute", a="it was in", b="it was out")
    [dispute] = named(t.roll("blue", 5), "dispute")
    assert dispute["settles"] == "it was out" and "text" not in dispute
    doc = of("soccer").annotate(dict(dispute))
    assert doc["text"] == "Dispute settled: it was out (dice 5)"


def test_P4_end_phase_naming_the_phases_team_ends_it_and_another_team_is_not_your_turn() -> None:
    t = Table().kicked_off()
    assert t.refused(type="end_phase", team="blue") == "not_your_turn"
    assert named(t.do(type="end_phase", team="red"), "phase")[0]["team"] == "blue"
    assert named(t.do(type="end_phase"), "turn_end")                    # without `team`: the phase's, as before

"""A game may have lines and set-up keys of its own (GameInfo.lines, GameInfo.setup_keys): the race test game
declares a `cheer` line and a `banner` set-up key. They reach that game only; in another game they are refused
`bad_input`, and the core lines keep their own forms and refusals."""
from __future__ import annotations

import pytest

from controller.core import Core
from controller.scenario import BadInput, GameLine, Move, Setup, parse_obj

CHEER = {"type": "cheer", "team": "red", "words": "come on"}


def _fed(lines: list[dict]) -> list[tuple[dict, list[dict]]]:
    """Each line's verdict and events, a line refused by the parser as the referee refuses it."""
    core = Core()
    out: list[tuple[dict, list[dict]]] = []
    for line in lines:
        try:
            done = core.feed(parse_obj(line))
        except BadInput as e:
            out.append(({"ok": False, "reason": "bad_input", "detail": str(e)}, []))
            continue
        out.append((done.verdict, done.events))
    return out


def test_a_line_of_a_games_own_reaches_that_game_through_its_ruleset(test_games):
    (setup, _), (cheer, events) = _fed([{"type": "setup", "ruleset": "race"}, CHEER])
    assert setup["ok"] and cheer["ok"]
    assert events == [{"event": "cheered", "team": "red", "words": "come on"}]


def test_a_line_of_a_games_own_is_checked_by_that_game(test_games):
    (_, _), (cheer, events) = _fed([{"type": "setup", "ruleset": "race"}, {**CHEER, "words": 7}])
    assert cheer == {"ok": False, "reason": "bad_input",
                     "detail": "a cheer line has a team (red or blue) and its words"}
    assert events == []


def test_a_line_of_another_games_own_means_nothing_in_this_game(test_games):
    (setup, _), (cheer, _) = _fed([{"type": "setup", "formation": "standard", "kickoff": "red"}, CHEER])
    assert setup["ok"]
    assert cheer["reason"] == "bad_input" and "a cheer line means nothing in" in cheer["detail"]


def test_a_line_type_no_registered_game_declares_is_unknown(test_games):
    with pytest.raises(BadInput, match=r'unknown line type "chant"; expected one of .*hand, or a line of a game'):
        parse_obj({"type": "chant"})


def test_a_games_own_line_nests_no_deeper_than_a_roster(test_games):
    with pytest.raises(BadInput, match="cheer line: cheer lines nest at most 4 levels deep"):
        parse_obj({**CHEER, "words": [[[["deep"]]]]})


def test_a_set_up_key_of_a_games_own_is_handed_to_that_game(test_games):
    line = parse_obj({"type": "setup", "ruleset": "race", "banner": "go red"})
    assert isinstance(line, Setup) and line.game == {"banner": "go red"}
    core = Core()
    assert core.feed(line).verdict["ok"]
    snapshot = core.snapshot()
    assert snapshot is not None and snapshot["banner"] == "go red"


def test_a_set_up_key_of_another_games_own_is_refused_by_this_game(test_games):
    (setup, _), = _fed([{"type": "setup", "formation": "standard", "kickoff": "red", "banner": "go red"}])
    assert setup == {"ok": False, "reason": "bad_input",
                     "detail": "setup line, banner: not a set-up key of soccer_tactics_world"}


def test_a_set_up_line_may_not_name_the_game_keys_itself(test_games):
    with pytest.raises(BadInput, match="setup line, game: Extra inputs are not permitted"):
        parse_obj({"type": "setup", "ruleset": "race", "game": {"banner": "x"}})


def test_a_core_line_keeps_its_form_and_its_refusal(test_games):
    """Whether or not a game has a line of the same type (a `move` of its own), a grid game's malformed `move`
    is refused with the core form's sentence."""
    assert isinstance(parse_obj({"type": "move", "from": "a1", "to": "a2", "token": "red"}), Move)
    assert not isinstance(parse_obj({"type": "roll", "die": "red", "value": 3}), GameLine)
    (_, _), (move, _) = _fed([{"type": "setup", "formation": "standard", "kickoff": "red"},
                              {"type": "move", "to": "a2", "token": "red"}])
    assert move["reason"] == "bad_input" and move["detail"].startswith("move line, from: Field required")

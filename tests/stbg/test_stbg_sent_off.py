"""A sent-off pawn (red card, second yellow) is off the pitch at once for the rules, and stands on its square
until the players lift it (BOARD.md section 3: pawns that leave the board are lifted and not put down): the
board is consistent with it there, and its lift is accepted, until play goes on."""
from controller.games.stbg import Leave, parse_action
from controller.games.stbg.physical import expected_occupancy
from hal.board import TEAM_BIT, square_index

from .dsl import event_names, explicit, position, rejects, replay, snapshot, verdicts

FAULT = ["roll blue 2", "blue-p2 d6", "roll red 3", "roll blue 3"]


def fouled():
    return position(red={"p1": "d1", "p2": "d6", "p3": "a2", "p4": "h2"},
                    blue={"p1": "d16", "p2": "d8", "p3": "d12", "p4": "e10"}, turn="blue")


def test_red_card_the_pawn_is_off_for_the_rules_and_stands_on_the_board_until_lifted():
    game = fouled()
    for step in [*FAULT, "card red"]:
        game.apply(parse_action(step))
    blue_p2 = 7
    assert game.state.sent_off[blue_p2] and game.state.sq[blue_p2] == -1
    assert expected_occupancy(game)[square_index("d6")] & TEAM_BIT[1]
    assert game.apply(Leave(blue_p2)) == [] and not expected_occupancy(game)[square_index("d6")] & TEAM_BIT[1]
    assert rejects(game, "leave blue-p2") == "no_token"


def test_play_going_on_takes_a_sent_off_pawn_off_the_board_a_tick_does_not():
    game = fouled()
    for step in [*FAULT, "card red", "tick 5"]:
        game.apply(parse_action(step))
    assert game.state.standing[7] == square_index("d6")
    game.apply(parse_action("blue-p4 e7"))
    assert game.state.standing[7] == -1 and rejects(game, "leave blue-p2") == "no_token"


def test_a_pawn_in_play_never_leaves_the_board():
    assert rejects(fouled(), "leave blue-p2") == "no_token"


def test_the_lift_of_the_sent_off_pawn_is_accepted_in_a_replay():
    setup = explicit(red={"p1": "d1", "p2": "d6", "p3": "a2", "p4": "h2"},
                     blue={"p1": "d16", "p2": "d8", "p3": "d12", "p4": "e10"}, ball="d6", turn="blue")
    out = replay(setup, '{"type": "roll", "die": "blue", "value": 2}',
                 '{"type": "move", "from": "d8", "to": "d6", "token": "blue"}',
                 '{"type": "roll", "die": "red", "value": 4}', '{"type": "roll", "die": "blue", "value": 4}',
                 '{"type": "card", "card": "red"}', '{"type": "lift", "square": "d6", "token": "blue"}',
                 '{"type": "lift", "square": "d6", "token": "blue"}')
    assert verdicts(out)[7]["ok"] and verdicts(out)[8]["reason"] == "no_token"
    assert "red_card" in event_names(out) and snapshot(out)["pawns"]["blue-p2"] == {
        "square": None, "yellow": 0, "sent_off": True, "goalie": False}

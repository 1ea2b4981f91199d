"""RULES-STBG.md, Set pieces, corner kick (S11, S20): the attacking team places the ball and a player on the
corner square and its others anywhere, `done`; the defending team at least 2 squares from the ball, `done`;
the roll is split between the kick and the players; the kicker may not carry the ball nor touch it again
before another pawn has."""
from .dsl import ball, holder, play, position, rejects, sq

RED4 = {"p1": "d1", "p2": "b6", "p3": "b14", "p4": "f6"}
BLUE4 = {"p1": "d16", "p2": "b11", "p3": "d11", "p4": "b15"}


def corner():
    game = position(red=RED4, blue=BLUE4, ball="b14")
    play(game, "roll red 2", "ball d16", "roll red 3", "roll blue 3")
    assert game.state.phase == "corner_setup" and game.expects() == {"input": "setup", "team": "red"}
    return game


def test_attacking_team_places_ball_and_player_on_the_corner_then_done():
    game = corner()
    assert rejects(game, "ball b16") == "placement"
    assert rejects(game, "done red") == "placement"
    assert rejects(game, "blue-p4 c12") == "not_your_turn"
    play(game, "ball a16", "red-p3 a16", "red-p2 c13")
    play(game, "done red")
    assert game.expects() == {"input": "setup", "team": "blue"}


def test_defending_team_two_squares_from_the_ball_refused_at_once_s20():
    game = corner()
    play(game, "ball a16", "red-p3 a16", "done red")
    assert rejects(game, "blue-p2 b15") == "placement"
    assert rejects(game, "done blue") == "placement"          # blue-p4 on b15 is next to the corner
    play(game, "blue-p4 c14", "done blue")
    assert game.state.phase == "play" and game.state.kind == "corner" and holder(game) == "red-p3"


def taken():
    game = corner()
    play(game, "ball a16", "red-p3 a16", "done red", "blue-p4 c14", "done blue")
    return game


def test_corner_roll_split_between_kick_and_players_no_star_card():
    game = taken()
    assert rejects(game, "star red pass") == "card_not_allowed"
    play(game, "roll red 5", "red-p2 b8")
    assert rejects(game, "red-p3 a15") == "kicker_holds"
    assert rejects(game, "done red") == "must_kick"
    play(game, "ball a13")
    assert ball(game) == "a13" and game.state.points == 0      # 2 + 3


def test_corner_kicker_barred_until_another_pawn_touches():
    game = taken()
    play(game, "roll red 6", "ball a14")
    assert rejects(game, "red-p3 a14") == "kicker_barred"
    play(game, "red-p3 b15")
    assert sq(game, "red-p3") == "b15"

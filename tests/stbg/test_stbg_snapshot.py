"""The STBG snapshot (S32): versioned, its JSON Schema exported, the additions RULES-STBG.md lists; the
library's notation, repr and undo."""
import json
from pathlib import Path

from controller.games.stbg import Game, StbgSnapshot, parse_action
from controller.games.stbg.snapshot import snapshot_of

from .dsl import play, position

EXPORTED = Path(__file__).resolve().parents[2] / "controller" / "games" / "stbg" / "snapshot.schema.json"


def test_the_exported_schema_is_the_models():
    assert json.loads(EXPORTED.read_text()) == StbgSnapshot.model_json_schema(), \
        "run: soccerboard schema --game stbg > controller/games/stbg/snapshot.schema.json"


def test_s32_snapshot_additions():
    game = position()
    play(game, "roll red 4")
    snap = snapshot_of(game).to_json_dict()
    assert snap["schema"] == "soccerboard.stbg-snapshot/1" and snap["ruleset"] == "stbg"
    assert snap["turn"] == "red" and snap["points_left"] == 4
    assert snap["star_cards"]["red"]["pass"] == {"used": 0, "left": 4}
    assert snap["substitutions"] == {"red": 0, "blue": 0}
    assert all("goalie" in p for p in snap["pawns"].values())
    assert snap["pawns"]["red-p1"]["goalie"] and not snap["pawns"]["red-p2"]["goalie"]
    assert snap["pawns"]["red-p5"] == {"square": None, "yellow": 0, "sent_off": True, "goalie": False}


def test_every_phase_snapshot_validates():
    from controller.games.stbg import Options
    from controller.games.stbg.bot import StbgBot, play_match
    game = Game.kick_off(None, Options(half_minutes=2))
    seen = set()

    def check(action, events):
        seen.add(game.state.phase)
        StbgSnapshot.model_validate(snapshot_of(game).to_json_dict())
    play_match(game, StbgBot(3), check)
    assert {"play", "battle", "full_time"} <= seen


def test_notation_round_trips_and_undo_restores():
    game = Game.kick_off(0)
    for text in ("roll red 3", "ball e8", "red-p3 e10", "done red"):
        action = parse_action(text)
        assert str(action) == text
        game.apply(action)
    assert repr(game) == "<Game play, red 0-0 blue, blue to roll>"
    game.undo()
    assert repr(game) == "<Game play, red 0-0 blue, red to move (0 points left)>"
    game.undo()
    game.undo()
    assert game.state.points == 3 and game.state.ball == 3 * 1 + 8 * 7 + 1 - 1

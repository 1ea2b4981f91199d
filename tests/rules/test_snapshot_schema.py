"""The snapshot is a versioned pydantic model whose JSON Schema is exported to the repository."""
import json
from pathlib import Path

from controller.games.stw.snapshot import SCHEMA, Snapshot
from controller.replay import replay_lines

EXPORTED = Path(__file__).resolve().parents[2] / "controller" / "games" / "stw" / "snapshot.schema.json"


def test_exported_schema_is_current():
    assert json.loads(EXPORTED.read_text()) == Snapshot.model_json_schema(), \
        "run: soccerboard schema > controller/games/stw/snapshot.schema.json"


def test_replay_snapshot_validates_against_the_model_and_names_its_version():
    out = replay_lines(['{"type": "setup", "formation": "standard", "kickoff": "blue"}'])
    snap = out[-1]["snapshot"]
    assert snap["schema"] == SCHEMA
    assert Snapshot.model_validate(snap).score.red == 0            # the published document is the model
    for key in ("score", "offense", "ball", "phase", "pawns"):
        assert key in snap
    assert snap["pawns"]["blue-s1"] == {"square": "d9", "yellow": 0, "sent_off": False}

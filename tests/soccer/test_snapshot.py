"""The published snapshot (P40): versioned, its JSON Schema exported and current, what section 4 lists."""
from __future__ import annotations

import json
from pathlib import Path

from controller.games.soccer.snapshot import SoccerSnapshot

from .table import Table

EXPORTED = Path(__file__).resolve().parents[2] / "controller" / "games" / "soccer" / "snapshot.schema.json"


def test_P40_the_exported_schema_is_the_models() -> None:
    assert json.loads(EXPORTED.read_text()) == SoccerSnapshot.model_json_schema(), \
        "run: soccerboard schema --game soccer > controller/games/soccer/snapshot.schema.json"


def test_P40_the_snapshot_has_the_keys_section_4_lists() -> None:
    snap = Table().snapshot()
    assert snap["schema"] == "soccerboard.soccer-snapshot/1" and snap["ruleset"] == "soccer"
    for key in ("score", "half", "turn", "half_length", "counted", "phase", "team", "ball", "acted", "awaiting",
                "models", "substitutions_left"):
        assert key in snap
    assert set(snap["awaiting"]) == {"what", "for", "team", "model", "dice", "may"}
    assert set(snap["models"]["red-1"]) == {"team", "shirt", "name", "status", "keeper", "neutralized", "moved",
                                            "yellow", "zone_cm", "levels"}
    assert (snap["phase"], snap["team"], snap["ball"]) == ("kick_off", "red", {"holder": None, "state": "dead"})
    SoccerSnapshot.model_validate(snap)


def test_P30_a_level_a_roll_used_becomes_public() -> None:
    t = Table(start={"half": 1, "turn": 2, "team": "red", "holder": "red-6"})
    t.do(type="pass", model="red-6", to="red-9", cm=28, height="high")
    t.roll("red", 4)
    assert t.snapshot()["models"]["red-6"]["levels"] == {"A": 2, "P": 2}


def test_P49_in_inches_the_control_zone_is_shown_as_the_interception_limit() -> None:
    assert Table(options={"units": "in"}).snapshot()["models"]["red-1"]["zone_cm"] == 1      # 3 cm: 1 in

"""A coach's phone says a refusal in its reader's language: the desk's answer to a line the game refuses carries the
sentence's template and arguments (`say`) beside its English `detail`, as the daemon's MQTT responses do, and the
Soccer!! console says it with the catalogue (controller/games/soccer/page.js sendLine)."""
from __future__ import annotations

from tests.games.coach_rig import CoachRig


def _said(doc: dict) -> str:
    """The English sentence a page makes of `say` with no catalogue: the template filled with its arguments."""
    args = {k: _said(v) if isinstance(v, dict) else v for k, v in doc.get("args", {}).items()}
    return doc["msg"].format(**args)


def test_a_coachs_refused_line_carries_its_sentence_to_translate(tmp_path):
    rig = CoachRig(tmp_path / "journal", ruleset="soccer").start(
        {"type": "setup", "ruleset": "soccer", "kickoff": "red", "rosters": "standard"})
    try:
        status, doc = rig.enter(rig.code("blue"), {"type": "end_phase", "team": "blue"})   # red kicks off first
        assert status == 409 and doc["ok"] is False and doc["team"] == "blue"
        assert isinstance(doc.get("say"), dict) and "{" in doc["say"]["msg"], doc
        assert _said(doc["say"]) == doc["detail"]
        status, doc = rig.enter(rig.code("red"), {"type": "roll", "die": "red", "value": 3})
        assert "say" not in doc or _said(doc["say"]) == doc["detail"]
    finally:
        rig.stop()

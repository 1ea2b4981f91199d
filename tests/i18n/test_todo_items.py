"""A restart's or set-up's to-do items: English in the snapshot's `todo` (what programs and replay read), and said
by the engine in `todo_say`, so a reader gets them in Italian with the pawns named by team and label."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from controller.daemon.referee import Referee
from controller.i18n import Say
from controller.i18n.translate import text

TESTS = Path(__file__).resolve().parents[1]


def _items(scenario: Path, part: str, ruleset: str | None = None) -> list[tuple[str, dict[str, Any]]]:
    """Every (English item, said item) a snapshot of the scenario's replay lists, in order, each once."""
    ref = Referee({}, True, ruleset=ruleset) if ruleset else Referee({}, True)
    seen: dict[str, dict[str, Any]] = {}
    for line in scenario.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        ref.feed(ref.normalise(json.loads(line)))
        doc = (ref.state_doc or {}).get(part) or {}
        assert len(doc.get("todo_say", [])) == len(doc.get("todo", []))
        for english, said in zip(doc.get("todo", []), doc.get("todo_say", []), strict=True):
            seen.setdefault(english, said)
    return list(seen.items())


def _sentence(v: Any) -> Any:
    """A said form back into the sentence it was made from."""
    if isinstance(v, list):
        return [_sentence(x) for x in v]
    if isinstance(v, dict):
        return Say(v["msg"], {k: _sentence(x) for k, x in v["args"].items()})
    return v


def _italian(items: list[tuple[str, dict[str, Any]]]) -> dict[str, str]:
    return {english: text(_sentence(said), "it") for english, said in items}


def test_stw_restart_todo_items_are_said_in_italian_and_keep_their_english() -> None:
    items = _items(TESTS / "golden" / "02_foul_cards_free_kick.jsonl", "restart")
    items += _items(TESTS / "golden" / "03_corner_kick.jsonl", "restart")
    assert all(str(_sentence(said)) == english for english, said in items)
    italian = _italian(items)
    assert italian["blue-m1 off d9"] == "blu m1 via da d9"
    assert italian["lift sent-off blue-m1 from d10"] == "togli l'espulso blu m1 da d10"
    assert italian["ball to a16"] == "palla in a16"


def test_stbg_set_up_todo_items_are_said_in_italian_and_keep_their_english() -> None:
    golden = TESTS / "stbg" / "golden"
    items = [i for name in ("04_corner", "05_penalty", "07_goal_and_kick_off_set_up")
             for i in _items(golden / f"{name}.jsonl", "setup", "stbg")]
    assert all(str(_sentence(said)) == english for english, said in items)
    italian = _italian(items)
    assert italian["the ball on a penalty-spot square"] == "la palla su una casella del dischetto del rigore"
    assert italian["red-p3 out of the penalty area"] == "rosso p3 fuori dall'area di rigore"
    assert italian["blue-p4 two squares from the ball"] == "blu p4 a due caselle dalla palla"
    assert italian["one pawn in the goal area"] == "una pedina nell'area di porta"
    assert italian["red-p3 off e16"] == "rosso p3 via da e16"


def test_an_unfinished_stbg_set_up_is_refused_with_its_items_said_in_italian() -> None:
    ref = Referee({}, True, ruleset="stbg")
    done = None
    for line in (TESTS / "stbg" / "golden" / "07_goal_and_kick_off_set_up.jsonl").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        ref.feed(ref.normalise(json.loads(line)))
        setup = (ref.state_doc or {}).get("setup")
        if setup and len(setup["todo"]) > 1:
            done = ref.feed(ref.normalise({"type": "press", "button": "done", "team": setup["team"]}))
            break
    assert done is not None
    refusal = done.verdict
    assert refusal["ok"] is False and "; " in refusal["detail"]
    italian = text(refusal["detail"], "it")
    assert italian.startswith("il posizionamento di ") and "; " in italian and "pedina" in italian

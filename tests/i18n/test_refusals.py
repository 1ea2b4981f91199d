"""A refusal stays English where it is data (the verdict's `detail`, replay's JSON, the journal) and is said in
the reader's language at the edges with its own arguments: the pawn, squares and roll of the move refused."""
from __future__ import annotations

import json
from pathlib import Path

from controller.daemon.inputs.commands import response
from controller.i18n import Say
from controller.i18n.translate import text
from controller.replay import replay_lines

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "01_kickoff_to_goal.jsonl"


def _refusals() -> list[dict]:
    return [o for o in replay_lines(GOLDEN.read_text(encoding="utf-8").splitlines()) if o.get("ok") is False]


def test_a_refusal_said_in_italian_keeps_its_arguments() -> None:
    blocked, wrong = _refusals()[:2]
    assert blocked["detail"] == "red-s1 (striker) from d11 to d14: every path of 3 steps passes through an opponent"
    assert text(blocked["detail"], "it") == ("red-s1 (attaccante) da d11 a d14: ogni percorso di 3 passi "
                                             "attraversa un avversario")
    assert text(wrong["detail"], "it") == ("red-s1 (attaccante) da d11 a d13: nessun percorso di esattamente 3 "
                                           "passi con al massimo un cambio di direzione")


def test_a_published_refusal_carries_what_a_page_needs_to_translate_it() -> None:
    blocked = _refusals()[0]
    doc = json.loads(json.dumps(response("sim/input", blocked)))
    assert doc["detail"] == blocked["detail"] and doc["reason"] == "path_blocked"
    assert doc["say"] == {
        "msg": "{who}: every path of {n} steps passes through an opponent",
        "args": {"who": {"msg": "{pawn} ({role}) from {frm} to {to}",
                         "args": {"pawn": "red-s1", "role": {"msg": "striker", "args": {}}, "frm": "d11",
                                  "to": "d14"}},
                 "n": 3}}


def test_every_refusal_of_the_golden_matches_is_a_said_sentence() -> None:
    for golden in sorted(GOLDEN.parent.glob("*.jsonl")):
        if golden.name.endswith(".expected.jsonl"):
            continue
        for o in replay_lines(golden.read_text(encoding="utf-8").splitlines()):
            if o.get("ok") is False and o.get("reason") != "bad_input":
                assert isinstance(o["detail"], Say), (golden.name, o)


def test_the_snapshot_of_a_board_out_of_step_says_how_to_put_it_right_in_italian() -> None:
    from tests.core.core_helpers import lift, new_core, place, roll
    core = new_core()
    roll(core, "red", 3)
    lift(core, "c6")
    place(core, "g6")                          # red-m1 has no path of three from c6 to g6
    refused = roll(core, "red", 2).verdict
    assert "say" not in refused                 # a verdict keeps replay's fields (docs/board.md section 6)
    assert text(refused["detail"], "it") == ("la tavola non è allineata con la partita: sollevate il segnalino "
                                             "rosso in g6; rimettete un segnalino rosso in c6")
    shown = json.loads(json.dumps(core.snapshot()))["board"]["mismatch"]
    assert shown["reason"] == "wrong_distance" and shown["say"]["args"]["who"]["args"]["pawn"] == "red-m1"


def test_no_refusal_in_the_code_is_a_bare_string() -> None:
    """A refusal's detail written as a string (a literal, an f-string, a concatenation) could never be said in
    another language: every `Illegal(reason, detail)` in the controller makes its detail with `say`."""
    import ast

    bare = []
    for path in sorted((Path(__file__).resolve().parents[2] / "controller").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "Illegal"
                    and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant | ast.JoinedStr | ast.BinOp)):
                bare.append(f"{path.name}:{node.lineno}: {ast.unparse(node.args[1])[:70]}")
    assert not bare, bare

"""A line that is no valid input is refused in the reader's language too: the parser's sentences (bad JSON, an
unknown type, a field out of range, a square that is none) are said, English as before where they are data."""
from __future__ import annotations

import json

import pytest

from controller.daemon.inputs.commands import response
from controller.daemon.referee import Referee
from controller.i18n.translate import text
from controller.scenario import BadInput, parse_line, parse_obj


def _refusal(line: str) -> BadInput:
    with pytest.raises(BadInput) as caught:
        parse_line(line)
    return caught.value


@pytest.mark.parametrize(("line", "english", "italian"), [
    ('{"type": "roll", "die": "red", "value": 9}',
     "roll line, value: Input should be less than or equal to 6 (got 9)",
     "riga roll, value: Il valore deve essere minore o uguale a 6 (ricevuto 9)"),
    ('{"type": "lift", "square": "z9", "token": "red"}',
     "lift line, square: not a square name (a1..h16) (got \"z9\")",
     "riga lift, square: non è il nome di una casella (a1..h16) (ricevuto \"z9\")"),
    ('{"type": "jump"}', None, "tipo di riga \"jump\" sconosciuto; previsto uno tra setup, lift"),
    ('[1, 2]', "a line must be a JSON object", "una riga deve essere un oggetto JSON"),
    ('{"type": "clock", "advance": NaN}', "not valid JSON: NaN is not a JSON number",
     "JSON non valido: NaN non è un numero JSON"),
])
def test_a_refused_line_is_said_in_italian_and_reads_in_english_as_before(line, english, italian) -> None:
    refused = _refusal(line)
    if english is not None:
        assert str(refused) == english
    assert text(refused.sentence, "it").startswith(italian)


def test_a_setup_naming_no_game_lists_the_games_in_italian() -> None:
    refused = _refusal('{"type": "setup", "ruleset": "chess"}')
    said = text(refused.sentence, "it")
    assert said.startswith("riga setup, ruleset: ") and "'soccer_tactics_world'" in said
    assert said.endswith('(ricevuto "chess")')


def test_the_referees_refusal_of_a_bad_line_carries_its_sentence_for_the_page() -> None:
    step = Referee().feed({"type": "roll", "die": "red", "value": 0})
    assert step.verdict["reason"] == "bad_input"
    doc = json.loads(json.dumps(response("sim/input", step.verdict)))
    assert doc["detail"] == "roll line, value: Input should be greater than or equal to 1 (got 0)"
    assert doc["say"]["msg"] == "{type} line, {field}: {problem} (got {value})"
    assert doc["say"]["args"]["problem"] == {"msg": "Input should be greater than or equal to {ge}", "args": {"ge": 1}}


def test_a_parsed_line_is_unchanged() -> None:
    assert parse_obj({"type": "roll", "die": "blue", "value": 4}).value == 4

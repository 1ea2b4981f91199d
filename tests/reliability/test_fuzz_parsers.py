"""Every parser a user or a wire can reach, fed arbitrary input (hypothesis): each answers with its one
documented refusal or a value, never another exception. SOCCERBOARD_FUZZ_EXAMPLES sets how many inputs each
gets (300 in CI; the full form on demand, e.g. 20000)."""
from __future__ import annotations

import json
import os
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.daemon.inputs.commands import COMMANDS, CommandError, parse_command
from controller.daemon.inputs.siminput import SimInputError, parse_payload
from controller.daemon.journal import JournalStore, read_journal
from controller.daemon.operations.config import ConfigError, load_settings
from controller.daemon.referee import Referee
from controller.scenario import BadInput, parse_line

pytestmark = pytest.mark.reliability
EXAMPLES = int(os.environ.get("SOCCERBOARD_FUZZ_EXAMPLES", "300"))
fuzz = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

# JSON-ish values that look like scenario lines: the right keys with wrong, odd or extreme values
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(allow_nan=True),
                    st.text(string.printable, max_size=12),
                    st.sampled_from(["a1", "h16", "i9", "c0", "red", "blue", "ball", "standard", "goal", "-1"]))
KEYS = st.sampled_from(["type", "square", "token", "from", "to", "die", "value", "outcome", "button", "advance",
                        "formation", "kickoff", "pawns", "ball", "options", "offense", "phase", "clock", "id",
                        "half_minutes", "move_seconds", "x"])
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner,
                                                                                           max_size=4), max_leaves=8)
LINES = st.dictionaries(KEYS, VALUES, max_size=6).map(
    lambda d: d) | st.builds(lambda t, d: {"type": t, **d},
                             st.sampled_from(["setup", "lift", "place", "move", "roll", "spin", "press", "clock"]),
                             st.dictionaries(KEYS, VALUES, max_size=5))


def _text(obj) -> str:
    try:
        return json.dumps(obj)
    except ValueError:
        return str(obj)


@fuzz
@given(st.one_of(LINES.map(_text), st.text(max_size=200), st.binary(max_size=200).map(
    lambda b: b.decode("utf-8", errors="replace"))))
def test_a_scenario_line_is_an_input_or_bad_input(text):
    try:
        line = parse_line(text)
    except BadInput as e:
        assert str(e)
    else:
        assert line is None or line.type in ("setup", "lift", "place", "move", "roll", "spin", "press", "clock",
                                             "hand", "card")


@fuzz
@given(st.lists(LINES, min_size=1, max_size=12))
def test_the_referee_answers_every_line_with_a_verdict(lines):
    ref = Referee()
    ref.feed({"type": "setup", "formation": "standard", "kickoff": "red"})
    for line in lines:
        step = ref.feed(line)
        assert isinstance(step.verdict.get("ok"), bool)
        if not step.verdict["ok"]:
            assert isinstance(step.verdict.get("reason"), str)


@fuzz
@given(st.sampled_from([*COMMANDS, "explode", ""]),
       st.one_of(st.binary(max_size=300), LINES.map(lambda d: _text(d).encode())))
def test_a_command_is_a_line_or_a_command_error(name, payload):
    try:
        line, _ = parse_command(name, payload)
    except CommandError as e:
        assert str(e)
    else:
        assert line["type"] in ("setup", "press")


@fuzz
@given(st.one_of(st.binary(max_size=300), LINES.map(lambda d: _text(d).encode())))
def test_a_simulator_input_is_a_line_or_a_refusal(payload):
    try:
        assert isinstance(parse_payload(payload), dict)
    except SimInputError as e:
        assert str(e)


@fuzz
@given(st.binary(max_size=600), st.sampled_from([b"", b"# soccerboard-journal {\"version\":2}\n",
                                                  b"# soccerboard-journal {\"version\":1}\n"]))
def test_any_bytes_read_as_a_journal_without_an_error(tmp_path_factory, body, head):
    path = tmp_path_factory.mktemp("j") / "b-20260101T000000-0.jsonl"
    path.write_bytes(head + body)
    jf = read_journal(path)
    assert jf.good_bytes <= len(head + body) and all(isinstance(line, dict) for line in jf.lines)


@fuzz
@given(st.binary(max_size=200))
def test_any_watermark_file_reads_as_a_seq_or_none(tmp_path_factory, data):
    store = JournalStore(tmp_path_factory.mktemp("w"), "b")
    store.watermark_path().write_bytes(data)
    seq = store.read_watermark(store.dir / "b-20260101T000000-0.jsonl")
    assert seq is None or (isinstance(seq, int) and seq >= 0)
    assert isinstance(store.last_seq(), int)


TOML_KEYS = st.sampled_from(["board_id", "[mqtt]", "host", "port", "[journal]", "dir", "[game]", "kickoff",
                             "options", "[daemon]", "tick_seconds", "[hardware]", "backend", "[web]", "enabled", "x"])
TOML_VALUES = st.one_of(
    st.sampled_from(['"a"', "1", "-1", "1e400", "nan", "true", "false", '"/nonexistent"', "[1, 2]", "{}", '"red"',
                     "", '"', "0", "9" * 5000, "{half_minutes = true}", "{a = {b = {c = {d = 1}}}}"]),
    st.integers(1, 100_000).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 3_000).map(lambda n: "{a = " * n + "1" + "}" * n),
    st.integers(100, 100_000).map(lambda n: '"' + "x" * n + '"'))


@fuzz
@given(st.lists(st.tuples(TOML_KEYS, TOML_VALUES), max_size=8), st.binary(max_size=40))
def test_any_config_file_loads_or_is_one_config_error(tmp_path_factory, pairs, noise):
    path = tmp_path_factory.mktemp("c") / "c.toml"
    text = "\n".join(k if k.startswith("[") else f"{k} = {v}" for k, v in pairs)
    path.write_bytes(text.encode() + noise)
    try:
        load_settings(path, env=False)
    except ConfigError as e:
        for problem in str(e).strip().splitlines():          # one line per problem, each naming the file
            assert problem.startswith(str(path)) and len(problem) < 600, problem[:700]


ENV_NAMES = st.sampled_from(["SOCCERBOARD_GAME__OPTIONS", "SOCCERBOARD_GAME", "SOCCERBOARD_MQTT__KEEPALIVE",
                             "SOCCERBOARD_HARDWARE__DICE", "soccerboard_web__port", "SOCCERBOARD_JOURNAL__DIR",
                             "SOCCERBOARD_DAEMON__NOPE", "SOCCERBOARD_HOMEASSISTANT__ENABLED", "SOCCERBOARD_HAL",
                             "SOCCERBOARD_GAME__OPTIONS__HALF_MINUTES", "SOCCERBOARD_MQTT__", "SOCCERBOARD_BOARD_ID"])
ENV_VALUES = st.one_of(st.text(max_size=30), LINES.map(_text), TOML_VALUES,
                       st.integers(1, 5_000).map(lambda n: '{"a": ' * n + "1" + "}" * n),
                       st.sampled_from(['{"half_minutes": NaN}', '{"half_minutes": true}', "{bad", "[]", "null"]))


@fuzz
@given(st.dictionaries(ENV_NAMES, ENV_VALUES.filter(lambda v: "\0" not in v), max_size=4))
def test_any_environment_loads_or_names_the_variable_at_fault(tmp_path_factory, monkeypatch, environment):
    import os
    monkeypatch.setattr(os, "environ", {k: v for k, v in os.environ.items() if not k.upper().startswith(
        "SOCCERBOARD_")} | environment)
    path = tmp_path_factory.mktemp("e") / "c.toml"
    path.write_text('[journal]\ndir = "/tmp/x"\n')
    try:
        load_settings(path)
    except ConfigError as e:
        for problem in str(e).strip().splitlines():
            assert problem.startswith(("environment variable SOCCERBOARD_", "environment variable soccerboard_",
                                       str(path))), problem
            assert len(problem) < 600, problem[:700]


# Hostile pieces of a replay line, as raw text of the line: each must end in a verdict for its line
HOSTILE_PIECES = st.one_of(
    st.integers(4000, 6000).map(lambda n: b"9" * n),                        # more digits than Python converts
    st.integers(1, 200_000).map(lambda n: b"[" * n + b"]" * n),              # nesting beyond any recursion limit
    st.integers(1, 2_000).map(lambda n: b'{"a": ' * n + b"1" + b"}" * n),
    st.sampled_from([b"NaN", b"Infinity", b"-Infinity", b"1e999", b"-0", b"1E400", b"true", b"null"]),
    st.integers(100, 200_000).map(lambda n: b'"' + b"x" * n + b'"'),       # huge strings
    st.text(st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), min_size=1, max_size=20).map(
        lambda s: json.dumps(s).encode()),                                  # lone surrogates, escaped as JSON says
    st.binary(min_size=1, max_size=40).map(lambda b: b.replace(b"\n", b"").replace(b"\r", b"") or b"\xff"),
)
TEMPLATES = [b'{"type": %s}', b'{"type": "lift", "square": %s, "token": "red"}',
             b'{"type": "place", "square": "d9", "token": %s}', b'{"type": "roll", "die": "red", "value": %s}',
             b'{"type": "clock", "advance": %s}', b'{"type": "setup", "formation": "standard", "options": {"x": %s}}',
             b'{"type": "setup", "formation": "standard", "options": {"half_minutes": %s}}',
             b'{"type": "setup", "pawns": {"red-gk": %s}, "ball": "d1", "offense": "red"}',
             b'{"type": "setup", "pawns": {"red-gk": "d1"}, "ball": "d1", "offense": "red", "phase": %s}',
             b'{"type": "setup", "pawns": {"red-gk": "d1"}, "ball": "d1", "offense": "red", '
             b'"clock": {"period": 1, "elapsed": %s}}',
             b'{"type": "press", "button": "substitution", "team": "red", "pawn": %s}',
             b'{"type": "spin", "outcome": "goal", %s: 1}', b"%s"]
SETUP_LINE = b'{"type": "setup", "formation": "standard", "kickoff": "red"}'


@fuzz
@given(st.lists(st.tuples(st.sampled_from(TEMPLATES), HOSTILE_PIECES), min_size=1, max_size=4),
       st.sampled_from(["json", "text"]))
def test_a_hostile_replay_line_gets_a_verdict_and_the_replay_goes_on(tmp_path_factory, pieces, fmt):
    import io

    from controller.replay import run
    lines = [SETUP_LINE] + [template.replace(b"%s", piece) for template, piece in pieces] + [
        b'{"type": "roll", "die": "red", "value": 3}']
    path = tmp_path_factory.mktemp("r") / "hostile.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    out = io.StringIO()
    assert run(str(path), stdout=out, fmt=fmt) == 0
    told = out.getvalue().splitlines()
    if fmt == "text":            # refusals in words, then the result: each line short
        assert told and all(len(line) < 400 for line in told), max(told, key=len)[:500]
        return
    outputs = [json.loads(line) for line in told]
    verdicts = [o for o in outputs if "line" in o]
    blank = {n for n, line in enumerate(lines, start=1) if not line.strip() or line.strip().startswith(b"#")}
    assert [v["line"] for v in verdicts] == [n for n in range(1, len(lines) + 1) if n not in blank]
    for verdict in verdicts:
        assert isinstance(verdict["ok"], bool)
        if not verdict["ok"]:
            assert verdict["reason"] and len(verdict.get("detail", "")) <= 300, verdict
    assert "snapshot" in outputs[-1]

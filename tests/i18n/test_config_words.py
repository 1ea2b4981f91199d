"""A configuration's value errors said in the language of the command line: pydantic's words by their error type,
the configuration's own 'must be ...' lines and the environment's; English as pydantic and the config say them."""
from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, Field, ValidationError

from controller.i18n.pydantic_words import said_error
from controller.i18n.translate import text
from tests.cli.cli_helpers import soccerboard

ENGLISH = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}


def _config(tmp_path: Path, body: str) -> str:
    path = tmp_path / "soccerboard.toml"
    path.write_text(body, encoding="utf-8")
    return str(path)


def test_a_value_error_of_the_file_is_said_in_italian(tmp_path: Path) -> None:
    path = _config(tmp_path, '[web]\nport = "x"\n[mqtt]\nkeepalive = 1\n')
    done = soccerboard("--lang", "it", "config", path, env=ENGLISH)
    assert done.returncode == 2
    assert (f"{path}: web.port = 'x': Il valore deve essere un intero valido, impossibile leggere la stringa come "
            "intero") in done.stderr
    assert f"{path}: mqtt.keepalive = 1: Il valore deve essere maggiore o uguale a 5" in done.stderr


def test_the_configs_own_lines_are_said_in_italian(tmp_path: Path) -> None:
    path = _config(tmp_path, '[mqtt]\nurl = "http://x"\n[daemon]\nwatchdog = 1\n')
    done = soccerboard("--lang", "it", "config", path, env=ENGLISH)
    assert "daemon.watchdog = 1: deve essere true o false" in done.stderr
    path = _config(tmp_path, '[mqtt]\nurl = "http://x"\n')
    done = soccerboard("--lang", "it", "config", path, env=ENGLISH)
    assert "mqtt.url = 'http://x': deve avere la forma mqtt://host:porta o mqtts://host:porta" in done.stderr


def test_watch_says_a_config_error_in_italian(tmp_path: Path) -> None:
    path = _config(tmp_path, '[web]\nport = 70000\n')
    done = soccerboard("--lang", "it", "watch", "--config", path, env=ENGLISH)
    assert done.returncode == 2
    assert done.stderr == (f"soccerboard watch: {path}: web.port = 70000: Il valore deve essere minore o uguale a "
                           "65535\n")


def test_an_environment_variable_error_is_said_in_italian(tmp_path: Path) -> None:
    path = _config(tmp_path, "")
    done = soccerboard("--lang", "it", "watch", "--config", path,
                       env={**ENGLISH, "SOCCERBOARD_WEB__PORT": "x", "SOCCERBOARD_GAME__OPTIONS": "[1]"})
    assert "variabile d'ambiente SOCCERBOARD_GAME__OPTIONS: game.options: deve essere un oggetto JSON" in done.stderr


def test_config_errors_read_in_english_as_pydantic_says_them(tmp_path: Path) -> None:
    path = _config(tmp_path, '[web]\nport = "x"\n')
    done = soccerboard("config", path, env=ENGLISH)
    assert done.stderr == (f"soccerboard config: {path}: web.port = 'x': Input should be a valid integer, unable to "
                           "parse string as an integer\n")


class _Model(BaseModel):
    ratio: float = Field(0.5, gt=0, le=1.0)
    name: str = Field("a", max_length=1)


def _errors(**data: object) -> list:
    try:
        _Model.model_validate(data)
    except ValidationError as e:
        return [dict(err) for err in e.errors()]
    return []


def test_pydantic_errors_are_said_by_type_with_their_bounds() -> None:
    (ratio,) = _errors(ratio=2)
    assert said_error(ratio) == "Input should be less than or equal to 1"
    assert text(said_error(ratio), "it") == "Il valore deve essere minore o uguale a 1"
    (name,) = _errors(name="ab")
    assert text(said_error(name), "it") == "La stringa deve avere al massimo 1 carattere"


def test_an_error_worded_otherwise_stays_pydantics_english() -> None:
    (ratio,) = _errors(ratio=2)
    ratio["msg"] = "Input must not exceed 1"
    assert text(said_error(ratio), "it") == "Input must not exceed 1"
    assert text(said_error({"type": "no_such_type", "msg": "odd"}), "it") == "odd"


def test_doctor_says_a_config_error_in_italian_and_keeps_it_english_in_json(tmp_path: Path) -> None:
    path = _config(tmp_path, '[web]\nport = "x"\n[mqtt]\nkeepalive = 1\n')
    done = soccerboard("--lang", "it", "doctor", "--config", path, env=ENGLISH)
    assert done.stdout.startswith(f"FAIL  config   {path}: mqtt.keepalive = 1: Il valore deve essere maggiore o "
                                  "uguale a 5 (e altri 1) -> ")
    done = soccerboard("--lang", "it", "doctor", "--config", path, "--json", env=ENGLISH)
    assert f"{path}: mqtt.keepalive = 1: Input should be greater than or equal to 5 (and 1 more)" in done.stdout

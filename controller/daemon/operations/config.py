"""The daemon's configuration: one TOML file, environment overrides, validated before anything starts.

Why pydantic-settings: a board is set up once by someone editing a file over SSH, then tuned with an
environment variable in a systemd drop-in (``SOCCERBOARD_MQTT__HOST=...``); both must be checked the
same way, and a mistake must say which key, which value and what would be allowed, before the
daemon touches the hardware. Environment variables win over the file (``SOCCERBOARD_`` prefix,
``__`` between section and key); load_settings reads them itself (config_env.py) so that a mistake names
the variable it is in, not the file. True and false are not numbers here, nor numbers true and false.
"""
from __future__ import annotations

import contextlib
import os
import tempfile
import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Annotated, Any, Literal, get_args, get_origin
from urllib.parse import urlparse

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

from controller.echo import quoted
from controller.games import UnknownGame, default, info
from controller.i18n import N_, say
from controller.i18n.pydantic_words import said_error
from controller.i18n.said import lines
from controller.scenario import registered_game

from ..match_seat import MatchSeat
from .config_env import MAX_DEPTH, EnvError, Environment, Loc, bare_type, dotted, merged, read_environment, too_deep

DEFAULT_PATH = "/etc/soccerboard/soccerboard.toml"


class ConfigError(ValueError):
    """A configuration that cannot run; the message names the key, the value and what is allowed."""


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid")


class HardwareConfig(_Section):
    backend: Literal["sim", "gpio", "serial"] = "sim"
    port: str = Field("auto", description="serial backend: 'auto' (the /dev/serial/by-id name) or a device path")
    baudrate: int = Field(115200, gt=0)
    dice: dict[str, int] | None = None
    gpio: dict[str, Any] = Field(default_factory=dict, description="gpio backend keys (rows, columns, buttons, ...)")

    def hal_config(self) -> dict:
        """The mapping hal.backends.open_hardware expects."""
        out: dict[str, Any] = {"backend": self.backend, "port": self.port, "baudrate": self.baudrate}
        if self.dice:
            out["dice"] = self.dice
        out.update(self.gpio)
        return out


class DiceConfig(_Section):
    """Where the rolls come from, apart from the board (hal/dice_roles.py, docs/dice.md)."""
    role: Literal["board", "godice", "page", "uart"] = Field(
        "board", description="board: the board's own receiver; godice: two GoDice over Bluetooth; page: rolled "
                             "on the page; uart: a dice receiver on a serial port of its own")
    red: str | None = Field(None, min_length=1, max_length=64,
                            description="godice: the red team's die, by name (or its start) or address")
    blue: str | None = Field(None, min_length=1, max_length=64, description="godice: the blue team's die")
    port: str | None = Field(None, min_length=1, description="uart: the dice receiver's serial device")
    baudrate: int = Field(9600, gt=0, description="uart: the receiver's speed")
    ids: dict[Literal["red", "blue"], int] | None = Field(None, description="uart: each team's die id")

    @model_validator(mode="after")
    def _needs(self):
        if self.role == "godice" and (self.red is None or self.blue is None):
            missing = " and ".join(t for t in ("red", "blue") if getattr(self, t) is None)
            raise ValueError(f"with role = 'godice' needs {missing}: each die's name or address "
                             "(soccerboard dice scan lists the dice in reach)")
        if self.role == "uart" and self.port is None:
            raise ValueError("with role = 'uart' needs port: the dice receiver's serial device")
        return self

    def hal_config(self) -> dict[str, Any]:
        """The mapping hal.dice_roles.open_dice expects."""
        return self.model_dump(exclude_none=True)


class MqttConfig(_Section):
    url: str = "mqtt://localhost:1883"
    username: str | None = None
    password: str | None = None
    password_file: Path | None = None
    client_id: str | None = None
    keepalive: int = Field(30, ge=5, le=3600)
    connect_timeout: float = Field(5.0, gt=0, le=120, description="seconds to wait for the broker before READY")
    tls_ca_file: Path | None = None
    tls_cert_file: Path | None = None
    tls_key_file: Path | None = None
    tls_insecure: bool = False

    @field_validator("url")
    @classmethod
    def _url(cls, v: str) -> str:
        u = urlparse(v)
        if u.scheme not in ("mqtt", "mqtts") or not u.hostname:
            raise ValueError(N_("must look like mqtt://host:port or mqtts://host:port"))
        try:
            _ = u.port          # urlparse checks the port only when it is asked for
        except ValueError:
            raise ValueError(N_("the port must be a number between 1 and 65535")) from None
        return v

    @property
    def host(self) -> str:
        return urlparse(self.url).hostname or "localhost"

    @property
    def port(self) -> int:
        u = urlparse(self.url)
        return u.port or (8883 if u.scheme == "mqtts" else 1883)

    @property
    def tls(self) -> bool:
        return urlparse(self.url).scheme == "mqtts" or self.tls_ca_file is not None

    def secret(self) -> str | None:
        """The password, read from password_file when one is given (keeps it out of the main file)."""
        if self.password_file is not None:
            try:
                return self.password_file.read_text(encoding="utf-8").strip()
            except (OSError, UnicodeDecodeError) as e:
                why = getattr(e, "strerror", None) or e
                raise ConfigError(say("mqtt.password_file = '{file}': cannot be read ({why}); soccerboard doctor says "
                                      "what to fix", file=self.password_file, why=why)) from None
        return self.password


class JournalConfig(_Section):
    dir: Path = Path("/var/lib/soccerboard/journal")
    keep_matches: int = Field(1000, ge=0, description="the newest journals kept; older ended ones are deleted "
                                                      "(0: no limit; docs/daemon.md, journal retention)")
    keep_days: int = Field(0, ge=0, description="ended journals older than this many days are deleted (0: no limit)")


class GameConfig(_Section):
    ruleset: Annotated[str, BeforeValidator(registered_game)] = Field(
        default_factory=lambda: default().name, description="the game refereed: a registered game's name")
    auto_setup: bool = Field(True, description="start a match in the standard formation when none is unfinished")
    kickoff: Literal["red", "blue"] | None = None
    options: dict[str, Any] = Field(default_factory=dict, description="match options (half_minutes, extra_time, ...)")

    @field_validator("options")
    @classmethod
    def _options(cls, v: dict, info: ValidationInfo) -> dict:
        if "ruleset" not in info.data:       # an unknown game: its one line says so, its options are not checked
            return v
        Options = _options_model(info.data["ruleset"])                  # each game has its own
        if Options is None:
            return v
        try:
            Options(**v)
        except ValidationError as e:
            err = e.errors()[0]
            key = dotted(err["loc"])
            allowed = say("allowed keys: {keys}", keys=", ".join(Options.model_fields)) \
                if err["type"] == "extra_forbidden" else said_error(err)
            # the option's key goes with the error, so that it is blamed on the file or the variable that set it
            raise PydanticCustomError("game_option", "{line}", {
                "line": say("game.options.{key} = {value}: {problem}", key=key, value=shown(err.get("input")),
                            problem=allowed),
                "option": tuple(str(p) for p in err["loc"])}) from None
        return v


class MatchConfig(_Section):
    """The computer's seat at the board (controller/daemon/computer_seat.py); `cmd/new_game` may change it for
    one match."""
    computer: Literal["red", "blue", "none"] = Field("none", description="the team the computer plays")
    level: int = Field(3, ge=1, le=5, description="1 (casual) .. 5 (the strongest search)")
    computer_dice: Literal["die", "virtual"] = Field(
        "die", description="die: a person rolls the computer's die; virtual: the daemon draws its rolls")

    def seat(self) -> MatchSeat:
        return MatchSeat(self.computer, self.level, self.computer_dice)


class DaemonConfig(_Section):
    tick_seconds: float = Field(0.1, gt=0, le=1.0, description="how often a simulated time source is looked at "
                                "(on a real clock the core sleeps until an input or a deadline)")
    watchdog: bool = True


class HomeAssistantConfig(_Section):
    """Home Assistant MQTT discovery of the match as sensors (controller/daemon/outputs/homeassistant.py)."""
    enabled: bool = Field(False, description="publish retained discovery configs on every connect")
    discovery_prefix: str = Field("homeassistant", max_length=200, description="Home Assistant's discovery prefix")
    device_name: str | None = Field(None, min_length=1, max_length=64, description="default: Soccerboard <board_id>")

    @field_validator("discovery_prefix")
    @classmethod
    def _prefix(cls, v: str) -> str:
        levels = v.split("/")
        if not v or any(not level or any(c in level for c in "+#\0") for level in levels):
            raise ValueError(N_("must be an MQTT topic prefix without wildcards (+, #) or empty levels, "
                                "e.g. 'homeassistant'"))
        return v


class WebConfig(_Section):
    """The spectator page served by the daemon itself (docs/dashboard.md); off by default, because a
    board with its own Mosquitto serves the page from the broker's http_dir."""
    enabled: bool = False
    listen: str = Field("127.0.0.1", description="address of the page's HTTP server (0.0.0.0: the whole LAN)")
    port: int = Field(8080, ge=1, le=65535)
    ws_url: str | None = Field(None, description="the broker's WebSocket URL as a browser reaches it; "
                                                 "default: ws://<the page's host>:ws_port/")
    ws_port: int = Field(9001, ge=1, le=65535)

    @field_validator("ws_url")
    @classmethod
    def _ws_scheme(cls, v: str | None) -> str | None:
        if v is not None and urlparse(v).scheme not in ("ws", "wss"):
            raise ValueError(say("web.ws_url must start with ws:// or wss://, not {value!r}", value=v))
        return v

    def page_config(self, settings: Settings) -> dict:
        """The config.json the page reads."""
        out: dict[str, Any] = {"prefix": settings.base.rsplit("/", 1)[0], "board": settings.board_id,
                               "sim": False}
        if self.ws_url:
            out["ws_url"] = self.ws_url
        else:
            out["ws_port"] = self.ws_port
        return out


class Settings(BaseSettings):
    """Everything the daemon reads at start-up."""
    model_config = SettingsConfigDict(env_prefix="SOCCERBOARD_", env_nested_delimiter="__", extra="forbid")

    board_id: str = Field("board1", pattern=r"^[A-Za-z0-9_-]{1,64}$")
    hardware: HardwareConfig = Field(default_factory=HardwareConfig)
    dice: DiceConfig = Field(default_factory=DiceConfig)
    mqtt: MqttConfig = Field(default_factory=MqttConfig)
    journal: JournalConfig = Field(default_factory=JournalConfig)
    game: GameConfig = Field(default_factory=GameConfig)
    match: MatchConfig = Field(default_factory=MatchConfig)
    daemon: DaemonConfig = Field(default_factory=DaemonConfig)
    homeassistant: HomeAssistantConfig = Field(default_factory=HomeAssistantConfig)
    web: WebConfig = Field(default_factory=WebConfig)

    @model_validator(mode="after")
    def _password_source(self):
        if self.mqtt.password is not None and self.mqtt.password_file is not None:
            raise ValueError("mqtt.password and mqtt.password_file: give one, not both")
        return self

    @classmethod
    def settings_customise_sources(cls, settings_cls, init_settings, env_settings, dotenv_settings,
                                   file_secret_settings) -> tuple[PydanticBaseSettingsSource, ...]:
        return (env_settings, init_settings)     # the environment overrides the file

    @property
    def base(self) -> str:
        return f"soccerboard/{self.board_id}"


EXAMPLE = "deploy/soccerboard.example.toml"


def shown(value: object) -> str:
    """A value as a mistake quotes it: as Python writes it ('usb', True), at most 80 characters."""
    if isinstance(value, str) and len(value) > 80:
        return repr(value[:77]) + "…"
    if isinstance(value, int | float | str | None):
        return quoted(value) if isinstance(value, int) and not isinstance(value, bool) else repr(value)
    return quoted(value)


class Sources:
    """Where each value of the configuration came from, to name it in a mistake: the file (or, without one,
    the defaults), a SOCCERBOARD_* variable, or the command's own options."""

    def __init__(self, source: str, file_data: Mapping[str, Any], env: Environment, overridden: set[Loc]):
        self.source, self.file_data, self.env, self.overridden = source, file_data, env, overridden

    def of(self, loc: Loc) -> str:
        variable = self.env.variable_for(loc, self.file_data)
        if variable is not None:
            return say("environment variable {variable}", variable=variable)
        if any(loc[:len(o)] == o for o in self.overridden):
            return N_("the command's options")
        return self.source


def _explain(e: ValidationError, sources: Sources) -> str:
    """One line per mistake, each naming where it is (the file, or the variable) and what is wrong, said through
    the catalogue (pydantic's words by their error type, controller/i18n/pydantic_words.py)."""
    found: list[str] = []
    for err in e.errors():
        loc = tuple(str(p) for p in err["loc"])
        key = dotted(loc) or N_("(top level)")
        if err["type"] == "game_option":
            ctx = err.get("ctx") or {}
            found.append(say("{source}: {line}", source=sources.of(loc + tuple(ctx.get("option", ()))),
                             line=ctx.get("line", err["msg"])))
            continue
        if err["type"] == "extra_forbidden":
            found.append(say("{source}: {key}: unknown key (check the spelling; the keys are in {example})",
                             source=sources.of(loc), key=key, example=EXAMPLE))
            continue
        problem = said_error(err)
        if err["type"] == "literal_error" and "expected" in (err.get("ctx") or {}):
            problem = say("allowed: {expected}", expected=(err.get("ctx") or {})["expected"])
        value = err.get("input")
        if isinstance(value, dict):
            found.append(say("{source}: {key} {problem}", source=sources.of(loc), key=key, problem=problem))
        else:
            found.append(say("{source}: {key} = {value}: {problem}", source=sources.of(loc), key=key,
                             value=shown(value), problem=problem))
    return lines(found)


def _mixups(model: type[BaseModel], data: Mapping[str, Any], loc: Loc = ()) -> Iterator[tuple[Loc, object, str]]:
    """Where a true or false stands for a number, or a number for true or false: (key, value, what is
    wanted). Pydantic would take true as 1 and 1 as true; a config that says `half_minutes = true`
    is a mistake, not a one-minute half. A string is left to pydantic: the environment gives only strings."""
    for name, value in data.items():
        info = model.model_fields.get(name) if isinstance(name, str) else None
        if info is not None:
            yield from _mixup(info.annotation, value, (*loc, name))


def _mixup(annotation: Any, value: object, loc: Loc) -> Iterator[tuple[Loc, object, str]]:
    bare = bare_type(annotation)
    if bare is bool and isinstance(value, int | float) and not isinstance(value, bool):
        yield loc, value, N_("true or false")
    elif bare in (int, float) and isinstance(value, bool):
        yield loc, value, N_("a number, not true or false")
    elif isinstance(bare, type) and issubclass(bare, BaseModel) and isinstance(value, dict):
        yield from _mixups(bare, value, loc)
    elif get_origin(bare) is dict and isinstance(value, dict):
        for key, inner in value.items():
            yield from _mixup(get_args(bare)[1], inner, (*loc, str(key)))


def _options_model(name: object) -> type[BaseModel] | None:
    """The match options of the named game (GameInfo.options_model); None for a name no game has, or a game
    whose options only its set-up checks."""
    try:
        game = info(name) if isinstance(name, str) else None
    except UnknownGame:
        return None
    return game.options_model() if game is not None and game.options_model is not None else None


def _option_mixups(data: Mapping[str, Any]) -> Iterator[tuple[Loc, object, str]]:
    """The same for the match options, by the options of the game the config names."""
    game = data.get("game")
    if not isinstance(game, dict) or not isinstance(game.get("options"), dict):
        return
    Options = _options_model(game.get("ruleset", default().name))
    if Options is not None:
        yield from _mixups(Options, game["options"], ("game", "options"))


def load_settings(path: str | os.PathLike | None = None, env: bool = True, check_files: bool = False,
                  **overrides: Any) -> Settings:
    """Read the TOML file (missing default path = defaults), apply the environment; ConfigError if bad.

    Every problem is one line that names the file (or the environment) and says what to do; with
    `check_files` the files the configuration points at (the MQTT password, TLS keys) are opened too, so a
    missing or unreadable one stops the daemon with that line instead of a traceback later."""
    data: dict[str, Any] = {}
    source: str = N_("configuration (defaults)")
    if path is not None:
        p = Path(path)
        source = str(p)
        try:
            data = tomllib.loads(p.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ConfigError(say("{path}: config file does not exist (copy {example} there and edit it, or run "
                                  "deploy/install.sh)", path=p, example=EXAMPLE)) from None
        except PermissionError:
            raise ConfigError(say("{path}: config file cannot be read by user {user} (it should be mode 0640, owner "
                                  "root, group soccerboard; run the daemon as soccerboard)", path=p,
                                  user=_user())) from None
        except IsADirectoryError:
            raise ConfigError(say("{path}: is a directory, not a config file (give the .toml file's path)",
                                  path=p)) from None
        except OSError as e:
            raise ConfigError(say("{path}: cannot read the config file: {why}", path=p, why=e.strerror)) from None
        except UnicodeDecodeError:
            raise ConfigError(say("{path}: config file is not UTF-8 text (save it as UTF-8)", path=p)) from None
        except tomllib.TOMLDecodeError as e:
            raise ConfigError(say("{path}: config file is not valid TOML: {why} (compare with {example})", path=p,
                                  why=e, example=EXAMPLE)) from None
        except RecursionError:
            raise ConfigError(say("{path}: config file is not valid TOML: arrays or tables nested too deeply "
                                  "(compare with {example})", path=p, example=EXAMPLE)) from None
        except ValueError as e:     # an integer of more digits than Python converts
            raise ConfigError(say("{path}: config file is not valid TOML: {why} (compare with {example})", path=p,
                                  why=str(e).split(';', 1)[0], example=EXAMPLE)) from None
        deep = too_deep(data, MAX_DEPTH)
        if deep is not None:
            raise ConfigError(say("{path}: {key}: nested more than {depth} levels deep (no configuration key goes so "
                                  "deep; compare with {example})", path=p, key=dotted(deep), depth=MAX_DEPTH,
                                  example=EXAMPLE))
    try:
        environment = read_environment(Settings, os.environ) if env else Environment()
    except EnvError as e:
        raise ConfigError(*e.args) from None
    file_data = data
    data = merged(data, environment.data)
    overridden: set[Loc] = set()
    for key, value in overrides.items():
        section, _, name = key.partition("__")
        if name:
            data[section] = {**(data.get(section) or {}), name: value}    # the file's own table stays as read
            overridden.add((section, name))
        else:
            data[key] = value
            overridden.add((key,))
    sources = Sources(source, file_data, environment, overridden)
    mixups = [*_mixups(Settings, data), *_option_mixups(data)]
    if mixups:
        raise ConfigError(lines([say("{source}: {key} = {value}: must be {wanted}", source=sources.of(loc),
                                     key=dotted(loc), value=shown(value), wanted=wanted)
                                 for loc, value, wanted in mixups]))
    try:
        settings = Settings.model_validate(data)
    except ValidationError as e:
        raise ConfigError(_explain(e, sources)) from None
    if check_files:
        found = file_problems(settings, source, journal=False)
        if found:
            raise ConfigError(lines(found))
    return settings


def _user() -> str:
    import pwd
    try:
        return pwd.getpwuid(os.geteuid()).pw_name
    except KeyError:
        return str(os.geteuid())


def file_problems(settings: Settings, source: str | None = None, journal: bool = True) -> list[str]:
    """The files the configuration points at that the daemon could not use: one line each, with the fix
    (each starting with `source`, the config file, when given). `journal`: the journal folder too (`run`
    checks it on its own: a card that refuses it is the journal's documented stop, not a config mistake)."""
    out = []
    m = settings.mqtt
    secret_files = {"password_file": m.password_file, "tls_key_file": m.tls_key_file}
    for key in ("password_file", "tls_ca_file", "tls_cert_file", "tls_key_file"):
        value: Path | None = getattr(m, key)
        if value is None:
            continue
        where = f"{source + ': ' if source else ''}mqtt.{key} = '{value}'"
        secret = key in secret_files
        fix = ("mode 0640, owner root, group soccerboard; deploy/install.sh makes it" if secret else
               "readable by the soccerboard user")
        if not value.exists():
            out.append(f"{where}: no such file (create it: {fix}, or correct the path)")
            continue
        if not value.is_file():
            out.append(f"{where}: not a regular file (give the path of the file itself)")
            continue
        try:
            with open(value, "rb") as f:
                content = f.read(1 << 16)
        except PermissionError:
            out.append(f"{where}: cannot be read by user {_user()} ({fix})")
            continue
        except OSError as e:
            out.append(f"{where}: cannot be read: {e.strerror}")
            continue
        if secret and value.stat().st_mode & 0o007:
            out.append(f"{where}: readable by every user on this machine (chmod 0640 it)")
        if key == "password_file" and not content.strip():
            out.append(f"{where}: is empty (put the account's password on its one line)")
    problem = journal_dir_problem(settings.journal.dir) if journal else None
    if problem is not None:
        out.append(f"{source + ': ' if source else ''}journal.dir = '{settings.journal.dir}': {problem}")
    return out


def journal_dir_problem(directory: Path) -> str | None:
    """Why the daemon could not keep journals in `directory`, or None. Tried, not guessed: root passes every
    permission check, and only making the folder and a file in it shows that a path like /proc/x or a
    read-only card will not do. Folders made for the trial are removed again."""
    fix = "give a folder the soccerboard user can write, e.g. /var/lib/soccerboard/journal"
    if directory.exists() and not directory.is_dir():
        return f"not a directory ({fix})"
    made = []
    try:
        missing = directory
        while not missing.exists() and missing != missing.parent:
            made.append(missing)
            missing = missing.parent
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            return f"cannot be created: {e.strerror or e} ({fix})"
        try:
            with tempfile.TemporaryFile(dir=directory):
                pass
        except OSError as e:
            return f"cannot be written: {e.strerror or e} ({fix})"
        return None
    finally:
        for folder in made:          # the deepest first
            with contextlib.suppress(OSError):
                folder.rmdir()


def problems(settings: Settings) -> list[str]:
    """Things that validate but will not work on this machine (reported by `config --check`)."""
    out = []
    hw = settings.hardware
    if hw.backend == "serial":
        from firmware_bridge.serial_link import resolve_port
        path = resolve_port(hw.port)
        if not os.path.exists(path):
            what = "no board found under /dev/serial/by-id" if hw.port == "auto" else f"{hw.port} does not exist"
            out.append(f"hardware.port = {hw.port!r}: {what} (plug the board in, or set hardware.port to its "
                       "device; the daemon keeps retrying meanwhile)")
    dice = settings.dice
    if dice.role == "uart" and dice.port is not None and not os.path.exists(dice.port):
        out.append(f"dice.port = {dice.port!r} does not exist (plug the dice receiver in, or set dice.port to its "
                   "device; the daemon keeps retrying meanwhile)")
    out += file_problems(settings)
    return out

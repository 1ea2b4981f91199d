"""Home Assistant MQTT discovery: the match as sensors of one device, off by default (docs/mqtt.md, last line).

Why configs that point at the existing retained `<base>/state` with value templates, instead of topics
of their own: the layout of docs/mqtt.md stays exactly as it is, there is no second copy of the score that
could disagree with the snapshot, and Home Assistant gets the retained state the moment it subscribes.

Format followed (Home Assistant docs, MQTT integration, "MQTT Discovery", and "MQTT Sensor"): a retained
JSON config on `<discovery_prefix>/<component>/[<node_id>/]<object_id>/config` (node and object ids from
`[a-zA-Z0-9_-]`; an empty payload removes the entity; unknown keys are ignored by older versions), with
`state_topic`, `value_template` (`value_json` is the parsed payload), `availability_topic` with
`payload_available` / `payload_not_available`, `unique_id`, a shared `device` block and an `origin` block.

The node id is the board id: the shipped Mosquitto ACL lets a board's account (named after its board id)
write `homeassistant/+/<its user name>/+/config` and nothing else under the prefix.

Everything here is a pure function of the settings; the publisher sends `discovery_messages` on every
(re)connect, so a broker that lost its retained messages gets them back.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from importlib import metadata

from controller.games import default, info

MANUFACTURER = "Soccerboard"
COMPONENT = "sensor"


@dataclass(frozen=True)
class Sensor:
    object_id: str
    name: str
    value_template: str          # Jinja, rendered by Home Assistant against the retained snapshot
    icon: str
    extra: dict = field(default_factory=dict)


# The snapshot fields are those of the published snapshot (docs/board.md section 6): score.red,
# score.blue, offense (the team in possession, null before the set-up), clock.elapsed (seconds played in
# the period, as of the last published change), clock.period (1, 2 halves; 3, 4 extra time; 5 shoot-out),
# phase. Templates stay plain field reads so that tests can check each path against a real retained state.
SENSORS: tuple[Sensor, ...] = (
    Sensor("score", "Score", "{{ value_json.score.red }}-{{ value_json.score.blue }}", "mdi:scoreboard-outline"),
    Sensor("red_goals", "Red goals", "{{ value_json.score.red }}", "mdi:soccer"),
    Sensor("blue_goals", "Blue goals", "{{ value_json.score.blue }}", "mdi:soccer"),
    Sensor("possession", "Possession", "{{ value_json.offense | default('none', true) }}", "mdi:soccer-field"),
    Sensor("match_clock", "Match clock", "{{ value_json.clock.elapsed }}", "mdi:timer-outline",
           {"device_class": "duration", "unit_of_measurement": "s", "suggested_display_precision": 0,
            "json_attributes_template": "{{ value_json.clock | tojson }}"}),
    Sensor("period", "Period", "{{ value_json.clock.period }}", "mdi:numeric"),
    Sensor("phase", "Phase", "{{ value_json.phase }}", "mdi:whistle"),
)


def package_version() -> str:
    """The installed soccerboard version, shown by Home Assistant as the device's software version."""
    try:
        return metadata.version("soccerboard")
    except metadata.PackageNotFoundError:
        return "unknown"


def model(ruleset: str) -> str:
    """The device's model: a board for the game it referees (GameInfo.title)."""
    return f"{info(ruleset).title} board"


def device_block(board_id: str, device_name: str | None = None, ruleset: str | None = None) -> dict:
    """One device for all sensors of a board: Home Assistant groups entities by `identifiers`."""
    return {"identifiers": [f"soccerboard_{board_id}"], "name": device_name or f"Soccerboard {board_id}",
            "manufacturer": MANUFACTURER, "model": model(ruleset or default().name), "sw_version": package_version()}


def config_topic(prefix: str, board_id: str, object_id: str) -> str:
    return f"{prefix}/{COMPONENT}/{board_id}/{object_id}/config"


def sensor_config(sensor: Sensor, board_id: str, base: str, device: dict) -> dict:
    """The discovery payload of one sensor: it reads `<base>/state` and is available while `<base>/status` is online."""
    cfg = {"name": sensor.name, "unique_id": f"soccerboard_{board_id}_{sensor.object_id}",
           "state_topic": f"{base}/state", "value_template": sensor.value_template, "qos": 1,
           "availability_topic": f"{base}/status", "payload_available": "online",
           "payload_not_available": "offline", "icon": sensor.icon, "device": device,
           "origin": {"name": "soccerboard", "sw_version": device["sw_version"]}, **sensor.extra}
    if "json_attributes_template" in cfg:
        cfg["json_attributes_topic"] = f"{base}/state"
    return cfg


def discovery_messages(settings) -> list[tuple[str, dict]]:
    """(topic, payload) of every discovery config to publish retained; none when discovery is off."""
    ha = settings.homeassistant
    if not ha.enabled:
        return []
    device = device_block(settings.board_id, ha.device_name, settings.game.ruleset)
    return [(config_topic(ha.discovery_prefix, settings.board_id, s.object_id),
             sensor_config(s, settings.board_id, settings.base, device)) for s in SENSORS]

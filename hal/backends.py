"""Choosing a backend by name from configuration, as gpiozero chooses a pin factory.

``open_hardware({"backend": "sim"})`` returns a ``Hardware`` bundle. Backends are imported only
when chosen, so the simulator never needs gpiozero's pins or a serial port. The environment
variable ``SOCCERBOARD_HAL`` overrides the configured name (handy on a bench).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Mapping
from typing import Any

from hal.interfaces import Hardware

BACKENDS = {
    "sim": "hal.sim:open_sim",
    "gpio": "hal.gpio:open_gpio",
    "serial": "hal.serial_board:open_serial",
}


def open_hardware(config: Mapping[str, Any] | None = None) -> Hardware:
    """Open the backend named by ``config["backend"]`` (default ``sim``) with the rest of config."""
    config = dict(config or {})
    name = os.environ.get("SOCCERBOARD_HAL") or config.get("backend", "sim")
    try:
        target = BACKENDS[name]
    except KeyError:
        raise ValueError(f"unknown hardware backend {name!r}; choose one of {', '.join(BACKENDS)}") from None
    module_name, function = target.split(":")
    opener = getattr(importlib.import_module(module_name), function)
    return opener(config)

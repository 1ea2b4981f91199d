"""The dice as a role of their own, picked apart from the board: ``open_dice(hardware, config)``.

``board`` keeps the dice the board backend opened (its own receiver); ``godice`` reads two GoDice over
Bluetooth, ``page`` takes the rolls a page sends, ``uart`` reads a dice receiver on a serial port of its own.
The chosen source replaces the bundle's ``dice`` and shares the board's input numbering when the board has
one, so a serial board's occupancy changes and the dice's rolls still reach the core in the order they came.
Backends are imported only when chosen (bleak is needed for GoDice alone).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hal.interfaces import Hardware
from hal.queues import InputOrder

ROLES = ("board", "godice", "page", "uart")


def _order(hardware: Hardware) -> InputOrder | None:
    order = getattr(hardware.dice, "order", None)
    return order if isinstance(order, InputOrder) else None


def open_dice(hardware: Hardware, config: Mapping[str, Any] | None = None) -> Hardware:
    """Give `hardware` the dice `config["role"]` names (default ``board``: no change); returns it."""
    config = dict(config or {})
    role = config.get("role", "board")
    order = _order(hardware)
    if role == "board":
        return hardware
    if role == "godice":
        from hal.dice_godice import open_godice
        godice = open_godice(config, order=order)
        hardware.dice = godice
        hardware._closers.append(godice.close)
    elif role == "page":
        from hal.dice_page import PageDice
        hardware.dice = PageDice(order=order)
    elif role == "uart":
        from hal.dice_uart import UartDice
        uart = UartDice(config["port"], config.get("ids"), int(config.get("baudrate", 9600)), order=order).start()
        hardware.dice = uart
        hardware._closers.append(uart.close)
    else:
        raise ValueError(f"unknown dice role {role!r}; choose one of {', '.join(ROLES)}")
    return hardware

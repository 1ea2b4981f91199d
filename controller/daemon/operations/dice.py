"""`soccerboard dice scan`, and the doctor's dice check: which Bluetooth dice are in reach, and whether the
configured ones are, with their battery levels (hal/dice_godice.py; docs/dice.md).

A GoDice advertises only while no one is connected to it: a running daemon holds its two dice, so they are not
seen by a scan beside it. A die asleep is not seen either; rolling it wakes it.
"""
from __future__ import annotations

import json
import os
import sys
from functools import reduce
from typing import Any

from controller.i18n import N_, Say, say

from .config import DEFAULT_PATH, ConfigError, Settings, load_settings

BLUETOOTH_ON = N_("is bluetoothd running and the adapter on? sudo systemctl enable --now bluetooth; "
                  "bluetoothctl power on")
WAKE = N_("roll each die to wake it, charge it if its battery is low")


def add_dice_command(sub: Any) -> None:
    """The `dice` subcommand for controller/cli.py."""
    p = sub.add_parser("dice", help="the Bluetooth dice: `dice scan` lists the GoDice in reach",
                       description="List the GoDice in reach (nearest first) with their addresses, signal and "
                                   "battery levels, and which team's die each one is in the configuration.")
    dice_sub = p.add_subparsers(dest="dice_command", required=True, metavar="ACTION", help="scan")
    s = dice_sub.add_parser("scan", help="list the GoDice in reach")
    s.add_argument("--seconds", type=float, default=5.0, metavar="S", help="how long to listen (default: %(default)s)")
    s.add_argument("--no-battery", action="store_true", help="do not connect to each die to read its battery")
    s.add_argument("--json", action="store_true", help="print the dice as JSON")
    s.add_argument("--config", metavar="FILE", default=None, help=say("TOML file (default {path} when present)",
                                                                                   path=str(DEFAULT_PATH)))
    s.add_argument("-v", "--verbose", action="store_true", help="show a traceback when something fails")
    s.set_defaults(handler=scan_command)


def _configured(path: str | None) -> dict[str, str]:
    """team -> the die configured for it (when the configuration has GoDice), for marking them in the list."""
    if path is None and not os.path.isfile(DEFAULT_PATH):
        return {}
    try:
        settings = load_settings(path or DEFAULT_PATH)
    except ConfigError:
        return {}
    d = settings.dice
    return {team: want for team, want in (("red", d.red), ("blue", d.blue)) if want} if d.role == "godice" else {}


def scan_command(args: Any) -> int:
    from hal import dice_godice
    from hal.dice_godice_protocol import matches
    try:
        found = dice_godice.scan(args.seconds, batteries=not args.no_battery)
    except ImportError as e:
        print(f"soccerboard dice scan: {e}", file=sys.stderr)
        return 2
    except dice_godice.BLE_ERRORS as e:
        print(f"soccerboard dice scan: Bluetooth cannot be reached: {e} ({BLUETOOTH_ON})", file=sys.stderr)
        return 1
    configured = _configured(args.config)
    rows = []
    for die, level in found:
        teams = [team for team, want in configured.items() if matches(want, die.name, die.address)]
        rows.append({"name": die.name, "address": die.address, "rssi": die.rssi, "battery": level,
                     "team": teams[0] if teams else None})
    if args.json:
        print(json.dumps({"dice": rows}, indent=2))
    else:
        for row in rows:
            battery = f"battery {row['battery']}%" if row["battery"] is not None else "battery ?"
            team = f"  {row['team']} team's die" if row["team"] else ""
            print(f"{row['name']:<24} {row['address']:<18} {row['rssi'] or '?':>4} dBm  {battery}{team}")
        print(f"{len(rows)} GoDice in reach" if rows else f"no GoDice in reach ({WAKE})")
    return 0 if rows else 1


def _each(found: list[Say]) -> str:
    """What was found about each die, one after the other."""
    return reduce(lambda a, b: say("{a}; {b}", a=a, b=b), found)


def _said(status: str, detail: str, fix: str = "") -> tuple[str, str, str]:
    return status, detail, fix


def check_dice(settings: Settings, timeout: float, service: dict[str, str] | None = None) -> tuple[str, str, str]:
    """The doctor's `dice` line as (status, detail, fix): the chosen dice are there (and how charged, for GoDice)."""
    dice = settings.dice
    if dice.role == "board":
        return _said("skip", say("dice.role = 'board': the board's own receiver (see the board's line)"))
    if dice.role == "page":
        return _said("pass", say("dice.role = 'page': the rolls come from the page"))
    if dice.role == "uart":
        assert dice.port is not None
        if os.path.exists(dice.port):
            return _said("pass", say("dice receiver {port} is present", port=dice.port))
        return _said("fail", say("dice.port = {port!r} does not exist", port=dice.port),
                      say("plug the dice receiver in, or set dice.port to its device"))
    from hal import dice_godice
    from hal.dice_godice_protocol import matches
    try:
        found = dice_godice.scan(max(timeout, 1.0), batteries=True, timeout=timeout)
    except ImportError as e:
        return _said("fail", str(e), say("pip install 'soccerboard[dice]' (deploy/setup.sh does)"))
    except dice_godice.BLE_ERRORS as e:
        return _said("fail", say("Bluetooth cannot be reached: {e}", e=e), BLUETOOTH_ON)
    said: list[Say] = []
    missing: list[Say] = []
    low: list[str] = []
    for team, want in (("red", dice.red), ("blue", dice.blue)):
        assert want is not None
        hits = [(die, level) for die, level in found if matches(want, die.name, die.address)]
        if not hits:
            missing.append(say("{team} ({want})", team=team, want=want))
            continue
        die, level = hits[0]
        said.append(say("{team} {die} battery {level}", team=team, die=die.name,
                        level="?" if level is None else str(level) + "%"))
        if level is not None and level < 20:
            low.append(team)
    if missing:
        running = (service or {}).get("ActiveState") == "active"
        if running and not said:
            return _said("skip", say("the running daemon holds the dice (a connected GoDice does not advertise): "
                                     "its log says when one goes"))
        gone = say("not in reach: {missing}", missing=missing)
        return _said("fail", say("{a}; {b}", a=gone, b=_each(said)) if said else gone,
                      say("{WAKE}; soccerboard dice scan lists the dice in reach by name and address", WAKE=WAKE))
    if low:
        return _said("fail", _each(said), say("charge the {low} die", low=reduce(
            lambda a, b: say("{a} and {b}", a=a, b=b), low)))
    return _said("pass", _each(said))

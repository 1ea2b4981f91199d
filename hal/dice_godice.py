"""GoDice Bluetooth dice, one per team, through bleak: a DiceSource of its own, apart from the board.

One thread runs an asyncio loop with one task per die. A task finds its die by name or address, connects,
lights the die's LEDs in its team's colour, asks its battery level and listens: a die at rest on a face
(``S``) is a roll; a fake rest, a move and a tilted rest are not (a tilted die is ``crooked``, and its next
roll counts). When a die goes to sleep or out of reach, bleak tells the task, the die is ``disconnected``,
and the task looks for it again until it is back.

``BLE`` is the Bluetooth stack the dice are reached through (bleak's scanner and client classes). Tests put an
emulated die's transport there, one that speaks the GoDice bytes, so every line of this module runs as it
does with real dice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from hal import dice_godice_protocol as P
from hal.events import DIE_NAMES
from hal.queues import DiceFeed, InputOrder

log = logging.getLogger(__name__)

# what a failed scan, connection or write raises: bleak's own errors, the D-Bus link's, timeouts
BLE_ERRORS: tuple[type[BaseException], ...] = (OSError, TimeoutError, EOFError)
try:
    from bleak.exc import BleakError
    BLE_ERRORS = (*BLE_ERRORS, BleakError)
except ImportError:         # without the dice extra: `BLE` must be given one, and `scan` says so
    pass


@dataclass
class Ble:
    """The Bluetooth stack: a scanner class (``discover``, ``find_device_by_filter``) and a client class
    (``connect``, ``start_notify``, ``write_gatt_char``, ``disconnect``), as bleak has them."""
    scanner: Any
    client: Any


def bleak_stack() -> Ble:
    try:
        from bleak import BleakClient, BleakScanner
    except ImportError as e:
        raise ImportError(f"GoDice need bleak ({e}): pip install 'soccerboard[dice]'") from None
    return Ble(BleakScanner, BleakClient)


BLE: Ble | None = None       # None: bleak's, taken when first needed


def stack() -> Ble:
    global BLE
    if BLE is None:
        BLE = bleak_stack()
    return BLE


class Found(NamedTuple):
    name: str
    address: str
    rssi: int | None


async def discover(seconds: float, ble: Ble) -> list[Found]:
    """The GoDice advertising within `seconds`, nearest (strongest signal) first."""
    seen = await ble.scanner.discover(timeout=seconds, return_adv=True)
    found = [Found(adv.local_name or device.name or "", device.address, adv.rssi)
             for device, adv in seen.values() if P.is_godice(adv.local_name or device.name)]
    return sorted(found, key=lambda f: -(f.rssi if f.rssi is not None else -999))


async def battery_of(address: str, ble: Ble, timeout: float) -> int | None:
    """Connect to the die at `address` long enough to read its battery level (None: no answer in time)."""
    levels: asyncio.Queue[int] = asyncio.Queue()

    def heard(_char: Any, data: bytearray) -> None:
        message = P.parse(data)
        if message.kind is P.Kind.BATTERY and isinstance(message.value, int):
            levels.put_nowait(message.value)

    client = ble.client(address, timeout=timeout)
    await client.connect()
    try:
        await client.start_notify(P.NOTIFY, heard)
        await client.write_gatt_char(P.WRITE, P.ask_battery(), response=False)
        try:
            return await asyncio.wait_for(levels.get(), timeout)
        except TimeoutError:
            return None
    finally:
        await client.disconnect()


def scan(seconds: float, batteries: bool = False, timeout: float = 5.0) -> list[tuple[Found, int | None]]:
    """The GoDice in reach, and each one's battery level when asked (connecting to each in turn)."""
    ble = stack()

    async def run() -> list[tuple[Found, int | None]]:
        out = []
        for die in await discover(seconds, ble):
            level = None
            if batteries:
                try:
                    level = await battery_of(die.address, ble, timeout)
                except BLE_ERRORS as e:
                    log.warning("%s: no battery level: %s", die.name, e)
            out.append((die, level))
        return out
    return asyncio.run(run())


class GoDice(DiceFeed):
    """A DiceSource fed by two GoDice, each bound to a team by name or address."""

    def __init__(self, binding: Mapping[str, str], ble: Ble | None = None, order: InputOrder | None = None,
                 find_seconds: float = 10.0, retry_seconds: float = 1.0, battery_seconds: float = 300.0) -> None:
        super().__init__(order=order)
        missing = [team for team in DIE_NAMES if not binding.get(team)]
        if missing:
            raise ValueError(f"GoDice: name or address of the {' and '.join(missing)} die missing")
        self.binding = {team: str(binding[team]) for team in DIE_NAMES}
        self._ble = ble
        self.find_seconds, self.retry_seconds, self.battery_seconds = find_seconds, retry_seconds, battery_seconds
        self.battery: dict[str, int | None] = dict.fromkeys(DIE_NAMES)
        self.address: dict[str, str | None] = dict.fromkeys(DIE_NAMES)
        self.connections = dict.fromkeys(DIE_NAMES, 0)     # how often each die was connected (logs, tests)
        self.ignored: list[tuple[str, P.Message]] = []     # rests that were not rolls, the latest last
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()

    def start(self) -> GoDice:
        if self._ble is None:
            self._ble = stack()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), name="soccerboard-godice",
                                        daemon=True)
        self._thread.start()
        self._ready.wait(5)
        return self

    def close(self) -> None:
        loop, stopping = self._loop, self._stopping
        if loop is not None and stopping is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):      # the loop ended meanwhile
                loop.call_soon_threadsafe(stopping.set)
        if self._thread is not None:
            self._thread.join(5)

    async def _main(self) -> None:
        self._loop, self._stopping = asyncio.get_running_loop(), asyncio.Event()
        self._ready.set()
        await asyncio.gather(*(self._keep(team) for team in DIE_NAMES))

    async def _keep(self, team: str) -> None:
        """Find, connect, listen; again whenever the die goes, until the feed is closed."""
        assert self._stopping is not None
        said = ""                               # the last failure logged: a Pi without Bluetooth says it once
        while not self._stopping.is_set():
            try:
                await self._session(team)
                said = ""
            except BLE_ERRORS as e:
                text = str(e) or type(e).__name__
                log.log(logging.DEBUG if text == said else logging.WARNING, "%s die (%s): %s; looking again",
                        team, self.binding[team], text)
                said = text
            self.publish_status(team, "disconnected")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), self.retry_seconds)

    async def _session(self, team: str) -> None:
        assert self._ble is not None and self._stopping is not None
        wanted = self.binding[team]
        device = await self._ble.scanner.find_device_by_filter(
            lambda d, adv: P.matches(wanted, adv.local_name or d.name, d.address), timeout=self.find_seconds)
        if device is None:
            log.debug("%s die %s not in reach", team, wanted)
            return
        gone = asyncio.Event()
        client = self._ble.client(device, disconnected_callback=lambda _client: gone.set(),
                                  timeout=self.find_seconds)
        await client.connect()
        try:
            self.address[team] = device.address
            self.connections[team] += 1
            await client.start_notify(P.NOTIFY, lambda _char, data: self._heard(team, data))
            await client.write_gatt_char(P.WRITE, P.set_led(P.TEAM_RGB[team]), response=False)
            await client.write_gatt_char(P.WRITE, P.ask_battery(), response=False)
            self.publish_status(team, "ok")
            log.info("%s die: %s (%s) connected", team, device.name, device.address)
            while not (gone.is_set() or self._stopping.is_set()):
                waits = {asyncio.ensure_future(gone.wait()), asyncio.ensure_future(self._stopping.wait())}
                done, pending = await asyncio.wait(waits, timeout=self.battery_seconds,
                                                   return_when=asyncio.FIRST_COMPLETED)
                for task in pending:
                    task.cancel()
                if not done:
                    await client.write_gatt_char(P.WRITE, P.ask_battery(), response=False)
            if gone.is_set():
                log.info("%s die %s went (asleep or out of reach); looking for it", team, device.name)
        finally:
            if not gone.is_set():
                try:
                    await client.write_gatt_char(P.WRITE, P.set_led((0, 0, 0)), response=False)
                    await client.disconnect()
                except BLE_ERRORS as e:
                    log.debug("%s die: disconnect: %s", team, e)

    def _heard(self, team: str, data: bytearray) -> None:
        message = P.parse(data)
        if message.kind is P.Kind.STABLE and isinstance(message.value, int):
            self.publish_status(team, "ok")
            self.publish_roll(team, message.value)
        elif message.kind is P.Kind.TILT_STABLE:
            self.publish_status(team, "crooked")       # resting on an edge: roll it again
            self.ignored.append((team, message))
        elif message.kind in (P.Kind.FAKE_STABLE, P.Kind.MOVE_STABLE):
            self.ignored.append((team, message))
        elif message.kind is P.Kind.BATTERY and isinstance(message.value, int):
            self.battery[team] = message.value
        del self.ignored[:-16]


def open_godice(config: Mapping[str, Any], order: InputOrder | None = None) -> GoDice:
    """Config keys: ``red`` and ``blue`` (each die's name, its start, or its address)."""
    return GoDice({team: config.get(team) or "" for team in DIE_NAMES}, order=order,
                  find_seconds=float(config.get("find_seconds", 10.0))).start()

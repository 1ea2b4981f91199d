"""Emulated GoDice, reached through a stand-in for bleak's scanner and client: the tests' Bluetooth.

No Bluetooth controller is there to test with (no /sys/class/bluetooth, no hci_vhci, no BlueZ in the
container), so the hardware is swapped at bleak's boundary, as Klipper and OctoPrint swap a printer at its
serial port: `Air.stack()` is a `hal.dice_godice.Ble` whose scanner and client classes have bleak's methods
and return bleak's own `BLEDevice` and `AdvertisementData`, and whose dice speak the GoDice bytes (they
answer the battery and colour requests, keep the LED colours they are sent, and notify `R`, `S` + x, y, z and
the other rests). Everything above the transport is the real code.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

from bleak.backends.device import BLEDevice
from bleak.backends.scanner import AdvertisementData
from bleak.exc import BleakDeviceNotFoundError, BleakError

from hal import dice_godice_protocol as P
from hal.dice_godice import Ble


class EmulatedDie:
    """One die: advertising while awake and unconnected, speaking the protocol while connected."""

    def __init__(self, air: Air, name: str, address: str, battery: int = 87, colour: int = 1, rssi: int = -50):
        self.air, self.name, self.address, self.battery, self.colour, self.rssi = (
            air, name, address, battery, colour, rssi)
        self.awake = True
        self.leds: list[bytes] = []                  # every LED command received, in order
        self.client: Client | None = None
        self.connected = threading.Event()

    # ---- what a player does ----------------------------------------------------------------------------
    def roll(self, face: int) -> None:
        self.notify(b"R")
        self.notify(b"S" + P.xyz_bytes(face))

    def rest(self, kind: bytes, face: int) -> None:
        """A rest that is no roll: b"F" fake, b"T" tilted, b"M" moved."""
        self.notify(kind + b"S" + P.xyz_bytes(face))

    def sleep(self) -> None:
        """The die falls asleep (or is carried out of reach): the link drops, and it stops advertising."""
        self.awake = False
        self.connected.clear()
        client, self.client = self.client, None
        if client is not None:
            client.dropped()

    def wake(self) -> None:
        self.awake = True

    # ---- the GATT side ---------------------------------------------------------------------------------
    @property
    def advertising(self) -> bool:
        return self.awake and self.client is None

    def notify(self, data: bytes) -> None:
        client = self.client
        if client is None:
            raise AssertionError(f"{self.name} is not connected: nobody hears it")
        client.deliver(data)

    def written(self, data: bytes) -> None:
        if data[0] == P.CMD_BATTERY:
            self.notify(b"Bat" + bytes([self.battery]))
        elif data[0] == P.CMD_COLOUR:
            self.notify(b"Col" + bytes([self.colour]))
        elif data[0] in (P.CMD_SET_LED, P.CMD_PULSE_LED):
            self.leds.append(bytes(data))


class Air:
    """The dice within reach."""

    def __init__(self) -> None:
        self.dice: dict[str, EmulatedDie] = {}
        self.scans = 0

    def add(self, name: str, address: str, **kw: Any) -> EmulatedDie:
        die = EmulatedDie(self, name, address, **kw)
        self.dice[address] = die
        return die

    def advertised(self) -> list[tuple[BLEDevice, AdvertisementData]]:
        return [(BLEDevice(d.address, d.name, None),
                 AdvertisementData(local_name=d.name, manufacturer_data={}, service_data={},
                                   service_uuids=[P.SERVICE], tx_power=None, rssi=d.rssi, platform_data=()))
                for d in self.dice.values() if d.advertising]

    def stack(self) -> Ble:
        air = self

        class Scanner:
            @classmethod
            async def discover(cls, timeout: float = 5.0, *, return_adv: bool = False, **kw: Any) -> Any:
                air.scans += 1
                await asyncio.sleep(min(timeout, 0.05))
                seen = {device.address: (device, adv) for device, adv in air.advertised()}
                return seen if return_adv else [device for device, _ in seen.values()]

            @classmethod
            async def find_device_by_filter(cls, filterfunc: Callable[[BLEDevice, AdvertisementData], bool],
                                            timeout: float = 10.0, **kw: Any) -> BLEDevice | None:
                air.scans += 1
                loop = asyncio.get_running_loop()
                end = loop.time() + timeout
                while True:
                    for device, adv in air.advertised():
                        if filterfunc(device, adv):
                            return device
                    if loop.time() >= end:
                        return None
                    await asyncio.sleep(0.01)

        class BoundClient(Client):
            pass
        BoundClient.air = air
        return Ble(scanner=Scanner, client=BoundClient)


class Client:
    """bleak's BleakClient as the GoDice code uses it."""

    air: Air

    def __init__(self, address_or_device: BLEDevice | str, disconnected_callback: Callable[[Any], None] | None = None,
                 *, timeout: float = 10.0, **kw: Any) -> None:
        self.address = address_or_device if isinstance(address_or_device, str) else address_or_device.address
        self._on_disconnect = disconnected_callback
        self._loop: asyncio.AbstractEventLoop | None = None
        self._listener: Callable[[Any, bytearray], Any] | None = None
        self.die: EmulatedDie | None = None
        self._pending: set[asyncio.Future[Any]] = set()

    @property
    def is_connected(self) -> bool:
        return self.die is not None

    async def connect(self, **kw: Any) -> None:
        die = self.air.dice.get(self.address)
        if die is None or not die.advertising:
            raise BleakDeviceNotFoundError(self.address, f"Device with address {self.address} was not found.")
        self._loop = asyncio.get_running_loop()
        self.die = die
        die.client = self
        die.connected.set()

    async def disconnect(self) -> None:
        die, self.die = self.die, None
        if die is not None and die.client is self:
            die.client = None
            die.connected.clear()

    async def start_notify(self, char: str, callback: Callable[[Any, bytearray], Any], **kw: Any) -> None:
        self._check(char, P.NOTIFY)
        self._listener = callback

    async def write_gatt_char(self, char: str, data: bytes, response: bool | None = None) -> None:
        self._check(char, P.WRITE)
        assert self.die is not None
        self.die.written(bytes(data))

    def _check(self, char: str, wanted: str) -> None:
        if self.die is None:
            raise BleakError("Not connected")
        if char != wanted:
            raise BleakError(f"Characteristic {char} was not found!")

    # ---- from the die's side (any thread) ----------------------------------------------------------------
    def deliver(self, data: bytes) -> None:
        loop, listener = self._loop, self._listener
        if loop is None or listener is None:
            return                                   # nobody listening yet: a notification is lost, as in the air

        def call() -> None:
            result = listener(None, bytearray(data))
            if asyncio.iscoroutine(result):          # bleak takes an async callback too
                self._pending.add(asyncio.ensure_future(result))
        loop.call_soon_threadsafe(call)

    def dropped(self) -> None:
        """The link went from the die's side: bleak calls the disconnected callback on its loop."""
        loop, self.die = self._loop, None
        if loop is not None and self._on_disconnect is not None:
            loop.call_soon_threadsafe(self._on_disconnect, self)

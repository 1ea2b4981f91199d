"""A Pixels die played through Chromium's own Web Bluetooth emulation (the DevTools `BluetoothEmulation` domain),
so the page's real `navigator.bluetooth` finds, connects and talks to it: the chooser (`DeviceAccess`), the GATT
connection and discovery, the notify subscription and the writes are Chromium's, answered here.

One thing the domain lacks in Chromium 156: a command that sends a notification. A die's message reaches the
page instead as the answer to a read of its notify characteristic, started in the page with the same
`BluetoothRemoteGATTCharacteristic` object the page listens on; Chromium sets the value and fires
`characteristicvaluechanged` on it, the event a notification fires, so the page's listener gets the bytes as from a
real die. Web Bluetooth on Linux needs `--enable-experimental-web-platform-features` (without it
`navigator.bluetooth` is undefined).

The CDP events are queued by Playwright's callbacks and answered from the test's thread in `pump()` (a send from
inside a callback would wait on the dispatcher that runs it).
"""
from __future__ import annotations

import base64
import struct
import time
from collections.abc import Callable
from typing import Any

CCCD = "00002902-0000-1000-8000-00805f9b34fb"      # the descriptor a characteristic's notifications are switched by
SERVICE = "6e400001-b5a3-f393-e0a9-e50e24dcca9e"   # the Pixels service pixels-web-connect connects with
NOTIFY = "6e400001-b5a3-f393-e0a9-e50e24dcca9e"
WRITE = "6e400002-b5a3-f393-e0a9-e50e24dcca9e"
HCI_SUCCESS = 0x00
HCI_PAGE_TIMEOUT = 0x04                            # what a connection to a die that does not answer ends with

WHO_ARE_YOU, I_AM_A_DIE, ROLL_STATE, BLINK = 1, 2, 3, 29
ROLLED, HANDLING, ROLLING, CROOKED, ON_FACE = 1, 2, 3, 4, 5
D6, D20 = 2, 7


def legacy_i_am_a_die(die_type: int, led_count: int, pixel_id: int, firmware_s: int) -> bytes:
    """The 22-byte answer to whoAreYou of pixels-core-connect's LegacyIAmADie."""
    return struct.pack("<BBBBIIHIBBBB", I_AM_A_DIE, led_count, 1, die_type, 0, pixel_id, 0, firmware_s,
                       ON_FACE, 0, 90, 0)


def roll_state(state: int, face_index: int) -> bytes:
    return bytes([ROLL_STATE, state, face_index])


class EmulatedPixels:
    """One Pixels die (a d6 unless told) on the browser's emulated Bluetooth central."""

    def __init__(self, browser: Any, page: Any, address: str = "0A:1B:2C:3D:4E:01", name: str = "PXL6 red",
                 die_type: int = D6, led_count: int = 6, firmware_s: int = 1730000000) -> None:
        self.page = page
        self.address = address
        self.die_type, self.led_count, self.firmware_s = die_type, led_count, firmware_s
        self.central = browser.new_browser_cdp_session()
        self.tab = page.context.new_cdp_session(page)
        self.events: list[tuple[str, dict]] = []
        self.writes: list[bytes] = []                 # what the page wrote to the die, in order
        self.outbox: list[bytes] = []                 # messages the die is to send, oldest first
        self.awake = True
        self.connections = 0                          # connections the die took
        self.refused_connections = 0                  # tries to connect while it slept
        for kind in ("gattOperationReceived", "characteristicOperationReceived", "descriptorOperationReceived"):
            self.central.on(f"BluetoothEmulation.{kind}", lambda e, k=kind: self.events.append((k, e)))
        self.tab.on("DeviceAccess.deviceRequestPrompted", lambda e: self.events.append(("prompt", e)))
        self.central.send("BluetoothEmulation.enable", {"state": "powered-on", "leSupported": True})
        self.central.send("BluetoothEmulation.simulatePreconnectedPeripheral", {
            "address": address, "name": name, "manufacturerData": [], "knownServiceUuids": [SERVICE]})
        self._add_service()
        self.tab.send("DeviceAccess.enable")
        self.prompts_answered: set[str] = set()

    def close(self) -> None:
        """Take the emulated central away (the domain is the browser's, one test at a time may hold it)."""
        self.central.send("BluetoothEmulation.disable")
        self.central.detach()

    def _add_service(self) -> None:
        """The die's GATT table: its service, notify characteristic (with the descriptor that switches
        notifications) and write characteristic."""
        service = self.central.send("BluetoothEmulation.addService", {"address": self.address, "serviceUuid": SERVICE})
        notify = self.central.send("BluetoothEmulation.addCharacteristic", {
            "serviceId": service["serviceId"], "characteristicUuid": NOTIFY,
            "properties": {"notify": True, "read": True}})["characteristicId"]
        self.central.send("BluetoothEmulation.addDescriptor", {"characteristicId": notify, "descriptorUuid": CCCD})
        self.central.send("BluetoothEmulation.addCharacteristic", {
            "serviceId": service["serviceId"], "characteristicUuid": WRITE,
            "properties": {"write": True, "writeWithoutResponse": True}})

    # ---- the die's side ------------------------------------------------------------------------------------
    def send(self, message: bytes) -> None:
        """The die notifies `message`: the page reads its notify characteristic, and the read is answered so."""
        self.outbox.append(message)
        self.page.evaluate("""([service, notify]) => {
            navigator.bluetooth.getDevices().then(async (devices) => {
              const device = devices.find((d) => d.gatt.connected);
              const c = await (await device.gatt.getPrimaryService(service)).getCharacteristic(notify);
              await c.readValue();
            });
        }""", [SERVICE, NOTIFY])
        self.pump(lambda: message not in self.outbox)

    def sleep(self) -> None:
        """The die falls asleep: the link drops, and tries to connect fail until it wakes."""
        self.awake = False
        self.central.send("BluetoothEmulation.simulateGATTDisconnection", {"address": self.address})
        self._add_service()           # Chromium forgets a peripheral's services when its link drops

    def wake(self) -> None:
        self.awake = True

    # ---- answering Chromium ----------------------------------------------------------------------------------
    def pump(self, until: Callable[[], bool] = lambda: False, timeout: float = 10.0) -> None:
        """Answer what Chromium asks of the die until `until()` holds; AssertionError after `timeout` s."""
        deadline = time.monotonic() + timeout
        while True:
            while self.events:
                self._answer(*self.events.pop(0))
            if until():
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"the emulated die waited {timeout} s in vain; it was written {self.writes}")
            self.page.wait_for_timeout(50)

    def answer_for(self, seconds: float) -> None:
        """Answer what Chromium asks of the die for `seconds`, whatever happens."""
        end = time.monotonic() + seconds
        self.pump(lambda: time.monotonic() > end, timeout=seconds + 5)

    def _answer(self, kind: str, e: dict) -> None:
        send = self.central.send
        if kind == "prompt":
            if e["id"] not in self.prompts_answered and e["devices"]:
                self.prompts_answered.add(e["id"])
                self.tab.send("DeviceAccess.selectPrompt", {"id": e["id"], "deviceId": e["devices"][0]["id"]})
        elif kind == "gattOperationReceived":
            ok = self.awake or e["type"] != "connection"
            if e["type"] == "connection":
                self.connections += ok
                self.refused_connections += not ok
            send("BluetoothEmulation.simulateGATTOperationResponse",
                 {"address": self.address, "type": e["type"], "code": HCI_SUCCESS if ok else HCI_PAGE_TIMEOUT})
        elif kind == "descriptorOperationReceived":
            send("BluetoothEmulation.simulateDescriptorOperationResponse",
                 {"descriptorId": e["descriptorId"], "type": e["type"], "code": HCI_SUCCESS})
        elif kind == "characteristicOperationReceived":
            answer: dict[str, Any] = {"characteristicId": e["characteristicId"], "type": e["type"], "code": HCI_SUCCESS}
            if e["type"] == "write":
                data = base64.b64decode(e["data"])
                self.writes.append(data)
                if data == bytes([WHO_ARE_YOU]):
                    self.outbox.append(legacy_i_am_a_die(self.die_type, self.led_count, 0x5A17, self.firmware_s))
                    send("BluetoothEmulation.simulateCharacteristicOperationResponse", answer)
                    self._deliver_later()
                    return
            elif e["type"] == "read":
                answer["data"] = base64.b64encode(self.outbox.pop(0) if self.outbox else b"").decode()
            send("BluetoothEmulation.simulateCharacteristicOperationResponse", answer)

    def _deliver_later(self) -> None:
        """The answer to whoAreYou: read by the page as soon as it can (outside this callback's turn)."""
        self.page.evaluate("""([service, notify]) => {
            setTimeout(() => navigator.bluetooth.getDevices().then(async (devices) => {
              const device = devices.find((d) => d.gatt.connected);
              const c = await (await device.gatt.getPrimaryService(service)).getCharacteristic(notify);
              await c.readValue();
            }), 0);
        }""", [SERVICE, NOTIFY])

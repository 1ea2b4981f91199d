"""What stays on the host while the VM runs: the board's emulated microcontroller on a pseudo-terminal that
qemu wires to the guest's second serial port, and a spectator that records every message the VM's
spectator broker sends out (it survives the guest's power cuts)."""
from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import paho.mqtt.client as mqtt

BOARD = "board1"
BASE = f"soccerboard/{BOARD}"


class EmulatedBoard:
    """`soccerboard emulate-board` (an idle board) on a host pty; `tty` is what qemu opens as ttyS1."""

    def __init__(self, log: Path):
        exe = Path(sys.executable).with_name("soccerboard")
        with open(log, "w") as err:
            self.proc = subprocess.Popen([str(exe), "emulate-board", "--wait-for-host", "0"],
                                         stdout=subprocess.PIPE, stderr=err, text=True)
        assert self.proc.stdout is not None
        self.tty = self.proc.stdout.readline().strip()
        if not self.tty.startswith("/dev/"):
            self.stop()
            raise AssertionError(f"emulate-board printed no port (log {log})")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


@dataclass
class Message:
    t: float
    topic: str
    doc: dict
    retained: bool


@dataclass
class Spectator:
    """An anonymous MQTT-over-WebSocket client of the spectator broker, as a phone's browser is; it reconnects
    by itself after each of the guest's reboots and keeps everything it received."""

    port: int
    messages: list[Message] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.lock = threading.Lock()
        self.connected = threading.Event()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, transport="websockets")
        self.client.reconnect_delay_set(0.2, 1)  # type: ignore[arg-type]   # paho waits fractions too
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = lambda *a: self.connected.clear()
        self.client.on_message = self._on_message
        self.client.connect_async("127.0.0.1", self.port, keepalive=5)
        self.client.loop_start()

    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:
        if not reason_code.is_failure:
            client.subscribe([(f"{BASE}/#", 1)])
            self.connected.set()

    def _on_message(self, client, userdata, msg) -> None:
        try:
            doc = json.loads(msg.payload) if msg.payload else {}
        except ValueError:
            doc = {"raw": msg.payload.decode(errors="replace")}
        with self.lock:
            self.messages.append(Message(time.monotonic(), msg.topic.rsplit("/", 1)[-1], doc, bool(msg.retain)))

    def wait_connected(self, timeout: float) -> None:
        if not self.connected.wait(timeout):
            raise AssertionError(f"no spectator connection to 127.0.0.1:{self.port} within {timeout} s")

    def events(self) -> dict[int, dict]:
        """Every event received, by seq (a resend after a restart carries the same seq)."""
        with self.lock:
            return {m.doc["seq"]: m.doc for m in self.messages if m.topic == "events" and "seq" in m.doc}

    def max_seq(self) -> int:
        with self.lock:
            return max((m.doc["seq"] for m in self.messages if isinstance(m.doc.get("seq"), int)), default=0)

    def last(self, topic: str) -> dict | None:
        with self.lock:
            found = [m.doc for m in self.messages if m.topic == topic]
        return found[-1] if found else None

    def wait_seq_above(self, seq: int, timeout: float) -> int:
        end = time.monotonic() + timeout
        while self.max_seq() <= seq:
            if time.monotonic() > end:
                raise AssertionError(f"no message with a seq above {seq} within {timeout} s")
            time.sleep(0.2)
        return self.max_seq()

    def publish(self, topic: str, payload: str) -> None:
        self.client.publish(topic, payload, qos=1)

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()

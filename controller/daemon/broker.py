"""An embedded MQTT broker (amqtt) for `soccerboard sim`, so a newcomer needs no broker installed.

It runs its own asyncio loop on a thread and listens on 1883 (TCP) and 9001 (WebSockets, for a
browser dashboard) when they are free, otherwise on free ports; `start` returns the addresses to
print. It is a demonstration broker: anonymous clients may do anything. A real board uses Mosquitto
with the password file and ACL in deploy/.
"""
from __future__ import annotations

import asyncio
import logging
import socket
import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from amqtt.broker import Broker

log = logging.getLogger(__name__)


def free_port(preferred: int | None = None, host: str = "127.0.0.1") -> int:
    """`preferred` when nothing listens there, else a port the kernel picks."""
    for port in ([preferred] if preferred else []) + [0]:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            try:
                s.bind((host, port))
            except OSError:
                continue
            return s.getsockname()[1]
    raise OSError("no free TCP port")


class EmbeddedBroker:
    def __init__(self, host: str = "127.0.0.1", port: int | None = None, ws_port: int | None = None):
        self.host = host
        self.port = port or free_port(1883, host)
        self.ws_port = ws_port or free_port(9001, host)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._broker: Broker | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="soccerboard-broker", daemon=True)

    @property
    def url(self) -> str:
        return f"mqtt://{self.host}:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://{self.host}:{self.ws_port}/"

    def start(self, timeout: float = 10.0) -> EmbeddedBroker:
        for name in ("amqtt", "transitions", "amqtt.broker", "amqtt.mqtt.protocol"):
            logging.getLogger(name).setLevel(logging.WARNING)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError("the embedded broker did not start in time")
        if self._error is not None:
            raise RuntimeError(f"the embedded broker could not start: {self._error}")
        return self

    def _run(self) -> None:
        from amqtt.broker import Broker
        self._loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self._loop)
        config = {
            "listeners": {
                "default": {"type": "tcp", "bind": f"{self.host}:{self.port}"},
                "ws": {"type": "ws", "bind": f"{self.host}:{self.ws_port}"},
            },
            "plugins": {"amqtt.plugins.authentication.AnonymousAuthPlugin": {"allow_anonymous": True}},
        }

        async def main() -> None:
            broker = Broker(config)
            self._broker = broker
            await broker.start()

        try:
            self._loop.run_until_complete(main())
        except BaseException as e:      # noqa: BLE001 - reported to the starting thread
            self._error = e
            self._ready.set()
            return
        self._ready.set()
        self._loop.run_forever()

    def stop(self, timeout: float = 5.0) -> None:
        loop, broker = self._loop, self._broker
        if loop is None or broker is None or not loop.is_running():
            return
        fut = asyncio.run_coroutine_threadsafe(broker.shutdown(), loop)
        try:
            fut.result(timeout)
        except Exception as e:          # noqa: BLE001 - shutting down anyway
            log.debug("embedded broker shutdown: %s", e)
        loop.call_soon_threadsafe(loop.stop)
        self._thread.join(timeout)

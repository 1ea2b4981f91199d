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
import sys
import threading
import time
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


BROKER_LOGGERS = ("amqtt", "transitions")
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class OncePerInterval(logging.Filter):
    """Lets each kind of message (its logger and format string) through at most once per `interval` seconds,
    saying how many like it were held back, cut to `length` characters and without its traceback.

    Why: amqtt logs a warning, often with a traceback, for every message it fails to pass on (a PUBACK
    timeout, a task that failed); a flood of simulator inputs made that 60 MB of log. One line a minute
    per kind still says what goes wrong."""

    def __init__(self, interval: float = 60.0, length: int = 300, clock=time.monotonic):
        super().__init__()
        self.interval, self.length, self.clock = interval, length, clock
        self._last: dict[tuple[str, object], float] = {}
        self._held: dict[tuple[str, object], int] = {}
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, record.msg)
        now = self.clock()
        with self._lock:
            last = self._last.get(key)
            if last is not None and now - last < self.interval:
                self._held[key] = self._held.get(key, 0) + 1
                return False
            if len(self._last) > 1000:          # kinds are few; a message that varies its format is not
                self._last.clear()
            self._last[key] = now
            held = self._held.pop(key, 0)
        try:
            text = record.getMessage()
        except Exception:           # noqa: BLE001 - a format that does not fit its arguments still says something
            text = str(record.msg)
        if len(text) > self.length:
            text = text[:self.length - 1] + "…"
        if held:
            text += f" ({held} more like it in the last {self.interval:.0f} s not shown)"
        record.msg, record.args = text, None
        record.exc_info, record.exc_text, record.stack_info = None, None, None
        return True


def quiet_broker_logging(stream=None) -> logging.Handler:
    """The broker's loggers at WARNING or above, through their own handler that lets each kind of message
    through once a minute (OncePerInterval), whatever the daemon's own verbosity."""
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    handler.addFilter(OncePerInterval())
    for name in BROKER_LOGGERS:
        logger = logging.getLogger(name)
        for old in [h for h in logger.handlers if isinstance(h.filters[0] if h.filters else None, OncePerInterval)]:
            logger.removeHandler(old)
        logger.setLevel(logging.WARNING)
        logger.addHandler(handler)
        logger.propagate = False
    return handler


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
        quiet_broker_logging()
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

"""MQTT at the edge (paho-mqtt 2.x, CallbackAPIVersion.VERSION2), laid out exactly as docs/mqtt.md says.

Why an outbox of our own instead of paho's queue: paho re-sends its unacknowledged messages after
`on_connect` returns, so anything published from `on_connect` (or from another thread at that instant)
can overtake older messages, and a stale `state` could end up retained. Here one thread owns the
connection: a fresh paho client per connection; on a drop, the unacknowledged messages go back to
the front of the outbox, in order, and are sent again with their original `seq` once the broker
answers. Subscribers may therefore see an event twice with the same `seq` (QoS 1 is at least once),
never a gap and never a new number. Nothing here is called by the core thread except `submit`,
which only appends to a deque.

Home Assistant discovery configs (homeassistant.py), when enabled, are the only messages outside `<base>`:
retained, sent right after `online` on every connection, never journaled (they follow from the config).
"""
from __future__ import annotations

import contextlib
import json
import logging
import math
import socket
import ssl
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import paho.mqtt.client as mqtt

log = logging.getLogger(__name__)

RETAINED = {"state": 1, "clock": 1, "leds": 0, "status": 1, "computer": 1}
ACK_REPORT_SECONDS = 0.5   # the acknowledged-up-to watermark is written to disk at most this often
EARLY_ACK_SECONDS = 2.0     # paho reuses a mid only after 65535 more messages, far longer than this


@dataclass
class Msg:
    topic: str                # relative to <base>: state, events, clock, leds, response, status
    payload: object
    seq: int | None = None    # events only: for the acknowledged-up-to watermark
    absolute: bool = False    # a topic outside <base> (Home Assistant discovery): retained, QoS 1
    local: bool = False       # for the daemon's own console only (a refused board input), never published

    @property
    def retain(self) -> bool:
        return self.absolute or self.topic in RETAINED

    @property
    def qos(self) -> int:
        return 1 if self.absolute else RETAINED.get(self.topic, 1)

    def full_topic(self, base: str) -> str:
        return self.topic if self.absolute else f"{base}/{self.topic}"


def iso(t: datetime | None = None) -> str:
    return (t or datetime.now(UTC)).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def event_msg(event: dict) -> Msg:
    """A numbered event as published on <base>/events (a resent one keeps its seq)."""
    doc = {"seq": event["seq"], "ts": iso(), **{k: v for k, v in event.items() if k != "seq"}}
    return Msg("events", doc, seq=event["seq"])


def clock_document(view: dict) -> dict:
    """Game-time clock view -> deadlines on the wall clock, which clients count down locally."""
    now = datetime.now(UTC)
    run = not view["paused"]
    def due(r: float | None) -> str | None:
        if r is None or not run:
            return None
        try:
            return iso(now + timedelta(seconds=r))
        except (OverflowError, ValueError):    # no deadline this far away is real: shown as none
            return None
    return {"at": iso(now), "period": view["period"], "phase": view["phase"],
            "match_clock": {"running": view["running"] and run, "paused": view["paused"],
                            "elapsed": round(view["elapsed"], 3), "length": view["length"],
                            "time_up": view["time_up"]},
            "move_deadline": due(view["move_remaining"]), "move_remaining": view["move_remaining"],
            "reset_deadline": due(view["reset_remaining"]), "reset_remaining": view["reset_remaining"]}


def _json(doc: object) -> str:
    """Strict JSON: NaN and Infinity are not JSON and break every client; such a number (a bug upstream) is
    published as null and logged, never as invalid JSON."""
    try:
        return json.dumps(doc, separators=(",", ":"), allow_nan=False)
    except ValueError:
        log.error("a document held a number JSON cannot carry (NaN or Infinity); it is published as null")
        return json.dumps(_finite(doc), separators=(",", ":"), allow_nan=False)


def _finite(v: object) -> object:
    if isinstance(v, float) and not math.isfinite(v):
        return None
    if isinstance(v, dict):
        return {k: _finite(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_finite(x) for x in v]
    return v


def _no_delay(client: mqtt.Client) -> None:
    """Small documents go out at once: with Nagle's algorithm on (paho leaves it on) a `state` written right
    behind another message waits for the broker's delayed ACK, up to 40 ms on Linux."""
    sock = client.socket()
    try:
        # paho's socket may also be its WebSocket wrapper, which has no TCP options of its own
        if isinstance(sock, socket.socket) and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    except OSError as e:
        log.debug("cannot turn Nagle's algorithm off: %s", e)


class _Client(mqtt.Client):
    """paho's client, whose network thread sleeps until traffic, a publish from another thread (paho wakes
    its select through a socket pair) or a quarter of the keepalive, instead of waking every second (the
    default of loop_forever, which loop_start runs): a keepalive PINGREQ then leaves at most a quarter of
    the keepalive late, well inside the broker's 1.5 x keepalive grace."""

    idle_seconds = 1.0

    def loop_forever(self, timeout: float = 1.0, retry_first_connection: bool = False) -> mqtt.MQTTErrorCode:
        return super().loop_forever(timeout=max(timeout, self.idle_seconds),
                                    retry_first_connection=retry_first_connection)

    def loop_stop(self) -> mqtt.MQTTErrorCode:
        # the network thread reads paho's stop flag after its select returns: wake the select now, or
        # stopping would wait up to idle_seconds (with a paho that no longer has these, it just waits)
        if getattr(self, "_thread", None) is not None and hasattr(self, "_thread_terminate"):
            self._thread_terminate = True
            wake = getattr(self, "_sockpairW", None)
            if wake is not None:
                with contextlib.suppress(OSError):
                    wake.send(b"0")
        return super().loop_stop()


class Publisher:
    def __init__(self, base: str, host: str, port: int, *, username: str | None = None,
                 password: str | None = None, client_id: str | None = None, keepalive: int = 30,
                 tls: bool = False, ca_file=None, cert_file=None, key_file=None, tls_insecure: bool = False,
                 on_command: Callable[[str, bytes], None] | None = None,
                 on_sim_input: Callable[[bytes], None] | None = None,
                 on_acked: Callable[[int], None] | None = None, connect_timeout: float = 5.0,
                 discovery: Sequence[tuple[str, object]] | None = None,
                 annotate: Callable[[dict], object] | None = None):
        self.base, self.host, self.port = base, host, port
        self._auth = (username, password)
        self._client_id = client_id or f"soccerboard-{base.rsplit('/', 1)[-1]}"
        self._keepalive = keepalive
        self._tls = (tls, ca_file, cert_file, key_file, tls_insecure)
        self._on_command, self._on_sim_input, self._on_acked = on_command, on_sim_input, on_acked
        self._connect_timeout = connect_timeout
        self._discovery = list(discovery or [])     # (absolute topic, payload), sent on every connection
        self._annotate = annotate                   # adds an event's optional `minute` and `text` (story.py)
        self._lock = threading.Lock()
        self._pending: deque[Msg] = deque()
        self._inflight: dict[int, Msg] = {}
        self._order: dict[int, int] = {}
        self._early_acks: dict[int, float] = {}     # mid -> when paho reported it before _flush recorded it
        self._retained: dict[str, object] = {}
        self._clearing: dict[str, float] = {}       # topics of retained commands being cleared, until when
        self._wake = threading.Event()
        self._answered = threading.Event()          # the broker answered a connection attempt (or dropped it)
        self._stop = threading.Event()
        self._client: mqtt.Client | None = None
        self._state = "down"                       # down / connecting / up
        self.connected = threading.Event()
        self.attempted = threading.Event()          # set after the first connection attempt ended
        self.last_error: str | None = None
        self.published = 0
        self._acked_seq = 0
        self._last_event_seq = 0
        self._thread = threading.Thread(target=self._run, name="soccerboard-mqtt", daemon=True)

    # ---- any thread -----------------------------------------------------------------------------
    def start(self) -> Publisher:
        self._thread.start()
        return self

    def submit(self, messages: list[Msg]) -> None:
        if self._annotate is not None:
            for m in messages:
                if m.topic == "events" and isinstance(m.payload, dict):
                    self._annotate(m.payload)
        with self._lock:
            for m in messages:
                if m.retain:
                    self._retained[m.topic] = m.payload
                if m.seq is not None:
                    self._last_event_seq = max(self._last_event_seq, m.seq)
                self._pending.append(m)
        self._wake.set()

    @property
    def alive(self) -> bool:
        """Its thread runs (a supervisor treats its death as fatal)."""
        return self._thread.is_alive()

    def backlog(self) -> int:
        with self._lock:
            return len(self._pending) + len(self._inflight)

    def drain(self, timeout: float) -> bool:
        """Wait until everything submitted is acknowledged (tests, clean stop)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.backlog() == 0:
                return True
            time.sleep(0.01)
        return self.backlog() == 0

    def stop(self, timeout: float = 3.0) -> None:
        """Clean stop: `offline` (the last will is not sent on a clean disconnect), then disconnect."""
        if self.connected.is_set():
            self.submit([Msg("status", "offline")])
            self.drain(timeout)
        self._stop.set()
        self._wake.set()
        self._thread.join(timeout + 1)

    # ---- the connection thread -----------------------------------------------------------------
    def _run(self) -> None:
        delay, last_mark = 0.1, 0.0
        while not self._stop.is_set():
            state = self._state
            if state == "down":
                if self._connect():
                    delay = 0.1
                else:
                    self.attempted.set()
                    self._stop.wait(delay)
                    delay = min(delay * 2, 2.0)
                continue
            if state in ("lost", "refused"):
                self._teardown(clean=False)
                continue
            self._wake.clear()           # before flushing: a message submitted from now on sets it again
            self._flush()
            wait = None                  # nothing to do until a message, an acknowledgement or a connection change
            if self._on_acked is not None and self.acked_through() != self._acked_seq:
                since = time.monotonic() - last_mark
                if since >= ACK_REPORT_SECONDS:
                    last_mark = time.monotonic()
                    self._report_acked()
                else:
                    wait = ACK_REPORT_SECONDS - since
            self._wake.wait(wait)
        self._teardown(clean=True)
        self._report_acked()

    def acked_through(self) -> int:
        """The highest event seq such that it and every event before it were acknowledged."""
        with self._lock:
            waiting = [m.seq for m in list(self._pending) + list(self._inflight.values()) if m.seq is not None]
            return min(waiting) - 1 if waiting else self._last_event_seq

    def _report_acked(self) -> None:
        if self._on_acked is None:
            return
        seq = self.acked_through()
        if seq != self._acked_seq:
            self._acked_seq = seq
            try:
                self._on_acked(seq)
            except OSError as e:
                log.warning("cannot record the published watermark: %s", e)

    def _connect(self) -> bool:
        client = _Client(mqtt.CallbackAPIVersion.VERSION2, client_id=self._client_id, clean_session=True)
        client.idle_seconds = max(1.0, min(self._keepalive / 4, 15.0))
        client.connect_timeout = self._connect_timeout
        client.will_set(f"{self.base}/status", "offline", qos=1, retain=True)
        if self._auth[0] is not None:
            client.username_pw_set(*self._auth)
        tls, ca, cert, key, insecure = self._tls
        if tls:
            client.tls_set(ca_certs=str(ca) if ca else None, certfile=str(cert) if cert else None,
                           keyfile=str(key) if key else None, cert_reqs=ssl.CERT_REQUIRED)
            client.tls_insecure_set(insecure)
        client.reconnect_delay_set(30, 60)        # our thread reconnects, not paho's loop
        client.on_connect = self._handle_connect
        client.on_disconnect = self._handle_disconnect
        client.on_publish = self._handle_publish
        client.on_message = self._handle_message
        self._client, self._state = client, "connecting"
        self._answered.clear()
        try:
            client.connect(self.host, self.port, self._keepalive)
        except (OSError, ValueError, ssl.SSLError) as e:
            self._note_error(f"cannot reach the broker at {self.host}:{self.port}: {e}")
            self._client, self._state = None, "down"
            return False
        _no_delay(client)
        client.loop_start()
        end = time.monotonic() + self._connect_timeout
        while (self._state == "connecting" and not self._answered.is_set() and time.monotonic() < end
               and not self._stop.is_set()):
            self._answered.wait(min(0.5, max(0.0, end - time.monotonic())))   # set by the broker's answer
        if self._state != "up":
            if self._state == "connecting":
                self._note_error(f"no answer from the broker at {self.host}:{self.port}")
            self._teardown(clean=False)
            return False
        return True

    def _note_error(self, text: str) -> None:
        if text != self.last_error:
            log.warning("%s", text)
        self.last_error = text

    def _teardown(self, clean: bool) -> None:
        client, self._client = self._client, None
        self._state = "down"
        self.connected.clear()
        if client is None:
            return
        if clean:
            client.disconnect()
        client.loop_stop()
        if not clean:
            client.disconnect()
        with self._lock:                           # unacknowledged messages go back first, in order
            # _flush and _handle_publish add and remove the two maps' keys together
            back = [self._inflight[mid] for mid in sorted(self._inflight, key=self._order.__getitem__)]
            self._inflight.clear()
            self._order.clear()
            self._early_acks.clear()
            self._pending.extendleft(reversed(back))

    def _flush(self) -> None:
        # never call paho while holding our lock: paho calls on_publish holding its own
        client = self._client
        while client is not None and self._state == "up":
            with self._lock:
                if not self._pending:
                    return
                m = self._pending.popleft()
            payload = m.payload if isinstance(m.payload, (str, bytes)) else _json(m.payload)
            info = client.publish(m.full_topic(self.base), payload, qos=m.qos, retain=m.retain)
            if info.rc not in (mqtt.MQTT_ERR_SUCCESS, mqtt.MQTT_ERR_NO_CONN):
                log.error("publish to %s failed: %s", m.topic, mqtt.error_string(info.rc))
                continue
            with self._lock:
                acked = self._early_acks.pop(info.mid, None)
                if m.qos > 0 and (acked is None or time.monotonic() - acked >= EARLY_ACK_SECONDS):
                    self._inflight[info.mid] = m           # (an old entry is a QoS 0 write under a reused mid)
                    self._order[info.mid] = self.published
                self.published += 1

    # ---- paho callbacks (paho's network thread) --------------------------------------------------
    def _handle_connect(self, client: mqtt.Client, userdata, flags, reason_code, properties) -> None:
        if client is not self._client:
            return
        if reason_code.is_failure:
            self._note_error(f"the broker at {self.host}:{self.port} refused the connection: {reason_code}")
            self._state = "refused"
            self._answered.set()
            return
        client.subscribe(f"{self.base}/cmd/+", qos=1)
        if self._on_sim_input is not None:
            client.subscribe(f"{self.base}/sim/input", qos=1)
        with self._lock:      # status, discovery configs, then the backlog, then fresh retained copies
            queued = {m.topic for m in self._pending}
            refresh = [Msg(t, p) for t, p in self._retained.items() if t != "status" and t not in queued]
            backlog = [m for m in self._pending if not m.absolute]   # configs of a lost connection: sent afresh
            first = [Msg("status", "online")] + [Msg(t, p, absolute=True) for t, p in self._discovery]
            self._pending.clear()
            self._pending.extend(first + backlog + refresh)   # the broker may have lost retained messages
        if self.last_error:
            log.warning("connected to the broker at %s:%s again", self.host, self.port)
        self.last_error = None
        self._state = "up"
        self.connected.set()
        self.attempted.set()
        self._answered.set()
        self._wake.set()

    def _handle_disconnect(self, client, userdata, flags, reason_code, properties) -> None:
        if client is self._client:
            self._answered.set()
        if client is self._client and self._state == "up":
            self._note_error(f"lost the broker at {self.host}:{self.port} ({reason_code})")
            self._state = "lost"
            self.connected.clear()
            self._wake.set()

    def _handle_publish(self, client, userdata, mid, reason_code, properties) -> None:
        with self._lock:
            if self._inflight.pop(mid, None) is None:
                # acknowledged before _flush recorded it, or a QoS 0 message written out after _flush looked:
                # the first kind is claimed within microseconds, so only stale entries are dropped (clearing
                # them all could drop a real early ack and leave its message in flight for ever)
                now = time.monotonic()
                self._early_acks[mid] = now
                if len(self._early_acks) > 256:
                    self._early_acks = {m: t for m, t in self._early_acks.items() if now - t < EARLY_ACK_SECONDS}
            self._order.pop(mid, None)
        self._wake.set()           # the watermark may have moved

    def _handle_message(self, client, userdata, message) -> None:
        topic = message.topic
        if message.retain:      # an old command kept by the broker: carrying it out at every reconnect would be
            if message.payload:  # a new game each time; it is cleared (an empty retained payload) and never run
                log.warning("ignored and cleared a retained message on %s", topic)
                self._clearing[topic] = time.monotonic() + 10.0
                client.publish(topic, b"", qos=1, retain=True)
            return
        if not message.payload and self._clearing.pop(topic, 0.0) > time.monotonic():
            return              # the clearing itself, come back on our own subscription: no command
        try:
            if topic.startswith(f"{self.base}/cmd/") and self._on_command:
                self._on_command(topic.rsplit("/", 1)[-1], message.payload)
            elif topic == f"{self.base}/sim/input" and self._on_sim_input:
                self._on_sim_input(message.payload)
        except Exception:                           # a bad message must never take the client down
            log.exception("could not handle a message on %s", topic)

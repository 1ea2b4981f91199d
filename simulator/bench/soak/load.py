"""The command load figure: how many `cmd/` requests a second the daemon answers before its rate limit refuses
them, and whether any request goes unanswered.

A referee client sends `pause` and `resume` alternately, each with its own `id`, at a steady rate for a few
seconds, to `soccerboard sim --manual` (a standard set-up and no bots: the commands are the only inputs), and
counts the `response` documents under each request's id: carried out (or refused by the game), refused by the
rate limit, or never answered.
"""
from __future__ import annotations

import json
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import paho.mqtt.client as mqtt

from simulator.bench.daemon import start_daemon
from simulator.bench.mosquitto import BASE, REFEREE_PASS, REFEREE_USER
from simulator.bench.process import stop_process
from simulator.bench.soak.runner import durable_broker
from simulator.bench.soak.stack import SeqRecorder
from simulator.bench.waits import wait_for


@dataclass
class LoadRow:
    rate: float              # commands a second sent
    sent: int
    answered: int            # requests carried out (or refused by the game), answered under their id
    rate_refusals: int       # requests refused by the rate limit ("refused: more than N commands a second")
    unanswered: int          # requests with no response under their id

    @property
    def answered_per_second(self) -> float:
        return self.answered / (self.sent / self.rate) if self.sent else 0.0


class Referee:
    """A referee client: publishes commands, collects responses."""

    def __init__(self, port: int):
        self.responses: list[dict] = []
        self.lock = threading.Lock()
        ready = threading.Event()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="soak-load-referee")
        self.client.username_pw_set(REFEREE_USER, REFEREE_PASS)
        self.client.max_inflight_messages_set(1000)

        def on_connect(client, userdata, flags, reason_code, properties) -> None:
            client.subscribe(f"{BASE}/response", qos=1)
            ready.set()

        def on_message(client, userdata, msg) -> None:
            with self.lock:
                self.responses.append(json.loads(msg.payload))
        self.client.on_connect = on_connect
        self.client.on_message = on_message
        self.client.connect("127.0.0.1", port)
        self.client.loop_start()
        if not ready.wait(10):
            raise AssertionError("the referee client could not connect")
        time.sleep(0.2)

    def send(self, rate: float, seconds: float, tag: str) -> list[str]:
        ids, start = [], time.monotonic()
        n = int(rate * seconds)
        for i in range(n):
            due = start + i / rate
            time.sleep(max(0.0, due - time.monotonic()))
            rid = f"{tag}-{i}"
            ids.append(rid)
            self.client.publish(f"{BASE}/cmd/{'pause' if i % 2 == 0 else 'resume'}", json.dumps({"id": rid}), qos=1)
        return ids

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


def command_load(rates: tuple[float, ...] = (10, 20, 40, 100, 200), seconds: float = 4.0) -> list[LoadRow]:
    root = Path(tempfile.mkdtemp(prefix="soccerboard-load-"))
    broker = durable_broker(root / "mosquitto").start()
    recorder = SeqRecorder(broker.port, "load")
    daemon = start_daemon(["sim", "--broker", broker.url(), "--board-id", BASE.split("/")[1], "--journal-dir",
                           str(root / "journal"), "--manual", "--no-web", "--quiet"], root / "daemon.log")
    referee = None
    rows = []
    try:
        wait_for(lambda: recorder.max_seq() > 0, 60, "the daemon's first state")
        referee = Referee(broker.port)
        for rate in rates:
            time.sleep(2.5)                      # the rate limit's bucket fills up again (burst 40 at 20/s)
            before = len(referee.responses)
            ids = referee.send(rate, seconds, f"r{rate:g}")
            time.sleep(2.0)                      # the last answers arrive
            with referee.lock:
                got = referee.responses[before:]
            limited = {r.get("id") for r in got if "refused: more than" in str(r.get("detail"))}
            done = {r.get("id") for r in got} - limited
            answered = sum(1 for rid in ids if rid in done)
            refused = sum(1 for rid in ids if rid in limited)
            rows.append(LoadRow(rate, len(ids), answered, refused, len(ids) - answered - refused))
    finally:
        if referee is not None:
            referee.close()
        stop_process(daemon)
        recorder.close()
        broker.stop()
        shutil.rmtree(root, ignore_errors=True)
    return rows


def load_table(rows: list[LoadRow]) -> str:
    out = [f"{'commands/s sent':>16} {'sent':>6} {'carried out':>11} {'per s':>6} {'rate refusals':>14} "
           f"{'unanswered':>11}"]
    for r in rows:
        out.append(f"{r.rate:>16g} {r.sent:>6} {r.answered:>11} {r.answered_per_second:>6.1f} {r.rate_refusals:>14} "
                   f"{r.unanswered:>11}")
    return "\n".join(out)

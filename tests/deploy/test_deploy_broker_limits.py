"""What anonymous or not-yet-logged-in clients can make the shipped brokers hold (deploy/mosquitto/, and the
spectator broker's unit), on a real Mosquitto started from the shipped files: over TCP a packet that announces
more than max_packet_size is cut off at its header, so three clients each streaming an unfinished 40 MB PUBLISH
(or CONNECT) leave the broker's resident memory where it was; over WebSockets, where Mosquitto 2.0.11 does not
apply max_packet_size, memory_limit bounds what such clients make it hold; under the unit's LimitNOFILE the
broker accepts no more clients than it allows and serves again once they leave. The broker still serves its
spectators afterwards.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.daemon.daemon_helpers import ROOT, wait_for
from tests.deploy.deploy_helpers import ACCOUNTS, BOARD, MOSQ, Broker, Client, SpectatorBroker
from tests.deploy.raw_mqtt import RawClient, publish_header, remaining_length

ANNOUNCED = 40_000_000                  # what each client says its packet holds
SENT = 8 * 1024 * 1024                  # what it sends of it, unless the broker cuts it off first
CHUNK = 64 * 1024
CLIENTS = 3
BOUND_KB = 8 * 1024                     # growth allowed: less than one client's unfinished packet


def resident_kb(broker: Broker) -> int:
    assert broker.proc is not None
    status = Path(f"/proc/{broker.proc.pid}/status").read_text()
    return int(re.search(r"^VmRSS:\s+(\d+) kB", status, re.M).group(1))    # type: ignore[union-attr]


def stream(client: RawClient, header: bytes, limit: int = SENT) -> int:
    """Send the header, then the announced payload in chunks until `limit` bytes or the broker cuts the
    connection off; the bytes it took."""
    sent = 0
    try:
        client.send(header)
        while sent < limit:
            client.send(b"x" * CHUNK)
            sent += CHUNK
    except OSError:
        pass
    return sent


def global_options(conf: Path) -> dict[str, str]:
    out = {}
    for line in conf.read_text().splitlines():
        words = line.split()
        if words and words[0] == "listener":
            break
        if len(words) > 1 and not words[0].startswith("#"):
            out[words[0]] = words[1]
    return out


def test_the_shipped_limits_are_set_where_mosquitto_reads_them():
    """max_packet_size, memory_limit and the queue limits are global options in Mosquitto 2.0: before the first
    listener, or Mosquitto reads them as that listener's and ignores them."""
    spectators = global_options(MOSQ / "spectators.conf")
    for option in ("max_packet_size", "memory_limit", "max_queued_messages", "max_queued_bytes"):
        assert int(spectators[option]) > 0, option
    assert int(global_options(MOSQ / "soccerboard.conf")["max_packet_size"]) > 0


def spectator_publish(client: RawClient) -> bytes:
    assert client.connect(f"greedy-spectator-{id(client)}")
    return publish_header("soccerboard/board1/state", ANNOUNCED)


def unauthenticated_connect(client: RawClient) -> bytes:
    return b"\x10" + remaining_length(ANNOUNCED)


def test_an_unfinished_oversized_publish_is_cut_off_at_the_spectator_broker(deploy_broker, spectator_broker):
    cut_off(spectator_broker, spectator_broker.port, False, spectator_publish)
    still_serves_spectators(deploy_broker, spectator_broker)


def test_an_unfinished_oversized_connect_is_cut_off_at_the_boards_broker(deploy_broker):
    cut_off(deploy_broker, deploy_broker.port, False, unauthenticated_connect)
    daemon = Client(deploy_broker.port, user=BOARD, password=ACCOUNTS[BOARD])
    daemon.close()


def cut_off(broker: Broker, port: int, websocket: bool, start: Callable[[RawClient], bytes]) -> None:
    before = resident_kb(broker)
    clients = [RawClient(port, websocket) for _ in range(CLIENTS)]
    try:
        taken = [stream(c, start(c)) for c in clients]
        assert all(c.closed_by_peer() for c in clients), f"the broker kept the connections (took {taken} bytes)"
        growth = resident_kb(broker) - before
        assert growth < BOUND_KB, f"the broker grew by {growth} kB holding unfinished packets"
    finally:
        for c in clients:
            c.close()
    assert "oversize" in broker.log_text().lower() or "disconnect" in broker.log_text().lower()


def still_serves_spectators(board, spectators) -> None:
    daemon = Client(board.port, user=BOARD, password=ACCOUNTS[BOARD])
    spectator = Client(spectators.port)
    try:
        spectator.subscribe(f"soccerboard/{BOARD}/#")
        daemon.publish(f"soccerboard/{BOARD}/state", json.dumps({"seq": 7}), retain=True)
        wait_for(lambda: spectator.received(f"soccerboard/{BOARD}/state"), 10, "the state at the spectator broker")
    finally:
        daemon.close()
        spectator.close()


def memory_limit_kb() -> int:
    return int(global_options(MOSQ / "spectators.conf")["memory_limit"]) // 1024


@pytest.mark.parametrize("announced", [ANNOUNCED, 20_000_000], ids=["40MB", "20MB"])
def test_websocket_clients_cannot_make_the_spectator_broker_hold_more_than_its_memory_limit(
        deploy_broker, spectator_broker, announced):
    """Mosquitto 2.0.11 takes a buffer of the announced size for a WebSocket client's packet whatever
    max_packet_size says; memory_limit refuses the allocations past it and disconnects their clients."""
    before = resident_kb(spectator_broker)
    clients = [RawClient(spectator_broker.ws_port, True) for _ in range(CLIENTS)]
    try:
        for c in clients:
            header = spectator_publish(c)[:1] + remaining_length(announced)
            stream(c, header, announced)
        kept = [c for c in clients if not c.closed_by_peer(2)]
        growth = resident_kb(spectator_broker) - before
        assert len(kept) <= 1, f"{len(kept)} clients hold unfinished packets"
        assert growth < memory_limit_kb() + BOUND_KB, f"the broker grew by {growth} kB"
    finally:
        for c in clients:
            c.close()
    still_serves_spectators(deploy_broker, spectator_broker)


def unit_nofile() -> int:
    text = (ROOT / "deploy/soccerboard-spectators.service").read_text()
    return int(re.search(r"^LimitNOFILE=(\d+)$", text, re.M).group(1))     # type: ignore[union-attr]


def test_the_spectator_broker_accepts_no_more_clients_than_its_units_open_files(tmp_path, deploy_broker):
    nofile = unit_nofile()
    broker = SpectatorBroker(tmp_path, deploy_broker, name="capped").start(nofile=nofile)
    clients: list[RawClient] = []
    try:
        accepted = 0
        for i in range(nofile + 20):
            try:
                c = RawClient(broker.ws_port, True, timeout=2)
            except OSError:
                continue
            clients.append(c)
            accepted += c.connect(f"phone-{i}")
        assert 0.8 * nofile < accepted < nofile, f"{accepted} clients in under LimitNOFILE={nofile}"
        for c in clients:
            c.close()
        clients = []
        late = Client(broker.port)
        late.close()
        still_serves_spectators(deploy_broker, broker)
    finally:
        for c in clients:
            c.close()
        broker.stop()

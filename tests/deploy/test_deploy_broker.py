"""The shipped Mosquitto configuration, started for real (deploy/mosquitto/): the board's broker lets only
accounts in, from this machine, each under its own user name as client id; the spectator broker, fed by a
read-only bridge, lets anonymous clients read and nothing else; TLS with a CA made here.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.daemon.daemon_helpers import free_port, wait_for
from tests.deploy.deploy_helpers import ACCOUNTS, BOARD, MOSQ, BoardBroker, Client, make_ca, refused, settle

BASE = f"soccerboard/{BOARD}"


def daemon_client(broker: BoardBroker, **kw) -> Client:
    return Client(broker.port, user=BOARD, password=ACCOUNTS[BOARD], client_id=f"soccerboard-{BOARD}", **kw)


def test_the_boards_broker_listens_on_this_machine_only_and_lets_no_anonymous_client_in(deploy_broker):
    listeners = re.findall(r"^listener .*$", (MOSQ / "soccerboard.conf").read_text(), re.M)
    assert listeners == ["listener 1883 127.0.0.1"], listeners
    assert refused(deploy_broker.port) is not None                      # anonymous
    assert refused(deploy_broker.port, user=BOARD, password="wrong") is not None
    assert refused(deploy_broker.port, user=BOARD, password=ACCOUNTS[BOARD]) is None


def test_accounts_publish_what_the_acl_lets_them(deploy_broker):
    daemon = daemon_client(deploy_broker)
    referee = Client(deploy_broker.port, user="referee", password=ACCOUNTS["referee"])
    try:
        daemon.subscribe(f"{BASE}/cmd/#")
        referee.subscribe(f"{BASE}/#")
        daemon.publish(f"{BASE}/state", json.dumps({"seq": 1}), retain=True)
        referee.publish(f"{BASE}/cmd/pause", "{}")
        referee.publish(f"{BASE}/state", json.dumps({"seq": 666}), retain=True)   # not the referee's to write
        wait_for(lambda: daemon.received(f"{BASE}/cmd/pause"), 5, "the referee's command at the daemon")
        wait_for(lambda: referee.received(f"{BASE}/state"), 5, "the daemon's state at the referee")
        settle()
        assert [json.loads(p)["seq"] for _, p, _ in referee.received(f"{BASE}/state")] == [1]
    finally:
        daemon.close()
        referee.close()


def test_anonymous_spectators_read_everything_and_publish_nothing(deploy_broker, spectator_broker):
    daemon = daemon_client(deploy_broker)
    try:
        daemon.subscribe(f"{BASE}/#")
        daemon.publish(f"{BASE}/status", "online", retain=True)
        daemon.publish(f"{BASE}/state", json.dumps({"seq": 1}), retain=True)
        spectator = Client(spectator_broker.ws_port, transport="websockets")
        other = Client(spectator_broker.port)
        try:
            spectator.subscribe("soccerboard/#")
            other.subscribe("soccerboard/#")
            wait_for(lambda: spectator.received(f"{BASE}/state"), 5, "the retained state at the spectator")
            assert spectator.received(f"{BASE}/state")[0][2], "the state should arrive retained"
            daemon.publish(f"{BASE}/events", json.dumps({"seq": 2, "event": "goal"}))
            wait_for(lambda: spectator.received(f"{BASE}/events"), 5, "an event at the spectator")

            attempts = ((f"{BASE}/cmd/new_game", "{}", False), (f"{BASE}/sim/input", "{}", False),
                        (f"{BASE}/state", '{"seq": 999}', True), ("soccerboard/x/state", "{}", True))
            for topic, payload, retain in attempts:
                spectator.publish(topic, payload, retain=retain)
            settle(1.0)
            assert not [m for m in daemon.received() if m[0] != f"{BASE}/status" and b"999" in m[1]]
            assert not daemon.received(f"{BASE}/cmd/new_game") and not daemon.received(f"{BASE}/sim/input")
            assert not [m for m in other.received() if b"999" in m[1] or m[0] == "soccerboard/x/state"]
            late = Client(spectator_broker.port)
            try:
                late.subscribe(f"{BASE}/state")
                wait_for(lambda: late.received(), 5, "the retained state")
                assert json.loads(late.received()[0][1]) == {"seq": 1}
            finally:
                late.close()
        finally:
            spectator.close()
            other.close()
    finally:
        daemon.close()


def test_no_client_takes_the_daemons_session_over_by_its_client_id(deploy_broker, spectator_broker):
    daemon = daemon_client(deploy_broker)
    try:
        intruders = [Client(spectator_broker.port, client_id=f"soccerboard-{BOARD}"),
                     Client(spectator_broker.ws_port, client_id=BOARD, transport="websockets"),
                     Client(deploy_broker.port, user="referee", password=ACCOUNTS["referee"],
                            client_id=f"soccerboard-{BOARD}"),
                     Client(deploy_broker.port, user="referee", password=ACCOUNTS["referee"], client_id=BOARD)]
        settle(2.0)
        assert daemon.disconnects == 0 and daemon.connects == 1
        for c in intruders:
            c.close()
    finally:
        daemon.close()


# ---- TLS --------------------------------------------------------------------------------------------------
@pytest.fixture
def tls_broker(tmp_path):
    pki = make_ca(tmp_path)
    tls_port = free_port()
    text = (MOSQ / "tls.conf.example").read_text()
    assert re.search(r"^listener 8883$", text, re.M), "the TLS listener is for the LAN: all interfaces"
    board = BoardBroker(tmp_path)
    text = text.replace("listener 8883", f"listener {tls_port} 127.0.0.1") \
        .replace("/etc/mosquitto/certs/ca.crt", str(pki["ca"])) \
        .replace("/etc/mosquitto/certs/server.crt", str(pki["cert"])) \
        .replace("/etc/mosquitto/certs/server.key", str(pki["key"])) \
        .replace("/etc/mosquitto/soccerboard.passwd", str(board.passwd)) \
        .replace("/etc/mosquitto/soccerboard.acl", str(board.acl))
    board.conf.write_text(board.conf.read_text() + "\n" + text)
    board.ports.append(tls_port)
    board.start()
    board.tls_port = tls_port          # type: ignore[attr-defined]
    board.pki = pki                    # type: ignore[attr-defined]
    yield board
    board.stop()


def test_tls_listener_with_a_throwaway_ca(tls_broker):
    port, ca = tls_broker.tls_port, tls_broker.pki["ca"]
    assert refused(port, tls_ca=ca) is not None                           # anonymous, even over TLS
    referee = Client(port, user="referee", password=ACCOUNTS["referee"], tls_ca=ca, host="localhost")
    daemon = daemon_client(tls_broker)
    try:
        daemon.subscribe(f"{BASE}/cmd/#")
        referee.publish(f"{BASE}/cmd/pause", "{}")
        wait_for(lambda: daemon.received(f"{BASE}/cmd/pause"), 5, "a command sent over TLS")
    finally:
        referee.close()
        daemon.close()
    # a client that does not trust the CA is turned away by its own TLS check
    with pytest.raises(Exception, match=r"(?i)certificate"):
        Client(port, user="referee", password=ACCOUNTS["referee"],
               tls_ca=Path("/etc/ssl/certs/ca-certificates.crt"))

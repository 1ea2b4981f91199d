"""Helpers of the deployment tests: the shipped Mosquitto files started for real, on free ports, in a test's
own directory (paths and ports are the only things changed), and MQTT clients that say what the broker did.
"""
from __future__ import annotations

import getpass
import os
import resource
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Literal, Self

import paho.mqtt.client as mqtt
import pytest

from simulator.bench.process import stop_process
from tests.daemon.daemon_helpers import ROOT, free_port, wait_for

DEPLOY = ROOT / "deploy"
MOSQ = DEPLOY / "mosquitto"
BOARD = "board1"
ACCOUNTS = {BOARD: "daemon-secret", "referee": "referee-secret", "spectators": "spectators-secret"}


def tool(name: str, fallback: str | None = None) -> str:
    path = shutil.which(name) or (fallback if fallback and os.path.exists(fallback) else None)
    if path is None:
        pytest.fail(f"{name} is missing: bash deploy/test.sh installs it (SOCCERBOARD_APT)", pytrace=False)
    return path


def password_file(path: Path, accounts: dict[str, str]) -> Path:
    passwd = tool("mosquitto_passwd", "/usr/bin/mosquitto_passwd")
    first = True
    for user, secret in accounts.items():
        subprocess.run([passwd, "-b", *(["-c"] if first else []), str(path), user, secret], check=True,
                       capture_output=True, timeout=10)
        first = False
    return path


def shipped_acl(directory: Path, board: str = BOARD) -> Path:
    """deploy/mosquitto/soccerboard.acl as install.sh writes it for `board`."""
    text = (MOSQ / "soccerboard.acl").read_text()
    acl = directory / "soccerboard.acl"
    acl.write_text(text.replace("user board1", f"user {board}")
                   .replace("soccerboard/board1/#", f"soccerboard/{board}/#"))
    return acl


class Broker:
    """One Mosquitto process on a config file of the test's directory."""

    def __init__(self, directory: Path, name: str):
        self.dir = directory / name
        self.dir.mkdir(parents=True, exist_ok=True)
        self.conf = self.dir / "mosquitto.conf"
        self.log = self.dir / "mosquitto.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.ports: list[int] = []

    def base(self, persistence: bool = True) -> str:
        """What Debian's /etc/mosquitto/mosquitto.conf says around the shipped drop-in, in the test's directory."""
        lines = [f"user {getpass.getuser()}", f"log_dest file {self.log}", "log_type all"]
        if persistence:
            lines += ["persistence true", f"persistence_location {self.dir}/"]
        return "\n".join(lines) + "\n"

    def start(self, timeout: float = 10, nofile: int | None = None) -> Self:
        """Start it; `nofile` sets its limit of open files, as a unit's LimitNOFILE does."""
        binary = tool("mosquitto", "/usr/sbin/mosquitto")

        def limit() -> None:
            if nofile is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))
        self.proc = subprocess.Popen([binary, "-c", str(self.conf)], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE, preexec_fn=limit)
        wait_for(self._listening, timeout, f"mosquitto {self.conf} on {self.ports}")
        return self

    def _listening(self) -> bool:
        if self.proc is None or self.proc.poll() is not None:
            err = self.proc.communicate()[1].decode(errors="replace") if self.proc else ""
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise AssertionError(f"mosquitto exited: {err}\n{log}")
        for port in self.ports:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    pass
            except OSError:
                return False
        return True

    def stop(self) -> None:
        if self.proc:
            stop_process(self.proc, timeout=10)
        if self.proc and self.proc.stderr:
            self.proc.stderr.close()

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


class BoardBroker(Broker):
    """The board's broker: deploy/mosquitto/soccerboard.conf as the drop-in, `extra` appended (TLS, a bridge)."""

    def __init__(self, directory: Path, name: str = "board", board: str = BOARD, extra: str = "",
                 accounts: dict[str, str] | None = None, port: int | None = None):
        super().__init__(directory, name)
        self.board = board
        self.accounts = dict(accounts or {**ACCOUNTS, board: ACCOUNTS[BOARD]})
        self.port = port or free_port()
        self.ports = [self.port]
        passwd = password_file(self.dir / "soccerboard.passwd", self.accounts)
        acl = shipped_acl(self.dir, board)
        dropin = (MOSQ / "soccerboard.conf").read_text() \
            .replace("listener 1883 127.0.0.1", f"listener {self.port} 127.0.0.1") \
            .replace("/etc/mosquitto/soccerboard.passwd", str(passwd)) \
            .replace("/etc/mosquitto/soccerboard.acl", str(acl))
        self.acl, self.passwd = acl, passwd
        self.conf.write_text(self.base() + dropin + "\n" + extra)


class SpectatorBroker(Broker):
    """deploy/mosquitto/spectators.conf, bridged from `board` with the spectators account."""

    def __init__(self, directory: Path, board: BoardBroker, name: str = "spectators", ws_port: int | None = None):
        super().__init__(directory, name)
        self.ws_port = ws_port or free_port()
        self.port = free_port()
        while self.port == self.ws_port:
            self.port = free_port()
        self.ports = [self.port, self.ws_port]
        text = (MOSQ / "spectators.conf").read_text() \
            .replace("listener 1884 127.0.0.1", f"listener {self.port} 127.0.0.1") \
            .replace("listener 9001", f"listener {self.ws_port} 127.0.0.1") \
            .replace("/etc/mosquitto/soccerboard.acl", str(board.acl)) \
            .replace("127.0.0.1:1883", f"127.0.0.1:{board.port}") \
            .replace("@SPECTATORS_PASSWORD@", board.accounts["spectators"]) \
            .replace("@BRIDGE_CLIENTID@", "spectators-bridge-x7q2") \
            .replace("log_dest stderr", "")
        self.conf.write_text(self.base(persistence=False).replace("persistence true\n", "") + text)


class Client:
    """A paho client that records what it receives and whether the broker dropped it."""

    def __init__(self, port: int, user: str | None = None, password: str | None = None, client_id: str = "",
                 transport: Literal["tcp", "websockets"] = "tcp", tls_ca: Path | None = None,
                 host: str = "127.0.0.1", clean: bool = True, wait: bool = True):
        self.messages: list[tuple[str, bytes, bool]] = []
        self.lock = threading.Lock()
        self.connects = 0
        self.disconnects = 0
        self.refused: mqtt.ReasonCode | None = None
        self.up = threading.Event()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id, transport=transport,
                                  clean_session=clean)
        if user:
            self.client.username_pw_set(user, password)
        if tls_ca is not None:
            self.client.tls_set(ca_certs=str(tls_ca))
        self.client.reconnect_delay_set(1, 1)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message
        self.client.connect(host, port, keepalive=10)
        self.client.loop_start()
        if wait and not self.up.wait(5):
            self.close()
            raise AssertionError(f"could not connect to {port} as {user or 'anonymous'}: {self.refused}")

    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            self.refused = reason_code
            return
        self.connects += 1
        self.up.set()

    def _on_disconnect(self, client, userdata, flags, reason_code, properties) -> None:
        if self.up.is_set():
            self.disconnects += 1

    def _on_message(self, client, userdata, msg) -> None:
        with self.lock:
            self.messages.append((msg.topic, msg.payload, bool(msg.retain)))

    def subscribe(self, topic: str, qos: int = 1) -> None:
        done = threading.Event()
        self.client.on_subscribe = lambda *a: done.set()
        self.client.subscribe(topic, qos)
        assert done.wait(5), f"no SUBACK for {topic}"

    def publish(self, topic: str, payload: str | bytes, qos: int = 1, retain: bool = False) -> None:
        info = self.client.publish(topic, payload, qos=qos, retain=retain)
        info.wait_for_publish(5)

    def received(self, topic: str | None = None) -> list[tuple[str, bytes, bool]]:
        with self.lock:
            return [m for m in self.messages if topic is None or m[0] == topic]

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


def refused(port: int, **kw) -> mqtt.ReasonCode | None:
    """The broker's refusal of a login (None: it let the client in)."""
    c = Client(port, wait=False, **kw)
    try:
        wait_for(lambda: c.up.is_set() or c.refused is not None, 5, "the broker's answer")
        return c.refused
    finally:
        c.close()


def make_ca(directory: Path) -> dict[str, Path]:
    """A throwaway CA and a server certificate for 127.0.0.1 and localhost, made with openssl."""
    openssl = tool("openssl")
    d = directory
    files = {"ca": d / "ca.crt", "ca_key": d / "ca.key", "cert": d / "server.crt", "key": d / "server.key"}

    def run(*args: str) -> None:
        subprocess.run([openssl, *args], check=True, capture_output=True, timeout=60)
    run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=soccerboard test CA",
        "-keyout", str(files["ca_key"]), "-out", str(files["ca"]))
    run("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", str(files["key"]),
        "-out", str(d / "server.csr"))
    (d / "ext.cnf").write_text("subjectAltName=DNS:localhost,IP:127.0.0.1\n")
    run("x509", "-req", "-in", str(d / "server.csr"), "-CA", str(files["ca"]), "-CAkey", str(files["ca_key"]),
        "-CAcreateserial", "-days", "2", "-extfile", str(d / "ext.cnf"), "-out", str(files["cert"]))
    return files


def settle(seconds: float = 0.5) -> None:
    time.sleep(seconds)


class HubBroker(Broker):
    """deploy/mosquitto/hub.conf.example: a club's central broker (TLS for the boards' bridges, anonymous
    WebSockets for spectators), with a throwaway CA's certificate."""

    def __init__(self, directory: Path, pki: dict[str, Path], boards: dict[str, str], name: str = "hub"):
        super().__init__(directory, name)
        self.pki = pki
        self.tls_port, self.port, self.ws_port = free_port(), free_port(), free_port()
        while len({self.tls_port, self.port, self.ws_port}) < 3:
            self.ws_port = free_port()
        self.ports = [self.tls_port, self.port, self.ws_port]
        self.accounts = {**boards, "viewer": "viewer-secret"}
        passwd = password_file(self.dir / "hub.passwd", self.accounts)
        acl = self.dir / "hub.acl"
        acl.write_text((MOSQ / "hub.acl").read_text())
        text = (MOSQ / "hub.conf.example").read_text() \
            .replace("listener 8883", f"listener {self.tls_port} 127.0.0.1") \
            .replace("listener 1883 127.0.0.1", f"listener {self.port} 127.0.0.1") \
            .replace("listener 9001", f"listener {self.ws_port} 127.0.0.1") \
            .replace("/etc/mosquitto/certs/server.crt", str(pki["cert"])) \
            .replace("/etc/mosquitto/certs/server.key", str(pki["key"])) \
            .replace("/etc/mosquitto/certs/ca.crt", str(pki["ca"])) \
            .replace("/etc/mosquitto/soccerboard-hub.passwd", str(passwd)) \
            .replace("/etc/mosquitto/soccerboard-hub.acl", str(acl))
        self.conf.write_text(self.base() + text)

    def bridge(self, board: str) -> str:
        """deploy/mosquitto/bridge.conf.example as a board `board` fills it in to reach this hub."""
        return (MOSQ / "bridge.conf.example").read_text() \
            .replace("board1", board) \
            .replace("@HUB_HOST@:8883", f"127.0.0.1:{self.tls_port}") \
            .replace("/etc/mosquitto/certs/hub-ca.crt", str(self.pki["ca"])) \
            .replace("@HUB_PASSWORD@", self.accounts[board])


class EmulatedBoard:
    """`soccerboard emulate-board` on a pseudo-terminal, its stable name a symlink (like /dev/soccerboard)."""

    def __init__(self, link: Path, scenario: Path):
        self.link = link
        self.proc = subprocess.Popen([sys.executable, "-m", "controller.cli", "emulate-board", str(scenario),
                                     "--link", str(link), "--wait-for-host", "30"], cwd=ROOT,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        wait_for(link.exists, 15, "the emulated board's port")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)

"""A real Mosquitto 2.x on a free loopback port, configured like deploy/mosquitto (password file and the ACL),
and the board and accounts it knows. The daemon tests, the soak and the benchmarks all start this one broker,
so what a benchmark measures is what the tests check.

Mosquitto is required, not optional: without the binary, starting one raises MissingTool saying how to
install it (deploy/test.sh does it through SOCCERBOARD_APT)."""
from __future__ import annotations

import getpass
import os
import shutil
import socket
import subprocess
import threading
from pathlib import Path
from typing import Self

import paho.mqtt.client as mqtt

from simulator.bench.process import stop_process
from simulator.bench.waits import wait_for

# the checkout that holds this package: deploy/ (the ACL) sits beside it
CHECKOUT = Path(__file__).resolve().parents[2]
BOARD = "t1"
BASE = f"soccerboard/{BOARD}"
DAEMON_USER, DAEMON_PASS = BOARD, "daemon-secret"
REFEREE_USER, REFEREE_PASS = "referee", "referee-secret"

class MissingTool(RuntimeError):
    """A system package the broker or the browser needs is not installed."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def mosquitto_binary() -> str | None:
    return shutil.which("mosquitto") or ("/usr/sbin/mosquitto" if os.path.exists("/usr/sbin/mosquitto") else None)


def required_mosquitto() -> str:
    """The broker's binary, or MissingTool saying how to install it."""
    binary = mosquitto_binary()
    if binary is None:
        raise MissingTool("this needs Mosquitto: run `apt-get install -y mosquitto` "
                          "(bash deploy/test.sh installs it on a fresh machine)")
    return binary


class Mosquitto:
    """A private Mosquitto 2.x: password file, the ACL of deploy/, persistence in its directory."""

    def __init__(self, directory: Path, port: int | None = None):
        binary = required_mosquitto()
        passwd = shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd"
        if not os.path.exists(passwd):
            raise MissingTool("this needs mosquitto_passwd: run `apt-get install -y mosquitto` "
                              "(bash deploy/test.sh installs it on a fresh machine)")
        self.binary, self.dir, self.port = binary, directory, port or free_port()
        self.dir.mkdir(parents=True, exist_ok=True)
        pw = self.dir / "passwd"
        subprocess.run([passwd, "-b", "-c", str(pw), DAEMON_USER, DAEMON_PASS], check=True, timeout=10,
                       capture_output=True)
        subprocess.run([passwd, "-b", str(pw), REFEREE_USER, REFEREE_PASS], check=True, timeout=10,
                       capture_output=True)
        acl = (CHECKOUT / "deploy/mosquitto/soccerboard.acl").read_text() \
            .replace("user board1", f"user {BOARD}").replace("soccerboard/board1/#", f"{BASE}/#")
        (self.dir / "acl").write_text(acl)
        (self.dir / "mosquitto.conf").write_text(
            f"listener {self.port} 127.0.0.1\nallow_anonymous true\npassword_file {pw}\n"
            f"acl_file {self.dir / 'acl'}\npersistence true\npersistence_location {self.dir}/\n"
            f"user {getpass.getuser()}\nlog_dest file {self.dir / 'mosquitto.log'}\n")
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Self:
        self.proc = subprocess.Popen([self.binary, "-c", str(self.dir / "mosquitto.conf")],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        wait_for(self._listening, 10, f"mosquitto on port {self.port}")
        return self

    def _check_running(self) -> None:
        """Fail with mosquitto's own words once it has exited."""
        if self.proc is None:
            raise AssertionError("mosquitto was not started")
        if self.proc.poll() is not None:
            err = self.proc.communicate()[1] or b""
            raise AssertionError(f"mosquitto exited: {err.decode(errors='replace')}")

    def _listening(self) -> bool:
        self._check_running()
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                return True
        except OSError:
            return False

    def stop(self) -> None:
        if self.proc:
            stop_process(self.proc, timeout=10)

    def url(self, user: str | None = DAEMON_USER, password: str | None = DAEMON_PASS) -> str:
        auth = f"{user}:{password}@" if user else ""
        return f"mqtt://{auth}127.0.0.1:{self.port}"


def publish_once(port: int, topic: str, payload: str, user: str | None = None, password: str | None = None) -> bool:
    """Publish one QoS 1 message; False when the broker refused the login (it silently drops what the ACL denies)."""
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
    if user:
        c.username_pw_set(user, password)
    result: dict = {}
    done = threading.Event()
    def on_connect(client, userdata, flags, reason_code, properties) -> None:
        result.setdefault("rc", reason_code)
        done.set()
    c.on_connect = on_connect
    c.connect("127.0.0.1", port)
    c.loop_start()
    try:
        if not done.wait(5) or result["rc"].is_failure:
            return False
        info = c.publish(topic, payload, qos=1)
        info.wait_for_publish(5)
        return True
    finally:
        c.disconnect()
        c.loop_stop()

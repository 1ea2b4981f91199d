"""`soccerboard doctor`: checks an installation piece by piece and says what to fix, one line per check.

The checks, in the order a board is built: the config; the board's serial device and its answer to the bridge
handshake; the GPIO pin factory on a Pi; the dice, when they are not the board's own (operations/dice.py); the
broker (the configured account logs in, anonymous clients are kept out of the board's broker and may publish
nothing on the spectator broker); the journal directory (writable, with free space); the clock (synchronised,
since journals and the match clock carry times); the service (enabled, running, its watchdog pinged recently).
Exit status 0 only when every check passes (a check that does not apply to this board, such as GPIO with the
serial backend, is skipped); `--json` prints the results for scripts.

It never disturbs a running daemon: the serial handshake is not tried while the daemon holds the port, and
the daemon's account logs in only when the daemon is not online (the broker binds client ids to accounts,
so a second login would take the daemon's session over).
"""
from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import reduce
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from controller.i18n import Say, say
from controller.i18n.said import first_line
from controller.i18n.translate import text

from .config import DEFAULT_PATH, ConfigError, Settings, load_settings
from .dice import check_dice

SERVICE = "soccerboard.service"
SPECTATORS_URL = "mqtt://127.0.0.1:1884"       # deploy/mosquitto/spectators.conf's listener for local tools
MIN_FREE_MB = 200                               # a season of journals is a few MB; the rest is margin


@dataclass
class Result:
    check: str
    status: str            # pass | fail | skip
    detail: str            # a `say`, English in --json, said in the reader's language on a line
    fix: str = ""

    def line(self) -> str:
        said = f"{self.status.upper():<4}  {self.check:<8} {text(self.detail)}"
        return said + (f" -> {text(self.fix)}" if self.fix else "")


def add_doctor_command(sub) -> None:
    """The `doctor` subcommand for controller/cli.py."""
    p = sub.add_parser("doctor", help="check the installation (config, board, GPIO, dice, broker, journal, "
                                      "clock, service) and say what to fix",
                       description="Check a board's installation piece by piece: one line per check, with what to "
                                   "fix after '->'. Exit status 0 only when every check passes.")
    p.add_argument("--config", metavar="FILE", default=None,
                   help=say("TOML file (default {path})", path=str(DEFAULT_PATH)))
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--spectators", default=SPECTATORS_URL, metavar="URL",
                   help="the spectator broker's local listener (default: %(default)s)")
    p.add_argument("--timeout", type=float, default=3.0, metavar="SECONDS",
                   help="how long to wait for the board or a broker (default: %(default)s)")


def run_doctor(args) -> int:
    results = diagnose(args.config or DEFAULT_PATH, spectators=getattr(args, "spectators", SPECTATORS_URL),
                       timeout=getattr(args, "timeout", 3.0))
    failed = [r for r in results if r.status == "fail"]
    if getattr(args, "json", False):
        print(json.dumps({"ok": not failed, "checks": [asdict(r) for r in results]}, indent=2))
    else:
        for r in results:
            print(r.line())
        print(text(say("{failed} check(s) failed", failed=len(failed)) if failed else say("all checks passed")))
    return 1 if failed else 0


def diagnose(config_path: str, spectators: str = SPECTATORS_URL, timeout: float = 3.0) -> list[Result]:
    results = [check_config(config_path)]
    try:
        settings = load_settings(config_path, check_files=False)
    except ConfigError:
        settings = None
    if settings is None:
        for name in ("serial", "gpio", "dice", "broker", "acl", "journal"):
            results.append(Result(name, "skip", say("needs a valid config (see the config line)")))
        results += [check_clock(), check_service()]
        return results
    service = service_state()
    results += [check_serial(settings, timeout, service), check_gpio(settings),
                Result("dice", *check_dice(settings, timeout, service))]
    results += check_broker(settings, spectators, timeout)
    results += [check_journal(settings), check_clock(), check_service(service)]
    return results


# ---- config -------------------------------------------------------------------------------------------------
def check_config(path: str) -> Result:
    try:
        load_settings(path, check_files=True)
    except ConfigError as e:
        error = e.args[0] if e.args else str(e)
        more = len(str(error).splitlines()) - 1
        first = say("{problem} (and {more} more)", problem=first_line(error), more=more) if more \
            else first_line(error)
        return Result("config", "fail", first, say("fix the file as the message says; soccerboard "
                                                             "config --check {path} lists every problem",
                                                             path=path))
    return Result("config", "pass", say("{path} is valid and the files it names are readable", path=path))


# ---- the board ----------------------------------------------------------------------------------------------
def _holders(device: str) -> set[int]:
    """The other processes that have `device` open (as root, every process can be looked at)."""
    real = os.path.realpath(device)
    me = os.getpid()
    found = set()
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit() or int(entry.name) == me:
            continue
        try:
            for fd in os.scandir(f"/proc/{entry.name}/fd"):
                try:
                    if os.readlink(fd.path) == real:
                        found.add(int(entry.name))
                        break
                except OSError:
                    continue
        except OSError:
            continue
    return found


def handshake(device: str, baudrate: int, timeout: float) -> tuple[str, str]:
    """Open the port and speak the bridge's HOST_HELLO; (state, firmware) with state ready, incompatible or
    silent."""
    import serial

    from firmware_bridge.host import HostSession
    session = HostSession(lambda update: None, {})
    with serial.Serial(device, baudrate, timeout=0.05) as port:
        port.reset_input_buffer()
        port.write(session.connection_made(time.monotonic()))
        end = time.monotonic() + timeout
        while time.monotonic() < end and session.state == "handshake":
            data = port.read(port.in_waiting or 1)
            now = time.monotonic()
            out = (session.data_received(data, now) if data else b"") + session.poll(now)
            if out:
                port.write(out)
    return ("silent" if session.state == "handshake" else session.state), session.firmware


def check_serial(settings: Settings, timeout: float, service: dict[str, str] | None = None) -> Result:
    hw = settings.hardware
    if hw.backend != "serial":
        return Result("serial", "skip", say("hardware.backend = {backend!r}: no serial board", backend=hw.backend))
    from firmware_bridge.serial_link import resolve_port
    device = resolve_port(hw.port)
    if not os.path.exists(device):
        what = say("no board under /dev/serial/by-id") if hw.port == "auto" \
            else say("{device} does not exist", device=device)
        return Result("serial", "fail", what, say("plug the board's USB cable into the Pi; check `ls -l "
                                                  "/dev/soccerboard /dev/serial/by-id/` and that "
                                                  "deploy/install.sh's udev rule matches the board "
                                                  "(--board-serial)"))
    daemon_pid = int((service or {}).get("MainPID", "0") or 0)
    if daemon_pid and daemon_pid in _holders(device):
        return Result("serial", "pass", say("{device} is present and the running daemon (pid {daemon_pid}) has "
                                            "it open; the handshake is not repeated under it",
                                            device=device, daemon_pid=daemon_pid))
    try:
        state, firmware = handshake(device, hw.baudrate, timeout)
    except (OSError, ValueError) as e:
        return Result("serial", "fail", say("{device} cannot be opened: {why}",
                                            device=device, why=getattr(e, "strerror", None) or e),
                      say("the daemon's user must be in group dialout (deploy/install.sh adds it)"))
    if state == "ready":
        return Result("serial", "pass", say("{device}: board {firmware!r} answered the handshake",
                                            device=device, firmware=firmware))
    if state == "incompatible":
        return Result("serial", "fail", say("{device}: board {firmware!r} speaks another protocol version or "
                                            "geometry",
                                            device=device, firmware=firmware),
                      say("flash the firmware of this release (firmware_bridge/README.md), or update soccerboard"))
    return Result("serial", "fail", say("{device} is present but no board answered the handshake within "
                                        "{timeout:g} s",
                                        device=device, timeout=timeout),
                  say("flash the firmware (firmware_bridge/README.md) and check hardware.baudrate; unplug and "
                      "plug the board back in"))


def _is_raspberry_pi() -> bool:
    try:
        return Path("/proc/device-tree/model").read_bytes().startswith(b"Raspberry Pi")
    except OSError:
        return False


def check_gpio(settings: Settings) -> Result:
    if settings.hardware.backend != "gpio":
        return Result("gpio", "skip", say("hardware.backend = {backend!r} does not use the Pi's GPIO",
                                          backend=settings.hardware.backend))
    if not _is_raspberry_pi():
        return Result("gpio", "fail", say("the gpio backend runs on a Raspberry Pi, and this is not one"),
                      say('use hardware.backend = "serial" (the board\'s own microcontroller) or "sim"'))
    chosen = os.environ.get("GPIOZERO_PIN_FACTORY")
    if chosen and chosen != "lgpio":
        return Result("gpio", "fail", say("GPIOZERO_PIN_FACTORY={chosen}", chosen=chosen),
                      say("unset it: lgpio works on every Pi model"))
    try:
        from gpiozero.pins.lgpio import LGPIOFactory
        LGPIOFactory().close()
    except Exception as e:  # noqa: BLE001 - whatever lgpio raises, the answer is the same fix
        return Result("gpio", "fail", say("the lgpio pin factory does not start: {e}", e=e),
                      say("sudo apt-get install python3-lgpio (deploy/install.sh does, where the system has it)"))
    return Result("gpio", "pass", say("gpiozero uses the lgpio pin factory"))


# ---- the brokers --------------------------------------------------------------------------------------------
_probe_ids = itertools.count(1)


class _Probe:
    """One short-lived MQTT client: connect, maybe subscribe or publish, and tell what happened."""

    def __init__(self, host: str, port: int, timeout: float, user: str | None = None, password: str | None = None,
                 tls: bool = False, settings: Settings | None = None):
        import paho.mqtt.client as mqtt
        self.timeout = timeout
        self.rc: Any = None
        self.error = ""
        self.messages: list[tuple[str, bytes]] = []
        self.up = threading.Event()
        self.answered = threading.Event()
        # an id of its own: two probes under one id would throw each other out
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2,
                                  client_id=f"soccerboard-doctor-{os.getpid()}-{next(_probe_ids)}")
        if user:
            self.client.username_pw_set(user, password)
        if tls:
            m = settings.mqtt if settings else None
            self.client.tls_set(ca_certs=str(m.tls_ca_file) if m and m.tls_ca_file else None,
                                certfile=str(m.tls_cert_file) if m and m.tls_cert_file else None,
                                keyfile=str(m.tls_key_file) if m and m.tls_key_file else None)
            if m and m.tls_insecure:
                self.client.tls_insecure_set(True)
        self.client.on_connect = self._on_connect
        self.client.on_message = lambda c, u, msg: self.messages.append((msg.topic, bytes(msg.payload)))
        try:
            self.client.connect(host, port, keepalive=10)
        except (OSError, ValueError) as e:
            self.error = getattr(e, "strerror", None) or str(e)
            self.answered.set()
            return
        self.client.loop_start()
        if not self.answered.wait(timeout):
            self.error = f"no answer within {timeout:g} s"

    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:
        self.rc = reason_code
        if not reason_code.is_failure:
            self.up.set()
        self.answered.set()

    @property
    def refused(self) -> bool:
        return self.rc is not None and self.rc.is_failure

    def subscribe(self, topic: str) -> bool:
        done = threading.Event()
        self.client.on_subscribe = lambda *a: done.set()
        self.client.subscribe(topic, qos=1)
        return done.wait(self.timeout)

    def publish(self, topic: str, payload: str) -> None:
        info = self.client.publish(topic, payload, qos=1)
        info.wait_for_publish(self.timeout)

    def wait_for(self, predicate: Callable[[], bool], seconds: float) -> bool:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if predicate():
                return True
            time.sleep(0.05)
        return predicate()

    def close(self) -> None:
        try:
            self.client.disconnect()
        finally:
            self.client.loop_stop()


def check_broker(settings: Settings, spectators: str, timeout: float) -> list[Result]:
    m = settings.mqtt
    base = settings.base
    where = f"{m.host}:{m.port}"
    fix_login = say("the password in mqtt.password_file must be the one the broker knows for {username}: run "
                    "deploy/install.sh again, or mosquitto_passwd /etc/mosquitto/soccerboard.passwd {username}",
                    username=m.username)
    out = []
    s = urlparse(spectators)
    s_host, s_port = s.hostname or "127.0.0.1", s.port or 1884
    spectator = _Probe(s_host, s_port, timeout)
    status = None
    if spectator.up.is_set():
        spectator.subscribe(f"{base}/status")
        spectator.wait_for(lambda: bool(spectator.messages), min(timeout, 1.0))
        status = spectator.messages[-1][1].decode(errors="replace") if spectator.messages else None
    # the configured account: the daemon's own login says it works; otherwise log in with it
    if status == "online":
        out.append(Result("broker", "pass", say("the daemon is logged in to {where} as {username} ({base}/status "
                                                "is online)",
                                                where=where, username=m.username, base=base)))
    else:
        try:
            secret = m.secret()
        except ConfigError as e:
            secret = None
            out.append(Result("broker", "fail", e.args[0] if e.args else str(e), fix_login))
        if secret is not None or m.password_file is None:
            probe = _Probe(m.host, m.port, timeout, m.username, secret, tls=m.tls, settings=settings)
            try:
                if probe.up.is_set():
                    out.append(Result("broker", "pass", say("{where} accepts {who} with the configured password",
                                                            where=where, who=m.username or say("an anonymous client"))))
                elif probe.refused:
                    out.append(Result("broker", "fail", say("{where} refuses {username}: {rc}",
                                                            where=where, username=m.username, rc=probe.rc), fix_login))
                else:
                    out.append(Result("broker", "fail", say("{where} unreachable: {error}",
                                                            where=where, error=probe.error),
                                      say("start Mosquitto (systemctl status mosquitto) or correct mqtt.url")))
            finally:
                probe.close()
    # the ACL: the board's broker keeps anonymous clients out; the spectator broker lets them publish nothing
    anonymous = _Probe(m.host, m.port, timeout, tls=m.tls, settings=settings)
    anonymous.close()
    problems: list[Say] = []
    if anonymous.up.is_set():
        problems.append(say("anonymous clients can log in to the board's broker {where}", where=where))
    if not spectator.up.is_set():
        spectator.close()
        out.append(Result("acl", "fail", say("the spectator broker {s_host}:{s_port} is unreachable ({why})",
                                             s_host=s_host, s_port=s_port, why=spectator.error or spectator.rc),
                          say("systemctl status soccerboard-spectators (deploy/install.sh installs it)")))
        return out
    probe_topic = "soccerboard/doctor-probe/state"
    spectator.subscribe(probe_topic)
    writer = _Probe(s_host, s_port, timeout)
    try:
        if writer.up.is_set():
            writer.publish(probe_topic, f'{{"probe": {os.getpid()}}}')
            if spectator.wait_for(lambda: any(t == probe_topic for t, _ in spectator.messages), min(timeout, 1.0)):
                problems.append(say("an anonymous spectator's publish was delivered"))
    finally:
        writer.close()
        spectator.close()
    if problems:
        out.append(Result("acl", "fail", reduce(lambda a, b: say("{a}; {b}", a=a, b=b), problems),
                          say("install deploy/mosquitto/soccerboard.conf and soccerboard.acl as "
                              "deploy/install.sh does and restart Mosquitto")))
    else:
        out.append(Result("acl", "pass", say("anonymous clients are kept out of the board's broker and a "
                                             "spectator's publish is refused")))
    return out


# ---- the journal, the clock, the service --------------------------------------------------------------------
def check_journal(settings: Settings) -> Result:
    d = settings.journal.dir
    if not d.is_dir():
        return Result("journal", "fail", say("{d} is not a directory", d=d),
                      say("sudo install -d -o soccerboard -g soccerboard -m 0750 {d}", d=d))
    try:
        with tempfile.NamedTemporaryFile(dir=d, prefix=".doctor-"):
            pass
    except OSError as e:
        return Result("journal", "fail", say("{d} is not writable: {strerror}", d=d, strerror=e.strerror),
                      say("sudo chown soccerboard:soccerboard {d}", d=d))
    free_mb = shutil.disk_usage(d).free // (1024 * 1024)
    if free_mb < MIN_FREE_MB:
        return Result("journal", "fail", say("{d}: only {free_mb} MB free", d=d, free_mb=free_mb),
                      say("free at least {MIN_FREE_MB} MB (old journals: soccerboard report JOURNAL --html keeps a "
                          "match in one file)", MIN_FREE_MB=MIN_FREE_MB))
    return Result("journal", "pass", say("{d} is writable, {free_mb} MB free", d=d, free_mb=free_mb))


def _run(*cmd: str) -> subprocess.CompletedProcess[str] | None:
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return None


def check_clock() -> Result:
    done = _run("timedatectl", "show", "-p", "NTPSynchronized", "--value")
    if done is None or done.returncode != 0:
        return Result("clock", "fail", say("timedatectl cannot tell whether the clock is synchronised"),
                      say("this check needs systemd's timedatectl (Raspberry Pi OS has it)"))
    if done.stdout.strip() == "yes":
        return Result("clock", "pass", say("the clock is synchronised (NTP)"))
    return Result("clock", "fail", say("the clock is not synchronised"), say("connect the Pi to a network with NTP "
                                                                        "(sudo timedatectl set-ntp true); a Pi "
                                                                        "has no battery clock, so match times "
                                                                        "would be wrong"))


def service_state() -> dict[str, str]:
    done = _run("systemctl", "show", SERVICE, "-p",
                "UnitFileState,ActiveState,SubState,MainPID,WatchdogUSec,WatchdogTimestampMonotonic,NRestarts")
    if done is None or done.returncode != 0:
        return {}
    return dict(line.split("=", 1) for line in done.stdout.splitlines() if "=" in line)


def _usec(text: str) -> int:
    """systemd's time span (`10s`, `1min 30s`, `0`) or a plain number of microseconds."""
    text = text.strip()
    if text.isdigit():
        return int(text)
    units = {"us": 1, "ms": 1000, "s": 1_000_000, "min": 60_000_000, "h": 3_600_000_000}
    total = 0
    for part in text.split():
        number = "".join(c for c in part if c.isdigit() or c == ".")
        unit = part[len(number):]
        if not number or unit not in units:
            return 0
        total += int(float(number) * units[unit])
    return total


def check_service(state: dict[str, str] | None = None) -> Result:
    state = service_state() if state is None else state
    if not state:
        return Result("service", "fail", say("systemctl cannot show {SERVICE}", SERVICE=SERVICE),
                      say("this check needs systemd; deploy/install.sh installs the unit"))
    if state.get("UnitFileState") != "enabled":
        return Result("service", "fail", say("{SERVICE} is {state}",
                                             SERVICE=SERVICE, state=state.get("UnitFileState") or say("not installed")),
                      say("sudo systemctl enable --now {SERVICE}", SERVICE=SERVICE))
    if (state.get("ActiveState"), state.get("SubState")) != ("active", "running"):
        return Result("service", "fail", say("{SERVICE} is {active} ({sub})",
                                             SERVICE=SERVICE, active=state.get("ActiveState"),
                                             sub=state.get("SubState")),
                      say("journalctl -u {SERVICE} -n 50 says why; then sudo systemctl restart {SERVICE}",
                          SERVICE=SERVICE))
    period = _usec(state.get("WatchdogUSec", "0"))
    if period == 0:
        return Result("service", "fail", say("{SERVICE} runs without its watchdog", SERVICE=SERVICE),
                      say("reinstall the unit from deploy/soccerboard.service (WatchdogSec=10)"))
    last = int(state.get("WatchdogTimestampMonotonic", "0") or 0)
    age = time.monotonic_ns() // 1000 - last
    if last == 0 or age > 2 * period:
        return Result("service", "fail", say("{SERVICE} has not pinged its watchdog for {age:.0f} s",
                                             SERVICE=SERVICE, age=age / 1000000.0),
                      say("the referee loop is stuck: journalctl -u {SERVICE}; systemd restarts it", SERVICE=SERVICE))
    restarts = state.get("NRestarts", "0")
    return Result("service", "pass", say("{SERVICE} is enabled and running, watchdog pinged {age:.1f} s ago "
                                         "({restarts} restart(s))",
                                         SERVICE=SERVICE, age=age / 1000000.0, restarts=restarts))

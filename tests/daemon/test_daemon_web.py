"""The daemon serves the spectator page: `run` with a [web] section, and `sim` printing the URL to open first."""
from __future__ import annotations

import contextlib
import json
import resource
import socket
import threading
import time
import urllib.request

from tests.daemon.daemon_helpers import (
    BASE,
    BOARD,
    DAEMON_PASS,
    REFEREE_PASS,
    REFEREE_USER,
    Mosquitto,
    Watcher,
    free_port,
    publish_once,
    start_daemon,
    stop_process,
    wait_for,
)


def _get(url: str, timeout: float = 2) -> bytes | None:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.read()
    except OSError:
        return None


def test_run_serves_the_page_and_tells_it_where_the_broker_is(tmp_path):
    port = free_port()
    cfg = tmp_path / "board.toml"
    cfg.write_text(f'board_id = "hall2"\n[hardware]\nbackend = "sim"\n[journal]\ndir = "{tmp_path}/j"\n'
                   f'[mqtt]\nurl = "mqtt://127.0.0.1:{free_port()}"\nconnect_timeout = 0.5\n'
                   f'[web]\nenabled = true\nport = {port}\nws_port = 9443\n')
    proc = start_daemon(["run", "--config", str(cfg)], tmp_path / "daemon.log")
    try:
        config = wait_for(lambda: _get(f"http://127.0.0.1:{port}/config.json"), 20, "the page's config")
        assert json.loads(config) == {"prefix": "soccerboard", "board": "hall2", "sim": False, "ws_port": 9443}
        assert b"<html" in _get(f"http://127.0.0.1:{port}/").lower()
        assert _get(f"http://127.0.0.1:{port}/../controller/cli.py") is None      # only the page's own files
    finally:
        assert stop_process(proc) == 0


def test_run_says_which_port_it_cannot_serve_the_page_on(tmp_path):
    import socket
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        cfg = tmp_path / "board.toml"
        cfg.write_text(f'[hardware]\nbackend = "sim"\n[journal]\ndir = "{tmp_path}/j"\n'
                       f'[web]\nenabled = true\nport = {taken.getsockname()[1]}\n')
        proc = start_daemon(["run", "--config", str(cfg)], tmp_path / "daemon.log")
        assert proc.wait(20) == 2
    assert "cannot serve the page" in (tmp_path / "daemon.log").read_text()


def test_sim_prints_the_url_to_open_first_and_serves_the_page_there(tmp_path):
    proc = start_daemon(["sim", "--manual", "--journal-dir", str(tmp_path / "j"), "--http-port", str(free_port())],
                        tmp_path / "sim.log")
    try:
        first = wait_for(lambda: (tmp_path / "sim.log").read_text().splitlines()[:1], 20, "the first line")[0]
        assert first.startswith("open     http://127.0.0.1:") and first.endswith("/?board=board1&sim=1")
        page = first.split()[1].split("?")[0]
        config = json.loads(_get(page + "config.json"))
        assert config["sim"] is True and config["board"] == "board1" and config["ws_port"] > 0
    finally:
        assert stop_process(proc) == 0


def _hold_open(port: int, count: int, stop: threading.Event) -> list[socket.socket]:
    """`count` connections to the page that each start a request and add a header line every second, never
    ending it (what kept a thread and a descriptor per connection in a thread-per-connection server)."""
    held: list[socket.socket] = []
    end = time.monotonic() + 15
    while len(held) < count and time.monotonic() < end:
        with contextlib.suppress(OSError):
            s = socket.create_connection(("127.0.0.1", port), timeout=0.5)
            s.sendall(b"GET / HTTP/1.1\r\n")
            held.append(s)

    def dribble() -> None:
        while not stop.wait(1.0):
            for s in held:
                with contextlib.suppress(OSError):
                    s.send(b"X-Slow: 1\r\n")
    threading.Thread(target=dribble, daemon=True).start()
    return held


def test_three_hundred_idle_page_connections_leave_the_daemon_refereeing(tmp_path):
    """Under a file limit of 128, connections to the page must not take the descriptors the journal and the
    broker connection need: commands are still answered and journaled, the page still serves a new client."""
    broker = Mosquitto(tmp_path / "mosquitto").start()
    watcher = Watcher(broker.port, REFEREE_USER, REFEREE_PASS)
    port = free_port()
    cfg = tmp_path / "board.toml"
    cfg.write_text(f'board_id = "{BOARD}"\n[hardware]\nbackend = "sim"\n[journal]\ndir = "{tmp_path}/j"\n'
                   f'[mqtt]\nurl = "mqtt://127.0.0.1:{broker.port}"\nusername = "{BOARD}"\n'
                   f'password = "{DAEMON_PASS}"\n[web]\nenabled = true\nport = {port}\n')
    proc = start_daemon(["run", "--config", str(cfg)], tmp_path / "daemon.log")
    stop = threading.Event()
    held: list[socket.socket] = []
    try:
        resource.prlimit(proc.pid, resource.RLIMIT_NOFILE, (128, 128))
        wait_for(lambda: _get(f"http://127.0.0.1:{port}/config.json"), 20, "the page")
        wait_for(lambda: watcher.last("state"), 20, "the first state")
        held = _hold_open(port, 300, stop)
        for n in range(3):
            publish_once(broker.port, f"{BASE}/cmd/new_game", json.dumps({"kickoff": "red", "id": n}),
                         REFEREE_USER, REFEREE_PASS)
            wait_for(lambda n=n: [r for r in watcher.of("response") if r.get("id") == n], 10, f"the answer to {n}")
        assert [r["status"] for r in watcher.of("response")] == ["ok"] * 3
        assert (tmp_path / "daemon.log").read_text().count("new match") == 4    # the first, and one per command
        t0 = time.monotonic()
        page = _get(f"http://127.0.0.1:{port}/", timeout=5)
        took = time.monotonic() - t0
        print(f"\nbeside {len(held)} connections held open, the daemon's page served a new client in "
              f"{took * 1000:.1f} ms")
        assert page is not None and b"<html" in page.lower()
        assert took < 5
        assert proc.poll() is None
        log = (tmp_path / "daemon.log").read_text()
        assert "Too many open files" not in log and "Traceback" not in log, log[-3000:]
    finally:
        stop.set()
        for s in held:
            s.close()
        assert stop_process(proc) == 0
        watcher.close()
        broker.stop()

"""The daemon serves the spectator page: `run` with a [web] section, and `sim` printing the URL to open first."""
from __future__ import annotations

import json
import urllib.request

from tests.daemon.daemon_helpers import free_port, start_daemon, stop_process, wait_for


def _get(url: str) -> bytes | None:
    try:
        with urllib.request.urlopen(url, timeout=2) as r:
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

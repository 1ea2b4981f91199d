"""controller.web.server cannot be starved: a bounded number of connections, the oldest idle one closed first
when a new client comes, a deadline for a request's head and for sending a response, and no thread per
connection."""
from __future__ import annotations

import http.client
import socket
import threading
import time

from controller.web.server import MAX_CONNECTIONS, WebServer
from tests.web.web_server_probe import closed_within, connect, read_response, server_sockets


def _get(conn: socket.socket, port: int, path: str = "/config.json") -> int | None:
    conn.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    return read_response(conn).status


def test_three_hundred_idle_connections_leave_the_page_serving_a_new_client():
    server = WebServer("127.0.0.1", 0, {"ws_port": 9001}).start()
    threads = threading.active_count()
    idle = []
    try:
        for _ in range(300):
            idle.append(connect(server.port))
        time.sleep(0.2)                     # let the server take in the last of them
        t0 = time.monotonic()
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        conn.request("GET", "/")
        r = conn.getresponse()
        body = r.read()
        took = time.monotonic() - t0
        print(f"\nwith 300 idle connections open, a new client's GET / took {took * 1000:.1f} ms")
        assert r.status == 200 and b"<html" in body
        assert took < 5
        conn.close()
        assert server_sockets(server.port) <= MAX_CONNECTIONS
        assert threading.active_count() <= threads             # no thread per connection
    finally:
        for s in idle:
            s.close()
        server.stop()


def test_the_oldest_idle_connection_is_closed_first_when_the_cap_is_reached():
    server = WebServer("127.0.0.1", 0, {}, max_connections=4).start()
    conns = []
    try:
        for _ in range(4):
            c = connect(server.port)
            assert _get(c, server.port) == 200            # served, then kept alive and idle
            conns.append(c)
            time.sleep(0.05)
        newcomer = connect(server.port)
        assert _get(newcomer, server.port) == 200
        assert closed_within(conns[0], 2) is not None      # the one idle the longest made room
        for c in conns[1:]:
            assert _get(c, server.port) == 200             # the others still serve
        assert server_sockets(server.port) <= 4
    finally:
        for c in [*conns, newcomer]:
            c.close()
        server.stop()


def test_a_connection_that_never_sends_a_request_is_closed_at_the_head_deadline():
    server = WebServer("127.0.0.1", 0, {}, header_seconds=1.0).start()
    try:
        with connect(server.port) as silent:
            took = closed_within(silent, 5)
            assert took is not None and took < 4
    finally:
        server.stop()


def test_a_head_dribbled_a_line_at_a_time_is_closed_at_the_deadline_for_the_whole_head():
    server = WebServer("127.0.0.1", 0, {}, header_seconds=1.0).start()
    try:
        with connect(server.port) as slow:
            slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
            t0 = time.monotonic()
            closed = False
            while time.monotonic() - t0 < 5:
                try:
                    slow.sendall(b"X-Slow: 1\r\n")       # a line every 0.2 s: each read is prompt, the head never ends
                except OSError:
                    closed = True
                    break
                if closed_within(slow, 0.2) is not None:
                    closed = True
                    break
            assert closed
            assert time.monotonic() - t0 < 4
    finally:
        server.stop()


def test_a_kept_alive_connection_idle_past_its_limit_is_closed():
    server = WebServer("127.0.0.1", 0, {}, idle_seconds=1.0).start()
    try:
        with connect(server.port) as c:
            assert _get(c, server.port) == 200
            took = closed_within(c, 5)
            assert took is not None and took < 4
    finally:
        server.stop()


def _stuck_reader(port: int) -> socket.socket:
    """A client that asks for a large file and never reads it."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.settimeout(5)
    s.connect(("127.0.0.1", port))
    s.sendall(f"GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    return s


def test_when_every_connection_is_sending_a_newcomer_gets_503_and_a_stuck_send_ends(tmp_path):
    (tmp_path / "big.bin").write_bytes(b"\0" * (16 << 20))
    (tmp_path / "index.html").write_text("<!doctype html>")
    server = WebServer("127.0.0.1", 0, {}, tmp_path, max_connections=2, write_seconds=2.0).start()
    stuck = []
    try:
        stuck = [_stuck_reader(server.port), _stuck_reader(server.port)]
        time.sleep(0.3)
        with connect(server.port) as late:
            r = read_response(late) if not late.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n") else None
            assert r is not None and r.status == 503 and r.closed
        deadline = time.monotonic() + 6                    # the stuck sends are dropped after write_seconds
        while server_sockets(server.port) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert server_sockets(server.port) == 0
        with connect(server.port) as fresh:
            assert _get(fresh, server.port, "/") == 200
    finally:
        for s in stuck:
            s.close()
        server.stop()


def test_stop_closes_every_connection_and_frees_the_port():
    server = WebServer("127.0.0.1", 0, {}).start()
    conns = [connect(server.port) for _ in range(20)]
    port = server.port
    t0 = time.monotonic()
    server.stop()
    assert time.monotonic() - t0 < 2
    for c in conns:
        assert closed_within(c, 2) is not None
        c.close()
    again = WebServer("127.0.0.1", port, {}).start()     # the port can be taken again at once
    again.stop()

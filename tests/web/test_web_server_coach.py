"""The page server's side of the coaches' path, on a real socket: bodies read by Content-Length however they are
dribbled, answers decided on another thread (and a 503 when none comes in time), keep-alive after them, and a
connection waiting for its answer never closed to make room. The desk here holds each request until the test
lets it go, as the daemon's core thread would."""
from __future__ import annotations

import json
import socket
import threading
import time

import pytest

from controller.web.coach_http import CODES_PATH, Done, coach_request
from controller.web.http_request import Request
from controller.web.server import WebServer
from simulator.bench.waits import wait_for


class HeldDesk:
    """Answers the codes at once and every line or view only when `release` is called (from the test's thread)."""

    def __init__(self) -> None:
        self.held: list[tuple[object, Done]] = []
        self.lock = threading.Lock()

    def enter(self, code: object, line: object, address: str, done: Done) -> None:
        with self.lock:
            self.held.append((line, done))

    def view(self, code: object, address: str, done: Done) -> None:
        with self.lock:
            self.held.append(({"view": code}, done))

    def codes(self) -> dict[str, str] | None:
        return {"red": "AAAAAAAA", "blue": "BBBBBBBB"}

    def release(self) -> None:
        with self.lock:
            held, self.held = self.held, []
        for what, done in held:
            done(200, {"ok": True, "echo": what})


@pytest.fixture
def served():
    desk = HeldDesk()
    web = WebServer("127.0.0.1", 0, {}, coach=desk, answer_seconds=1.0, max_connections=2).start()
    yield web, desk
    web.stop()


def _post(path: str, doc: dict) -> bytes:
    body = json.dumps(doc).encode()
    return (f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode() + body


def _read_answer(sock: socket.socket) -> tuple[int, dict]:
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(4096)
    head, _, rest = data.partition(b"\r\n\r\n")
    lengths = [line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")]
    length = int(lengths[0])
    while len(rest) < length:
        rest += sock.recv(4096)
    body = rest[:length]
    return int(head.split()[1]), (json.loads(body) if body.startswith(b"{") else {"text": body.decode()})


def test_a_body_dribbled_in_pieces_is_read_whole_and_answered_when_the_desk_decides(served):
    web, desk = served
    request = _post("/coach/input", {"code": "AAAAAAAA", "line": {"type": "roll", "die": "red", "value": 3}})
    with socket.create_connection(("127.0.0.1", web.port), timeout=5) as sock:
        for i in range(0, len(request), 7):
            sock.sendall(request[i:i + 7])
            time.sleep(0.002)
        wait_for(lambda: desk.held, 5, "the request to reach the desk")
        assert desk.held[0][0] == {"type": "roll", "die": "red", "value": 3}
        desk.release()
        assert _read_answer(sock) == (200, {"ok": True, "echo": {"type": "roll", "die": "red", "value": 3}})


def test_a_kept_alive_connection_is_served_again_after_an_answer_that_came_later(served):
    web, desk = served
    with socket.create_connection(("127.0.0.1", web.port), timeout=5) as sock:
        sock.sendall(_post("/coach/view", {"code": "AAAAAAAA"}) + _post("/coach/view", {"code": "BBBBBBBB"}))
        for code in ("AAAAAAAA", "BBBBBBBB"):          # pipelined: the second waits for the first's answer
            wait_for(lambda: desk.held, 5, "the request to reach the desk")
            desk.release()
            assert _read_answer(sock) == (200, {"ok": True, "echo": {"view": code}})


def test_an_answer_that_never_comes_is_a_503_once_its_time_is_up(served):
    web, desk = served
    with socket.create_connection(("127.0.0.1", web.port), timeout=5) as sock:
        sock.sendall(_post("/coach/view", {"code": "AAAAAAAA"}))
        status, _ = _read_answer(sock)
        assert status == 503
        desk.release()                                 # the late answer goes nowhere and breaks nothing
    with socket.create_connection(("127.0.0.1", web.port), timeout=5) as sock:
        sock.sendall(b"GET /coach/codes HTTP/1.1\r\nHost: x\r\n\r\n")
        assert _read_answer(sock)[0] == 200


def test_a_connection_waiting_for_its_answer_is_not_closed_to_make_room(served):
    web, desk = served                                 # two connections at most
    with socket.create_connection(("127.0.0.1", web.port), timeout=5) as first, \
            socket.create_connection(("127.0.0.1", web.port), timeout=5) as second:
        first.sendall(_post("/coach/view", {"code": "AAAAAAAA"}))
        second.sendall(_post("/coach/view", {"code": "BBBBBBBB"}))
        wait_for(lambda: len(desk.held) == 2, 5, "both requests to reach the desk")
        with socket.create_connection(("127.0.0.1", web.port), timeout=5) as third:
            third.sendall(b"GET /coach/codes HTTP/1.1\r\nHost: x\r\n\r\n")
            assert _read_answer(third)[0] == 503      # every connection is busy: the newcomer is refused
        desk.release()
        assert _read_answer(first)[0] == 200 and _read_answer(second)[0] == 200


def test_a_chunked_coach_body_is_refused_411(served):
    web, _ = served
    with socket.create_connection(("127.0.0.1", web.port), timeout=5) as sock:
        sock.sendall(b"POST /coach/view HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n5\r\n{}\r\n0\r\n\r\n")
        assert _read_answer(sock)[0] == 411


def test_the_codes_are_refused_to_an_address_that_is_not_the_boards_own():
    desk = HeldDesk()
    for peer, status in (("127.0.0.1", 200), ("::1", 200), ("::ffff:127.0.0.1", 200), ("192.168.1.20", 403),
                         ("", 403)):
        found = coach_request(Request("GET", CODES_PATH, (1, 1), {"host": "x"}, peer=peer), CODES_PATH, desk)
        assert isinstance(found, tuple) and found[0] == status, peer

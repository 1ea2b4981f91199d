"""The spectator page's HTTP server: one thread, one selector loop, a bounded number of connections.

Why not http.server: its threads-per-connection design lets idle or slow clients hold a thread and a file
descriptor each, with no cap and a timeout per read rather than per request, so a few hundred idle sockets
could take the descriptors the daemon's journal and broker connection need. Here every connection is a
non-blocking socket in one selector, and:

- at most `max_connections` are open (MAX_CONNECTIONS). A newcomer beyond it makes room by closing the
  connection that has waited longest for a request (idle kept-alive ones, and ones still sending their
  head); if every connection is busy sending a response, the newcomer gets a 503 and is closed at once;
- a request's head must be complete within `header_seconds` of the connection's accept or of its first byte
  on a kept-alive connection (HEADER_SECONDS), however it is dribbled;
- a kept-alive connection with no new request is closed after `idle_seconds` (IDLE_SECONDS);
- a response must be taken by the client within `write_seconds` (WRITE_SECONDS); while it is being sent
  nothing more is read from that client.

What is answered is controller/web/page_site.py's (files of the static folder and the generated
`config.json`); the request heads are read by controller/web/http_request.py, which turns a malformed line,
an overlong URI or a TLS handshake into a 400, a 414 or a plain close, logged in one debug line.

The coaches' requests (controller/web/coach_http.py) are the only ones with a body (at most MAX_BODY bytes, by
Content-Length, within the head's deadline) and the only ones answered later: the daemon's core thread
decides them, and hands the answer back through `_Loop.finish`, which wakes the loop. While a connection waits
for its answer (at most `answer_seconds`, ANSWER_SECONDS, then a 503) nothing more is read from it.

HTTP/1.1 keep-alive: the page loads a dozen small modules at once; every response carries a Content-Length,
so a browser reuses its connections. A response goes out in one send (headers and body together), with
TCP_NODELAY set, so no part of it waits for the browser's delayed ACK.
"""
from __future__ import annotations

import contextlib
import errno
import logging
import selectors
import socket
import threading
import time
from dataclasses import replace
from pathlib import Path

from .coach_http import Desk
from .http_request import MAX_BODY, BadRequest, Request, parse_head, take_head
from .page_site import Answer, PageSite, Pending

log = logging.getLogger(__name__)

STATIC_DIR = Path(__file__).parent / "static"
MAX_CONNECTIONS = 64
HEADER_SECONDS = 10.0
IDLE_SECONDS = 30.0
WRITE_SECONDS = 30.0
ANSWER_SECONDS = 10.0
_ACCEPTS_PER_WAKE = 32            # then the connections already open get their turn
_OUT_OF_DESCRIPTORS = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


class _Conn:
    """One client connection and where it is: waiting for a request since `waiting_since` (`idle` until its
    first byte on a kept-alive connection), or sending `out`, after which it ends if `closing`."""

    __slots__ = ("addr", "closing", "deadline", "idle", "inbuf", "out", "pending", "req", "sock", "waiting_since")

    def __init__(self, sock: socket.socket, addr: str, now: float, header_seconds: float):
        self.sock = sock
        self.addr = addr
        self.inbuf = bytearray()
        self.out = memoryview(b"")
        self.closing = False
        self.idle = False
        self.waiting_since = now
        self.deadline = now + header_seconds         # accept to the end of the first request's head
        self.req: Request | None = None              # a request whose body is still coming
        self.pending = False                         # waiting for an answer decided elsewhere (Pending)

    @property
    def sending(self) -> bool:
        return len(self.out) > 0

    @property
    def busy(self) -> bool:
        """Sending or waiting for its answer: not to be closed to make room."""
        return self.pending or self.sending

    @property
    def host(self) -> str:
        return self.addr.rsplit(":", 1)[0]


class _Loop:
    """The selector loop: accepts, reads heads, sends answers, enforces the cap and the deadlines."""

    def __init__(self, listener: socket.socket, site: PageSite, max_connections: int, header_seconds: float,
                 idle_seconds: float, write_seconds: float, answer_seconds: float = ANSWER_SECONDS):
        self.listener = listener
        self.site = site
        self.max_connections = max(1, max_connections)
        self.header_seconds, self.idle_seconds, self.write_seconds = header_seconds, idle_seconds, write_seconds
        self.answer_seconds = answer_seconds
        self.finished: list[tuple[_Conn, Answer]] = []    # answers decided elsewhere, for the loop to send
        self.finished_lock = threading.Lock()
        self.sel = selectors.DefaultSelector()
        self.conns: dict[socket.socket, _Conn] = {}
        self.wake_r, self.wake_w = socket.socketpair()
        self.wake_r.setblocking(False)
        self.wake_w.setblocking(False)
        self.sel.register(listener, selectors.EVENT_READ, "accept")
        self.sel.register(self.wake_r, selectors.EVENT_READ, "wake")
        self.accepting_again_at: float | None = None
        self.last_exhaustion_warning = -1e9
        self.stopping = False

    # ---- the loop -------------------------------------------------------------------------------------
    def run(self) -> None:
        try:
            while not self.stopping:
                wait = self._next_deadline() - time.monotonic()
                for key, mask in self.sel.select(None if wait == float("inf") else max(0.0, wait)):
                    if key.data == "accept":
                        self._accept()
                    elif key.data == "wake":
                        with contextlib.suppress(OSError):
                            self.wake_r.recv(64)
                        self._send_finished()
                    elif key.fileobj in self.conns:
                        self._ready(key.data, mask)
                self._expire(time.monotonic())
        finally:
            self.close()

    def close(self) -> None:
        for conn in list(self.conns.values()):
            self._close(conn)
        self.sel.close()
        self.wake_r.close()
        self.wake_w.close()

    def wake(self) -> None:
        with contextlib.suppress(OSError):
            self.wake_w.send(b"x")

    def _next_deadline(self) -> float:
        soonest = min((c.deadline for c in self.conns.values()), default=float("inf"))
        if self.accepting_again_at is not None:
            soonest = min(soonest, self.accepting_again_at)
        return soonest

    # ---- accepting under the cap ----------------------------------------------------------------------
    def _accept(self) -> None:
        for _ in range(_ACCEPTS_PER_WAKE):
            try:
                sock, addr = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as e:
                if e.errno in _OUT_OF_DESCRIPTORS:
                    self._out_of_descriptors(e)
                else:
                    log.debug("page server: accept failed: %s", e)
                return
            if len(self.conns) >= self.max_connections and not self._make_room():
                self._refuse(sock)
                continue
            sock.setblocking(False)
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            conn = _Conn(sock, f"{addr[0]}:{addr[1]}", time.monotonic(), self.header_seconds)
            self.conns[sock] = conn
            self.sel.register(sock, selectors.EVENT_READ, conn)

    def _make_room(self) -> bool:
        """Close the connection that has waited longest for a request; False if every one is sending."""
        waiting = [c for c in self.conns.values() if not c.busy]
        if not waiting:
            return False
        oldest = min(waiting, key=lambda c: c.waiting_since)
        log.debug("page server: %s closed to make room (%d connections)", oldest.addr, len(self.conns))
        self._close(oldest)
        return True

    def _refuse(self, sock: socket.socket) -> None:
        with contextlib.suppress(OSError):
            sock.setblocking(False)
            sock.send(self.site.error(503, None, extra=[("Retry-After", "1")]).data)   # a few hundred bytes:
        sock.close()                                                                   # the socket takes them
        log.debug("page server: a new connection refused, all %d busy", len(self.conns))

    def _out_of_descriptors(self, e: OSError) -> None:
        """The process is out of file descriptors: make room, and stop accepting for a moment so a listener
        that stays readable does not spin the loop."""
        now = time.monotonic()
        if now - self.last_exhaustion_warning > 60:
            log.warning("page server: cannot accept a connection (%s); %d open", e.strerror, len(self.conns))
            self.last_exhaustion_warning = now
        self._make_room()
        self.sel.unregister(self.listener)
        self.accepting_again_at = now + 0.5

    # ---- one connection -------------------------------------------------------------------------------
    def _ready(self, conn: _Conn, mask: int) -> None:
        if mask & selectors.EVENT_WRITE:
            self._send(conn)
        elif mask & selectors.EVENT_READ:
            try:
                data = conn.sock.recv(65536)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                data = b""
            if not data:
                self._close(conn)
                return
            if conn.idle:              # the first byte of a request on a kept-alive connection
                conn.idle = False
                conn.deadline = time.monotonic() + self.header_seconds
            conn.inbuf += data
        self._serve(conn)

    def _serve(self, conn: _Conn) -> None:
        """Answer each request whose head (and body, where one is read) is complete, as long as the answers go
        out at once."""
        while conn.sock in self.conns and not conn.busy:
            try:
                req = conn.req or self._request(conn)
            except BadRequest as bad:
                log.debug("page server: %s: %s", conn.addr, bad.why)
                if bad.status is None:
                    self._close(conn)
                else:
                    self._queue(conn, self.site.error(bad.status, None).data, close=True)
                return
            if req is None:
                return
            if self.site.takes_body(req):
                if len(conn.inbuf) < req.body_length:
                    conn.req = req                    # the rest of the body within the head's deadline
                    return
                conn.req = None
                req = replace(req, body=bytes(conn.inbuf[:req.body_length]))
                del conn.inbuf[:req.body_length]
            try:
                answer = self.site.answer(req)
            except Exception:  # a fault of ours must not end the loop every other client depends on
                log.exception("page server: answering %s %s", req.method, req.target[:200])
                self._queue(conn, self.site.error(500, None).data, close=True)
                return
            if isinstance(answer, Pending):
                self._wait_for(conn, req, answer)
                return
            log.debug("page server: %s %s %s %d", conn.addr, req.method, req.target[:200], answer.status)
            self._queue(conn, answer.data, close=answer.close)

    def _request(self, conn: _Conn) -> Request | None:
        """The next request whose head is complete, None while it is not; BadRequest for one not to serve."""
        head = take_head(conn.inbuf)
        if head is None:
            return None
        req = replace(parse_head(head), peer=conn.host)
        if self.site.takes_body(req):
            if "transfer-encoding" in req.headers:
                raise BadRequest(411, "a body sent without a Content-Length")
            if req.body_length > MAX_BODY:
                raise BadRequest(413, f"a body over {MAX_BODY} bytes")
        return req

    # ---- answers decided elsewhere ----------------------------------------------------------------------
    def _wait_for(self, conn: _Conn, req: Request, pending: Pending) -> None:
        """Stop reading from `conn` until its answer comes (or `answer_seconds` pass)."""
        conn.pending = True
        conn.deadline = time.monotonic() + self.answer_seconds
        with contextlib.suppress(KeyError, ValueError):
            self.sel.unregister(conn.sock)
        log.debug("page server: %s %s %s waits for its answer", conn.addr, req.method, req.target[:200])
        pending.start(lambda answer: self.finish(conn, answer))

    def finish(self, conn: _Conn, answer: Answer) -> None:
        """From any thread: the answer `conn` waits for; the loop sends it."""
        with self.finished_lock:
            self.finished.append((conn, answer))
        self.wake()

    def _send_finished(self) -> None:
        with self.finished_lock:
            finished, self.finished = self.finished, []
        for conn, answer in finished:
            if not conn.pending or conn.sock not in self.conns:
                continue                     # it timed out, or went away, meanwhile
            self._resume(conn)
            log.debug("page server: %s answered %d", conn.addr, answer.status)
            self._queue(conn, answer.data, close=answer.close)
            self._serve(conn)

    def _resume(self, conn: _Conn) -> None:
        conn.pending = False
        self.sel.register(conn.sock, selectors.EVENT_READ, conn)

    def _queue(self, conn: _Conn, data: bytes, close: bool) -> None:
        conn.out = memoryview(data)
        conn.closing = close
        conn.deadline = time.monotonic() + self.write_seconds
        self._send(conn)

    def _send(self, conn: _Conn) -> None:
        """Send what the socket takes; once all is sent, end the connection or wait for the next request."""
        try:
            n = conn.sock.send(conn.out)
        except (BlockingIOError, InterruptedError):
            n = 0
        except OSError:
            self._close(conn)
            return
        conn.out = conn.out[n:]
        if conn.sending:
            self.sel.modify(conn.sock, selectors.EVENT_WRITE, conn)
            return
        if conn.closing:
            self._close(conn)
            return
        now = time.monotonic()
        conn.waiting_since = now
        conn.idle = not conn.inbuf
        conn.deadline = now + (self.idle_seconds if conn.idle else self.header_seconds)
        self.sel.modify(conn.sock, selectors.EVENT_READ, conn)

    def _expire(self, now: float) -> None:
        for conn in [c for c in self.conns.values() if c.deadline <= now]:
            if conn.pending:                 # its answer did not come in time: said, and the connection ends
                self._resume(conn)
                self._queue(conn, self.site.error(503, None, extra=[("Retry-After", "1")]).data, close=True)
                continue
            log.debug("page server: %s closed: %s", conn.addr,
                      "response not taken in time" if conn.sending else "idle" if conn.idle
                      else "no complete request in time")
            self._close(conn)
        if self.accepting_again_at is not None and now >= self.accepting_again_at:
            self.accepting_again_at = None
            self.sel.register(self.listener, selectors.EVENT_READ, "accept")

    def _close(self, conn: _Conn) -> None:
        if self.conns.pop(conn.sock, None) is None:
            return
        with contextlib.suppress(KeyError, ValueError):
            self.sel.unregister(conn.sock)
        with contextlib.suppress(OSError):
            conn.sock.close()


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket on host:port: IPv4 as http.server's was, IPv6 for an IPv6 address ("::", "::1")."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.create_server((host, port), family=family, backlog=128, reuse_port=False)
    sock.setblocking(False)
    return sock


class WebServer:
    """Serves `static_dir` and `/config.json` (the `config` dict) on host:port (0: a free port), and with a desk
    (`coach`) the coaches' requests."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, config: dict | None = None,
                 static_dir: Path | str = STATIC_DIR, *, max_connections: int = MAX_CONNECTIONS,
                 header_seconds: float = HEADER_SECONDS, idle_seconds: float = IDLE_SECONDS,
                 write_seconds: float = WRITE_SECONDS, coach: Desk | None = None,
                 answer_seconds: float = ANSWER_SECONDS):
        self._listener = _listen(host, port)
        self.host = host
        self.port = self._listener.getsockname()[1]
        self._loop = _Loop(self._listener, PageSite(static_dir, config or {}, coach), max_connections,
                           header_seconds, idle_seconds, write_seconds, answer_seconds)
        self._thread = threading.Thread(target=self._loop.run, name="soccerboard-web", daemon=True)

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    def start(self) -> WebServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        """Close every connection and the listening socket."""
        self._loop.stopping = True
        if self._thread.is_alive():
            self._loop.wake()
            self._thread.join(2.0)
        else:
            self._loop.close()
        self._listener.close()

"""Raw-socket tools for the page server's tests: send bytes as a client would (or would not), read one
response, and count the sockets the server itself holds (from /proc, so no thread or fd of the test counts)."""
from __future__ import annotations

import contextlib
import os
import socket
import time
from dataclasses import dataclass, field


@dataclass
class RawResponse:
    status: int | None                  # None: the server closed without answering
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""
    closed: bool = False                # the server closed the connection after it


def connect(port: int, timeout: float = 5.0) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=timeout)


def read_response(sock: socket.socket, head_only: bool = False) -> RawResponse:
    """One response from `sock` (Content-Length framed), and whether the server closed after it."""
    buf = b""
    while b"\r\n\r\n" not in buf:
        chunk = _recv(sock)
        if not chunk:
            return RawResponse(None, closed=True) if not buf else RawResponse(-1, body=buf, closed=True)
        buf += chunk
    head, _, rest = buf.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    headers: dict[str, str] = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = 0 if head_only else int(headers.get("content-length", "0"))
    while len(rest) < length:
        chunk = _recv(sock)
        if not chunk:
            break
        rest += chunk
    closed = headers.get("connection", "").lower() == "close"
    if closed:
        closed = _closed(sock, 2.0)
    return RawResponse(status, headers, rest[:length], closed)


def exchange(port: int, data: bytes, head_only: bool = False) -> RawResponse:
    """Send `data` on a new connection and read what comes back."""
    with connect(port) as s:
        s.sendall(data)
        return read_response(s, head_only)


def get(port: int, path: str, method: str = "GET", headers: str = "") -> RawResponse:
    return exchange(port, f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{headers}\r\n".encode(),
                    head_only=method == "HEAD")


def _recv(sock: socket.socket) -> bytes:
    try:
        return sock.recv(65536)
    except ConnectionResetError:
        return b""


def _closed(sock: socket.socket, within: float) -> bool:
    sock.settimeout(within)
    try:
        return _recv(sock) == b""
    except TimeoutError:
        return False


def closed_within(sock: socket.socket, seconds: float) -> float | None:
    """Seconds until the server closed `sock` (reading and dropping what it sent), or None if it stayed open."""
    t0 = time.monotonic()
    end = t0 + seconds
    while (left := end - time.monotonic()) > 0:
        sock.settimeout(left)
        try:
            if _recv(sock) == b"":
                return time.monotonic() - t0
        except TimeoutError:
            return None
    return None


def server_sockets(port: int) -> int:
    """Connected sockets this process holds whose local port is `port`: the server's side of its connections."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(FileNotFoundError), open(table) as f:
            next(f)
            for line in f:
                parts = line.split()
                local_port = int(parts[1].rsplit(":", 1)[1], 16)
                if local_port == port and parts[3] != "0A":         # 0A: the listening socket
                    inodes.add(parts[9])
    mine = 0
    for fd in os.listdir("/proc/self/fd"):
        with contextlib.suppress(OSError):
            link = os.readlink(f"/proc/self/fd/{fd}")
            if link.startswith("socket:[") and link[8:-1] in inodes:
                mine += 1
    return mine


# A TLS 1.2 ClientHello as a browser sends it to an https:// address on a plain HTTP port.
_HELLO_BODY = bytes.fromhex("0303" + "11" * 32 + "00" + "0004c02fc030" + "0100" + "0014"
                            + "0000001000000d6578616d706c652e6c6f63616c")
CLIENT_HELLO = (bytes.fromhex("160301") + (len(_HELLO_BODY) + 4).to_bytes(2, "big")
                + b"\x01" + len(_HELLO_BODY).to_bytes(3, "big") + _HELLO_BODY)

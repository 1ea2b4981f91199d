"""Reading one HTTP/1.x request head from the bytes a connection has received, strictly and without I/O.

Why our own parser: the page server must answer a malformed line with a 400, an overlong URI with a 414 and a
TLS handshake with a plain close, each the moment the bytes show it, without waiting for a line end that may
never come and without a traceback. Only what the page needs is read: the request line and the headers.
A request head is the same in HTTP/1.0 and 1.1 (RFC 9112); a body is read only for the few paths that take one
(the coaches' POSTs, at most MAX_BODY bytes, by Content-Length: controller/web/server.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

MAX_REQUEST_LINE = 64 * 1024          # a longer request line is a 414
MAX_HEAD = MAX_REQUEST_LINE + 16 * 1024   # request line and headers together; more is a 431
MAX_HEADERS = 100
MAX_BODY = 4096                       # a request body the site reads (a coach's line); a longer one is a 413

_TOKEN = re.compile(rb"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
_REQUEST_LINE = re.compile(r"([!#$%&'*+.^_`|~0-9A-Za-z-]+) ([!-~]+) HTTP/(\d)\.(\d)")
_HEAD_END = re.compile(rb"\r?\n\r?\n")
_TLS_HANDSHAKE = 0x16                 # the first byte of a TLS record carrying a ClientHello


class BadRequest(Exception):
    """The request cannot be served. `status` is the answer to send, or None to close without one (a client
    that does not speak HTTP would misread any answer)."""

    def __init__(self, status: int | None, why: str):
        super().__init__(why)
        self.status = status
        self.why = why


@dataclass(frozen=True)
class Request:
    method: str
    target: str
    version: tuple[int, int]
    headers: dict[str, str]          # names in lower case; repeated headers joined with ", "
    body: bytes = field(default=b"", repr=False)   # read only where the site takes one
    peer: str = ""                   # the client's address (no port)

    def header_tokens(self, name: str) -> set[str]:
        return {t.strip().lower() for t in self.headers.get(name, "").split(",") if t.strip()}

    @property
    def keep_alive(self) -> bool:
        """HTTP/1.1 keeps the connection unless asked not to; 1.0 only when asked to."""
        tokens = self.header_tokens("connection")
        if self.version >= (1, 1):
            return "close" not in tokens
        return "keep-alive" in tokens

    @property
    def body_length(self) -> int:
        """The Content-Length (parse_head has checked it is digits), 0 without one; too long to read: huge."""
        text = self.headers.get("content-length", "0")
        return int(text) if len(text) <= 18 else 1 << 62

    @property
    def has_body(self) -> bool:
        return "transfer-encoding" in self.headers or self.headers.get("content-length", "0") != "0"


def take_head(buf: bytearray) -> bytes | None:
    """The head of the first request in `buf`, removed from it with its blank line, or None while it is not
    all there. Raises BadRequest as soon as the bytes received show the request is bad."""
    while buf[:2] == b"\r\n" or buf[:1] == b"\n":     # empty lines before a request are to be ignored
        del buf[: 2 if buf[:1] == b"\r" else 1]
    if not buf:
        return None
    if buf[0] == _TLS_HANDSHAKE:
        raise BadRequest(None, "a TLS handshake on the plain HTTP port")
    line_end = buf.find(b"\n", 0, MAX_REQUEST_LINE + 2)
    line = buf[: line_end if line_end >= 0 else MAX_REQUEST_LINE + 2]
    method = line.split(b" ", 1)[0].rstrip(b"\r")
    if method and not _TOKEN.fullmatch(method):
        raise BadRequest(400, "not an HTTP request")
    if len(line.rstrip(b"\r")) > MAX_REQUEST_LINE:
        raise BadRequest(414, "request line over 64 KB")
    end = _HEAD_END.search(buf, 0, MAX_HEAD + 4)
    if end is None:
        if len(buf) > MAX_HEAD:
            raise BadRequest(431, "request head too large")
        return None
    head = bytes(buf[: end.start()])
    del buf[: end.end()]
    return head


def parse_head(head: bytes) -> Request:
    """The request line and headers of one head (from take_head). Raises BadRequest."""
    lines = [line.rstrip("\r") for line in head.decode("latin-1").split("\n")]
    m = _REQUEST_LINE.fullmatch(lines[0])
    if m is None:
        raise BadRequest(400, "malformed request line")
    method, target, major, minor = m.group(1), m.group(2), int(m.group(3)), int(m.group(4))
    if major != 1:
        raise BadRequest(505, f"HTTP/{major}.{minor}")
    if len(lines) - 1 > MAX_HEADERS:
        raise BadRequest(431, "too many headers")
    headers: dict[str, str] = {}
    for line in lines[1:]:
        name, colon, value = line.partition(":")
        if not colon or not _TOKEN.fullmatch(name.encode("latin-1")):
            raise BadRequest(400, "malformed header line")      # also a folded line, which starts with a space
        key = name.lower()
        value = value.strip(" \t")
        if key in headers:
            if key in ("host", "content-length"):
                raise BadRequest(400, f"{name} given twice")
            headers[key] += ", " + value
        else:
            headers[key] = value
    version = (1, min(minor, 1))
    if version == (1, 1) and "host" not in headers:
        raise BadRequest(400, "HTTP/1.1 request without Host")
    if not headers.get("content-length", "0").isdigit():
        raise BadRequest(400, "malformed Content-Length")
    return Request(method, target, version, headers)

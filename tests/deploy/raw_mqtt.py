"""A bare MQTT 3.1.1 client over TCP or WebSockets that can send what a well-behaved client never would: a
PUBLISH that announces more bytes than it sends (a client library always finishes its packets). Enough of
RFC 6455 for that: the upgrade, masked binary frames out, unmasked frames in."""
from __future__ import annotations

import base64
import os
import socket
import struct


def remaining_length(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n % 128, n // 128
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def utf8(text: str) -> bytes:
    data = text.encode()
    return struct.pack("!H", len(data)) + data


def connect_packet(client_id: str) -> bytes:
    body = utf8("MQTT") + bytes([4, 0x02]) + struct.pack("!H", 60) + utf8(client_id)
    return b"\x10" + remaining_length(len(body)) + body


def publish_header(topic: str, announced: int) -> bytes:
    """The start of a QoS 0 PUBLISH whose payload is `announced` bytes long."""
    head = utf8(topic)
    return b"\x30" + remaining_length(len(head) + announced) + head


class RawClient:
    def __init__(self, port: int, websocket: bool, timeout: float = 5.0):
        self.websocket = websocket
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.buffer = b""
        if websocket:
            self._upgrade(port)

    def _upgrade(self, port: int) -> None:
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /mqtt HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                           "Sec-WebSocket-Protocol: mqtt\r\n\r\n").encode())
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("the broker closed the connection during the WebSocket upgrade")
            self.buffer += chunk
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise ConnectionError(f"no WebSocket upgrade: {head[:200]!r}")

    def send(self, data: bytes) -> None:
        if self.websocket:         # one binary frame, masked with a zero key (so the payload goes as it is)
            n = len(data)
            size = bytes([0x80 | n]) if n < 126 else (bytes([0x80 | 126]) + struct.pack("!H", n) if n < 65536
                                                      else bytes([0x80 | 127]) + struct.pack("!Q", n))
            data = b"\x82" + size + b"\0\0\0\0" + data
        self.sock.sendall(data)

    def _read(self, n: int) -> bytes:
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed by the broker")
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def _read_mqtt(self, n: int) -> bytes:
        if not self.websocket:
            return self._read(n)
        out = b""
        while len(out) < n:
            b0, b1 = self._read(2)
            size = b1 & 0x7F
            if size == 126:
                size = struct.unpack("!H", self._read(2))[0]
            elif size == 127:
                size = struct.unpack("!Q", self._read(8))[0]
            payload = self._read(size)
            if b0 & 0x0F == 0x8:
                raise ConnectionError("closed by the broker (WebSocket close)")
            out += payload
        return out

    def connect(self, client_id: str) -> bool:
        """True when the broker answers the CONNECT with a CONNACK that accepts it."""
        try:
            self.send(connect_packet(client_id))
            return self._read_mqtt(4) == b"\x20\x02\x00\x00"
        except (ConnectionError, TimeoutError, OSError):
            return False

    def closed_by_peer(self, timeout: float = 5.0) -> bool:
        """True once the broker has closed the connection (within `timeout`)."""
        self.sock.settimeout(timeout)
        try:
            while True:
                if not self.sock.recv(65536):
                    return True
        except TimeoutError:
            return False
        except OSError:
            return True

    def close(self) -> None:
        self.sock.close()

"""The safety headers every response of the page server carries, and the page's Content-Security-Policy.

The page is static ES modules, one stylesheet and a WebSocket to the MQTT broker on another port. Its policy
allows exactly that: scripts and styles from the server itself, the page's few inline scripts (the early
config.json fetch, the import map, the module list) by their SHA-256 (taken from the HTML being served, so an
edited page needs no edited policy), and connections to the server (config.json) and to the broker config.json
names. mqtt.js runs its keep-alive timers in a worker it makes from a blob: URL, hence `worker-src blob:`.
No frame may embed the page, and no page is told where a spectator came from.
"""
from __future__ import annotations

import base64
import hashlib
import re
from urllib.parse import urlsplit

_INLINE_SCRIPT = re.compile(rb"<script(?![^>]*\bsrc\s*=)[^>]*>(.*?)</script\s*>", re.S | re.I)
_HOST_NAME = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?")
DEFAULT_WS_PORT = 9001              # what the page uses when config.json names none (controller/web/static/js/app.js)


def inline_script_hashes(html: bytes) -> list[str]:
    """CSP hash sources of the inline scripts in an HTML document (data blocks included: harmless)."""
    out = []
    for m in _INLINE_SCRIPT.finditer(html):
        if m.group(1):
            digest = base64.b64encode(hashlib.sha256(m.group(1)).digest()).decode()
            out.append(f"'sha256-{digest}'")
    return out


def broker_sources(config: dict, host_header: str | None) -> list[str]:
    """Where the page may open its WebSocket: the origin of config.json's `ws_url`, or else `ws_port` (9001)
    on the host the browser asked for, as the page computes it. A Host header that is not a plain host name
    or IPv4 address (an IPv6 literal, something crafted) gives any host on that port."""
    ws_url = config.get("ws_url")
    if isinstance(ws_url, str) and ws_url:
        parts = urlsplit(ws_url)
        if parts.scheme in ("ws", "wss") and parts.hostname and _HOST_NAME.fullmatch(parts.hostname):
            try:
                port = f":{parts.port}" if parts.port else ""
            except ValueError:
                return []
            return [f"{parts.scheme}://{parts.hostname}{port}"]
        return []
    port = config.get("ws_port", DEFAULT_WS_PORT)
    if not isinstance(port, int) or isinstance(port, bool) or not 0 < port < 65536:
        return []
    host = (host_header or "").rsplit(":", 1)[0] if not (host_header or "").startswith("[") else ""
    if not _HOST_NAME.fullmatch(host):
        host = "*"
    return [f"ws://{host}:{port}", f"wss://{host}:{port}"]


def content_security_policy(broker: list[str], script_hashes: list[str]) -> str:
    return "; ".join([
        "default-src 'none'",
        " ".join(["script-src 'self'", *script_hashes]),
        "style-src 'self'",
        "img-src 'self' data:",
        " ".join(["connect-src 'self'", *broker]),
        "worker-src blob:",
        "manifest-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    ])


def safety_headers(csp: str) -> list[tuple[str, str]]:
    return [
        ("X-Content-Type-Options", "nosniff"),
        ("Content-Security-Policy", csp),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "no-referrer"),
    ]

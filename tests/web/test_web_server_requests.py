"""controller.web.server answering requests that are wrong, hostile or unusual: a clean status (or a plain close
for a TLS handshake), at most one debug log line, the same safety headers on every response, and never a file
from outside its static folder."""
from __future__ import annotations

import base64
import hashlib
import logging
import re
import shutil

import pytest

from controller.web.server import STATIC_DIR, WebServer
from tests.web.web_server_probe import CLIENT_HELLO, connect, exchange, get, read_response

SAFETY_HEADERS = ("x-content-type-options", "content-security-policy", "x-frame-options", "referrer-policy")


@pytest.fixture
def server():
    s = WebServer("127.0.0.1", 0, {"ws_port": 9001, "sim": False}).start()
    yield s
    s.stop()


@pytest.fixture
def static_copy(tmp_path):
    """A static folder of the test's own, beside a secret it must never serve."""
    root = tmp_path / "static"
    root.mkdir()
    (root / "index.html").write_text("<!doctype html><title>x</title>")
    (root / "js").mkdir()
    (root / "js" / "a.js").write_text("export const a = 1;\n")
    (tmp_path / "secret.txt").write_text("the referee's password")
    (tmp_path / "private").mkdir()
    (tmp_path / "private" / "notes.txt").write_text("more secrets")
    return root


def _safe(r) -> None:
    assert r.headers.get("x-content-type-options") == "nosniff", r.headers
    for name in SAFETY_HEADERS:
        assert name in r.headers, (name, r.status, r.headers)
    assert "frame-ancestors 'none'" in r.headers["content-security-policy"]


def test_a_malformed_request_line_is_a_400_that_closes_the_connection(server):
    for line in (b"HELLO\r\n\r\n", b"GET\r\n\r\n", b"GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n",
                 b"GET / HTTX/1.1\r\nHost: x\r\n\r\n", b"G{T / HTTP/1.1\r\nHost: x\r\n\r\n",
                 b"GET / HTTP/1.1\r\nno colon here\r\n\r\n", b"GET / HTTP/1.1\r\n folded: header\r\n\r\n"):
        r = exchange(server.port, line)
        assert r.status == 400, line
        assert r.closed, line
        _safe(r)


def test_a_uri_over_64_kb_is_a_414(server):
    r = exchange(server.port, b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    assert r.status == 414 and r.closed
    _safe(r)


def test_a_header_block_too_large_is_a_431(server):
    many = "".join(f"X-{i}: {i}\r\n" for i in range(200))
    assert get(server.port, "/", headers=many).status == 431
    assert get(server.port, "/", headers="X-Big: " + "b" * 100_000 + "\r\n").status == 431


def test_http_1_1_without_a_host_is_a_400_and_http_2_a_505(server):
    assert exchange(server.port, b"GET / HTTP/1.1\r\n\r\n").status == 400
    assert exchange(server.port, b"GET / HTTP/2.0\r\nHost: x\r\n\r\n").status == 505
    assert exchange(server.port, b"GET / HTTP/1.0\r\n\r\n").status == 200     # 1.0 needs no Host


def test_tls_handshakes_are_closed_at_once_with_one_debug_line_each(server, caplog, capfd):
    caplog.set_level(logging.DEBUG)
    for _ in range(200):
        with connect(server.port) as s:
            s.sendall(CLIENT_HELLO)
            r = read_response(s)
            assert r.status is None and r.closed             # nothing a TLS client could misread
    records = [r for r in caplog.records if r.name.startswith("controller.web")]
    assert len(records) <= 200
    assert all(r.levelno == logging.DEBUG for r in records)
    assert not any(r.exc_info for r in records)
    assert "Traceback" not in capfd.readouterr().err


def test_bad_requests_log_one_debug_line_each_and_no_traceback(server, caplog, capfd):
    caplog.set_level(logging.DEBUG)
    bad = [b"HELLO\r\n\r\n", b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\n\r\n", b"\x00\x01\x02\x03\r\n\r\n",
           b"GET /index.html%00 HTTP/1.1\r\nHost: x\r\n\r\n"]
    for data in bad:
        exchange(server.port, data)
    records = [r for r in caplog.records if r.name.startswith("controller.web")]
    assert len(records) <= len(bad)
    assert all(r.levelno == logging.DEBUG and not r.exc_info for r in records)
    assert "Traceback" not in capfd.readouterr().err


def test_a_nul_or_bad_escape_in_the_path_is_a_400(server):
    for path in ("/index.html%00", "/index.html%00.js", "/%ff%fe", "/js/%0a.js"):
        r = get(server.port, path)
        assert r.status == 400, path
        _safe(r)


def test_only_get_and_head_are_served_others_are_405(server):
    for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT", "BREW"):
        r = get(server.port, "/", method=method)
        assert r.status == 405, method
        assert r.headers["allow"] == "GET, HEAD"
        _safe(r)


def test_head_answers_as_get_without_the_body(server):
    for path in ("/config.json", "/", "/index.html", "/js/app.js", "/no-such-file.js", "/index.html%00"):
        g, h = get(server.port, path), get(server.port, path, method="HEAD")
        assert h.status == g.status, path
        assert h.body == b"", path
        same = {k: v for k, v in g.headers.items() if k != "date"}
        assert {k: v for k, v in h.headers.items() if k != "date"} == same, path
        assert int(h.headers["content-length"]) == len(g.body), path


def test_every_response_carries_the_safety_headers(server):
    for path, status in (("/", 200), ("/config.json", 200), ("/js/app.js", 200), ("/css/app.css", 200),
                         ("/vendor/mqtt/mqtt.esm.js", 200), ("/nope", 404), ("/js/", 404)):
        r = get(server.port, path)
        assert r.status == status, path
        _safe(r)
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["referrer-policy"] == "no-referrer"


def _inline_script_hashes(html: str) -> set[str]:
    scripts = re.findall(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", html, re.S)
    return {"'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'" for s in scripts if s}


def _directives(csp: str) -> dict[str, list[str]]:
    return {d.split()[0]: d.split()[1:] for d in (p.strip() for p in csp.split(";")) if d}


def test_the_page_policy_allows_its_own_inline_scripts_and_only_the_configured_broker(server):
    r = get(server.port, "/")
    csp = _directives(r.headers["content-security-policy"])
    assert csp["default-src"] == ["'none'"]
    assert "'unsafe-inline'" not in csp["script-src"] and "'unsafe-eval'" not in csp["script-src"]
    assert _inline_script_hashes((STATIC_DIR / "index.html").read_text()) <= set(csp["script-src"])
    assert "'unsafe-inline'" not in csp["style-src"]
    # the broker the page computes from config.json: port 9001 of the host the browser asked for
    assert set(csp["connect-src"]) == {"'self'", "ws://127.0.0.1:9001", "wss://127.0.0.1:9001"}
    assert csp["frame-ancestors"] == ["'none'"]


def test_the_policy_names_the_broker_of_ws_url_when_config_json_gives_one():
    s = WebServer("127.0.0.1", 0, {"ws_url": "wss://hub.example:8443/mqtt"}).start()
    try:
        csp = _directives(get(s.port, "/").headers["content-security-policy"])
        assert set(csp["connect-src"]) == {"'self'", "wss://hub.example:8443"}
    finally:
        s.stop()


def test_a_host_header_that_is_no_host_name_does_not_reach_the_policy(server):
    r = get(server.port, "/", headers="").headers  # baseline
    assert "127.0.0.1:9001" in r["content-security-policy"]
    odd = exchange(server.port, b"GET / HTTP/1.1\r\nHost: evil.example; script-src *\r\n\r\n")
    assert odd.status in (200, 400)
    if odd.status == 200:
        connect_src = _directives(odd.headers["content-security-policy"])["connect-src"]
        assert "evil.example;" not in " ".join(connect_src) and "*" not in connect_src


def test_symlinks_out_of_the_static_folder_are_refused(static_copy, tmp_path):
    (static_copy / "secret.txt").symlink_to(tmp_path / "secret.txt")
    (static_copy / "private").symlink_to(tmp_path / "private")
    (static_copy / "js" / "up.js").symlink_to("../../secret.txt")
    (static_copy / "inside.js").symlink_to("js/a.js")            # a link that stays inside is a file like any
    s = WebServer("127.0.0.1", 0, {}, static_copy).start()
    try:
        for path in ("/secret.txt", "/private/notes.txt", "/js/up.js", "/js/../secret.txt", "/%2e%2e/secret.txt",
                     "/js/%2e%2e/%2e%2e/secret.txt", "/..%2fsecret.txt"):
            r = get(s.port, path)
            assert r.status in (400, 404), path
            assert b"secret" not in r.body, path
        assert get(s.port, "/inside.js").body == b"export const a = 1;\n"
        assert get(s.port, "/js/a.js").status == 200
    finally:
        s.stop()


def test_directories_and_hidden_files_are_not_listed_or_served(static_copy):
    (static_copy / ".env").write_text("TOKEN=1")
    s = WebServer("127.0.0.1", 0, {}, static_copy).start()
    try:
        assert get(s.port, "/js/").status == 404
        assert get(s.port, "/js").status == 404
        assert get(s.port, "/.env").status == 404
        assert get(s.port, "/").status == 200
    finally:
        s.stop()


def test_a_conditional_get_of_an_unchanged_module_is_a_304(server):
    first = get(server.port, "/js/app.js")
    again = get(server.port, "/js/app.js", headers=f"If-Modified-Since: {first.headers['last-modified']}\r\n")
    assert again.status == 304 and again.body == b""
    _safe(again)


def test_http_1_0_and_connection_close_end_the_connection_after_the_answer(server):
    assert exchange(server.port, b"GET /config.json HTTP/1.0\r\n\r\n").closed
    assert get(server.port, "/config.json", headers="Connection: close\r\n").closed
    kept = exchange(server.port, b"GET /config.json HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
    assert kept.status == 200 and not kept.closed


def test_the_replay_template_is_served_with_its_own_inline_script_hashes(tmp_path):
    static = tmp_path / "static"
    shutil.copytree(STATIC_DIR, static)
    s = WebServer("127.0.0.1", 0, {}, static).start()
    try:
        r = get(s.port, "/replay.html")
        assert r.status == 200
        csp = _directives(r.headers["content-security-policy"])
        assert _inline_script_hashes((static / "replay.html").read_text()) <= set(csp["script-src"])
    finally:
        s.stop()

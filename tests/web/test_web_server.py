"""controller.web.server without a browser: one kept-alive connection serves the page's files and config.json
in a row, and stopping the server does not wait for a connection the browser left open."""
from __future__ import annotations

import http.client
import json
import time

from tests.web.web_helpers import make_server


def test_one_connection_serves_the_page_its_modules_and_config():
    server = make_server({"ws_port": 9001, "sim": False})
    try:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        got = []
        for path in ("/", "/js/app.js", "/config.json", "/vendor/mqtt/mqtt.esm.js", "/no-such-file.js"):
            conn.request("GET", path)
            r = conn.getresponse()
            body = r.read()
            assert r.version == 11, path
            assert r.getheader("Content-Length") == str(len(body)), path
            assert r.will_close == (r.status >= 400), f"{path}: only an error ends the connection"
            got.append((path, r.status, r.getheader("Content-Type"), r.getheader("Cache-Control"), body))
        conn.close()
    finally:
        server.stop()
    by_path = {p: (status, ctype, cache, body) for p, status, ctype, cache, body in got}
    assert by_path["/"][0] == 200 and by_path["/"][2] == "no-store"
    assert by_path["/js/app.js"][:2] == (200, "text/javascript")
    assert by_path["/config.json"][:3] == (200, "application/json", "no-store")
    assert json.loads(by_path["/config.json"][3]) == {"ws_port": 9001, "sim": False}
    assert by_path["/no-such-file.js"][0] == 404
    assert by_path["/vendor/mqtt/mqtt.esm.js"][0] == 200


def test_stop_does_not_wait_for_an_idle_kept_alive_connection():
    server = make_server({})
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    conn.request("GET", "/config.json")
    conn.getresponse().read()          # the connection stays open, its handler thread waiting for a request
    t0 = time.monotonic()
    server.stop()
    assert time.monotonic() - t0 < 2
    conn.close()

"""Fixtures of the browser tests: a real Mosquitto (TCP + WebSockets), the page served by
controller.web.server.WebServer, Debian's Chromium driven by Playwright (one browser for the session, a
fresh context per test), a publisher that speaks like the daemon, and the real daemon in-process.

Each test works on a board id of its own on the shared broker, so retained documents of one test never
reach another; the documents are cleared when the test ends.
"""
from __future__ import annotations

import itertools
import re

import pytest

from tests.web.web_helpers import (
    BoardPublisher,
    InProcessDaemon,
    MissingTool,
    WebMosquitto,
    live_url,
    make_server,
    start_manual_sim,
    wait_connected,
)

_boards = itertools.count(1)


@pytest.fixture(scope="session")
def web_broker(tmp_path_factory):
    """The shared test broker: anonymous clients may do anything."""
    try:
        m = WebMosquitto(tmp_path_factory.mktemp("mosquitto")).start()
    except MissingTool as e:
        pytest.fail(str(e), pytrace=False)
    yield m
    m.stop()


@pytest.fixture
def private_broker(tmp_path):
    """A broker for one test (restarts, a league of its own); the page reaches it through a server whose
    config.json names it (make_server({"ws_port": private_broker.ws_port}))."""
    try:
        m = WebMosquitto(tmp_path / "mosquitto").start()
    except MissingTool as e:
        pytest.fail(str(e), pytrace=False)
    yield m
    m.stop()


@pytest.fixture(scope="session")
def web_server(web_broker):
    """The page, with a config.json pointing at the shared broker's WebSocket listener."""
    server = make_server({"ws_port": web_broker.ws_port, "sim": False})
    yield server
    server.stop()


@pytest.fixture
def board(request):
    """A board id of this test's own (a topic level: letters and digits)."""
    name = re.sub(r"[^a-z0-9]", "", request.node.name.lower())[:24]
    return f"w{next(_boards)}{name}"


@pytest.fixture
def publisher(web_broker, board):
    pub = BoardPublisher(web_broker.port, board)
    yield pub
    pub.clear()
    pub.close()


@pytest.fixture
def daemon(web_broker, board, tmp_path):
    """The real daemon (controller.daemon.service.Daemon) on a simulated board, publishing to the shared
    broker as `board`; the test feeds it scenario lines with `daemon.put(line)`."""
    made = []

    def start(options: dict | None = None) -> InProcessDaemon:
        d = InProcessDaemon(web_broker.port, board, tmp_path / "journal", options=options).start()
        made.append(d)
        return d
    yield start
    for d in made:
        d.stop()
    BoardPublisher(web_broker.port, board).clear()


class PageLog:
    """What the page said on its console and the errors it threw, shown when a test fails."""

    def __init__(self, page) -> None:
        self.lines: list[str] = []
        page.on("console", lambda m: self.lines.append(f"console.{m.type}: {m.text}"))
        page.on("pageerror", lambda e: self.lines.append(f"pageerror: {e}"))
        page.on("requestfailed", lambda r: self.lines.append(f"requestfailed: {r.url} {r.failure}"))
        page.on("response", lambda r: self.lines.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)


@pytest.fixture
def context(browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    yield ctx
    ctx.close()


@pytest.fixture
def page(context, request):
    pg = context.new_page()
    pg.set_default_timeout(10000)
    request.node.page_log = PageLog(pg)
    yield pg


@pytest.fixture
def open_live(page, web_server, board):
    """Open the live view of this test's board and wait for the MQTT connection."""
    def go(board_id: str | None = None, **params):
        page.goto(live_url(web_server.url, board_id or board, **params))
        wait_connected(page)
        return page
    return go


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    log = getattr(item, "page_log", None)
    if report.failed and log is not None and log.lines:
        report.sections.append(("page console", "\n".join(log.lines[-60:])))


@pytest.fixture
def manual_sim(tmp_path):
    """`soccerboard sim --manual` as a subprocess (red kicks off), stopped when the test ends."""
    proc = start_manual_sim(tmp_path)
    yield proc
    proc.stop()

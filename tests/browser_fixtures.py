"""One Playwright driver and one Chromium for the whole session, for every folder's browser tests: Playwright's
sync API refuses to start a second driver while one runs ("Sync API inside the asyncio loop"), so a folder
with a driver of its own fails once another folder's session driver is up."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from simulator.bench.web import MissingTool, launch_chromium


@pytest.fixture(scope="session")
def playwright_driver() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright
    p = sync_playwright().start()
    yield p
    p.stop()


@pytest.fixture(scope="session")
def browser(playwright_driver: Any) -> Iterator[Any]:
    try:
        b = launch_chromium(playwright_driver)
    except MissingTool as e:
        pytest.fail(str(e), pytrace=False)
    yield b
    b.close()

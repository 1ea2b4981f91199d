"""Opens the league index in Debian's Chromium and prints each board's row: `python -m tests.deploy.league_page
URL BOARD...` prints {"rows": {board: text}, "links": {board: href}} once every board has a row (exit 0), or
says what was missing (exit 1).

A process of its own, because Playwright's sync API allows one driver per process and the browser tests keep
theirs for the whole session."""
from __future__ import annotations

import json
import sys

from playwright.sync_api import sync_playwright

from tests.web.web_helpers import launch_chromium


def main(url: str, boards: list[str]) -> int:
    with sync_playwright() as driver:
        browser = launch_chromium(driver)
        try:
            page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
            page.set_default_timeout(15000)
            page.goto(url)
            for board in boards:
                page.wait_for_selector(f"#league [data-board='{board}']")
            rows = {b: page.inner_text(f"#league [data-board='{b}']") for b in boards}
            links = {b: page.get_attribute(f"#league [data-board='{b}'] a", "href") for b in boards}
            print(json.dumps({"rows": rows, "links": links, "count": page.locator("#league [data-board]").count()}))
            return 0
        except Exception as e:  # noqa: BLE001 - one line for the test's assertion message
            print(json.dumps({"error": str(e).splitlines()[0]}))
            return 1
        finally:
            browser.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))

"""What every test folder shares.

This file is a module of the `tests` package, so pytest imports it as `tests.conftest` with the repository
root put on sys.path first (its default "prepend" import mode), before any test module. Helpers that more
than one folder uses are therefore imported by their package name, `tests.<folder>.<module>` (as
tests/leds does with tests.rules.dsl), however pytest is started: `python -m pytest`, `pytest`, one file.
"""

pytest_plugins = [
    "tests.checkout_guard",         # no test writes into the checkout
    "tests.browser_fixtures",       # one Chromium for every folder's browser tests
]

"""The games' page modules: each game may ship a `page.js` in its package (controller/games/<pkg>/page.js), what
the spectator page shows of that game (docs/games.md, "The page"). The page asks for `/games/<name>.js`, and
for `/games.js`, the list of the games that have one; the server finds the file through the registry
(`controller.games.info(name).package`), so a name that is not registered is answered 404 and no part of
the URL ever reaches the file system. The HTML replay inlines the same modules.
"""
from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

from controller import games

PAGE_MODULE = "page.js"
LIST_PATH = "/games.js"
_MODULE_PATH = re.compile(r"/games/([a-z][a-z0-9_]{0,63})\.js")


def page_module(name: str) -> Path | None:
    """The page module of the registered game `name`, None if no game of that name is registered or its
    package has no page module."""
    if name not in games.names():
        return None
    try:
        spec = importlib.util.find_spec(games.info(name).package)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        path = Path(folder) / PAGE_MODULE
        if path.is_file():
            return path
    return None


def with_modules() -> list[str]:
    """The registered games that have a page module, in the registry's order."""
    return [name for name in games.names() if page_module(name) is not None]


def list_module() -> bytes:
    """`/games.js`: an ES module naming the games that have a page module (controller/web/static/js/games.js
    asks only for those)."""
    return f"export const GAMES = {json.dumps(with_modules())};\n".encode()


def module_for_path(path: str) -> Path | None:
    """The page module a decoded URL path `/games/<name>.js` names, None for any other path or name."""
    m = _MODULE_PATH.fullmatch(path)
    return page_module(m.group(1)) if m else None


def is_game_path(path: str) -> bool:
    """Whether the path is the page's to answer from the registry (`/games.js`, `/games/...`)."""
    return path == LIST_PATH or path.startswith("/games/")

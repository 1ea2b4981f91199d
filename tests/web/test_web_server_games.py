"""The games' page modules as the page server serves them (controller/web/game_pages.py), without a browser:
`/games.js` lists the registered games that have a page.js, `/games/<name>.js` is that game's page.js found
through the registry, and any other name under /games/ is a 404 that never reaches the file system. A game
registered by a package of a test's own (an entry point on sys.path) is served, or refused when it has no
page.js, like the two games the project ships."""
from __future__ import annotations

import http.client
from pathlib import Path

import pytest

from controller import games
from controller.web import game_pages
from tests.web.web_helpers import make_server

ROOT = Path(__file__).resolve().parents[2]


def _get(port: int, path: str, method: str = "GET") -> tuple[int, str | None, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request(method, path)
        r = conn.getresponse()
        return r.status, r.getheader("Content-Type"), r.read()
    finally:
        conn.close()


@pytest.fixture
def server():
    s = make_server({"ws_port": 9001, "sim": False})
    yield s
    s.stop()


def _install_game(where: Path, name: str, page: str | None) -> None:
    """A game package `<name>pkg` registered under the soccerboard.games entry points, with or without a
    page.js, importable once `where` is on sys.path."""
    pkg = where / f"{name}pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "plugin.py").write_text(
        "from controller.seam import GameInfo\n\n"
        "def _ruleset(options):\n    raise NotImplementedError\n\n"
        f"GAME = GameInfo(name={name!r}, title={name.title()!r}, package={f'{name}pkg'!r}, make_ruleset=_ruleset)\n")
    if page is not None:
        (pkg / "page.js").write_text(page)
    info = where / f"{name}pkg-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}pkg\nVersion: 0\n")
    (info / "entry_points.txt").write_text(f"[soccerboard.games]\n{name} = {name}pkg.plugin:GAME\n")


def test_each_registered_game_is_served_its_own_page_module(server):
    for name in games.names():
        status, ctype, body = _get(server.port, f"/games/{name}.js")
        package_dir = ROOT.joinpath(*games.info(name).package.split("."))
        assert (status, ctype) == (200, "text/javascript"), name
        assert body == (package_dir / "page.js").read_bytes(), name


def test_the_list_names_the_games_with_a_page_module(server):
    status, ctype, body = _get(server.port, "/games.js")
    assert (status, ctype) == (200, "text/javascript")
    assert body.decode() == f"export const GAMES = [{', '.join(f'{chr(34)}{n}{chr(34)}' for n in games.names())}];\n"


@pytest.mark.parametrize("path", [
    "/games/no_such_game.js", "/games/.js", "/games/stbg.py", "/games/ruleset.py", "/games/../index.html",
    "/games/%2e%2e/js/app.js", "/games/Stbg.js", "/games/stbg.js/x", "/games/", "/games/page.js",
])
def test_a_name_the_registry_does_not_know_is_not_found(server, path):
    status, _, body = _get(server.port, path)
    assert status in (404, 400), path
    assert b"export" not in body


def test_a_registered_game_without_a_page_module_is_not_found_nor_listed(server, tmp_path, monkeypatch):
    _install_game(tmp_path, "pageless", page=None)
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "pageless" in games.names()
    assert game_pages.page_module("pageless") is None
    assert _get(server.port, "/games/pageless.js")[0] == 404
    assert b"pageless" not in _get(server.port, "/games.js")[2]


def test_a_game_of_another_package_is_served_its_page_module(server, tmp_path, monkeypatch):
    _install_game(tmp_path, "zorba", page='export const toAct = () => "Zorba: dance";\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    status, ctype, body = _get(server.port, "/games/zorba.js")
    assert (status, ctype, body) == (200, "text/javascript", b'export const toAct = () => "Zorba: dance";\n')
    assert b'"zorba"' in _get(server.port, "/games.js")[2]
    assert _get(server.port, "/games/zorba.js", "HEAD")[:2] == (200, "text/javascript")

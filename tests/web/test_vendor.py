"""The vendored browser MQTT client: what manifest.json promises is what is on disk, and the page uses it.

No network and no browser: the files are checked against their recorded sha256, the pin in
controller/web/refresh_vendor.py against the manifest, and index.html's import map against the
vendored path, so a page served from a Pi without internet access finds everything it loads.
"""
from __future__ import annotations

import hashlib
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from controller.web import refresh_vendor

STATIC = Path(refresh_vendor.__file__).resolve().parent / "static"
VENDOR = STATIC / "vendor"


def manifest() -> dict:
    return json.loads((VENDOR / "manifest.json").read_text())


class _Scripts(HTMLParser):
    """Collects <script> elements (attributes and text) and every src/href attribute."""

    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[tuple[dict, str]] = []
        self.urls: list[str] = []
        self.tags: list[tuple[str, dict]] = []     # every start tag, in document order
        self._open: dict | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append((tag, a))
        self.urls += [v for k, v in attrs if k in ("src", "href") and v]
        if tag == "script":
            self._open = a
            self.scripts.append((a, ""))

    def handle_data(self, data):
        if self._open is not None:
            attrs, text = self.scripts[-1]
            self.scripts[-1] = (attrs, text + data)

    def handle_endtag(self, tag):
        if tag == "script":
            self._open = None


def parse_page(name: str = "index.html") -> _Scripts:
    p = _Scripts()
    p.feed((STATIC / name).read_text())
    return p


def import_map(name: str = "index.html") -> dict:
    maps = [json.loads(text) for attrs, text in parse_page(name).scripts if attrs.get("type") == "importmap"]
    assert len(maps) == 1, "exactly one import map"
    return maps[0]["imports"]


def test_manifest_names_the_package_and_its_files():
    doc = manifest()
    assert doc["package"] == "mqtt"
    assert re.fullmatch(r"5\.\d+\.\d+", doc["version"])
    assert set(doc["files"]) == set(refresh_vendor.VENDORED_FILES.values())


@pytest.mark.parametrize("rel", sorted(refresh_vendor.VENDORED_FILES.values()))
def test_every_vendored_file_matches_its_checksum(rel):
    path = VENDOR / rel
    assert path.is_file(), f"{rel} is missing: run controller/web/refresh_vendor.py"
    assert hashlib.sha256(path.read_bytes()).hexdigest() == manifest()["files"][rel]


def test_no_unlisted_files_in_vendor():
    on_disk = {p.relative_to(VENDOR).as_posix() for p in VENDOR.rglob("*") if p.is_file()}
    assert on_disk == set(manifest()["files"]) | {"manifest.json"}


def test_licence_is_shipped_with_the_bundle():
    text = (VENDOR / "mqtt" / "LICENSE.md").read_text()
    assert "MIT License" in text and "Permission is hereby granted" in text


def test_pinned_version_is_the_manifest_version():
    assert manifest()["version"] == refresh_vendor.PINNED_VERSION


def test_bundle_is_the_browser_esm_build():
    text = (VENDOR / "mqtt" / "mqtt.esm.js").read_text()
    assert "export default" in text or "export{" in text.replace(" ", "")
    assert "require(" not in text[:200]        # a browser module, not the CommonJS build


def test_import_map_points_at_the_vendored_bundle():
    imports = import_map()
    target = (STATIC / imports["mqtt"]).resolve()
    assert target == (VENDOR / "mqtt" / "mqtt.esm.js").resolve()
    assert imports["sb/"] == "./js/"


def test_page_loads_nothing_from_the_network():
    page = parse_page()
    assert not [u for u in page.urls if re.match(r"(?i)^(https?:)?//", u)], "no CDN or remote URL"
    for path in [STATIC / "index.html", STATIC / "replay.html", *STATIC.glob("js/*.js"), *STATIC.glob("css/*.css")]:
        assert not re.search(r"(?i)https?://|//cdn", path.read_text()), f"{path.name} names a remote URL"


def test_modules_import_each_other_by_bare_specifiers_only():
    """The replay maps each sb/*.js module to a data: URL; a relative import would not resolve there."""
    for path in STATIC.glob("js/*.js"):
        for spec in re.findall(r"""(?m)^\s*import\s[^;]*?from\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']""",
                               path.read_text()):
            name = spec[0] or spec[1]
            assert name == "mqtt" or re.fullmatch(r"sb/[a-z][a-z0-9_]*\.js", name), f"{path.name} imports {name!r}"
            if name.startswith("sb/"):
                assert (STATIC / "js" / name[3:]).is_file(), f"{path.name} imports a missing {name}"


def _imports(path: Path) -> list[str]:
    text = path.read_text()
    return [a or b for a, b in re.findall(
        r"""(?m)^\s*import\s[^;]*?from\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']""", text)]


def test_every_module_of_the_page_is_preloaded_after_the_import_map():
    """index.html lists every module sb/app.js loads, directly or not, as <link rel="modulepreload">, so the
    browser fetches them all at once instead of discovering them import by import; and nothing else."""
    imports = import_map()
    wanted, todo = set(), ["sb/app.js"]
    while todo:
        name = todo.pop()
        if name in wanted:
            continue
        wanted.add(name)
        if name.startswith("sb/"):
            todo += _imports(STATIC / "js" / name[3:])
    resolve = {name: (STATIC / (imports[name] if name in imports else imports["sb/"] + name[3:])).resolve()
               for name in wanted}
    page = parse_page()
    links = [a["href"] for tag, a in page.tags if tag == "link" and a.get("rel") == "modulepreload"]
    assert len(links) == len(set(links)), "a module is preloaded twice"
    preloaded = {(STATIC / href).resolve() for href in links}
    assert preloaded == set(resolve.values()), (
        f"missing: {sorted(n for n, p in resolve.items() if p not in preloaded)}, "
        f"not loaded by the page: {sorted(str(p.relative_to(STATIC)) for p in preloaded - set(resolve.values()))}")
    order = [tag for tag, a in page.tags if (tag == "link" and a.get("rel") == "modulepreload")
             or (tag == "script" and a.get("type") == "importmap")]
    assert order[0] == "script", "the import map comes before the first modulepreload"


def test_refresh_rewrites_the_manifest_from_the_files(tmp_path):
    """write_manifest is what refresh ends with: it hashes whatever is in the vendor directory."""
    for rel in refresh_vendor.VENDORED_FILES.values():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(rel.encode())
    doc = refresh_vendor.write_manifest("9.9.9", tmp_path)
    assert doc == json.loads((tmp_path / "manifest.json").read_text())
    assert doc["version"] == "9.9.9"
    assert doc["files"]["mqtt/LICENSE.md"] == hashlib.sha256(b"mqtt/LICENSE.md").hexdigest()


def test_pin_rewrites_the_version_line(tmp_path):
    script = tmp_path / "refresh_vendor.py"
    script.write_text(Path(refresh_vendor.__file__).read_text())
    refresh_vendor.pin("5.99.1", script)
    assert 'PINNED_VERSION = "5.99.1"' in script.read_text()
    assert len(re.findall(r'(?m)^PINNED_VERSION = "', script.read_text())) == 1

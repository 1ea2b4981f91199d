"""Which file of the static folder a URL names, if any: the one place that decides what leaves the folder.

A URL path is percent-decoded once, strictly (invalid UTF-8, a NUL or any control character is a bad
request), and split into segments; `.`, `..` and hidden names are never served. The file found must still lie
inside the folder once every symlink is resolved, so a link pointing out of it serves nothing. Directories are
not listed: a path ending in `/` serves the directory's index.html when it has one.
"""
from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote_to_bytes

CONTENT_TYPES = {
    ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css",
    ".json": "application/json", ".map": "application/json", ".svg": "image/svg+xml", ".png": "image/png",
    ".ico": "image/x-icon", ".webp": "image/webp", ".woff2": "font/woff2", ".txt": "text/plain",
    ".md": "text/plain",
}


class BadPath(ValueError):
    """The path is not a well-formed URL path (a 400, not a 404)."""


def url_path(target: str) -> str:
    """The decoded path of a request target (query dropped). Raises BadPath."""
    raw = target.split("?", 1)[0]
    if not raw.startswith("/"):
        raise BadPath("the target is not an absolute path")
    try:
        path = unquote_to_bytes(raw).decode("utf-8")
    except UnicodeDecodeError:
        raise BadPath("the path is not UTF-8") from None
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in path):
        raise BadPath("a control character in the path")
    return path


def find_file(root: Path, path: str) -> Path | None:
    """The file under `root` (already resolved) that the decoded URL `path` names, or None."""
    segments = path.split("/")[1:]
    if any(s in (".", "..") or s.startswith(".") or "\\" in s for s in segments):
        return None
    wants_index = segments[-1] == ""
    candidate = root.joinpath(*[s for s in segments if s])
    if wants_index:
        candidate = candidate / "index.html"
    try:
        real = candidate.resolve(strict=True)
    except (OSError, RuntimeError):      # missing, unreadable, or a symlink loop
        return None
    if not real.is_relative_to(root) or not real.is_file():
        return None
    return real


def content_type(path: Path) -> str:
    return CONTENT_TYPES.get(path.suffix.lower(), "application/octet-stream")

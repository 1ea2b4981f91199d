"""Babel's extractor for the page's HTML (controller/web/static/*.html): the words of an element marked for the
page's sb/i18n.js, `data-t="msgid"` (its text) and `data-t-title`, `data-t-aria-label`, `data-t-placeholder` (its
attributes), which that module says again in the reader's language. The page's JavaScript is read by Babel's
own `javascript` extractor (`t("...")`)."""
from __future__ import annotations

import html
import re
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

_MARK = re.compile(rb'\sdata-t(?:-title|-aria-label|-placeholder)?="([^"]+)"')


def extract_markup(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str],
                   options: Mapping[str, Any]) -> Iterator[tuple[int, None, str, list[str]]]:
    """(line, no function, msgid, no comments) for each marked text or attribute, in the file's order."""
    data = fileobj.read()
    for m in _MARK.finditer(data):
        yield data.count(b"\n", 0, m.start()) + 1, None, html.unescape(m.group(1).decode("utf-8")), []

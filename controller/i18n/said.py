"""A sentence that remembers how it was said: its English template and its arguments.

The rules engines stay pure and speak English: `say("the {pawn} may not move now", pawn="red-m2")` is the
English sentence (a `str`, so every caller that prints, compares or journals it sees plain English), and it
keeps `msg` and `args` so the edges (the console, `report`, the page) can say it in another language
(controller/i18n/translate.py). An argument may itself be a `Say` (a team's name, a half's name), translated
in its turn, or a list of them, said joined by ", ". Babel extracts the marked templates
(`python -m controller.i18n.catalogues update`): `say` and `N_` take a plain string literal as their first
argument, never an f-string.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from string import Formatter
from typing import Any

_SEQUENCES = (list, tuple)      # an argument said as its items joined by ", "
_SPEC = re.compile(r"\.?\d{0,2}[fg]?")    # the format specs a template may use: {age:.1f}, {value:g}
_PLAIN: set[str] = set()        # templates already found plain


def plain_template(msg: str) -> str:
    """`msg` if every field of it is a plain name with at most `!r`/`!s` and a short number format; ValueError
    otherwise. A template also comes back from a checkpoint, a file a person could forge: formatting one must
    not reach into an argument's attributes or items, nor pad a sentence to gigabytes."""
    if msg in _PLAIN:
        return msg
    for _, field, spec, conversion in Formatter().parse(msg):
        if field is None:
            continue
        if not field.isidentifier() or conversion not in (None, "r", "s") or not _SPEC.fullmatch(spec or ""):
            raise ValueError(f"not a plain sentence template: {msg[:80]!r}")
    _PLAIN.add(msg)
    return msg


class Say(str):
    """The English sentence, with the template (`msg`) and arguments (`args`) it was made from."""

    __slots__ = ("args", "msg")
    msg: str
    args: Mapping[str, Any]

    def __new__(cls, msg: str, args: Mapping[str, Any] | None = None) -> Say:
        plain_template(msg)
        if args:
            lists = any(isinstance(v, _SEQUENCES) for v in args.values())
            self = super().__new__(cls, msg.format_map({k: listed(v) for k, v in args.items()} if lists else args))
        else:
            self = super().__new__(cls, msg)
        self.msg = msg
        self.args = args or {}
        return self

    def __reduce__(self) -> tuple[type[Say], tuple[str, dict[str, Any]]]:
        """Pickled from its template and arguments (a checkpoint holds refusals)."""
        return (Say, (self.msg, dict(self.args)))

    def said(self) -> dict[str, Any]:
        """The JSON form a page translates with the catalogue's export: {"msg": template, "args": {...}},
        an argument that is itself a sentence in the same form."""
        return {"msg": self.msg, "args": {k: said(v) for k, v in self.args.items()}}


def listed(v: Any) -> Any:
    """An argument as it is formatted: a list or tuple (of sentences or values) as its items joined by ", "."""
    return ", ".join(map(str, v)) if isinstance(v, _SEQUENCES) else v


def say(msg: str, /, **args: Any) -> Say:
    """The English sentence `msg.format(**args)`, remembering `msg` and `args` for translation."""
    return Say(msg, args)


def N_(msg: str) -> Say:
    """A fixed sentence marked for translation (a `Say` with no arguments)."""
    return Say(msg)


def said(v: Any) -> Any:
    """A value in the JSON form of a published sentence: a `Say` as {"msg", "args"}, a list item by item (a
    reader joins the items with ", "), anything else as it is."""
    if isinstance(v, _SEQUENCES):
        return [said(x) for x in v]
    return v.said() if isinstance(v, Say) else v


def lines(sentences: list[Any]) -> Any:
    """Sentences one a line, as one sentence that says each in its turn (a str when none is said)."""
    if not sentences:
        return ""
    first, *rest = sentences
    return say("{line}\n{more}", line=first, more=lines(rest)) if rest else first


def first_line(sentence: Any) -> Any:
    """The first of the lines `lines` put together (the first line of a plain string)."""
    if isinstance(sentence, Say) and sentence.msg == "{line}\n{more}":
        return first_line(sentence.args["line"])
    return sentence if isinstance(sentence, Say) and "\n" not in sentence else str(sentence).split("\n", 1)[0]

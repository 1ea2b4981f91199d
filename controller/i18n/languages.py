"""Which language a command speaks: `--lang en|it` when given, else the locale (LANGUAGE, LC_ALL,
LC_MESSAGES, LANG, as gettext reads them). A `--lang` the product does not speak falls back to English with
one warning line; a locale in such a language falls back silently, as gettext does (a German desktop's every
command would warn otherwise, and scripts read standard error)."""
from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import TextIO

from .argparse_words import speak
from .translate import LANGUAGES, SOURCE, use

_ENV = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def _code(locale_name: str) -> str:
    """"it_IT.UTF-8" -> "it"; "C" and "POSIX" are English."""
    code = locale_name.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
    return SOURCE if code in ("c", "posix", "") else code


def from_locale(environ: Mapping[str, str]) -> tuple[str, str | None]:
    """The language the locale asks for, and the name it was asked by when none of ours matches (None when
    one does, or when the locale says nothing). LANGUAGE may list several, `it:en`; the first variable set
    decides, as in gettext."""
    for var in _ENV:
        value = environ.get(var, "")
        if not value:
            continue
        for name in value.split(":"):
            if _code(name) in LANGUAGES:
                return _code(name), None
        return SOURCE, value
    return SOURCE, None


def choose(asked: str | None = None, environ: Mapping[str, str] | None = None,
           warn: TextIO | None = None) -> str:
    """Pick the language (`asked` is `--lang`'s value), use it for this process, and return it."""
    environ = os.environ if environ is None else environ
    unknown = None
    if asked is not None:
        lang, unknown = (_code(asked), None) if _code(asked) in LANGUAGES else (SOURCE, asked)
    else:       # a locale in a language not spoken here is English, silently, as gettext does
        lang, _ = from_locale(environ)
    if unknown is not None:
        print(f"soccerboard: no {unknown!r} language, speaking English (languages: {', '.join(LANGUAGES)})",
              file=warn or sys.stderr)
    use(lang)
    speak(lang)
    return lang

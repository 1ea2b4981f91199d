"""argparse's own words (usage, its errors, its help's headings) in the language chosen for the command line.

argparse says them through gettext (`_` and `ngettext`, looked up in its module when it speaks), and Python ships no
Italian catalogue for them: ours is the `argparse` domain in controller/i18n/locale (kept by
`python -m controller.i18n.catalogues`, taken from the running Python's argparse). The process's language is
chosen once, at start-up (controller/i18n/languages.py), before any parser is built.
"""
from __future__ import annotations

import argparse
import gettext

from .translate import LOCALE_DIR, SOURCE

DOMAIN = "argparse"


def speak(lang: str) -> None:
    """argparse speaks `lang` from now on (English: its own words, as the standard library has them)."""
    if lang == SOURCE:
        words: gettext.NullTranslations = gettext.NullTranslations()
    else:
        words = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)
    argparse._ = words.gettext               # type: ignore[attr-defined]
    argparse.ngettext = words.ngettext       # type: ignore[attr-defined]

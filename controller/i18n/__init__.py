"""The product in English and Italian (docs/languages.md). This package's top is what the pure engines use:
sentences that remember how they were said (`say`, controller/i18n/said.py); their translation at the edges
is controller/i18n/translate.py (gettext catalogues), the language's choice controller/i18n/languages.py."""
from .pawns import named_pawn
from .said import N_, Say, said, say

__all__ = ["N_", "Say", "named_pawn", "said", "say"]

"""A piece of input quoted in a message, bounded.

Why: a refusal names what it refused, and that text goes back to whoever sent it (a replay's output, an MQTT
response, a log line). Quoted whole, a megabyte line comes back as a megabyte detail; quoted carelessly, the
quoting itself fails (an integer too long to print, a lone surrogate, nesting too deep for repr).
"""
from __future__ import annotations

import json

LIMIT = 80
"""At most this many characters of any one quoted piece; a longer one is cut and ends with an ellipsis."""


def quoted(value: object, limit: int = LIMIT) -> str:
    """`value` as JSON would write it (repr for what JSON cannot say), at most `limit` characters."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"an integer of about {int(value.bit_length() * 0.30103) + 1} digits"
    if isinstance(value, str) and len(value) > limit - 2:       # cut inside the quotes: "abc…"
        value = value[:limit - 3] + "…"       # and no need to escape a megabyte to show 80 characters of it
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):     # not JSON, an integer too long inside, too deep
        try:
            text = repr(value)
        except (ValueError, RecursionError):
            text = f"a {type(value).__name__}"
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")     # a lone surrogate as \udxxx
    return text if len(text) <= limit else text[:limit - 1] + "…"

"""pydantic's validation errors said through our catalogue: its English wording, by error type, is a template of
ours filled with the error's ctx, so a configuration's value error reads in the command line's language. An error
whose wording this pydantic words otherwise (or a type not here) stays pydantic's English."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .said import N_, Say

WORDS: dict[str, Say] = {
    "int_type": N_("Input should be a valid integer"),
    "int_parsing": N_("Input should be a valid integer, unable to parse string as an integer"),
    "int_from_float": N_("Input should be a valid integer, got a number with a fractional part"),
    "float_type": N_("Input should be a valid number"),
    "float_parsing": N_("Input should be a valid number, unable to parse string as a number"),
    "bool_type": N_("Input should be a valid boolean"),
    "bool_parsing": N_("Input should be a valid boolean, unable to interpret input"),
    "string_type": N_("Input should be a valid string"),
    "dict_type": N_("Input should be a valid dictionary"),
    "model_type": N_("Input should be a valid dictionary or instance of {class_name}"),
    "path_type": N_("Input is not a valid path"),
    "missing": N_("Field required"),
    "greater_than": N_("Input should be greater than {gt}"),
    "greater_than_equal": N_("Input should be greater than or equal to {ge}"),
    "less_than": N_("Input should be less than {lt}"),
    "less_than_equal": N_("Input should be less than or equal to {le}"),
    "literal_error": N_("Input should be {expected}"),
}
# a length's plural is pydantic's `character{expected_plural}`: two sentences of ours
LENGTHS: dict[tuple[str, bool], Say] = {
    ("string_too_short", False): N_("String should have at least {min_length} character"),
    ("string_too_short", True): N_("String should have at least {min_length} characters"),
    ("string_too_long", False): N_("String should have at most {max_length} character"),
    ("string_too_long", True): N_("String should have at most {max_length} characters"),
}


def said_error(err: Mapping[str, Any]) -> Say | str:
    """The error's sentence: ours when its type is known and its English is pydantic's own; a validator's
    ValueError raised with a said sentence as that sentence; else pydantic's words."""
    msg = str(err.get("msg", ""))
    ctx = {k: _plain(v) for k, v in (err.get("ctx") or {}).items()}
    kind = str(err.get("type", ""))
    if kind == "value_error":
        error = ctx.get("error")
        if isinstance(error, Exception) and len(error.args) == 1 and isinstance(error.args[0], Say):
            return error.args[0]
        return msg.removeprefix("Value error, ")
    length = ctx.get("min_length", ctx.get("max_length"))
    template = WORDS.get(kind) or LENGTHS.get((kind, length != 1))
    if template is None:
        return msg
    try:
        sentence = Say(template.msg, ctx)
    except (KeyError, IndexError, ValueError):
        return msg
    return sentence if sentence == msg else msg


def _plain(value: Any) -> Any:
    """A bound as pydantic writes it: 1.0 as 1."""
    return int(value) if isinstance(value, float) and value.is_integer() else value

"""The refusal every ruleset raises: the boundary's shared type (controller/ruleset.py)."""
from __future__ import annotations

from controller.ruleset import Illegal

__all__ = ["Illegal"]

"""The refusal every ruleset raises: the boundary's shared type (controller/seam.py)."""
from __future__ import annotations

from controller.seam import Illegal

__all__ = ["Illegal"]

"""When a penalty shoot-out is decided: the same arithmetic ends the shoot-out of either game (a set number
of kicks each, stopping once one team cannot catch up, then one each until one leads). Each engine keeps its
own kicks and events; this is only the count.

>>> decided(taken=(3, 3), scored=(3, 0), kicks=5)      # blue cannot reach 3 with two kicks left
True
>>> decided(taken=(5, 5), scored=(4, 4), kicks=5)
False
>>> decided(taken=(6, 6), scored=(5, 4), kicks=5)      # sudden death: a pair decides
True
"""
from __future__ import annotations

from collections.abc import Sequence


def decided(taken: Sequence[int], scored: Sequence[int], kicks: int) -> bool:
    (ta, tb), (ga, gb) = taken, scored
    if ta <= kicks and tb <= kicks:
        return ga + (kicks - ta) < gb or gb + (kicks - tb) < ga
    return ta == tb and ga != gb

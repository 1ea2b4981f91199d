"""Correction steps for a board that is out of step with the game.

The game is the authority. Every token the game expects but the board lacks ("missing") is paired
with a token of the same kind standing where the game expects none ("extra"), so that the players
move as little as possible: the pairing minimises the total Chebyshev distance (king steps), exactly
for up to EXACT_LIMIT tokens of a kind and greedily (closest pair first) beyond. Extras left over are
lifted off the board; missing tokens left over are put back from off the board. The LEDs show one
step at a time: the first of the list.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from hal.board import square_name

EXACT_LIMIT = 10          # exact assignment (bitmask DP, 2^n * n) up to this many tokens of a kind
KIND_ORDER = {"move": 0, "lift_off": 1, "put_back": 2}
TOKEN_ORDER = {"ball": 0, "red": 1, "blue": 2}


@dataclass(frozen=True, slots=True)
class Step:
    """One correction: lift `token` from `src` (-1: from off the board / a hand) and put it on `dst`
    (-1: off the board)."""
    token: str
    src: int
    dst: int

    @property
    def kind(self) -> str:
        if self.src >= 0 and self.dst >= 0:
            return "move"
        return "lift_off" if self.src >= 0 else "put_back"

    @property
    def distance(self) -> int:
        if self.src < 0 or self.dst < 0:
            return 0
        return max(abs((self.src & 7) - (self.dst & 7)), abs((self.src >> 3) - (self.dst >> 3)))    # king steps

    def describe(self) -> str:
        what = "the ball" if self.token == "ball" else f"the {self.token} pawn"
        if self.kind == "move":
            return f"move {what} from {square_name(self.src)} to {square_name(self.dst)}"
        if self.kind == "lift_off":
            return f"lift {what} on {square_name(self.src)} off the board"
        return f"put {what} back on {square_name(self.dst)}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "token": self.token,
                "from": square_name(self.src) if self.src >= 0 else None,
                "to": square_name(self.dst) if self.dst >= 0 else None,
                "text": self.describe()}


def _cost(a: int, b: int) -> int:
    """Chebyshev distance first; squared Euclidean only breaks ties (natural, straight pairings)."""
    df, dr = (a & 7) - (b & 7), (a >> 3) - (b >> 3)
    return max(abs(df), abs(dr)) * 4096 + df * df + dr * dr


def _exact(rows: list[int], cols: list[int]) -> list[tuple[int, int]]:
    """Assign every row (the smaller side) a distinct column, minimising the total cost.
    Ties go to the lowest column for the earliest row, so the answer is stable."""
    n_rows, n_cols = len(rows), len(cols)
    cost = [[_cost(r, c) for c in cols] for r in rows]
    # best[i][used]: least cost of assigning rows i.. given the used columns (only masks with i bits)
    full = 1 << n_cols
    inf = float("inf")
    best = [[inf] * full for _ in range(n_rows + 1)]
    choice = [[-1] * full for _ in range(n_rows)]
    best[n_rows] = [0] * full
    for i in range(n_rows - 1, -1, -1):
        row_cost, nxt, here, pick = cost[i], best[i + 1], best[i], choice[i]
        for used in range(full):
            if bin(used).count("1") != i:
                continue
            b, bj = inf, -1
            for j in range(n_cols):
                if not used >> j & 1:
                    v = row_cost[j] + nxt[used | 1 << j]
                    if v < b:
                        b, bj = v, j
            here[used], pick[used] = b, bj
    out, used = [], 0
    for i in range(n_rows):
        j = choice[i][used]
        out.append((rows[i], cols[j]))
        used |= 1 << j
    return out


def _greedy(rows: list[int], cols: list[int]) -> list[tuple[int, int]]:
    pairs = sorted((_cost(r, c), r, c) for r in rows for c in cols)
    done_r, done_c, out = set(), set(), []
    for _, r, c in pairs:
        if r not in done_r and c not in done_c:
            done_r.add(r)
            done_c.add(c)
            out.append((r, c))
    return out


def pair_squares(missing: list[int], extra: list[int]) -> list[tuple[int, int]]:
    """(extra square, missing square) pairs of one token kind with the least total distance."""
    missing, extra = sorted(set(missing)), sorted(set(extra))
    if not missing or not extra:
        return []
    if len(missing) <= len(extra):
        rows, cols, flip = missing, extra, True
    else:
        rows, cols, flip = extra, missing, False
    pairs = _exact(rows, cols) if len(cols) <= EXACT_LIMIT else _greedy(rows, cols)
    return [(c, r) if flip else (r, c) for r, c in pairs]


def plan_corrections(missing: Iterable[tuple[int, str]], extra: Iterable[tuple[int, str]]) -> list[Step]:
    """All the steps that bring the board back to the game, in a stable order: moves (shortest first),
    then tokens to lift off, then tokens to put back; ties by square and token."""
    steps: list[Step] = []
    for token in TOKEN_ORDER:
        miss = [s for s, t in missing if t == token]
        ext = [s for s, t in extra if t == token]
        if not miss and not ext:
            continue
        pairs = pair_squares(miss, ext)
        used_src = {a for a, _ in pairs}
        used_dst = {b for _, b in pairs}
        steps.extend(Step(token, a, b) for a, b in pairs)
        steps.extend(Step(token, s, -1) for s in sorted(set(ext)) if s not in used_src)
        steps.extend(Step(token, -1, s) for s in sorted(set(miss)) if s not in used_dst)
    steps.sort(key=lambda st: (KIND_ORDER[st.kind], st.distance, st.src if st.src >= 0 else st.dst,
                               st.dst, TOKEN_ORDER[st.token]))
    return steps

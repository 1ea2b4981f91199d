"""Where a pawn or the ball can go in exactly n steps, as precomputed tables.

Rule 2 (pawns) and rule 3 (ball): exact distance, straight or diagonal, at most one change of
direction, no square crossed twice; pawns never pass through an opponent; the ball never returns to a
rank or file it has left (C5). Everything that depends only on geometry is computed once per
(square, distance) and cached, so listing the destinations after a roll costs a few integer operations
per pawn: a path is blocked only by an opponent on its intermediate squares.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, cast

from . import geometry as g

Direction = tuple[int, int]

_OPPOSITE = {d: (-d[0], -d[1]) for d in g.DIRECTIONS}


@dataclass(frozen=True, slots=True)
class PathTable:
    """All paths of one length from one square, within one region."""
    targets: int                      # every target some path reaches (ignoring blockers)
    inter_union: int                  # every intermediate square of every path
    only: dict[int, int]              # square -> targets whose only path passes through it
    through_multi: dict[int, int]     # square -> targets with several paths, one through it
    by_target: dict[int, tuple[int, ...]]  # target -> intermediate masks of its paths (minimal ones)

    def reachable(self, opponents: int) -> int:
        """Targets with at least one path whose intermediate squares hold no opponent."""
        hit = opponents & self.inter_union
        if not hit:
            return self.targets
        blocked = suspect = 0
        only, multi = self.only, self.through_multi
        while hit:
            low = hit & -hit
            s = low.bit_length() - 1
            blocked |= only.get(s, 0)
            suspect |= multi.get(s, 0)
            hit ^= low
        result = self.targets & ~blocked & ~suspect
        by_target = self.by_target
        while suspect:
            low = suspect & -suspect
            suspect ^= low
            for inter in by_target[low.bit_length() - 1]:
                if not inter & opponents:
                    result |= low
                    break
        return result


def _walk(start: int, d1: Direction, k: int, d2: Direction, m: int, region: int) -> list[int] | None:
    """Squares of the path (start excluded): k steps along d1 then m along d2; None if it leaves region."""
    out = []
    sq = start
    for d, count in ((d1, k), (d2, m)):
        for _ in range(count):
            sq = g.step(sq, d)
            if sq < 0 or not region >> sq & 1:
                return None
            out.append(sq)
    return out


def _pawn_paths(start: int, n: int, region: int) -> Iterator[list[int] | None]:
    for d1 in g.DIRECTIONS:
        yield _walk(start, d1, n, d1, 0, region)
        for k in range(1, n):
            for d2 in g.DIRECTIONS:
                if d2 != d1 and d2 != _OPPOSITE[d1]:
                    yield _walk(start, d1, k, d2, n - k, region)


def pawn_table(start: int, n: int, region: int = g.ALL) -> PathTable:
    """Paths of exactly n pawn steps from start that never leave region (the own half for defenders)."""
    by_target: dict[int, set[int]] = {}
    for path in _pawn_paths(start, n, region):
        if path is None:
            continue
        by_target.setdefault(path[-1], set()).add(g.mask_of(path[:-1]))
    minimal: dict[int, tuple[int, ...]] = {}
    only: dict[int, int] = {}
    multi: dict[int, int] = {}
    targets = inter_union = 0
    for t, masks in by_target.items():
        keep = tuple(sorted(m for m in masks if not any(o != m and o & m == o for o in masks)))
        minimal[t] = keep
        targets |= 1 << t
        into = only if len(keep) == 1 else multi
        for m in keep:
            inter_union |= m
            for s in g.squares_of(m):
                into[s] = into.get(s, 0) | 1 << t
    return PathTable(targets, inter_union, only, multi, minimal)


# Direct index for the hot path: variant 0 unrestricted, 1 red half (ranks 1-8), 2 blue half (9-16).
HALVES = (g.ALL, g.rect(0, 1, 7, 8), g.rect(0, 9, 7, 16))
PAWN_STEPS = range(1, 7)          # one die moves a pawn (rule 2); two dice only ever move the ball
BALL_STEPS = range(1, 13)         # one die, or two for the keeper's kicks (rule 6)
_BY_VARIANT: list[list[list[PathTable | None]]] = [[[None] * 13 for _ in range(g.N_SQUARES)] for _ in HALVES]


def table(variant: int, start: int, n: int) -> PathTable:
    """pawn_table(start, n, HALVES[variant]) without hashing the region on every call."""
    t = _BY_VARIANT[variant][start][n]
    if t is None:
        t = _BY_VARIANT[variant][start][n] = pawn_table(start, n, HALVES[variant])
    return t


def prepare() -> None:
    """Build every table play can ask for, at once (about 1 s and 9 MB).

    The daemon calls this before it starts refereeing, so its memory is flat from the first match on
    instead of creeping up for hundreds of matches as rarer positions come up. A defender's table equals
    the unrestricted one wherever its half cuts no path off; those share one object."""
    for start in range(g.N_SQUARES):
        for n in PAWN_STEPS:
            whole = table(0, start, n)
            for variant in (1, 2):
                if HALVES[variant] >> start & 1 and _BY_VARIANT[variant][start][n] is None:
                    half = pawn_table(start, n, HALVES[variant])
                    _BY_VARIANT[variant][start][n] = whole if half == whole else half
        for n in BALL_STEPS:
            ball_targets(start, n)
        for n in PAWN_STEPS:                  # the kick-off: one die, forward
            ball_targets(start, n, 1)
            ball_targets(start, n, -1)


def _monotone(d1: Direction, d2: Direction) -> bool:
    """C5: along the whole path ranks only rise or only fall, and files likewise."""
    return d1[0] * d2[0] >= 0 and d1[1] * d2[1] >= 0


# by forward direction 0, +1, -1 (the last index)
_BALL: list[list[list[int | None]]] = [[[None] * 13 for _ in range(g.N_SQUARES)] for _ in range(3)]


def ball_targets(start: int, n: int, forward: int = 0) -> int:
    """Mask of squares the ball reaches in exactly n squares; forward=+1/-1 demands every step go
    towards rising/falling ranks (the kick-off, C2)."""
    out = _BALL[forward][start][n]
    if out is None:
        out = _ball_walk(start, n, forward)
    return out


_CROSSED: list[list[list[int | None]]] = [[[None] * 13 for _ in range(g.N_SQUARES)] for _ in range(3)]
_CROSSED_BY_END: dict[tuple[int, int, int], dict[int, int]] = {}


def ball_transit(start: int, n: int, forward: int, targets: int) -> int:
    """Squares the ball crosses (start and end excluded) on its paths of exactly n squares that end in
    `targets`: where a ball slid square by square along a legal path may rest on its way. The union over
    every path is a table; when `targets` leaves some ends out (kick-off, goal kick), a table by end."""
    every = ball_targets(start, n, forward)
    if targets & every == every:
        return cast(int, _CROSSED[forward][start][n])      # filled by ball_targets above
    by_end = _CROSSED_BY_END.get((forward, start, n))
    if by_end is None:          # only kick-offs and goal kicks get here: few starts, a small table
        by_end = _CROSSED_BY_END[(forward, start, n)] = {}
        for path in _ball_paths(start, n, forward):
            by_end[path[-1]] = by_end.get(path[-1], 0) | g.mask_of(path[:-1])
    out = 0
    for end, crossed in by_end.items():
        if targets >> end & 1:
            out |= crossed
    return out


def _ball_walk(start: int, n: int, forward: int) -> int:
    """Walk every path once: the table of ends and the table of crossed squares."""
    ends = crossed = 0
    for path in _ball_paths(start, n, forward):
        ends |= 1 << path[-1]
        for s in path[:-1]:
            crossed |= 1 << s
    _CROSSED[forward][start][n] = crossed
    _BALL[forward][start][n] = ends
    return ends


def _ball_paths(start: int, n: int, forward: int) -> Iterator[list[int]]:
    for d1 in g.DIRECTIONS:
        for k in range(1, n + 1):
            for d2 in g.DIRECTIONS:
                if k == n and d2 != d1:
                    continue
                if k < n and (d2 == d1 or not _monotone(d1, d2)):
                    continue
                if forward and (d1[1] != forward or (k < n and d2[1] != forward)):
                    continue
                path = _walk(start, d1, k, d2, n - k, g.ALL)
                if path is not None:
                    yield path


# ---- the tables as plain data (a cache outside the engine stores them; the engine itself reads no file) ----------
TABLES_FORMAT = 1
_SAME = 0                          # a defender's table that is the unrestricted one (shared, as prepare() leaves it)


def geometry_fingerprint() -> tuple[Any, ...]:
    """Everything the tables follow from besides this module's code: a cache of them is keyed by it."""
    return (TABLES_FORMAT, g.N_FILES, g.N_RANKS, g.N_SQUARES, g.DIRECTIONS, HALVES, tuple(PAWN_STEPS),
            tuple(BALL_STEPS), [[g.step(sq, d) for d in g.DIRECTIONS] for sq in range(g.N_SQUARES)])


def export_tables() -> tuple[Any, ...]:
    """Every table prepare() builds, as nested tuples of ints (marshal and compare them as they are)."""
    prepare()
    pawns: list[Any] = []
    for variant in range(len(HALVES)):
        for start in range(g.N_SQUARES):
            for n in PAWN_STEPS:
                t = _BY_VARIANT[variant][start][n]
                if t is None:
                    pawns.append(None)
                elif variant and t is _BY_VARIANT[0][start][n]:
                    pawns.append(_SAME)
                else:
                    pawns.append((t.targets, t.inter_union, tuple(t.only.items()), tuple(t.through_multi.items()),
                                  tuple(t.by_target.items())))
    return (TABLES_FORMAT, tuple(pawns), _ball_export(_BALL), _ball_export(_CROSSED))


def _ball_export(tables: list[list[list[int | None]]]) -> tuple[Any, ...]:
    return tuple(tuple(tuple(row) for row in by_start) for by_start in tables)


def import_tables(data: Any) -> None:
    """Install tables exported by export_tables(); ValueError, installing nothing, when `data` is not such
    tables (a damaged or foreign cache is rebuilt, never trusted)."""
    try:
        fmt, pawns, ball, crossed = data
        if fmt != TABLES_FORMAT or len(pawns) != len(HALVES) * g.N_SQUARES * len(PAWN_STEPS):
            raise ValueError("tables of another format or size")
        by_variant: list[list[list[PathTable | None]]] = [[[None] * 13 for _ in range(g.N_SQUARES)] for _ in HALVES]
        it = iter(pawns)
        for variant in range(len(HALVES)):
            for start in range(g.N_SQUARES):
                for n in PAWN_STEPS:
                    by_variant[variant][start][n] = _pawn_import(next(it), by_variant[0][start][n], variant)
        new_ball, new_crossed = _ball_import(ball), _ball_import(crossed)
    except (TypeError, ValueError, AttributeError) as e:
        raise ValueError(f"not path tables: {e}") from None
    for variant in range(len(HALVES)):
        _BY_VARIANT[variant][:] = by_variant[variant]
    _BALL[:] = new_ball
    _CROSSED[:] = new_crossed


def _pawn_import(entry: Any, whole: PathTable | None, variant: int) -> PathTable | None:
    if entry is None:
        return None
    if entry == _SAME and variant:
        if whole is None:
            raise ValueError("a defender's table shares a missing one")
        return whole
    targets, inter_union, only, multi, by_target = entry
    # the values inside are checked by the cache's checksum and spot checks; here only the shape, which is cheap
    return PathTable(_int(targets), _int(inter_union), dict(only), dict(multi), dict(by_target))


def _ball_import(data: Any) -> list[list[list[int | None]]]:
    out = [[[None if v is None else _int(v) for v in row] for row in by_start] for by_start in data]
    if len(out) != 3 or any(len(by_start) != g.N_SQUARES or any(len(row) != 13 for row in by_start)
                            for by_start in out):
        raise ValueError("ball tables of another size")
    return out


def _int(v: object) -> int:
    if type(v) is not int or v < 0:
        raise ValueError(f"{v!r} is not a square mask")
    return v


def table_sources() -> tuple[str, ...]:
    """The files of the code the tables follow from (a cache is keyed by their text too)."""
    return (__file__, g.__file__ or "")


def install_tables(data: Any, seed: int = 0, checks: int = 6) -> None:
    """import_tables(), then `checks` tables picked from `seed` built again from scratch and compared with the
    installed ones; ValueError, with the tables as they were before, when anything differs."""
    saved = snapshot_tables()
    import_tables(data)
    try:
        for k in range(checks):
            x = (seed + k * 7919) & 0x7FFFFFFF
            start, n, ball = x % g.N_SQUARES, PAWN_STEPS[x % len(PAWN_STEPS)], BALL_STEPS[(x // 7) % len(BALL_STEPS)]
            if table(0, start, n) != pawn_table(start, n):
                raise ValueError(f"the table of square {start}, {n} steps, differs from a fresh one")
            if ball_targets(start, ball) != fresh_ball_targets(start, ball):
                raise ValueError(f"the ball's table of square {start}, {ball} squares, differs from a fresh one")
    except ValueError:
        restore_tables(saved)
        raise


def snapshot_tables() -> tuple[Any, ...]:
    """The installed tables as they stand (restore_tables puts them back)."""
    return ([[list(row) for row in v] for v in _BY_VARIANT], [[list(row) for row in v] for v in _BALL],
            [[list(row) for row in v] for v in _CROSSED])


def restore_tables(saved: tuple[Any, ...]) -> None:
    by_variant, ball, crossed = saved
    for variant in range(len(HALVES)):
        _BY_VARIANT[variant][:] = by_variant[variant]
    _BALL[:] = ball
    _CROSSED[:] = crossed


def fresh_ball_targets(start: int, n: int, forward: int = 0) -> int:
    """ball_targets() computed from the paths themselves, without the tables (checks a cached table)."""
    ends = 0
    for path in _ball_paths(start, n, forward):
        ends |= 1 << path[-1]
    return ends

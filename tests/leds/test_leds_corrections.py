"""Correction steps: missing and extra tokens paired by the least total distance, one step at a time."""
from __future__ import annotations

import itertools
import random
import time

from controller.games.stw import geometry as g
from controller.leds import Step, plan_corrections
from controller.leds.corrections import EXACT_LIMIT, pair_squares

P = g.parse


def toks(text: str) -> list[tuple[int, str]]:
    """'a1:red b2:ball' -> [(a1, 'red'), (b2, 'ball')]."""
    return [(P(w.split(":")[0]), w.split(":")[1]) for w in text.split()]


def total(steps: list[Step]) -> int:
    return sum(s.distance for s in steps)


def test_one_misplaced_pawn_is_one_move_back():
    steps = plan_corrections(toks("c5:red"), toks("c9:red"))
    assert steps == [Step("red", P("c9"), P("c5"))]
    assert steps[0].kind == "move" and steps[0].describe() == "move the red pawn from c9 to c5"


def test_pairing_minimises_the_total_distance_where_closest_first_would_not():
    # closest first would pair d1-c1 (1) and then a1-f1 (5): 6 in all; the best is a1-c1 and d1-f1: 4
    steps = plan_corrections(toks("a1:red d1:red"), toks("c1:red f1:red"))
    assert {(g.name(s.src), g.name(s.dst)) for s in steps} == {("c1", "a1"), ("f1", "d1")}
    assert total(steps) == 4


def test_pairs_do_not_cross():
    steps = plan_corrections(toks("a1:blue h1:blue"), toks("a3:blue h3:blue"))
    assert {(g.name(s.src), g.name(s.dst)) for s in steps} == {("a3", "a1"), ("h3", "h1")}


def test_tokens_pair_only_with_their_own_kind():
    steps = plan_corrections(toks("c5:red d7:ball"), toks("c6:blue d8:ball"))
    assert [s.to_json()["text"] for s in steps] == [
        "move the ball from d8 to d7",
        "lift the blue pawn on c6 off the board",
        "put the red pawn back on c5",
    ]
    assert [s.kind for s in steps] == ["move", "lift_off", "put_back"]


def test_leftovers_are_lifted_off_or_put_back():
    steps = plan_corrections(toks("a1:red"), toks("a2:red h16:red"))
    assert steps == [Step("red", P("a2"), P("a1")), Step("red", P("h16"), -1)]
    steps = plan_corrections(toks("a1:red b1:red"), toks("a2:red"))
    assert steps[0] in (Step("red", P("a2"), P("a1")), Step("red", P("a2"), P("b1")))
    assert steps[1].kind == "put_back" and len(steps) == 2


def test_order_is_stable_whatever_the_input_order():
    missing, extra = toks("a1:red d4:red h8:blue c3:ball"), toks("b2:red e9:red h9:blue a16:ball")
    first = plan_corrections(missing, extra)
    for _ in range(20):
        random.shuffle(missing)
        random.shuffle(extra)
        assert plan_corrections(missing, extra) == first
    assert [s.distance for s in first if s.kind == "move"] == sorted(s.distance for s in first if s.kind == "move")


def test_exact_pairing_is_optimal_against_brute_force():
    rng = random.Random(3)
    for _ in range(200):
        n_m, n_e = rng.randint(1, 5), rng.randint(1, 5)
        squares = rng.sample(range(128), n_m + n_e)
        miss, ext = squares[:n_m], squares[n_m:]
        got = sum(g.chebyshev(a, b) for a, b in pair_squares(miss, ext))
        k = min(n_m, n_e)
        best = min(sum(g.chebyshev(a, b) for a, b in zip(m_perm, e_perm, strict=True))
                   for m_perm in itertools.permutations(miss, k) for e_perm in itertools.combinations(ext, k))
        assert got == best, (miss, ext)


def test_many_tokens_fall_back_to_greedy_quickly_and_pair_everything():
    rng = random.Random(9)
    squares = rng.sample(range(128), 2 * (EXACT_LIMIT + 6))
    miss = [(s, "red") for s in squares[:EXACT_LIMIT + 6]]
    ext = [(s, "red") for s in squares[EXACT_LIMIT + 6:]]
    t0 = time.perf_counter()
    steps = plan_corrections(miss, ext)
    assert time.perf_counter() - t0 < 1.0
    assert len(steps) == EXACT_LIMIT + 6 and all(s.kind == "move" for s in steps)
    assert sorted(s.src for s in steps) == sorted(s for s, _ in ext)
    assert sorted(s.dst for s in steps) == sorted(s for s, _ in miss)


def test_nothing_to_correct():
    assert plan_corrections([], []) == []

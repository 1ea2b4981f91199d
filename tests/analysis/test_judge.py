"""What a drop in win chance earns: the marks' thresholds and the accuracy curve."""
from __future__ import annotations

import pytest

from controller.analysis import judge


@pytest.mark.parametrize(("drop", "mark"), [(0.0, None), (0.049, None), (0.05, "inaccuracy"), (0.099, "inaccuracy"),
                                            (0.10, "mistake"), (0.149, "mistake"), (0.15, "blunder"),
                                            (0.9, "blunder")])
def test_each_drop_earns_the_mark_of_its_threshold(drop, mark):
    assert judge.mark_for(drop) == mark


def test_accuracy_is_full_for_best_choices_and_falls_with_the_drop():
    assert judge.accuracy([0.0, 0.0]) == 100.0
    assert judge.accuracy([]) is None
    scores = [judge.move_accuracy(d) for d in (0.0, 0.05, 0.10, 0.30, 1.0)]
    assert scores == sorted(scores, reverse=True)
    assert scores[-1] == 0.0
    assert judge.accuracy([0.0, 0.3]) == pytest.approx((100.0 + judge.move_accuracy(0.3)) / 2, abs=0.05)

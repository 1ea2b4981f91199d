"""The command load: referee commands on `cmd/` up to the daemon's rate limit (20 a second, a burst of 40) are
each answered under their id; above it, each is refused with a response under its id rather than dropped.
benchmarks/soak.py --load prints the figure over more rates."""
from __future__ import annotations

import pytest

from simulator.bench.soak.load import command_load, load_table

pytestmark = pytest.mark.reliability


def test_soak_load_commands_up_to_the_rate_limit_are_each_answered():
    rows = command_load(rates=(10, 20), seconds=3.0)
    print("\n" + load_table(rows))
    for row in rows:
        assert (row.answered, row.rate_refusals, row.unanswered) == (row.sent, 0, 0), row


def test_soak_load_commands_over_the_rate_limit_are_each_refused_under_their_id():
    rows = command_load(rates=(60,), seconds=3.0)
    print("\n" + load_table(rows))
    row = rows[0]
    assert row.answered >= 40                    # the burst and the steady rate are carried out
    assert row.rate_refusals > 0 and row.unanswered == 0, row

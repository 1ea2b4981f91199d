"""A clean stop ends the core thread at once, though on a real-time clock it sleeps up to IDLE_WAIT (30 s) for an
input when nothing is due: stop wakes it. Without the wake, stop gave up on the sleeping thread after its 5 s
join and left it running."""
from __future__ import annotations

from controller.daemon.operations.config import load_settings
from controller.daemon.service import IDLE_WAIT, Daemon
from hal.backends import open_hardware
from hal.queues import MonotonicClock


def test_a_stop_wakes_the_core_thread_sleeping_for_an_input_and_it_ends(tmp_path):
    settings = load_settings(None, env=False, journal__dir=str(tmp_path / "journal"), board_id="t1")
    hw = open_hardware({"backend": "sim"})
    hw.clock = MonotonicClock()                         # real time, as on a board: the loop sleeps for inputs
    daemon = Daemon(settings, hw, board_follows_game=True, tick=0.01, auto_setup=False)
    assert daemon.idle_wait == IDLE_WAIT > 5.0          # longer than stop's join: only a wake ends it in time
    daemon.start()                                      # no match: nothing is due
    daemon.stop()
    assert not daemon._thread.is_alive()

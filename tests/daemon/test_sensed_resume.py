"""A sensed board across a daemon restart: what the players changed while the daemon was down (systemd restarting
it after a crash, a Pi rebooting) is read from the board's first frame against the resumed game, journaled as
changes and refereed, as picochess-style e-board software matches the whole board against the engine. The board
reports where its tokens stand, not what happened while nobody listened, so the first frame must not become the
starting point: the move would vanish and the game would go on from a board that is not there."""
from __future__ import annotations

import json
import time

from controller.daemon.journal import JournalStore, read_journal
from controller.daemon.operations.config import load_settings
from controller.daemon.service import Daemon
from controller.replay import replay_lines
from hal.backends import open_hardware
from simulator.board_emulator import board_actions
from simulator.board_script import board_script, physical
from tests.daemon.daemon_helpers import wait_for

OPTIONS = {"half_minutes": 45.0, "extra_time_minutes": 0.0, "shooting_die": True}
PAUSE = 0.12                 # seconds between changes: each settles (50 ms) before the next


def sensed_daemon(journal_dir, frame: bytes):
    """A daemon on a sensed board (the sim backend on the wall clock, not following the game) whose tokens
    stand where `frame` says when the daemon starts, as a board reports them at connect."""
    settings = load_settings(None, env=False, board_id="resume", journal__dir=str(journal_dir),
                             game__auto_setup=False)
    hw = open_hardware({"backend": "sim", "clock": "wall"})
    hw.leds.set_frame(frame)
    return Daemon(settings, hw, board_follows_game=False), hw.leds


def play(board, lines: list[dict]) -> None:
    for line in lines:
        if line["type"] == "roll":
            board.roll(line["die"], line["value"])
        else:
            (board.place if line["type"] == "place" else board.lift)(line["square"], line["token"])
        time.sleep(PAUSE)


def journaled(store: JournalStore) -> list[dict]:
    return physical(read_journal(store.journals()[-1]).lines)


def test_a_move_made_while_the_daemon_was_down_is_journaled_and_refereed_after_it_resumes(tmp_path):
    script = board_script(2, OPTIONS, 40)
    changes = physical(script)
    # the first pawn or ball move after a few rolls: made while the daemon is down
    at = next(i for i in range(4, len(changes) - 1)
              if changes[i]["type"] == "lift" and changes[i + 1]["type"] == "place")
    before, during = changes[:at], changes[at:at + 2]
    store = JournalStore(tmp_path, "resume")
    formation = next(iter(board_actions([json.dumps(script[0])]))).frame

    daemon, board = sensed_daemon(tmp_path, formation)
    daemon.on_command("new_game", json.dumps({"kickoff": None, "options": OPTIONS}).encode())
    daemon.start()
    try:
        play(board, before)
        wait_for(lambda: len(journaled(store)) == len(before), 10, "the first changes in the journal")
    finally:
        daemon.stop()
    board_then = board.frame

    play(board, during)                          # nobody listens: the daemon is down
    daemon, board2 = sensed_daemon(tmp_path, board.frame)
    assert board2.frame != board_then
    daemon.start()
    try:
        wait_for(lambda: len(journaled(store)) >= len(before) + 2, 10, "the move made meanwhile in the journal")
        time.sleep(0.3)
        assert journaled(store) == before + during
        expected = [o for o in _replayed(script, len(before) + 2) if "event" in o]
        got = [o for o in _replayed_journal(store) if "event" in o]
        assert got == expected, "the resumed game did not take the move made while it was down"
    finally:
        daemon.stop()


def _replayed(script: list[dict], changes: int) -> list[dict]:
    """`soccerboard replay` of the script up to its `changes`-th board change, as a sensed board."""
    lines, seen = [], 0
    for line in script:
        if line["type"] in ("lift", "place", "roll", "press"):
            if seen == changes:
                break
            seen += 1
        lines.append(json.dumps(line))
    return replay_lines(['# soccerboard-journal {"board_follows_game": false}', *lines])


def _replayed_journal(store: JournalStore) -> list[dict]:
    return replay_lines(store.journals()[-1].read_text().splitlines())

"""The console of `soccerboard sim` and `run`: the story lines, a status line on a terminal only, `--quiet`,
the result with a shoot-out's winner, refusals, and what Ctrl-C leaves behind."""
from __future__ import annotations

import io
import signal
import subprocess
import sys
import time

from controller.daemon.main import Console
from controller.daemon.operations.report import analyse
from controller.daemon.outputs.publisher import Msg
from tests.cli.cli_helpers import ROOT

STATE = {"clock": {"period": 1, "elapsed": 125.0, "length": 2700.0}, "phase": "ball_play",
         "score": {"red": 0, "blue": 0}, "expects": {"team": "red", "input": "roll"}, "board": {"mismatch": None}}
MATCH = [Msg("state", STATE),
         Msg("events", {"seq": 1, "event": "yellow_card", "team": "blue", "pawn": "blue-m1"}),
         Msg("events", {"seq": 2, "event": "free_kick", "team": "red", "square": "c7"}),
         Msg("events", {"seq": 3, "event": "goal", "team": "red", "pawn": "red-s1", "score": {"red": 1, "blue": 0}}),
         Msg("events", {"seq": 4, "event": "full_time", "score": {"red": 1, "blue": 1}, "winner": "blue",
                        "shootout": {"red": 2, "blue": 3}})]


def _console(**kw) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(out=out, **kw), out


def test_quiet_tells_goals_cards_yellow_too_and_the_result():
    """`--quiet` said "goals, cards" but hid yellow cards."""
    console, out = _console(quiet=True, status_line=False)
    console(MATCH)
    assert out.getvalue().splitlines() == ["     3'  Yellow card for Blue m1", "     3'  GOAL! Red 1-0",
                                           "     3'  Full time: Red 1-1 Blue (shoot-out 2-3). Blue wins"]


def test_a_shootout_ends_with_its_tally_and_winner():
    """The end of a shoot-out printed `final score: red 0 - 0 blue` and hid the winner."""
    console, out = _console(status_line=False)
    console(MATCH)
    assert out.getvalue().splitlines()[-1].endswith("Full time: Red 1-1 Blue (shoot-out 2-3). Blue wins")
    assert "final score" not in out.getvalue()


def test_a_terminal_gets_a_status_line_redrawn_in_place_and_a_pipe_none():
    """A default-speed match had silent stretches of ~70 s with no minute, score or team to act."""
    console, out = _console(status_line=True)
    console([Msg("state", STATE), Msg("clock", {"move_remaining": 41.5, "move_deadline": None})])
    assert out.getvalue() == "\r\x1b[K3' | Red 0-0 Blue | 1st half ball play | Red to roll | move clock 41s"
    console.REDRAW_SECONDS = 0
    console(MATCH[1:2])
    text = out.getvalue()
    assert "\r\x1b[K     3'  Yellow card for Blue m1\n" in text          # the status line makes room for it
    assert text.endswith("\r\x1b[K3' | Red 0-0 Blue | 1st half ball play | Red to roll | move clock 41s")
    console.close()
    assert out.getvalue().endswith("\r\x1b[K")
    piped, plain = _console()          # a StringIO is not a terminal
    piped(MATCH)
    assert "\x1b" not in plain.getvalue() and "\r" not in plain.getvalue()


def test_refusals_are_printed():
    """`run` with a replayed scenario showed none of its hundreds of refusals."""
    console, out = _console(status_line=False)
    mismatch = {**STATE, "board": {"mismatch": {"reason": "not_your_turn", "detail": "red is to roll"}}}
    console([Msg("state", mismatch), Msg("state", mismatch),
             Msg("response", {"request": "undo", "status": "error", "detail": "nothing to undo"})])
    assert out.getvalue().splitlines() == [
        "refused  not_your_turn: red is to roll (set the board as the LEDs show)", "refused  undo: nothing to undo"]


def test_ctrl_c_says_where_the_journal_is_and_how_to_resume(tmp_path):
    """Ctrl-C printed nothing: the journal was kept, but the user was not told where or how to resume."""
    folder = tmp_path / "journal"
    args = ["sim", "--no-web", "--seed", "5", "--speed", "0.01", "--half-minutes", "20", "--extra-time-minutes",
            "0", "--journal-dir", str(folder)]
    proc = subprocess.Popen([sys.executable, "-m", "controller.cli", *args], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert proc.stdout is not None
        while "Kick-off" not in proc.stdout.readline():
            pass
        time.sleep(0.5)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    [journal] = folder.glob("*.jsonl")
    lines = err.splitlines()
    assert lines[0] == f"stopped; the unfinished match is kept in {journal}"
    command = f"soccerboard {' '.join(args)}"
    assert lines[1] == f"resume it with: {command}"
    assert lines[2] == f"its report: soccerboard report {folder}"
    assert "Traceback" not in err
    resumed = subprocess.run([sys.executable, "-m", "controller.cli", *args[:-2], "--speed", "0",
                              "--journal-dir", str(folder)], cwd=ROOT, text=True, capture_output=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    assert list(folder.glob("*.jsonl")) == [journal]                  # the same match went on to its end
    assert "Full time: " in resumed.stdout and analyse(folder)["finished"]


def test_a_refused_board_input_reaches_the_console_and_never_the_broker(tmp_path):
    """`run` showed no refused die roll or spin: the daemon now hands each refusal to its console only."""
    from controller.daemon.operations.config import load_settings
    from controller.daemon.service import Daemon
    from hal.backends import open_hardware
    from tests.daemon.daemon_helpers import wait_for

    class Recorder:                        # stands where the MQTT client takes the daemon's outputs
        def __init__(self):
            self.topics: list[str] = []

        def submit(self, msgs):
            self.topics += [m.topic for m in msgs]

        def start(self):
            return self

        def stop(self):
            pass
    settings = load_settings(None, env=False, journal__dir=str(tmp_path / "j"), board_id="c1")
    daemon = Daemon(settings, open_hardware({"backend": "sim"}), board_follows_game=True, tick=0.01,
                    auto_setup=False)
    console, out = _console(status_line=False)
    daemon.observers.append(console)
    daemon.publisher = Recorder()
    daemon.start()
    try:
        for line in ({"type": "setup", "formation": "standard", "kickoff": "red"},
                     {"type": "roll", "die": "blue", "value": 3}):
            daemon.put("hardware", line)
        wait_for(lambda: "refused" in out.getvalue(), 10, "the refusal on the console")
    finally:
        daemon.stop()
        daemon.hw.close()
    assert "refused  roll blue 3: not_your_turn:" in out.getvalue()
    assert "refusal" not in daemon.publisher.topics and "state" in daemon.publisher.topics

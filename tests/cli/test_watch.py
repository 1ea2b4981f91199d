"""`soccerboard watch` follows a `soccerboard sim` match through a real Mosquitto, in a real terminal: tmux runs
the command (send-keys), and what the terminal shows is read back with capture-pane."""
from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
import time

import pytest

from controller import story
from tests.cli.cli_helpers import ROOT
from tests.daemon.daemon_helpers import BOARD, Mosquitto, Watcher, sim_args, start_daemon, stop_process

TMUX = shutil.which("tmux")


@pytest.fixture
def broker(tmp_path):
    m = Mosquitto(tmp_path / "mosquitto").start()
    yield m
    m.stop()


class Tmux:
    """One tmux server of the test's own (its socket name), one window of a fixed size."""

    def __init__(self, name: str):
        self.base = [str(TMUX), "-L", name]
        subprocess.run([*self.base, "-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "100", "-y", "45",
                        "bash --noprofile --norc"], check=True, timeout=30)

    def send(self, *keys: str) -> None:
        subprocess.run([*self.base, "send-keys", "-t", "t", *keys], check=True, timeout=30)

    def screen(self) -> str:
        return subprocess.run([*self.base, "capture-pane", "-p", "-t", "t"], check=True, capture_output=True,
                              text=True, timeout=30).stdout

    def wait_for(self, pattern: str, timeout: float) -> str:
        end = time.monotonic() + timeout
        shown = ""
        while time.monotonic() < end:
            shown = self.screen()
            if re.search(pattern, shown, re.M):
                return shown
            time.sleep(0.2)
        raise AssertionError(f"the terminal never showed {pattern!r}; it shows:\n{shown}")

    def close(self) -> None:
        subprocess.run([*self.base, "kill-server"], timeout=10, check=False)


def test_watch_follows_a_sim_match_through_a_real_broker(broker, tmp_path):
    if TMUX is None:
        pytest.fail("tmux is missing: deploy/test.sh installs it (SOCCERBOARD_APT), or apt-get install tmux",
                    pytrace=False)
    spectator = Watcher(broker.port)             # what MQTT subscribers get: each event with its `text`
    sim = start_daemon(sim_args(broker, tmp_path / "journal", "--no-web", "--seed", "4", "--speed", "0.01",
                                "--half-minutes", "2", "--extra-time-minutes", "0", "--stay"), tmp_path / "sim.log")
    term = Tmux(f"sbwatch{tmp_path.name[-12:]}")
    try:
        command = [sys.executable, "-m", "controller.cli", "watch", "--broker", broker.url(None, None),
                   "--board-id", BOARD]
        term.send(f"cd {shlex.quote(str(tmp_path))} && PYTHONPATH={shlex.quote(str(ROOT))} {shlex.join(command)}",
                  "Enter")
        first = term.wait_for(r"^\s+16\s.*gk.*16\s*$", 20)            # blue's keeper on its goal line
        assert f"soccerboard watch: {BOARD} at " in first
        assert re.search(r"^\s+1\s.*GK.*1\s*$", first, re.M)             # red's keeper on rank 1
        assert re.search(r"^\s+a\s+b\s+c\s+d\s+e\s+f\s+g\s+h\s*$", first, re.M)
        assert "Events:" in first and "\x1b" not in first
        # the match goes on and the same screen is redrawn in place: a later minute, with events in words
        later = term.wait_for(r"Full time: Red \d+-\d+ Blue", 60)
        assert later.count("Events:") == 1 and "| full time" in later
        assert re.search(r"^\S+ \| Red \d+-\d+ Blue", later.splitlines()[1])
        term.send("C-c")
        term.send("clear; echo watch-ended-$?", "Enter")                  # back at the shell, exit status 0
        term.wait_for(r"^watch-ended-0$", 10)
        events = spectator.of("events")
        assert events and all(e["text"] == story.sentence(e) for e in events)
        assert any(e["text"].startswith("Full time: ") for e in events)
    finally:
        term.close()
        stop_process(sim)
        spectator.close()


def test_sim_on_a_terminal_has_a_status_line_and_ctrl_c_says_how_to_resume(tmp_path):
    if TMUX is None:
        pytest.fail("tmux is missing: deploy/test.sh installs it (SOCCERBOARD_APT), or apt-get install tmux",
                    pytrace=False)
    term = Tmux(f"sbsim{tmp_path.name[-12:]}")
    try:
        command = [sys.executable, "-m", "controller.cli", "sim", "--no-web", "--seed", "2", "--speed", "0.05",
                   "--half-minutes", "30", "--journal-dir", str(tmp_path / "j")]
        term.send(f"cd {shlex.quote(str(ROOT))} && {shlex.join(command)}", "Enter")
        status = r"^\d+' \| Red \d+-\d+ Blue \| 1st half [a-z ]+ \| (Red|Blue) to \w+"
        shown = term.wait_for(status, 30)
        time.sleep(1.5)
        assert len(re.findall(status, term.screen(), re.M)) == 1      # one status line, redrawn in place
        term.send("C-c")
        shown = term.wait_for(r"^resume it with: soccerboard sim ", 15)
        assert "stopped; the unfinished match is kept in " in shown
        assert not re.search(r"^\d+' \| Red", shown, re.M)    # the status line was cleared first
    finally:
        term.close()

"""Seeded autoplayed matches as scenario lines, and what an uninterrupted daemon ends with after them: the
reference that a killed and resumed daemon (tests, soak, benchmarks) is compared with."""
from __future__ import annotations

import json
from pathlib import Path

from controller.daemon.referee import Referee
from controller.games import default
from controller.players import players_for


def scenario_lines(seed: int, options: dict) -> list[dict]:
    """The lines of the default game's seeded match of bots, the game a Referee plays when nothing names one."""
    lines: list[dict] = []
    players_for(default().name).play_match(seed, options, on_line=lambda line, out: lines.append(line))
    return lines


def expected_run(lines: list[dict], options: dict) -> tuple[Referee, list[dict]]:
    """What an uninterrupted daemon ends with: the Referee after the (normalised) lines."""
    ref = Referee(options, board_follows_game=True)
    events: list[dict] = []
    for line in lines:
        events += ref.feed(ref.normalise(line)).events
    step = ref.finish_pending()
    events += step.events
    return ref, events


def write_scenario(path: Path, lines: list[dict]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path

"""Rewrite the STBG golden .expected.jsonl files from the current replay output, and the seeded full match's
scenario from the bot (seed 7, two 2-minute periods).

Run it only after a deliberate behaviour change, then read the diff line by line: the goldens are reviewed
outputs.  .venv/bin/python tests/stbg/golden/regenerate.py
"""
import json
from pathlib import Path

from controller.games.stbg import Game, Options
from controller.games.stbg.bot import StbgBot, lines_for, play_match
from controller.replay import replay_lines

HERE = Path(__file__).parent
SEEDED = HERE / "06_seeded_full_match.jsonl"


def seeded_match(seed: int = 7, half_minutes: float = 2.0) -> list[str]:
    game = Game.kick_off(None, Options(half_minutes=half_minutes))
    lines = ["# A whole match between seeded bots (simulator/stbg_bots.py, seed 7), two 2-minute periods, as the",
             "# board reports it: the roll-off, split turns, star cards, battles, set pieces, the turn clock.",
             json.dumps({"type": "setup", "ruleset": "stbg", "formation": "standard",
                         "options": {"half_minutes": half_minutes}})]

    def record(action, events):
        lines.extend(json.dumps(x) for x in lines_for(Game(game.history[-1], game.options), action))
    play_match(game, StbgBot(seed), record)
    return lines


if __name__ == "__main__":
    SEEDED.write_text("\n".join(seeded_match()) + "\n")
    for scenario in sorted(HERE.glob("*.jsonl")):
        if scenario.name.endswith(".expected.jsonl"):
            continue
        out = replay_lines(scenario.read_text().splitlines())
        scenario.with_suffix(".expected.jsonl").write_text("".join(json.dumps(o, sort_keys=True) + "\n" for o in out))
        print(scenario.name, len(out))

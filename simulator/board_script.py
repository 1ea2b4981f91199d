"""An autoplayed match as the hands of players at a sensed board: the scenario a board emulator plays.

The game's seeded bots (controller.players) choose the actions, each as what a board can feel: die rolls,
tokens lifted and put down. A sensed board does not follow the game's own relocations (the kick-off
formation after a goal, a free kick's placement), so after each action the players set the board as the LEDs
show, one token at a time, lifted and then put down: the lines the daemon then journals as corrections.
The script is checked on the core of a sensed board (`board_follows_game=False`) as it is made, so every
line of it is one the daemon accepts, or one it takes as a correction while the board is out of step.

Time is the settle window only: each change is followed by a clock line just longer than it, as a board
whose hands pause between changes (a board emulator leaves clock lines out: the daemon's clock is the wall
clock). The bots' thinking time is left out, and the script stops before they would wait for time to decide
(`Tick`) or spin: a half long enough keeps the whistles out of it.
"""
from __future__ import annotations

from controller.core import Core
from controller.games import default, info
from controller.players import players_for
from controller.scenario import parse_obj
from hal.board import SETTLE_SECONDS, TOKEN_BIT, TOKENS, square_name

SETTLE = {"type": "clock", "advance": SETTLE_SECONDS * 2}   # the settle window after each change


class ScriptError(RuntimeError):
    """The sensed core refused a line the players would play: the script would not be the daemon's match."""


def board_script(seed: int, options: dict, actions: int, ruleset: str | None = None) -> list[dict]:
    """The set-up line (standard formation, `options`, a roll-off for the kick-off) and then the physical
    lines of the first `actions` bot actions of the seed's match of `ruleset` (the default game when None), with
    the relocations between them."""
    game_info = default() if ruleset is None else info(ruleset)
    core = Core(game_info.make_ruleset(None), board_follows_game=False)
    script: list[dict] = []

    def play(line: dict, correcting: bool = False) -> None:
        """One change, then the settle window: on a board each change settles before the next hand moves."""
        out = core.feed(parse_obj(line))
        if not out.verdict["ok"] and not (correcting and out.verdict.get("reason") == "board_mismatch"):
            raise ScriptError(f"seed {seed}: the sensed core refused {line}: {out.verdict}")
        script.append(line)
        if line["type"] != "setup":
            core.feed(parse_obj(SETTLE))
            script.append(SETTLE)

    setup = {"type": "setup", "formation": "standard", "options": dict(options)}
    play(setup if game_info.default else {**setup, "ruleset": game_info.name})
    bot = players_for(game_info.name).match_bot(seed)
    for _ in range(actions):
        game = core.game
        if game is None or core.question is not None:
            break
        lines = bot.next_lines(game)     # None at the end of the match
        if not lines or any(line["type"] in ("clock", "spin") for line in lines):
            break                    # time or a spinner would decide: not a board's input
        for line in in_hand_order(lines):
            play(line)
        for line in relocations(core):
            play(line, correcting=True)
        if core.mismatch is not None:
            raise ScriptError(f"seed {seed}: the board still differs from the game: {core.mismatch}")
    return script


def relocations(core: Core) -> list[dict]:
    """The lifts and places that set the board as the game expects it: for each token, from a square where
    the game has none to one where it expects one, a token at a time."""
    if core.game is None:
        return []
    expected = core.expected_occupancy()
    lines: list[dict] = []
    for token in TOKENS:
        bit = TOKEN_BIT[token]
        extra = [s for s in range(len(expected)) if core.board[s] & bit and not expected[s] & bit]
        missing = [s for s in range(len(expected)) if expected[s] & bit and not core.board[s] & bit]
        for n in range(max(len(extra), len(missing))):
            if n < len(extra):
                lines.append({"type": "lift", "square": square_name(extra[n]), "token": token})
            if n < len(missing):
                lines.append({"type": "place", "square": square_name(missing[n]), "token": token})
    return lines


def in_hand_order(lines: list[dict]) -> list[dict]:
    """An action's lines as hands play them on a board where each change settles: a move is a lift then a
    place, one token after the other (a corner's taker joins the ball, then plays it), but tokens moving together
    (a dribble's ball and holder: moves from the same square to the same square) are all lifted before any is
    put down, or the ball alone would settle as a pass."""
    changes = physical(lines)
    moves = [(line["from"], line["to"]) for line in lines if line["type"] == "move"]
    if len(set(moves)) == len(moves):
        return changes
    return [c for c in changes if c["type"] == "lift"] + [c for c in changes if c["type"] != "lift"]


def physical(lines: list[dict]) -> list[dict]:
    """The lines a board reports, as the daemon journals them: a move is a lift then a place."""
    out: list[dict] = []
    for line in lines:
        if line["type"] == "move":
            out += [{"type": "lift", "square": line["from"], "token": line["token"]},
                    {"type": "place", "square": line["to"], "token": line["token"]}]
        elif line["type"] in ("lift", "place", "roll", "press"):
            out.append(line)
    return out

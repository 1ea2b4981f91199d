"""The classes a checkpoint may name are exactly those real checkpoints need: what a Referee holds at every input
of seeded matches of both games on a board that follows the game and of Soccer Tactics WORLD on a sensed board
(pending readings, refusals, misplacements), plus the games' actions, which a pending reading may hold. A
class missing from the list would send every resume back to the journal's first line; one too many is a
callable a forged checkpoint could reach."""
from __future__ import annotations

import importlib
import io
import pickle

from controller.daemon import checkpoint
from controller.daemon.referee import Referee
from controller.games.stbg.bot import simulate as stbg_simulate
from controller.games.stw.autoplay import simulate
from simulator.board_script import board_script


class _Recorder(pickle.Unpickler):
    """An unpickler that notes every global a pickle names (only ever fed the daemon's own pickles)."""

    def __init__(self, raw: bytes, seen: set[tuple[str, str]]):
        super().__init__(io.BytesIO(raw))
        self.seen = seen

    def find_class(self, module: str, name: str):
        self.seen.add((module, name))
        return super().find_class(module, name)


def _names_held(referee: Referee, seen: set[tuple[str, str]]) -> None:
    _Recorder(pickle.dumps(referee, protocol=5), seen).load()


def _followed(seen: set[tuple[str, str]]) -> None:
    for ruleset, play, seed, options in (("soccer_tactics_world", simulate, 3, {"half_minutes": 3.0}),
                                         ("soccer_tactics_world", simulate, 11, {"half_minutes": 3.0}),
                                         ("stbg", stbg_simulate, 4, {"half_minutes": 2.0}),
                                         ("stbg", stbg_simulate, 9, {"half_minutes": 2.0})):
        lines: list[dict] = []
        play(seed, options, on_line=lambda line, out, lines=lines: lines.append(line))
        ref = Referee(options, board_follows_game=True, ruleset=ruleset)
        for line in lines:
            ref.feed(ref.normalise(line))
            _names_held(ref, seen)


def _sensed(seen: set[tuple[str, str]]) -> None:
    for seed in (1, 2):
        ref = Referee({}, board_follows_game=False)
        for line in board_script(seed, {"half_minutes": 45.0, "extra_time_minutes": 0.0, "shooting_die": True}, 60):
            ref.feed(ref.normalise(line))
            _names_held(ref, seen)
        ref.feed({"type": "place", "square": "a8", "token": "ball"})       # a token out of nowhere: a mismatch
        _names_held(ref, seen)


def test_the_allowed_classes_are_exactly_what_real_checkpoints_hold_and_the_games_actions():
    seen: set[tuple[str, str]] = set()
    _followed(seen)
    _sensed(seen)
    assert seen <= checkpoint.ALLOWED
    assert seen - checkpoint.ACTIONS == checkpoint.ALLOWED - checkpoint.ACTIONS
    assert seen & checkpoint.ACTIONS                       # a sensed board's pending reading holds actions


def test_the_actions_allowed_are_every_action_class_of_both_games():
    defined = {(module, name) for module in ("controller.games.stw.actions", "controller.games.stbg.actions")
               for name, obj in vars(importlib.import_module(module)).items()
               if isinstance(obj, type) and obj.__module__ == module}
    assert defined == checkpoint.ACTIONS


def test_every_allowed_name_is_a_class_of_its_own_module_and_never_a_dotted_path():
    for module, name in checkpoint.ALLOWED:
        assert "." not in name
        found = vars(importlib.import_module(module))[name]
        assert isinstance(found, type) and (found.__module__, found.__qualname__) == (module, name)


def test_a_checkpoint_needs_nothing_but_the_allowed_classes_to_load():
    ref = Referee({"half_minutes": 3.0}, board_follows_game=False)
    for line in board_script(2, {"half_minutes": 45.0}, 20):
        ref.feed(ref.normalise(line))
    ref.feed({"type": "lift", "square": "h8", "token": "ball"})          # pending: the ball in a hand
    loaded = checkpoint.decode(checkpoint.encode(ref, 41), 41)
    assert loaded.core.snapshot() == ref.core.snapshot() and loaded.seq == ref.seq

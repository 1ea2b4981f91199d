"""The classes a checkpoint may name are exactly those real checkpoints need: what a Referee holds at every input
of seeded matches of both games on a board that follows the game and of Soccer Tactics WORLD on a sensed board
(pending readings, refusals, misplacements), plus the games' actions, which a pending reading may hold. A
class missing from the list would send every resume back to the journal's first line; one too many is a
callable a forged checkpoint could reach."""
from __future__ import annotations

import importlib
import io
import pickle

import pytest

from controller import games
from controller.daemon import checkpoint
from controller.daemon.referee import Referee
from controller.games.soccer.bot import simulate as soccer_simulate
from controller.games.stbg.bot import simulate as stbg_simulate
from controller.games.stw.autoplay import simulate
from simulator.board_script import board_script
from tests.games.plugin_games import SITE


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
                                         ("stbg", stbg_simulate, 9, {"half_minutes": 2.0}),
                                         ("soccer", soccer_simulate, 3, {}), ("soccer", soccer_simulate, 8, {})):
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


def _action_modules() -> list[str]:
    return [f"{games.info(name).package}.actions" for name in games.names()]


def _actions(names: frozenset[tuple[str, str]]) -> frozenset[tuple[str, str]]:
    """The allowed names that are a game's actions (its actions module's classes)."""
    return frozenset((module, name) for module, name in names if module in _action_modules())


def test_the_allowed_classes_are_exactly_what_real_checkpoints_hold_and_the_games_actions():
    seen: set[tuple[str, str]] = set()
    _followed(seen)
    _sensed(seen)
    allowed = checkpoint.allowed()
    actions = _actions(allowed)
    assert seen <= allowed
    assert seen - actions == allowed - actions
    assert seen & actions                                  # a sensed board's pending reading holds actions


def test_the_actions_allowed_are_every_action_class_of_both_games():
    defined = {(module, name) for module in _action_modules()
               for name, obj in vars(importlib.import_module(module)).items()
               if isinstance(obj, type) and obj.__module__ == module}
    assert defined == _actions(checkpoint.allowed())


def test_the_allow_list_is_the_referees_own_classes_and_what_each_registered_game_declares():
    declared = {(f"{games.info(name).package}.{module}", cls) for name in games.names()
                for module, cls in games.info(name).pickled}
    assert checkpoint.allowed() - declared == {
        ("collections", "deque"), ("controller.core", "Core"), ("controller.daemon.referee", "Referee"),
        ("controller.seam", "Illegal"), ("controller.seam", "Reading"), ("controller.i18n.said", "Say")}
    assert declared <= checkpoint.allowed()


def test_every_allowed_name_is_a_class_of_its_own_module_and_never_a_dotted_path():
    for module, name in checkpoint.allowed():
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


def _global(module: str, name: str) -> bytes:
    """A protocol 5 pickle of nothing but the global module.name (STACK_GLOBAL)."""
    text = lambda s: b"\x8c" + bytes([len(s)]) + s.encode()
    return b"\x80\x05" + text(module) + text(name) + b"\x93."


def test_a_registered_games_declared_classes_are_allowed_and_nothing_else_of_its_modules(monkeypatch):
    assert not any(module.startswith("sb_tally.") for module, _ in checkpoint.allowed())
    monkeypatch.syspath_prepend(str(SITE))                     # the test games registered: tally declares its classes
    monkeypatch.setattr("sys.dont_write_bytecode", True)
    assert {("sb_tally.ruleset", "TallyGame"), ("sb_tally.ruleset", "Tally")} <= checkpoint.allowed()
    assert checkpoint._Loader(io.BytesIO(_global("sb_tally.ruleset", "TallyGame"))).load().__name__ == "TallyGame"
    with pytest.raises(pickle.UnpicklingError, match=r"may not hold sb_tally\.ruleset\.dataclass"):
        checkpoint._Loader(io.BytesIO(_global("sb_tally.ruleset", "dataclass"))).load()      # its module's, undeclared
    with pytest.raises(pickle.UnpicklingError, match="refused"):
        checkpoint._Loader(io.BytesIO(_global("sb_tally.plugin", "GAME"))).load()

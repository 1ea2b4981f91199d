"""The seam between the engine and the rest: the core, the LED planner and the daemon reach the engine only
through the public package (controller.games.stw) and the ruleset protocol (controller.seam), so the engine's
modules can be rearranged, or a second game plugged in, without touching them."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from controller.games.stw import Game, Phase
from controller.games.stw.pieces import pawns_of

ROOT = Path(__file__).resolve().parents[2]
CHECKED = [ROOT / "controller" / "core.py", *sorted((ROOT / "controller" / "leds").rglob("*.py")),
           *sorted((ROOT / "controller" / "daemon").rglob("*.py"))]
PUBLIC = {"controller.games.stw", "controller.seam"}
# daemon modules that still name an engine module directly; the names they use are public already
# (controller.games.stw.Options, controller.games.stw.Illegal), and no other module may join them
KNOWN: set[tuple[str, str]] = set()     # (file, engine submodule) allowed for now: none


def engine_imports(path: Path, root: Path = ROOT) -> list[str]:
    """The controller.games.stw modules a file under `root` imports (relative imports resolved)."""
    package = ".".join(path.relative_to(root).with_suffix("").parts[:-1])
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            names = [base] + [f"{base}.{a.name}" for a in node.names if base == "controller.games.stw"
                              and a.name[:1].islower() and a.name in SUBMODULES]
        else:
            continue
        out += [n for n in names if n.startswith(("controller.games.stw", "controller.seam"))]
    return out


SUBMODULES = {p.stem for p in (ROOT / "controller" / "games" / "stw").glob("*.py") if p.stem != "__init__"}


@pytest.mark.parametrize("path", CHECKED, ids=lambda p: str(p.relative_to(ROOT)))
def test_only_the_public_engine_names_are_imported(path):
    rel = str(path.relative_to(ROOT))
    bad = [m for m in engine_imports(path) if m not in PUBLIC and (rel, m) not in KNOWN]
    assert not bad, f"{rel} imports {bad}: use the names controller.games.stw exports, or the ruleset protocol"


def test_the_check_sees_a_submodule_import(tmp_path):
    fake = tmp_path / "controller" / "leds" / "_probe_for_test.py"     # a tree of its own: the checkout stays as it is
    fake.parent.mkdir(parents=True)
    fake.write_text("from controller.games.stw import geometry as g\nfrom ..games.stw.pieces import RED\n")
    assert engine_imports(fake, tmp_path) == ["controller.games.stw", "controller.games.stw.geometry",
                                              "controller.games.stw.pieces"]


def test_every_phase_the_engine_enters_is_a_phase_member():
    from controller.games.stw import Options
    from controller.games.stw.bot import Bot, play_match
    game = Game.kick_off(None, Options(half_minutes=8))
    seen = set()

    def check(action, events, game=game):
        assert type(game.state.phase) is Phase, (action, game.state.phase)
        seen.add(game.state.phase)
    play_match(game, Bot(11), on_action=check)
    assert {Phase.KICK_OFF, Phase.OFFENSIVE_SET, Phase.FULL_TIME} <= seen


def test_the_protocol_views():
    game = Game.kick_off(0)
    assert game.events_of_setup() == [] or all("event" in e for e in game.events_of_setup())
    assert [game.pawn_name(p) for p in game.team_pawns(1)][:2] == ["blue-gk", "blue-d1"]
    assert game.team_of(12) == 1 and game.interchangeable(1) and not game.interchangeable(0)
    assert all(game.pawn_square(p) == game.state.sq[p] for p in pawns_of(0))
    view = game.led_view()
    assert view.phase is Phase.KICK_OFF and view.actor == 0 and not view.restarting

"""`pip install .` is the engine with `soccerboard replay`: with none of the extras' packages importable, the
library, replay and schema still work, and the daemon's commands say which extra they need."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "01_kickoff_to_goal.jsonl"
EXTRAS_ONLY = ["paho", "pydantic_settings", "amqtt", "serial", "gpiozero", "PIL"]

# a meta path finder that refuses the extras' packages, as an installation without them would
BLOCKER = f"""
import sys
class Missing:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {EXTRAS_ONLY!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
sys.meta_path.insert(0, Missing())
from controller.cli import main
sys.exit(main(sys.argv[1:]))
"""


def soccerboard(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", BLOCKER, *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=60)


def test_replay_works_with_the_engine_alone():
    alone = soccerboard("replay", str(GOLDEN))
    full = subprocess.run([sys.executable, "-m", "controller.cli", "replay", str(GOLDEN)], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    assert alone.returncode == 0, alone.stderr
    assert alone.stdout == full.stdout and '"snapshot"' in alone.stdout


def test_schema_works_with_the_engine_alone():
    out = soccerboard("schema")
    assert out.returncode == 0 and '"title": "Snapshot"' in out.stdout


def test_a_daemon_command_names_the_extra_it_needs():
    out = soccerboard("run")
    assert out.returncode == 2
    assert "pip install 'soccerboard[daemon]'" in out.stderr and "Traceback" not in out.stderr
    help_text = soccerboard("--help")
    assert help_text.returncode == 0 and "soccerboard[daemon]" in help_text.stdout


def test_config_check_without_the_daemon_extra_fails_and_names_it():
    """A check that cannot check is no pass: install.sh relies on the status to refuse a broken install."""
    out = soccerboard("config", "--check", str(ROOT / "deploy" / "soccerboard.example.toml"))
    assert out.returncode == 2 and "OK" not in out.stdout
    assert "pip install 'soccerboard[daemon]'" in out.stderr and "Traceback" not in out.stderr


def test_the_library_imports_nothing_from_the_extras():
    code = ("import sys; import controller.games.stw, controller.core, controller.replay, controller.leds; "
            f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({EXTRAS_ONLY!r})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.stdout.strip() == "[]", out.stderr

"""`soccerboard replay`: the contract of docs/board.md section 6 and bad input that never crashes it."""
import json
import subprocess
import sys

from controller.replay import replay_lines

SETUP = '{"type": "setup", "formation": "standard", "kickoff": "red"}'


def run_cli(args, stdin=""):
    return subprocess.run([sys.executable, "-m", "controller.cli", "replay", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_replay_reads_standard_input_and_prints_json_lines():
    proc = run_cli(["-"], stdin=SETUP + "\n" + '{"type": "roll", "die": "red", "value": 2}\n')
    assert proc.returncode == 0
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert out[0] == {"line": 1, "ok": True} and out[-1]["snapshot"]["offense"] == "red"


def test_replay_of_a_missing_file_says_so_with_exit_status_2():
    proc = run_cli(["/nonexistent/game.jsonl"])
    assert proc.returncode == 2 and "cannot read" in proc.stderr


def test_bad_input_lines_are_rejected_and_the_replay_goes_on(tmp_path):
    lines = [
        SETUP,
        '{"type": "roll", "die": "red", "value": 7}',
        '{"type": "move", "from": "z9", "to": "c3", "token": "red"}',
        'not json at all',
        '{"type": "teleport"}',
        '[1, 2]',
        '{"type": "setup", "pawns": {"red-xx": "a1"}, "ball": "a1", "offense": "red"}',
        '{"type": "setup", "pawns": {"red-gk": "d1", "red-d1": "c12"}, "ball": "d1", "offense": "red"}',
        '{"type": "clock", "advance": -5}',
        '{"type": "press", "button": "self-destruct"}',
        '{"type": "roll", "die": "red", "value": 3}',
    ]
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n\xff\xfe garbage bytes\n")
    proc = run_cli([str(path)])
    assert proc.returncode == 0
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    verdicts = {o["line"]: o for o in out if "line" in o}
    for n in range(2, 11):
        assert verdicts[n]["ok"] is False and verdicts[n]["reason"] == "bad_input", verdicts[n]
        assert verdicts[n]["detail"]
    assert verdicts[11] == {"line": 11, "ok": True}               # the game went on untouched
    assert verdicts[12]["reason"] == "bad_input"
    assert "outside its own half" in verdicts[8]["detail"]


def test_inputs_before_a_setup_are_refused():
    out = replay_lines(['{"type": "roll", "die": "red", "value": 2}'])
    assert out[0]["reason"] == "no_game" and out[-1] == {"snapshot": None}


def verdicts(out):
    return {o["line"]: o for o in out if "line" in o}


def test_a_rejected_move_counts_as_undone():
    out = replay_lines([SETUP, '{"type": "roll", "die": "red", "value": 2}',
                        '{"type": "move", "from": "d8", "to": "d6", "token": "ball"}',
                        '{"type": "move", "from": "d8", "to": "d10", "token": "ball"}'])
    v = verdicts(out)
    assert v[3]["reason"] == "kickoff_forward" and v[4] == {"line": 4, "ok": True}
    assert out[-1]["snapshot"]["ball"] == "d10"


def test_lift_of_a_token_that_is_not_there_is_refused():
    out = replay_lines([SETUP, '{"type": "lift", "square": "e5", "token": "red"}'])
    assert verdicts(out)[2]["reason"] == "no_token"


def test_undo_takes_back_the_last_action_without_rerolling():
    out = replay_lines([SETUP, '{"type": "roll", "die": "red", "value": 2}',
                        '{"type": "move", "from": "d8", "to": "d10", "token": "ball"}',
                        '{"type": "press", "button": "undo"}',
                        '{"type": "move", "from": "d8", "to": "c10", "token": "ball"}'])
    snap = out[-1]["snapshot"]
    assert snap["ball"] == "c10" and snap["phase"] == "capture"


def test_replay_is_deterministic():
    lines = [SETUP, '{"type": "roll", "die": "red", "value": 4}',
             '{"type": "move", "from": "d8", "to": "d12", "token": "ball"}', '{"type": "clock", "advance": 70}']
    assert replay_lines(lines) == replay_lines(lines)


def test_a_daemon_journal_header_sets_the_options_and_the_sensed_board():
    header = '# soccerboard-journal {"version": 1, "board_follows_game": false, "options": {"half_minutes": 1.0}}'
    out = replay_lines([header, SETUP, '{"type": "roll", "die": "red", "value": 2}'])
    assert out[-1]["snapshot"]["clock"]["length"] == 60.0 and out[-1]["snapshot"]["roll"] == 2

"""The self-contained HTML replay (`soccerboard report JOURNAL --html -o match.html`) opened from file://:
it steps through the match, jumps to the goal, and makes no network request at all."""
from __future__ import annotations

import re
import subprocess
import sys

from tests.daemon.daemon_helpers import scenario_lines
from tests.web.web_helpers import ROOT, match_frames, write_journal

OPTIONS = {"half_minutes": 10.0, "extra_time": False}
SEED = 2                       # the seeded bots' match with one goal (blue's) and a full time


def _position(page) -> tuple[int, int]:
    text = page.inner_text("#replay-position")
    m = re.search(r"(\d+)\s*/\s*(\d+)", text)
    assert m, f"#replay-position reads {text!r}"
    return int(m.group(1)), int(m.group(2))


def _score(page) -> dict:
    return {"red": int(page.inner_text("#score-red")), "blue": int(page.inner_text("#score-blue"))}


def test_the_html_replay_steps_to_the_goal_without_the_network(context, tmp_path) -> None:
    lines = scenario_lines(SEED, OPTIONS)
    goals = [e for f in match_frames(lines, OPTIONS) for e in f.events if e["event"] == "goal"]
    assert len(goals) == 1
    journal = write_journal(lines, tmp_path / "journal", OPTIONS)
    out = tmp_path / "match.html"
    run = subprocess.run([sys.executable, "-m", "controller.cli", "report", str(journal), "--html", "-o", str(out)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert out.stat().st_size < 2_000_000

    requests: list[str] = []
    page = context.new_page()
    page.on("request", lambda r: requests.append(r.url))
    page.goto(out.as_uri())
    page.wait_for_function(
        "() => /\\d+\\s*\\/\\s*\\d+/.test(document.querySelector('#replay-position')?.textContent || '')")
    first, total = _position(page)
    assert total > 100, f"a whole match has hundreds of frames, the replay has {total}"
    assert page.locator("svg#board rect.square").count() == 128
    page.click("#replay-step")
    page.wait_for_function("n => document.querySelector('#replay-position').textContent.trim().startsWith(String(n))",
                           arg=first + 1)

    marks = page.locator("#replay-marks [data-mark]")
    goal_marks = [i for i in range(marks.count()) if re.search(r"goal", marks.nth(i).inner_text(), re.I)]
    assert len(goal_marks) == 1, [marks.nth(i).inner_text() for i in range(marks.count())]
    marks.nth(goal_marks[0]).click()
    want = goals[0]["score"]
    page.wait_for_function("([r, b]) => document.querySelector('#score-red').textContent.trim() === String(r)"
                           " && document.querySelector('#score-blue').textContent.trim() === String(b)",
                           arg=[want["red"], want["blue"]])
    at_goal, _ = _position(page)
    assert at_goal > first + 1
    assert any(re.search(r"goal", t, re.I) for t in page.locator("#feed li").all_inner_texts())

    page.click("#replay-back")                # the frame before the goal: the score before it
    page.wait_for_function("n => document.querySelector('#replay-position').textContent.trim().startsWith(String(n))",
                           arg=at_goal - 1)
    assert _score(page) == {"red": 0, "blue": 0}

    assert requests, "the page made no request at all (not even its own file)"
    network = [u for u in requests if not u.startswith(("file:", "data:"))]
    assert not network, f"the replay reached the network: {network}"

"""`render_replay_html`: one self-contained HTML file per match, built by replaying its journal.

No browser here (the browser suite opens the file): these tests read the written page as text, check
that it loads nothing from anywhere (styles and every sb/*.js module inline, no remote URL), and
unpack its match data to check the frames against the project's own Referee.
"""
from __future__ import annotations

import base64
import itertools
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from controller.daemon.journal import FINISHED, HEADER, dumps
from controller.daemon.referee import Referee
from controller.games.stw.autoplay import simulate
from controller.web import replay

STATIC = replay.STATIC_DIR


def write_journal(path: Path, lines: list[dict], options: dict, finished: bool = True) -> Path:
    header = {"version": 1, "board_id": "board7", "board_follows_game": True, "options": options,
              "seq_base": 0, "started": "2026-05-01T15:00:00.000Z"}
    text = HEADER + dumps(header) + "\n" + "".join(dumps(line) + "\n" for line in lines)
    path.write_text(text + (FINISHED + "\n" if finished else ""))
    return path


def autoplay_journal(path: Path, seed: int, half_minutes: float) -> tuple[Path, list[dict]]:
    lines: list[dict] = []
    events: list[dict] = []
    simulate(seed, {"half_minutes": half_minutes}, on_line=lambda line, out: lines.append(line),
             on_event=lambda event, core: events.append(event))
    return write_journal(path, lines, {"half_minutes": half_minutes}), events


@pytest.fixture(scope="module")
def short_match(tmp_path_factory) -> tuple[Path, list[dict]]:
    """A short autoplayed match that has a goal (the first seed that scores)."""
    tmp = tmp_path_factory.mktemp("replay")
    for seed in range(1, 60):
        path, events = autoplay_journal(tmp / f"short-{seed}.jsonl", seed, 3.0)
        if any(e["event"] == "goal" for e in events):
            return path, events
    pytest.fail("no seed in 1..59 scored in a 3-minute-half match")


class Page(HTMLParser):
    """The elements the checks need: scripts (attributes and text), links, styles, src/href values."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.scripts: list[tuple[dict, str]] = []
        self.links: list[dict] = []
        self.styles = 0
        self.urls: list[str] = []
        self._in_script = False
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.urls += [v for k, v in attrs if k in ("src", "href") and v]
        if tag == "script":
            self._in_script = True
            self.scripts.append((a, ""))
        elif tag == "link":
            self.links.append(a)
        elif tag == "style":
            self.styles += 1

    def handle_data(self, data):
        if self._in_script:
            a, text = self.scripts[-1]
            self.scripts[-1] = (a, text + data)

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False

    def script(self, **want) -> tuple[dict, str]:
        found = [(a, t) for a, t in self.scripts if all(a.get(k) == v for k, v in want.items())]
        assert len(found) == 1, f"expected one script with {want}, found {len(found)}"
        return found[0]


def match_data(page: Page) -> dict:
    attrs, text = page.script(id="match-data")
    assert attrs["type"] == "application/octet-stream"
    assert attrs["data-encoding"] == "gzip+base64"
    return replay.decode(text.strip())


def test_page_is_self_contained(short_match):
    html = replay.render_replay_html(short_match[0])
    page = Page(html)
    assert not [a for a in page.links if a.get("rel") == "stylesheet"], "the stylesheet is inlined, not linked"
    assert all(a.get("href", "").startswith("data:") for a in page.links), "links only to data: URLs"
    assert page.styles == 1
    assert not [u for u in page.urls if re.match(r"(?i)^(https?:)?//", u)]
    assert not [a["src"] for a, _ in page.scripts if "src" in a], "no external scripts at all"
    imports = json.loads(page.script(type="importmap")[1])["imports"]
    modules = sorted(p.name for p in (STATIC / "js").glob("*.js"))
    assert sorted(imports) == [f"sb/{m}" for m in modules]
    for name, url in imports.items():
        prefix = "data:text/javascript;base64,"
        assert url.startswith(prefix)
        assert base64.b64decode(url[len(prefix):]) == (STATIC / "js" / name[3:]).read_bytes()
    _, boot = page.script(type="module")
    assert 'import "sb/replay.js"' in boot
    assert not re.search(r"(?i)https?://", html), "no remote URL anywhere in the file"


def test_frames_follow_the_referee(short_match):
    path, _ = short_match
    doc = match_data(Page(replay.render_replay_html(path)))
    assert doc["format"] == "soccerboard.replay/1"
    assert doc["journal"] == path.name
    assert doc["board_id"] == "board7" and doc["finished"] is True
    frames = doc["frames"]
    assert len(frames) > 20
    seqs = [f["seq"] for f in frames]
    assert seqs == sorted(set(seqs)), "one frame per state, in seq order"
    for f in frames:
        assert f["state"]["schema"] == "soccerboard.snapshot/1"
        assert f["state"]["seq"] == f["seq"]
        assert f["leds"]["schema"] == "soccerboard.leds/1"
        assert re.fullmatch(r"\d+'|ET\d\+\d+'|pens", f["minute"])
        assert all(isinstance(e["seq"], int) and e["seq"] <= f["seq"] + len(f["events"]) for e in f["events"])
    # the same numbering as the daemon: replaying the journal by hand gives the same states and events
    ref = Referee({"half_minutes": 3.0}, board_follows_game=True)
    states, events = [], []
    from controller.daemon.journal import read_journal
    for line in read_journal(path).lines:
        step = ref.feed(line)
        events += step.events
        if step.state is not None:
            states.append(step.state)
    assert [f["state"] for f in frames] == states
    assert [e for f in frames for e in f["events"]] == events
    assert frames[-1]["state"]["phase"] == "full_time"


def test_no_frame_for_a_clock_tick_that_changes_nothing(short_match):
    doc = match_data(Page(replay.render_replay_html(short_match[0])))
    volatile = ("now", "elapsed")

    def stable(state):
        return {**state, "seq": None, "clock": {k: v for k, v in state["clock"].items() if k not in volatile}}

    frames = doc["frames"]
    assert all(stable(a["state"]) != stable(b["state"]) for a, b in itertools.pairwise(frames))


def test_goals_and_cards_are_marked(short_match):
    path, events = short_match
    doc = match_data(Page(replay.render_replay_html(path)))
    goals = [e for e in events if e["event"] == "goal"]
    marks = doc["marks"]
    assert [m for m in marks if m["kind"] == "goal"], "the match has a goal, so a goal mark"
    assert len([m for m in marks if m["kind"] == "goal"]) == len(goals)
    for m in marks:
        assert m["kind"] in ("goal", "yellow_card", "red_card")
        frame = doc["frames"][m["frame"]]
        assert m["kind"] in [e["event"] for e in frame["events"]], "a mark points at the frame of its event"
        assert m["text"].startswith(frame["minute"])
    last_goal = [m for m in marks if m["kind"] == "goal"][-1]
    score = goals[-1]["score"]
    assert last_goal["text"].endswith(f"{score['red']}-{score['blue']}")
    assert "GOAL! " + goals[-1]["team"].capitalize() in last_goal["text"]


def test_a_full_match_stays_under_two_megabytes(tmp_path):
    path, events = autoplay_journal(tmp_path / "full.jsonl", seed=1, half_minutes=45.0)
    html = replay.render_replay_html(path)
    assert len(html.encode()) < 2_000_000
    doc = match_data(Page(html))
    assert doc["frames"][-1]["state"]["phase"] == "full_time"
    assert len(doc["frames"]) > 500
    assert len([m for m in doc["marks"] if m["kind"] == "goal"]) == sum(e["event"] == "goal" for e in events)


def test_a_hand_written_journal_and_an_unfinished_match(tmp_path):
    lines = [{"type": "setup", "formation": "standard", "kickoff": "red"},
             {"type": "roll", "die": "red", "value": 3},
             {"type": "move", "from": "d8", "to": "d11", "token": "ball"},
             {"type": "lift", "square": "z9", "token": "red"}]            # malformed: refused, no frame
    path = write_journal(tmp_path / "hand.jsonl", lines, {}, finished=False)
    doc = match_data(Page(replay.render_replay_html(path)))
    assert doc["finished"] is False
    assert doc["frames"][0]["state"]["phase"] == "kick_off"
    assert doc["frames"][0]["state"]["ball"] == "d8"
    assert any(e["event"] == "ball_played" for f in doc["frames"] for e in f["events"])
    assert doc["marks"] == []


def test_template_changes_fail_loudly(tmp_path):
    static = tmp_path / "static"
    (static / "js").mkdir(parents=True)
    (static / "css").mkdir()
    (static / "css" / "app.css").write_text("body{}")
    (static / "js" / "replay.js").write_text("export {};")
    (static / "replay.html").write_text("<html><body>no placeholders</body></html>")
    journal = write_journal(tmp_path / "j.jsonl", [{"type": "setup", "formation": "standard", "kickoff": "red"}], {})
    with pytest.raises(ValueError, match="exactly once"):
        replay.render_replay_html(journal, static_dir=static)

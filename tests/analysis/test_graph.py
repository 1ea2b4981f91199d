"""The replay's parts of an analysis: every mark a dot of the win-chance graph, only blunders and mistakes a button."""
from __future__ import annotations

from controller.analysis.graph import replay_marks, win_chance_svg


def decision(frame: int, team: str, after: float, mark: str | None) -> dict:
    return {"line": frame, "frame": frame, "minute": f"{frame}'", "team": team, "played": "ball a1", "best": "ball b2",
            "before": after + 0.2, "after": after, "drop": 0.2, "choices": 5, "mark": mark}


DOC = {"frames": 11, "red_at_end": 1.0, "decisions": [decision(2, "red", 0.6, "inaccuracy"),
                                                        decision(5, "blue", 0.3, None),
                                                        decision(8, "blue", 0.1, "mistake")]}


def test_every_mark_is_a_dot_and_only_blunders_and_mistakes_are_buttons():
    svg = win_chance_svg(DOC)
    assert svg.count('<circle class="wc-mark"') == 2
    assert 'data-frame="2" data-mark="inaccuracy"' in svg and 'data-frame="8" data-mark="mistake"' in svg
    assert [(m["frame"], m["kind"]) for m in replay_marks(DOC)] == [(8, "mistake")]
    assert replay_marks(DOC)[0]["text"].startswith("8' Blue mistake (?): ball a1, win chance 30% -> 10%")


def test_the_line_is_red_s_win_chance_ending_at_the_result():
    svg = win_chance_svg(DOC)
    points = svg.split('class="wc-line" points="')[1].split('"')[0].split()
    heights = [float(p.split(",")[1]) for p in points]
    # red 0.6 after its own decision, 0.7 and 0.9 after blue's (1 - blue's), 1.0 at the end: higher is smaller y
    assert heights[1] > heights[2] > heights[3] > heights[4] and len(points) == 5

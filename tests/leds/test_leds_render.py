"""`soccerboard render`: SVG and PNG pictures of a position and its LED frame."""
from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from controller.games.stw import geometry as g
from controller.games.stw.snapshot import snapshot_of
from controller.leds import BoardView, plan_leds
from controller.render import BOARD_X, BOARD_Y, TEAM_FILL, S, load, render_main, render_png, render_svg, scene
from tests.rules.dsl import play, position

SVG = "{http://www.w3.org/2000/svg}"
SCENARIO = [
    {"type": "setup", "pawns": {"red-gk": "d1", "red-d1": "b4", "red-s1": "d7", "red-m1": "c5",
                                "blue-gk": "d16", "blue-d1": "c12", "blue-m1": "e10"}, "ball": "d7", "offense": "red"},
    {"type": "roll", "die": "red", "value": 1},
    {"type": "lift", "square": "c5", "token": "red"},
]


def game_and_leds():
    gm = position(red={"gk": "d1", "d1": "b4", "s1": "d7", "m1": "c5"},
                  blue={"gk": "d16", "d1": "c12", "m1": "e10"}, ball="d7")
    play(gm, "roll red 1")
    leds = plan_leds(gm, BoardView(lifted=((g.parse("c5"), "red"),))).to_json()
    return gm, snapshot_of(gm).to_json_dict(), leds


def hex_rgb(rgb) -> str:
    return "#" + "".join(f"{int(v):02x}" for v in rgb)


def centre(name: str) -> tuple[float, float]:
    sq = g.parse(name)
    return BOARD_X + (sq & 7) * S + S / 2, BOARD_Y + (16 - ((sq >> 3) + 1)) * S + S / 2


def test_svg_is_valid_xml_with_every_pawn_on_its_square():
    _, snap, leds = game_and_leds()
    root = ET.fromstring(render_svg(snap, leds))
    assert root.tag == SVG + "svg"
    labels = {}
    for t in root.iter(SVG + "text"):
        labels.setdefault(t.text, []).append((float(t.get("x")), float(t.get("y"))))
    circles = [(float(c.get("cx")), float(c.get("cy")), c.get("fill")) for c in root.iter(SVG + "circle")]
    for pid, info in snap["pawns"].items():
        if info["square"] is None:
            continue
        team, slot = pid.split("-")
        cx, cy = centre(info["square"])
        fill = hex_rgb(TEAM_FILL[team])
        assert any(abs(x - cx) < 0.01 and abs(y - cy) < 0.01 and f == fill for x, y, f in circles), pid
        assert any(abs(x - cx) < 0.01 and abs(y - cy) < S / 2 for x, y in labels[slot]), pid
    # the ball: a white disc on d7 beside its holder
    x0, y0 = centre("d7")
    assert any(f == "#ffffff" and x0 < x < x0 + S / 2 and y0 < y < y0 + S / 2 for x, y, f in circles)
    # square names on the edges, LED colours as square backgrounds
    assert {"a", "h", "1", "16"} <= set(labels)
    rects = {(float(r.get("x")), float(r.get("y"))): r.get("fill") for r in root.iter(SVG + "rect")
             if r.get("width") == str(S)}
    cx, cy = centre("c4")
    assert rects[(cx - S / 2, cy - S / 2)] == hex_rgb(leds["squares"]["c4"]["rgb"])
    assert "legal destination" in labels          # the legend


def test_png_signature_size_and_pixels():
    _, snap, leds = game_and_leds()
    width, height, _ = scene(snap, leds)
    data = render_png(snap, leds, scale=2)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(data)).convert("RGB")
    assert img.size == (round(width * 2), round(height * 2))
    for pid, info in snap["pawns"].items():
        if info["square"] and pid != "red-s1":
            cx, cy = centre(info["square"])
            # inside the disc, clear of the label
            assert img.getpixel((round(cx * 2), round((cy - S * 0.28) * 2))) == TEAM_FILL[pid.split("-")[0]], pid
    x, y = centre("c4")
    assert img.getpixel((round((x - S / 2 + 4) * 2), round((y - S / 2 + 4) * 2))) == tuple(leds["squares"]["c4"]["rgb"])
    x, y = centre("h6")                      # an unlit square shows the grass
    assert img.getpixel((round((x - S / 2 + 4) * 2), round((y - S / 2 + 4) * 2)))[1] > 100


def test_without_leds_there_is_no_legend_and_no_colour():
    _, snap, _ = game_and_leds()
    root = ET.fromstring(render_svg({"snapshot": snap}))
    assert "LEDs" not in [t.text for t in root.iter(SVG + "text")]


def test_render_command_from_a_scenario_svg_and_png(tmp_path):
    src = tmp_path / "s.jsonl"
    src.write_text("\n".join(json.dumps(o) for o in SCENARIO) + "\n")
    assert render_main([str(src), "--leds", "-o", str(tmp_path / "out.svg")]) == 0
    root = ET.parse(tmp_path / "out.svg").getroot()
    assert any(t.text == "lifted from" for t in root.iter(SVG + "text"))   # the core's lifted pawn
    assert render_main([str(src), "-o", str(tmp_path / "out.png"), "--scale", "1"]) == 0
    assert (tmp_path / "out.png").read_bytes()[:4] == b"\x89PNG"


def test_render_command_from_a_snapshot_file_and_a_replay_output(tmp_path, capsys):
    _, snap, leds = game_and_leds()
    f = tmp_path / "snap.json"
    f.write_text(json.dumps({"snapshot": snap, "leds": leds}))
    assert render_main([str(f), "--leds"]) == 0
    assert ET.fromstring(capsys.readouterr().out).tag == SVG + "svg"
    out = tmp_path / "replay.jsonl"
    out.write_text('{"line": 1, "ok": true}\n' + json.dumps({"snapshot": snap}) + "\n")
    assert render_main([str(out)]) == 0
    assert "<svg" in capsys.readouterr().out


@pytest.mark.parametrize("text, args", [
    ('{"nothing": 1}', []),
    ('{"line": 1, "ok": true}\n', []),
    (json.dumps({"pawns": {}}), ["--leds"]),
    ('{"type": "roll", "die": "red", "value": 3}\n', []),
])
def test_render_command_explains_what_it_cannot_draw(tmp_path, capsys, text, args):
    f = tmp_path / "bad.json"
    f.write_text(text)
    assert render_main([str(f), *args]) == 2
    assert capsys.readouterr().err.startswith("soccerboard render: ")


def test_render_command_missing_file(capsys):
    assert render_main(["/nonexistent/file.jsonl"]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_load_prefers_the_last_snapshot_of_a_replay_output():
    _, snap, _ = game_and_leds()
    later = dict(snap, phase="full_time")
    text = json.dumps({"snapshot": snap}) + "\n" + json.dumps({"snapshot": later}) + "\n"
    assert load(text, False)[0]["phase"] == "full_time"

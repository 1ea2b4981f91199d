"""The board profile: loaded from a data file, validated, with one clear sentence for a bad profile."""
import json

import pytest

from controller.games.stw import geometry as g
from controller.games.stw.profile import ProfileError, default_profile, load_profile


def test_default_profile_matches_board_spec():
    p = default_profile()
    red, blue = p.ends
    assert {g.name(s) for s in g.squares_of(red.penalty_area)} == {f"{f}{r}" for f in "bcdefg" for r in (1, 2, 3)}
    assert {g.name(s) for s in g.squares_of(blue.goal_area)} == {"d16", "e16"}
    assert {g.name(s) for s in g.squares_of(blue.long_distance)} == {"c13", "f13"}
    assert {g.name(s) for s in g.squares_of(p.centre_circle)} == {"d8", "e8", "d9", "e9"}
    assert [g.name(s) for s in blue.corners] == ["a16", "h16"]


@pytest.mark.parametrize("change, message", [
    (lambda d: d["red_end"].update(goal_area=["a1", "b1"]), "goal_area must lie inside"),
    (lambda d: d["red_end"].update(penalty_area=["z1-g3"]), "not a square name"),
    (lambda d: d["formation"].update(defenders=["b4"]), "needs 4 squares"),
    (lambda d: d.update(colour="green"), "Extra inputs are not permitted"),
])
def test_a_bad_profile_is_refused_with_a_clear_sentence(tmp_path, change, message):
    from importlib import resources
    data = json.loads(resources.files("controller.profiles").joinpath("soccer_tactics_world.json").read_text())
    change(data)
    path = tmp_path / "profile.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ProfileError, match=message):
        load_profile(path)


def test_an_unreadable_profile_is_refused(tmp_path):
    path = tmp_path / "p.json"
    path.write_text("{ not json")
    with pytest.raises(ProfileError, match="not valid JSON"):
        load_profile(path)
    with pytest.raises(ProfileError, match="cannot read"):
        load_profile(tmp_path / "missing.json")

"""Each game tells its own events (controller/story.py): the words come from the game's package through the
registry (`GameInfo.sentences`), and a game that gives none, or a name the registry does not know, is told
plainly, so a new game is told without controller/story.py changing. The made-up games here are registered as
a plugin is: a dist-info with an entry point of the `soccerboard.games` group in a folder put on sys.path."""
from __future__ import annotations

import itertools
import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from controller import story

_numbers = itertools.count()

PLAIN_GAME = '''
from controller.seam import GameInfo

def _ruleset(options):
    raise NotImplementedError("only its words are tried")

GAME = GameInfo(name={name!r}, title="Made Up", package=__name__, make_ruleset=_ruleset)
'''

TALKING_GAME = PLAIN_GAME.replace("make_ruleset=_ruleset)", "make_ruleset=_ruleset, sentences=_sentences)").replace(
    "\nGAME = ", """
def _sentences():
    from controller.seam import Sentences
    from controller.story import team
    return Sentences(say={{"foo_happened": lambda e: f"{{team(e.get('team'))}} foos on {{e.get('square')}}",
                          "goal": lambda e: f"Point for {{team(e.get('team'))}}"}},
                     told=frozenset({{"foo_happened", "goal"}}), quiet=frozenset({{"goal"}}))

GAME = """)


def register(monkeypatch, folder: Path, source: str) -> str:
    """A made-up game, module and dist-info in `folder`, put on sys.path; its registered name."""
    name = f"made_up_{next(_numbers)}"
    module = f"sb_story_{name}"
    (folder / f"{module}.py").write_text(source.format(name=name))
    info = folder / f"{module}-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 0\n")
    (info / "entry_points.txt").write_text(f"[soccerboard.games]\n{name} = {module}:GAME\n")
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.setattr("sys.dont_write_bytecode", True)
    return name


FOO = {"event": "foo_happened", "seq": 3, "team": "red", "square": "d5"}


def test_a_made_up_games_events_are_told_plainly(monkeypatch, tmp_path):
    told = story.of(register(monkeypatch, tmp_path, PLAIN_GAME))
    assert told.sentence(FOO) == "foo_happened: team red, square d5"
    assert told.sentence({"event": "tally", "totals": {"red": 11, "blue": 13}, "winner": None, "done": True}) \
        == "tally: totals (red 11, blue 13), winner none, done true"
    assert told.sentence({"event": "ended"}) == "ended"
    assert told.line("-", FOO) == "      -  foo_happened: team red, square d5"
    assert told.told(FOO) and not told.told(FOO, quiet=True)     # nothing says which of its events matter
    assert told.sentence({"event": "undone"}) == "The last action was taken back"    # the core's, as for any game
    assert told.annotate(dict(FOO))["text"] == "foo_happened: team red, square d5"


def test_a_game_the_registry_does_not_know_is_told_plainly():
    assert story.sentence(FOO, game="no_such_game") == "foo_happened: team red, square d5"
    assert story.told(FOO, game="no_such_game")


def test_a_made_up_game_with_its_own_sentences_is_told_with_them(monkeypatch, tmp_path):
    name = register(monkeypatch, tmp_path, TALKING_GAME)
    told = story.of(name)
    assert told.sentence(FOO) == "Red foos on d5"
    assert told.sentence({"event": "goal", "team": "blue"}) == "Point for Blue"      # its words, not the soccer games'
    assert told.told(FOO) and not told.told(FOO, quiet=True)
    assert told.told({"event": "goal"}, quiet=True)
    assert not told.told({"event": "die_rolled"})                   # its story tells only the events it names
    assert told.told({"event": "journal_damaged"})                  # and the daemon's
    assert told.sentence({"event": "die_rolled"}) == "unknown event die_rolled"


def test_each_soccer_game_tells_its_own_events():
    """The two games share event names but not every sentence: nobody holding the ball is the second game's."""
    loose = {"event": "possession", "team": None, "pawn": None}
    assert story.sentence(loose, game="stbg") == "The ball is loose"
    fault = {"event": "fault", "pawn": "blue-d3", "square": "e6"}
    assert story.sentence(fault, game="stbg") == "Fault by Blue d3 on e6"
    assert story.told(fault, game="stbg") and not story.told(fault, game="soccer_tactics_world")
    assert story.sentence({"event": "kick_off", "team": "red", "period": 2}, game="soccer_tactics_world") \
        == "Kick-off: Red (second half)"


def test_a_games_story_is_found_once_and_kept():
    assert story.of("stbg") is story.of("stbg")
    assert story.of("soccer_tactics_world") is not story.of("stbg")


@pytest.mark.parametrize("snapshot", [None, {}, {"phase": "won", "totals": {"red": 3}}, {"clock": None},
                                      {"clock": {"period": 1}}, {"clock": {"deadline": "soon"}}])
def test_a_snapshot_without_a_match_clock_has_no_minute(snapshot):
    assert story.match_minute(snapshot) == "-"
    assert story.event_minute(snapshot, snapshot) == "-"


def test_the_teller_tells_each_event_in_the_words_of_the_game_it_was_played_in(monkeypatch, tmp_path):
    """A daemon plays one game after another: an event is told in its own match's words."""
    made_up = register(monkeypatch, tmp_path, PLAIN_GAME)
    teller = story.Teller()
    clock = {"period": 1, "elapsed": 0.0, "length": 900.0}
    teller.record(SimpleNamespace(seq=0, snapshot=None))
    teller.record(SimpleNamespace(seq=1, snapshot={"ruleset": "stbg", "phase": "kick_off", "clock": clock}))
    teller.record(SimpleNamespace(seq=3, snapshot={"ruleset": "stbg", "phase": "full_time", "clock": clock}))
    teller.record(SimpleNamespace(seq=5, snapshot={"ruleset": made_up, "phase": "playing"}))
    loose = {"event": "possession", "team": None, "pawn": None}
    assert teller.annotate({**loose, "seq": 2})["text"] == "The ball is loose"
    assert teller.annotate({**FOO, "seq": 4})["text"] == "foo_happened: team red, square d5"
    assert teller.minute_of(4) == "-"                                # the made-up game has no match clock
    assert json.dumps(teller.annotate({**FOO, "seq": 6}))            # a document stays JSON

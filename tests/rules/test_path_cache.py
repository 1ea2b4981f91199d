"""The path tables' cache (controller/daemon/pathcache.py): used when good, rebuilt when missing, stale or
damaged, and the tables it gives are the very tables a fresh build makes."""
from __future__ import annotations

import hashlib
import marshal

import pytest

from controller.daemon import pathcache
from controller.games.stw import reach


def _empty_tables() -> tuple:
    """The engine's tables as a fresh process has them: none built."""
    def none(kinds: int) -> list:
        return [[[None] * 13 for _ in range(128)] for _ in range(kinds)]
    return none(len(reach.HALVES)), none(3), none(3)


@pytest.fixture(scope="module")
def fresh() -> tuple:
    """Every table, built from scratch in this process."""
    saved = reach.snapshot_tables()
    reach.restore_tables(_empty_tables())
    built = reach.export_tables()
    reach.restore_tables(saved)
    return built


@pytest.fixture
def clean_tables():
    """Each test starts with no table built, and the process's tables are put back afterwards."""
    saved = reach.snapshot_tables()
    reach.restore_tables(_empty_tables())
    yield
    reach.restore_tables(saved)


def _only_file(directory) -> object:
    files = sorted(directory.glob("path-tables-*.bin"))
    assert len(files) == 1, files
    return files[0]


def test_first_start_builds_and_writes_the_cache_later_starts_load_identical_tables(tmp_path, fresh, clean_tables):
    assert pathcache.load_or_build([tmp_path]) == "built"
    assert reach.export_tables() == fresh
    written = _only_file(tmp_path)
    reach.restore_tables(_empty_tables())
    assert pathcache.load_or_build([tmp_path]) == "loaded"
    assert reach.export_tables() == fresh
    assert _only_file(tmp_path) == written


def test_loaded_tables_are_shared_as_a_build_shares_them(tmp_path, clean_tables):
    pathcache.load_or_build([tmp_path])
    reach.restore_tables(_empty_tables())
    assert pathcache.load_or_build([tmp_path]) == "loaded"
    shared = sum(reach._BY_VARIANT[v][s][n] is reach._BY_VARIANT[0][s][n]
                 for v in (1, 2) for s in range(128) for n in reach.PAWN_STEPS)
    assert shared > 0        # a defender's table equal to the unrestricted one is one object, not a copy


@pytest.mark.parametrize("damage", ["flip a byte", "truncate", "empty", "garbage"])
def test_a_damaged_cache_is_rebuilt_never_trusted(tmp_path, fresh, clean_tables, damage):
    pathcache.load_or_build([tmp_path])
    path = _only_file(tmp_path)
    blob = bytearray(path.read_bytes())
    if damage == "flip a byte":
        blob[len(blob) // 2] ^= 0x40
    elif damage == "truncate":
        blob = blob[: len(blob) * 2 // 3]
    elif damage == "empty":
        blob = bytearray()
    else:
        blob = bytearray(b"\x00\xff" * 5000)
    path.write_bytes(bytes(blob))
    reach.restore_tables(_empty_tables())
    assert pathcache.load_or_build([tmp_path]) == "rebuilt"
    assert reach.export_tables() == fresh
    reach.restore_tables(_empty_tables())
    assert pathcache.load_or_build([tmp_path]) == "loaded"      # the bad file was replaced by a good one
    assert reach.export_tables() == fresh


def test_a_well_formed_file_holding_wrong_tables_is_rejected(tmp_path, fresh, clean_tables):
    """A file whose checksum matches its body but whose tables are not the engine's (another shape, or
    values a fresh build contradicts) is not installed."""
    pathcache.load_or_build([tmp_path])
    path = _only_file(tmp_path)
    fmt, pawns, ball, crossed = fresh
    wrong_shape = (fmt, pawns[:-1], ball, crossed)
    # every unrestricted pawn table said to reach nowhere (a pawn can always move 1-6 squares somewhere)
    unrestricted = 128 * len(reach.PAWN_STEPS)
    nowhere = tuple((0, *t[1:]) if i < unrestricted else t for i, t in enumerate(pawns))
    wrong_values = (fmt, nowhere, ball, crossed)
    for tables in (wrong_shape, wrong_values):
        path.write_bytes(pathcache.encode(tables))
        reach.restore_tables(_empty_tables())
        assert pathcache.load_or_build([tmp_path]) == "rebuilt"
        assert reach.export_tables() == fresh


def test_a_cache_of_another_geometry_or_code_is_stale_not_read(tmp_path, fresh, clean_tables, monkeypatch):
    pathcache.load_or_build([tmp_path])
    old = _only_file(tmp_path)
    monkeypatch.setattr(reach, "geometry_fingerprint", lambda: ("another board",))
    assert pathcache.cache_key() != old.name.removeprefix("path-tables-").removesuffix(".bin")
    reach.restore_tables(_empty_tables())
    assert pathcache.load_or_build([tmp_path]) == "built"
    assert reach.export_tables() == fresh
    assert not old.exists()                       # the stale file is gone, the new one in its place
    assert _only_file(tmp_path) != old


def test_the_file_checks_its_body_before_reading_it(fresh):
    blob = pathcache.encode(fresh)
    body = blob.split(b"\n", 2)[2]
    assert blob.split(b"\n")[1] == hashlib.sha256(body).hexdigest().encode()
    assert marshal.loads(body) == fresh


def test_an_unwritable_cache_directory_still_gives_the_tables(tmp_path, fresh, clean_tables):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a directory")
    assert pathcache.load_or_build([blocked / "cache"]) == "built"
    assert reach.export_tables() == fresh


def test_the_daemon_prepares_the_tables_of_a_game_that_has_them_and_nothing_for_one_without(tmp_path, monkeypatch):
    from controller import games
    from controller.daemon.main import prepare_tables
    monkeypatch.setenv("CACHE_DIRECTORY", str(tmp_path))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))        # no cache of this user's found instead
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    without = [name for name in games.names() if games.info(name).path_tables is None]
    assert without, "every registered game has path tables"
    for name in without:
        prepare_tables(name)
    assert not list(tmp_path.glob("path-tables-*.bin"))
    prepare_tables(games.default().name)
    assert len(list(tmp_path.glob("path-tables-*.bin"))) == 1

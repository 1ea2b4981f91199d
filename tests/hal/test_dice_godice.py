"""GoDice: the protocol's bytes, and the dice role's behaviour with dice that roll, rest crooked, sleep and return.

The dice are emulated behind bleak's scanner and client (tests/hal/dice_emulated_godice.py): no Bluetooth
controller exists in the test machine, so the hardware is swapped at bleak's boundary and every line of
hal/dice_godice.py runs as with real dice."""

from __future__ import annotations

import time

import pytest

from hal import dice_godice_protocol as P
from hal.dice_godice import GoDice, scan
from hal.events import DieRoll, DieStatus
from tests.hal.dice_emulated_godice import Air

WAIT = 5.0


def wait_until(predicate, timeout=WAIT):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.002)
    return predicate()


def events(source, seconds=0.3):
    out, deadline = [], time.monotonic() + seconds
    while time.monotonic() < deadline:
        event = source.next_event(timeout=0.02)
        if event is not None:
            out.append(event)
    return out


# ---- the protocol ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("face", range(1, 7))
def test_each_face_is_read_from_its_resting_vector(face):
    assert P.parse(b"S" + P.xyz_bytes(face)) == P.Message(P.Kind.STABLE, face)


def test_a_reading_off_the_vector_is_the_nearest_face():
    assert P.face_of(-58, 9, -7) == 1
    assert P.face_of(3, 60, 12) == 3


@pytest.mark.parametrize(("data", "kind"), [(b"FS", P.Kind.FAKE_STABLE), (b"TS", P.Kind.TILT_STABLE),
                                            (b"MS", P.Kind.MOVE_STABLE)])
def test_the_rests_that_are_no_rolls_are_told_apart(data, kind):
    assert P.parse(data + P.xyz_bytes(5)) == P.Message(kind, 5)


def test_answers_and_rolling_are_parsed():
    assert P.parse(b"R") == P.Message(P.Kind.ROLLING)
    assert P.parse(b"Bat\x4b") == P.Message(P.Kind.BATTERY, 75)
    assert P.parse(b"Col\x03") == P.Message(P.Kind.COLOUR, "blue")
    assert P.parse(b"\x00\x01") == P.Message(P.Kind.UNKNOWN)


def test_commands_are_the_makers_bytes():
    assert P.set_led((255, 0, 0)) == bytes([8, 255, 0, 0, 255, 0, 0])
    assert P.set_led((0, 0, 255), (0, 0, 0)) == bytes([8, 0, 0, 255, 0, 0, 0])
    assert P.ask_battery() == b"\x03" and P.ask_colour() == bytes([23])
    with pytest.raises(ValueError):
        P.set_led((256, 0, 0))


def test_a_die_is_matched_by_address_name_or_the_start_of_its_name():
    assert P.matches("c0:00:00:00:00:01", "GoDice_AA01_R_v04", "C0:00:00:00:00:01")
    assert P.matches("GoDice_AA01", "GoDice_AA01_R_v04", "C0:00:00:00:00:01")
    assert not P.matches("GoDice_BB02", "GoDice_AA01_R_v04", "C0:00:00:00:00:01")
    assert not P.matches("GoDice_AA01", None, "C0:00:00:00:00:01")


# ---- the dice role --------------------------------------------------------------------------------------
@pytest.fixture
def air():
    air = Air()
    air.add("GoDice_AA01_R_v04", "C0:00:00:00:00:01", battery=64)
    air.add("GoDice_BB02_B_v04", "C0:00:00:00:00:02", battery=12)
    return air


@pytest.fixture
def godice(air):
    feed = GoDice({"red": "GoDice_AA01", "blue": "C0:00:00:00:00:02"}, ble=air.stack(), retry_seconds=0.05,
                  find_seconds=0.5).start()
    for die in air.dice.values():
        assert die.connected.wait(WAIT)
    assert wait_until(lambda: feed.status("red") == feed.status("blue") == "ok")
    yield feed
    feed.close()


def red(air):
    return air.dice["C0:00:00:00:00:01"]


def blue(air):
    return air.dice["C0:00:00:00:00:02"]


def test_each_die_is_lit_in_its_teams_colour_and_tells_its_battery(air, godice):
    assert red(air).leds[0] == bytes([8, 255, 0, 0, 255, 0, 0])
    assert blue(air).leds[0] == bytes([8, 0, 0, 255, 0, 0, 255])
    assert wait_until(lambda: godice.battery == {"red": 64, "blue": 12})
    assert godice.address == {"red": "C0:00:00:00:00:01", "blue": "C0:00:00:00:00:02"}


def test_only_a_stable_face_is_a_roll(air, godice):
    events(godice)                                   # the statuses of connecting
    red(air).rest(b"F", 2)                           # a pause mid-roll
    red(air).rest(b"M", 4)                           # slid, not rolled
    blue(air).roll(6)
    assert events(godice) == [DieRoll("blue", 6)]
    assert [m.kind for _, m in godice.ignored] == [P.Kind.FAKE_STABLE, P.Kind.MOVE_STABLE]


def test_a_tilted_die_is_crooked_until_it_rolls_flat(air, godice):
    events(godice)
    red(air).rest(b"T", 3)
    assert wait_until(lambda: godice.status("red") == "crooked")
    red(air).roll(1)
    assert events(godice) == [DieStatus("red", "crooked"), DieStatus("red", "ok"), DieRoll("red", 1)]


def test_a_die_that_sleeps_is_disconnected_and_found_again_when_it_wakes(air, godice):
    events(godice)
    red(air).sleep()
    assert wait_until(lambda: godice.status("red") == "disconnected")
    time.sleep(0.2)                                  # looked for meanwhile, not found: still disconnected
    assert godice.status("red") == "disconnected" and not red(air).connected.is_set()
    red(air).wake()
    assert red(air).connected.wait(WAIT)
    assert wait_until(lambda: godice.status("red") == "ok")
    assert godice.connections["red"] == 2
    assert red(air).leds[-1] == bytes([8, 255, 0, 0, 255, 0, 0])    # lit again
    red(air).roll(5)
    got = events(godice)
    assert got == [DieStatus("red", "disconnected"), DieStatus("red", "ok"), DieRoll("red", 5)]


def test_closing_turns_the_dice_off_and_lets_them_go(air, godice):
    godice.close()
    for die in air.dice.values():
        assert die.leds[-1] == bytes([8, 0, 0, 0, 0, 0, 0])
        assert not die.connected.is_set() and die.advertising


def test_both_dice_must_be_named():
    with pytest.raises(ValueError, match="blue die missing"):
        GoDice({"red": "GoDice_AA01"})


def test_a_scan_lists_the_godice_in_reach_nearest_first_with_their_batteries(air, monkeypatch):
    air.add("Polar H10 1234", "C0:00:00:00:00:09")                  # not a die
    air.add("GoDice_CC03_G_v04", "C0:00:00:00:00:03", rssi=-40, battery=99)
    monkeypatch.setattr("hal.dice_godice.BLE", air.stack())
    found = scan(0.1, batteries=True)
    assert [(f.name, f.address, f.rssi, level) for f, level in found] == [
        ("GoDice_CC03_G_v04", "C0:00:00:00:00:03", -40, 99),
        ("GoDice_AA01_R_v04", "C0:00:00:00:00:01", -50, 64),
        ("GoDice_BB02_B_v04", "C0:00:00:00:00:02", -50, 12)]
    assert not any(die.connected.is_set() for die in air.dice.values())    # let go after reading

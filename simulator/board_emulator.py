"""A board on a pseudo-terminal: speaks the bridge protocol as the real firmware does.

The protocol side is the reference firmware's own ``BoardDevice``; this module supplies what the
RP2040 would (a port, a clock, dice radio lines, buttons) and plays a scenario file: the lines a board
can feel (set-ups, lifts, places, moves, rolls, presses), read by the one scenario parser, with each
set-up's position as the rules engine lays it out. Faults can be
injected on the way out (corrupted bytes, dropped frames), and the port can be unplugged (the pty
is closed and a new one opened) or the board rebooted (new boot id, HELLO, resync). A stable
symlink (``--link``) stands in for the ``/dev/serial/by-id`` name, since a new pty gets a new name.

Run: ``soccerboard emulate-board SCENARIO.jsonl [--link PATH] [--corrupt 0.01] ...``
"""

from __future__ import annotations

import argparse
import errno
import logging
import os
import random
import select
import sys
import threading
import time
import tty
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from controller.commandline import Parser, fraction, not_negative
from controller.games import get_ruleset
from controller.scenario import BadInput, Lift, Move, Place, PressLine, RollLine, Setup, parse_line
from controller.seam import expected_occupancy
from firmware_bridge.firmware import sbconst as C
from firmware_bridge.firmware.device import BoardDevice
from firmware_bridge.firmware.dice import DiceTracker
from hal.frames import check_frame, empty_frame, with_token


class FrameAction(NamedTuple):
    """A set-up: the whole occupancy at once, from line ``line`` of the scenario."""

    line: int
    frame: bytes


class TokenAction(NamedTuple):
    """A token put on (``present``) or lifted off a square."""

    line: int
    square: str
    token: str
    present: bool


class RollAction(NamedTuple):
    """A die settling on a face."""

    line: int
    die: str
    face: int


class PressAction(NamedTuple):
    """A button pressed."""

    line: int
    button: str


# One physical thing happening to the board.
BoardAction = FrameAction | TokenAction | RollAction | PressAction


def board_actions(lines: Iterable[str]) -> Iterator[BoardAction]:
    """What a board feels of a scenario, line by line. Lines a board cannot feel (spins, clock lines,
    comments) and lines the scenario parser or the rules refuse are left out, with a note on stderr."""
    ruleset = get_ruleset()
    for number, text in enumerate(lines, start=1):
        try:
            line = parse_line(text)
            if isinstance(line, Setup):
                yield FrameAction(number, bytes(expected_occupancy(ruleset, ruleset.new_game(line))))
            elif isinstance(line, Lift | Place):
                yield TokenAction(number, line.square, line.token, present=isinstance(line, Place))
            elif isinstance(line, Move):
                yield TokenAction(number, line.from_, line.token, present=False)
                yield TokenAction(number, line.to, line.token, present=True)
            elif isinstance(line, RollLine):
                yield RollAction(number, line.die, line.value)
            elif isinstance(line, PressLine) and line.button in C.BUTTON_NAMES:
                yield PressAction(number, line.button)
        except (BadInput, ValueError) as e:
            print(f"# scenario line {number} left out: {e}", file=sys.stderr, flush=True)


log = logging.getLogger(__name__)

DEFAULT_DICE = {"red": 0x00000001, "blue": 0x00000002}
FIRMWARE_ID = "soccerboard-emulator/2"
PING_MS = 1000


def _ms() -> int:
    return int(time.monotonic() * 1000)


class BoardEmulator:
    """The emulated board. Every public method is thread-safe and returns at once."""

    def __init__(self, link_path: str | None = None, corrupt: float = 0.0, drop: float = 0.0,
                 seed: int | None = None, dice: dict[str, int] | None = None,
                 firmware_id: str = FIRMWARE_ID, protocol_version: int = C.PROTOCOL_VERSION) -> None:
        self.link_path = link_path
        self.corrupt = corrupt
        self.drop = drop
        self.dice = dict(dice or DEFAULT_DICE)
        self._firmware_id = firmware_id
        self._protocol_version = protocol_version
        self._random = random.Random(seed)
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._master: int | None = None
        self._slave: int | None = None
        self._reopen_at: float | None = None
        self._silent_dice: set[str] = set()
        self._last_ping = -PING_MS
        self.slave_path: str | None = None
        self.occupancy = empty_frame()
        self.history: list[bytes] = [self.occupancy]  # every occupancy the board has had
        self.led_frame: bytes | None = None  # what the LEDs show now
        self.buzzes: list[tuple[int, int]] = []
        self.boots = 0
        self.bytes_sent = 0
        self.bytes_corrupted = 0
        self.frames_dropped = 0
        self._boot()

    # -- lifecycle ------------------------------------------------------------------------

    def _boot(self) -> None:
        self.boots += 1
        now = _ms()
        self.device = BoardDevice(self._transmit, self._firmware_id, self._random.getrandbits(32), now,
                                  show_leds=self._on_leds, buzz=self._on_buzz, settle_ms=C.SETTLE_MS)
        self.device.protocol_version = self._protocol_version
        self.tracker = DiceTracker()
        self._last_ping = now - PING_MS
        self.device.hello()
        self.device.set_occupancy(self.occupancy)  # the first scan after boot

    def start(self) -> BoardEmulator:
        self._open_pty()
        self._thread = threading.Thread(target=self._run, name="board-emulator", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2)
        with self._lock:
            self._close_pty()

    def __enter__(self) -> BoardEmulator:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def port(self) -> str:
        """The path a host should open: the stable link if there is one."""
        return self.link_path or self.slave_path or ""

    # -- the pseudo-terminal -------------------------------------------------------------

    def _open_pty(self) -> None:
        master, slave = os.openpty()
        tty.setraw(slave)  # no echo, no line discipline: a binary link like USB CDC
        os.set_blocking(master, False)
        self._master, self._slave = master, slave
        self.slave_path = os.ttyname(slave)
        if self.link_path:
            tmp = f"{self.link_path}.{os.getpid()}.tmp"
            if os.path.lexists(tmp):
                os.unlink(tmp)
            os.symlink(self.slave_path, tmp)
            os.replace(tmp, self.link_path)

    def _close_pty(self) -> None:
        if self.link_path and os.path.lexists(self.link_path):
            os.unlink(self.link_path)
        for fd in (self._master, self._slave):
            if fd is not None:
                os.close(fd)
        self._master = self._slave = None

    def unplug(self, seconds: float = 0.5) -> None:
        """Pull the cable: the port disappears for ``seconds`` and comes back under a new pty name."""
        with self._lock:
            self._close_pty()
            self._reopen_at = time.monotonic() + seconds

    def reboot(self) -> None:
        """Power-cycle the board: a new boot id, unacknowledged events lost, HELLO, first scan."""
        with self._lock:
            self._boot()

    # -- output, with faults ----------------------------------------------------------------

    def _transmit(self, data: bytes) -> None:
        if self._master is None:
            return
        if self.drop and self._random.random() < self.drop:
            self.frames_dropped += 1
            return
        if self.corrupt:
            out = bytearray(data)
            for i in range(len(out)):
                if self._random.random() < self.corrupt:
                    out[i] ^= self._random.randrange(1, 256)
                    self.bytes_corrupted += 1
            data = bytes(out)
        try:
            self.bytes_sent += os.write(self._master, data)
        except BlockingIOError:
            pass  # nobody is reading: the bytes are lost, as on a port with no host
        except OSError as exc:
            if exc.errno not in (errno.EIO, errno.EAGAIN):
                raise

    def send_raw(self, data: bytes) -> None:
        """Put arbitrary bytes on the wire (line noise, a half frame), bypassing the protocol."""
        with self._lock:
            self._transmit(data)

    def _on_leds(self, frame: bytes) -> None:
        self.led_frame = frame

    def _on_buzz(self, ms: int, hz: int) -> None:
        self.buzzes.append((ms, hz))

    # -- the physical board -----------------------------------------------------------------

    def set_frame(self, frame: bytes) -> None:
        with self._lock:
            self.occupancy = check_frame(frame)
            self.history.append(self.occupancy)
            self.device.set_occupancy(self.occupancy, _ms())

    def place(self, square: str, token: str) -> None:
        with self._lock:
            self.set_frame(with_token(self.occupancy, square, token, True))

    def lift(self, square: str, token: str) -> None:
        with self._lock:
            self.set_frame(with_token(self.occupancy, square, token, False))

    def _die_line(self, die: str, text: str) -> None:
        line = f"{self.dice[die]:08X} {text}"
        self.device.dice_events(self.tracker.line(line, _ms()))

    def roll(self, die: str, face: int) -> None:
        with self._lock:
            self._silent_dice.discard(die)
            self._die_line(die, f"ROLL {face}")

    def crooked(self, die: str) -> None:
        with self._lock:
            self._die_line(die, "CROOKED")

    def silence(self, die: str) -> None:
        """The die's battery dies: no more pings, so the board reports it disconnected."""
        with self._lock:
            self._silent_dice.add(die)

    def press(self, button: str) -> None:
        with self._lock:
            self.device.button(C.BUTTON_NAMES.index(button))

    def apply(self, action: BoardAction) -> None:
        if isinstance(action, FrameAction):
            self.set_frame(action.frame)
        elif isinstance(action, TokenAction):
            (self.place if action.present else self.lift)(action.square, action.token)
        elif isinstance(action, RollAction):
            self.roll(action.die, action.face)
        else:
            self.press(action.button)

    # -- the loop -------------------------------------------------------------------------

    def _run(self) -> None:
        while not self._stop.is_set():
            master = self._master
            if master is None:
                self._stop.wait(0.01)
            else:
                try:
                    ready, _, _ = select.select([master], [], [], 0.005)
                except (OSError, ValueError):
                    ready = []
                if ready:
                    self._read(master)
            with self._lock:
                if self._reopen_at is not None and time.monotonic() >= self._reopen_at:
                    self._reopen_at = None
                    self._open_pty()
                self._tick(_ms())

    def _read(self, master: int) -> None:
        with self._lock:
            if master != self._master:
                return
            try:
                data = os.read(master, 4096)
            except (BlockingIOError, OSError):
                return
            self.device.receive(data, _ms())

    def _tick(self, now: int) -> None:
        if now - self._last_ping >= PING_MS:
            self._last_ping = now
            for die, uid in self.dice.items():
                if die not in self._silent_dice:
                    self.device.dice_events(self.tracker.line(f"{uid:08X} PING", now))
        self.device.dice_events(self.tracker.tick(now))
        self.device.tick(now)

    def wait_settled(self, timeout: float = 1.0) -> bool:
        """Wait until the last change has settled and gone out as an event (players' hands are slower than the
        settle window; a busy machine must not make the emulator's hands faster than a person's)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                if not self.device.settling:
                    return True
            time.sleep(0.002)
        return False

    def wait_for_host(self, timeout: float) -> bool:
        """Wait until a host has spoken to the board (so a scenario is not played into the void)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.device.host_hellos:
                return True
            time.sleep(0.01)
        return False


def play(emulator: BoardEmulator, actions, interval: float, unplug_after: int | None = None,
         unplug_seconds: float = 1.0, reboot_after: int | None = None) -> int:
    """Play board actions in order, ``interval`` seconds apart; returns the number played."""
    played = 0
    for action in actions:
        emulator.apply(action)
        played += 1
        if unplug_after is not None and action.line >= unplug_after:
            unplug_after = None
            emulator.unplug(unplug_seconds)
        if reboot_after is not None and action.line >= reboot_after:
            reboot_after = None
            emulator.reboot()
        time.sleep(interval)
    return played


def register(sub: argparse._SubParsersAction) -> None:
    """Add `emulate-board` to the soccerboard command's subcommands."""
    p = sub.add_parser("emulate-board", help="a board on a pseudo-terminal speaking the bridge protocol",
                       description="Emulate the board's microcontroller on a pseudo-terminal: it prints the port "
                                   "first, waits for a host (soccerboard run with [hardware] backend = \"serial\" "
                                   "and that port) to say hello, then plays the scenario's set-up and moves as "
                                   "sensor changes and dice rolls.")
    p.add_argument("scenario", nargs="?",
                   help="scenario file (JSON Lines, docs/board.md section 5); - for stdin; none: an idle board")
    p.add_argument("--link", metavar="PATH", help="stable symlink to the current pty (like /dev/serial/by-id/...)")
    p.add_argument("--interval", type=not_negative, default=0.2, metavar="S", help="seconds between scenario actions")
    p.add_argument("--wait-for-host", type=not_negative, default=30.0, metavar="S",
                   help="wait up to S seconds for a host to open the port before playing (0: do not wait)")
    p.add_argument("--exit-after", type=not_negative, default=None, metavar="S",
                   help="exit S seconds after the scenario (default: run until interrupted)")
    p.add_argument("--corrupt", type=fraction, default=0.0, metavar="F", help="fraction of sent bytes to corrupt")
    p.add_argument("--drop", type=fraction, default=0.0, metavar="F", help="fraction of sent frames to drop")
    p.add_argument("--unplug-after", type=int, metavar="LINE", help="unplug after this scenario line")
    p.add_argument("--unplug-seconds", type=not_negative, default=1.0, metavar="S",
                   help="how long the cable stays unplugged")
    p.add_argument("--reboot-after", type=int, metavar="LINE", help="reboot after this scenario line")
    p.add_argument("--seed", type=int, default=None, help="seed of the corruption and drops (default: random)")
    p.add_argument("--protocol-version", type=int, default=C.PROTOCOL_VERSION, help=argparse.SUPPRESS)
    p.set_defaults(handler=emulate)


def emulate(args: argparse.Namespace) -> int:
    """``soccerboard emulate-board``: prints the port path first, on its own line."""
    for name in ("corrupt", "drop"):
        if not 0.0 <= getattr(args, name) <= 1.0:
            print(f"soccerboard emulate-board: --{name} must be between 0 and 1", file=sys.stderr)
            return 2
    lines: list[str] = []
    if args.scenario == "-":
        lines = sys.stdin.read().splitlines()
    elif args.scenario:
        try:
            with open(args.scenario, encoding="utf-8") as fh:
                lines = fh.read().splitlines()
        except OSError as exc:
            print(f"soccerboard emulate-board: cannot read {args.scenario}: {exc.strerror}", file=sys.stderr)
            return 2
    emulator = BoardEmulator(args.link, corrupt=args.corrupt, drop=args.drop, seed=args.seed,
                             protocol_version=args.protocol_version)
    emulator.start()
    try:
        print(emulator.port, flush=True)
        if args.link:
            print(f"# pty {emulator.slave_path}", file=sys.stderr, flush=True)
        if args.wait_for_host > 0:
            print(f"# waiting up to {args.wait_for_host:g} s for a host to open {emulator.port} "
                  "(--wait-for-host 0: do not wait)", file=sys.stderr, flush=True)
        if args.wait_for_host > 0 and not emulator.wait_for_host(args.wait_for_host):
            print("# no host connected; playing anyway", file=sys.stderr, flush=True)
        played = play(emulator, board_actions(lines), args.interval, args.unplug_after,
                      args.unplug_seconds, args.reboot_after)
        print(f"# played {played} board actions", file=sys.stderr, flush=True)
        if args.exit_after is None:
            while True:
                time.sleep(3600)
        time.sleep(args.exit_after)
    except KeyboardInterrupt:
        pass
    finally:
        emulator.stop()
    return 0


def main(argv: list[str]) -> int:
    """Run as a program of its own: ``python -m simulator.board_emulator SCENARIO ...``."""
    parser = Parser(prog="soccerboard")
    register(parser.add_subparsers(dest="command", required=True))
    return emulate(parser.parse_args(["emulate-board", *argv]))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))

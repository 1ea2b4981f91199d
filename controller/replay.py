"""`soccerboard replay`: feed scenario lines to the core and print verdicts, events and a snapshot.

Output (docs/board.md section 6) is JSON Lines: a verdict per input line in order, game events as they
happen, and a last {"snapshot": ...}. Bad lines are rejected with `bad_input`, never a crash.
`--format text` tells the same in words (controller/story.py): each refused line with its reason, the
match story with the minutes `soccerboard report` and the console give, and the result.
"""
from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable, Iterable
from typing import Any, TextIO

from . import story
from .core import Core, Outcome
from .i18n import say, translate
from .scenario import BadInput, parse_line
from .seam import Illegal


def replay_lines(lines: Iterable[str], core: Core | None = None, leds: bool = False) -> list[dict]:
    """All replay outputs for the given lines, in order (the last one is the snapshot)."""
    out: list[dict] = []
    replay_into(lines, out.append, core, leds)
    return out


JOURNAL_HEADER = "# soccerboard-journal "


def _core_for(first_line: str | None) -> Core:
    """A daemon journal says in its header whether its board was sensed; a plain scenario follows the game."""
    if first_line and first_line.startswith(JOURNAL_HEADER):
        try:
            header = json.loads(first_line[len(JOURNAL_HEADER):])
            from .games import default, get_ruleset
            name = header.get("ruleset", default().name)
            return Core(get_ruleset(name, options=header.get("options") or None),
                        board_follows_game=bool(header.get("board_follows_game", True)))
        except (ValueError, TypeError, AttributeError):
            pass                 # an unreadable header: replay it as a plain scenario
    return Core()


def replay_into(lines: Iterable[str], emit, core: Core | None = None, leds: bool = False,
                before_input: Callable[[Core], None] | None = None) -> Core:
    """Feed the lines, handing every output to `emit`; `before_input(core)` is called before each input."""
    lines = iter(lines)
    first = next(lines, None)
    if first is not None:
        lines = _chain(first, lines)
    core = core or _core_for(first)
    shown: dict[str, dict[str, Any] | None] = {"leds": None}

    def show_leds() -> None:
        if leds and core.game is not None:
            from .leds import planner_for
            plan_leds = planner_for(core.ruleset)
            if plan_leds is None:         # a game whose LEDs are not planned yet: nothing to show
                return
            doc = plan_leds(core.game, core.board_view()).to_json()
            if doc != shown["leds"]:
                shown["leds"] = doc
                emit({"leds": doc})

    for number, text in enumerate(lines, start=1):
        try:
            line = parse_line(text)
        except BadInput as e:
            emit({"line": number, "ok": False, "reason": "bad_input", "detail": str(e)})
            continue
        if line is None:
            continue
        if before_input is not None:
            before_input(core)
        try:
            result = core.feed(line)
        except Illegal as e:   # a rules bug must not lose the match: report and go on
            result = Outcome(verdict={"ok": False, "reason": e.reason, "detail": e.detail})
        for event in result.settled:
            emit(event)
        emit({"line": number, **result.verdict})
        for event in result.events:
            emit(event)
        show_leds()
    if before_input is not None:
        before_input(core)
    for event in core.finish():
        emit(event)
    show_leds()
    emit({"snapshot": core.snapshot()})
    return core


def _chain(first, rest):
    yield first
    yield from rest


class TextOutput:
    """`--format text`: the outputs of replay_into in words."""

    def __init__(self, write: Callable[[str], object]):
        self.write = write
        self.core: Core | None = None
        self.before: dict | None = None
        self.minute: str | None = None
        self.story = story.of(None)

    def before_input(self, core: Core) -> None:
        self.core, self.before, self.minute = core, core.snapshot(), None
        self.story = story.of(core.ruleset.name)      # the words of the game this input is played in

    def __call__(self, obj: dict) -> None:
        if "event" in obj:
            if self.story.told(obj):
                if self.minute is None:
                    after = self.core.snapshot() if self.core is not None else None
                    self.minute = story.event_minute(self.before, after)
                self.write(self.story.line(self.minute, obj) + "\n")
        elif "line" in obj and not obj.get("ok"):
            if obj.get("detail"):
                refused = say("line {line}: refused, {reason}: {detail}", line=obj["line"], reason=obj.get("reason"),
                              detail=obj["detail"])
            else:
                refused = say("line {line}: refused, {reason}", line=obj["line"], reason=obj.get("reason"))
            self.write(translate.text(refused) + "\n")
        elif "snapshot" in obj:
            self.write(translate.text(story.result(obj["snapshot"])) + "\n")


def run(path: str, stdout: TextIO = sys.stdout, leds: bool = False, fmt: str = "json") -> int:
    def emit_json(obj: dict) -> None:
        stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")

    emit: Callable[[dict], None] = emit_json
    before_input = None
    if fmt == "text":
        text = TextOutput(stdout.write)
        emit, before_input = text, text.before_input
    if fmt == "text" and isinstance(stdout, io.TextIOWrapper):
        stdout.reconfigure(errors="backslashreplace")     # a name with a lone surrogate, told in words
    try:
        if path == "-":
            # bytes that are not UTF-8 are a bad line like any other, not a UnicodeDecodeError that ends the replay
            stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
            replay_into(stdin, emit, leds=leds, before_input=before_input)
            return 0
        try:
            # opened apart from the `with` below so that only a failure to open reads as "cannot read"
            f = open(path, encoding="utf-8", errors="replace")  # noqa: SIM115
        except OSError as e:
            sys.stderr.write(translate.text(say("soccerboard replay: cannot read {path}: {why}", path=path,
                                                why=e.strerror)) + "\n")
            return 2
        with f:
            replay_into(f, emit, leds=leds, before_input=before_input)
    except BrokenPipeError:          # the reader went away (| head): nothing left to say
        from .commandline import quiet_stdout
        quiet_stdout()
    return 0

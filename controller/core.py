"""The deterministic core: every input goes through here, one at a time, and nothing else decides.

Inputs are scenario lines (docs/board.md section 5): the live daemon turns sensor frames, dice and buttons
into them, `soccerboard replay` reads them from a file, the simulator makes them. The core keeps the
sensed board, compares it with the board the game expects, and turns the difference into game actions
(the picochess way: match the whole occupancy against the engine, never trust single events). Same
inputs, same outputs: verdicts, game events and snapshots.

The core asks a game only what every game has (controller/seam.py GameState) and, once per set-up, whether its
ruleset has the sensed-grid capability (SensedGrid): a game without it has no sensed board, so no occupancy is
kept and every input goes to the game through `ruleset.action_for`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import reduce
from typing import TYPE_CHECKING, Any

from controller.i18n import N_, Say, say
from hal.board import BIT_TOKEN, N_SQUARES, SETTLE_SECONDS, TOKEN_BIT, square_name
from hal.board import square_index as parse_square

from .games import UnknownGame, get_ruleset, info
from .scenario import ClockLine, GameLine, Input, Lift, Move, Place, PressLine, RollLine, Setup, parse_obj
from .seam import GameState, GridGame, Illegal, Reading, Ruleset, SensedGrid, minor_foul_for

if TYPE_CHECKING:
    from .leds.view import BoardView

Event = dict[str, Any]
SquareToken = tuple[int, str]   # (square, 'red' | 'blue' | 'ball')


@dataclass
class Outcome:
    """What one input produced: events of an earlier pending move it settled, its verdict, its events."""
    settled: list[Event] = field(default_factory=list)
    verdict: dict[str, Any] = field(default_factory=lambda: {"ok": True})
    events: list[Event] = field(default_factory=list)


def _reject(e: Illegal) -> dict[str, Any]:
    return {"ok": False, "reason": e.reason, "detail": e.detail}


def _reject_said(e: Illegal) -> dict[str, Any]:
    """A refusal the snapshot shows (the board out of step): with its sentence's template and arguments, for the
    page to say it in its reader's language (docs/mqtt.md). Verdicts keep the replay output's fields alone."""
    out = _reject(e)
    if isinstance(e.detail, Say):
        out["say"] = e.detail.said()
    return out


def _own(ruleset: Ruleset) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The line types and set-up keys of the ruleset's game's own; none for a ruleset no registry entry names
    (a game a test builds in place)."""
    try:
        game = info(ruleset.name)
    except UnknownGame:
        return (), ()
    return game.lines, game.setup_keys


class Core:
    """Feed it inputs; it answers with Outcomes. `board_follows_game`: the replay assumes players
    carry out the game's own relocations (kick-off formation after a goal); a sensed board does not.
    `sensed` and `grid`: the ruleset and the game as a sensed grid, None for a game without a sensed board."""

    def __init__(self, ruleset: Ruleset | None = None, board_follows_game: bool = True) -> None:
        self.ruleset = ruleset or get_ruleset()
        self._configured = self.ruleset      # the game a set-up that names none plays
        self.board_follows_game = board_follows_game
        self.game: GameState | None = None
        self.sensed: SensedGrid | None = None
        self.grid: GridGame | None = None
        self._moves_go_on = False       # a token lifted again goes on with the last `move` line's move (S29, S36)
        self.board = bytearray(N_SQUARES)
        self.pending: Reading | None = None
        self.mismatch: Illegal | None = None
        self.foul: Any = None         # a misplacement that becomes a minor foul when the settle window ends (C10)
        self._foul_token: tuple[str, str] | None = None   # (square, token) of that misplacement
        self._foul_wait = 0.0         # simulated seconds of the settle window gone by
        # the players' correction of a called foul's token that a board following the game made already (C24):
        # (wrong square, origin square, token, lifted yet)
        self._owed: tuple[int, int, str, bool] | None = None
        # a `move` line's action applied at once, that the same token's next lift may still go on with (S29, S36):
        # (token, square it was put on, the action)
        self._last_move: tuple[str, int, Any] | None = None
        self.question: dict[str, Any] | None = None        # pawn identities the players must confirm
        self._in_hand_peak = {"red": 0, "blue": 0}   # most same-colour pawns off their squares at once
        # squares a colour was put down on, this episode
        self._placed: dict[str, set[int]] = {"red": set(), "blue": set()}
        self.relocated = 0            # tokens the last input moved that no hand moved: board bits flipped, as an int
        self.dice: dict[str, int | None] = {"red": None, "blue": None}   # the face each die showed last
        self._own_lines: tuple[str, ...] = ()     # the game's own line types (GameInfo.lines)

    @property
    def _game(self) -> GameState:
        """The game, where one exists already (every input but the first set-up line)."""
        assert self.game is not None
        return self.game

    # ----- inputs ------------------------------------------------------------------------------
    def feed(self, line: Input) -> Outcome:
        self.relocated = 0
        out = self._feed(line)
        if isinstance(line, RollLine) and out.verdict.get("ok"):
            self.dice[line.die] = line.value
        return out

    def feed_chosen(self, line: dict[str, Any]) -> Outcome:
        """A line a bot chose from the game's own legal actions, so the core must take it: a refusal is the
        bot's mistake, raised (RuntimeError) so that a simulated match never plays on past it."""
        out = self.feed(parse_obj(line))
        if not out.verdict["ok"]:
            raise RuntimeError(f"the core refused a bot's line {line}: {out.verdict}")
        return out

    def _feed(self, line: Input) -> Outcome:
        if not isinstance(line, (Lift, Place, Move, ClockLine)):
            self._owed = None                   # play went on: the correction is no longer the next thing
        if not isinstance(line, (Lift, Move)):
            self._last_move = None              # another input came between: the move is over
        if isinstance(line, Setup):
            return self._setup(line)
        if self.game is None:
            return Outcome(verdict=_reject(Illegal("no_game",
                                                   say("no game yet: the first input must be a setup line"))))
        if isinstance(line, (Lift, Place, Move)):
            return self._physical(line)
        if isinstance(line, PressLine) and line.button == "undo":
            return self._undo()
        if isinstance(line, GameLine) and line.type not in self._own_lines:
            return Outcome(verdict=_reject(Illegal("bad_input", line.core_error or say(
                "a {type} line means nothing in {game}", type=line.type, game=self.ruleset.name))))
        out = Outcome()
        called = None
        if self.foul is not None:
            if isinstance(line, ClockLine) and self._foul_wait + line.advance < SETTLE_SECONDS:
                self._foul_wait += line.advance          # still inside the settle window: time passes
                try:
                    out.events = self._game.apply(self.ruleset.action_for(line))
                except Illegal as e:
                    out.verdict = _reject(e)
                return out
            called = self._call_foul()                  # the window is over: the foul first, then this input
        if called is not None:
            out.settled = called
        elif self.mismatch is not None:
            return Outcome(verdict=_reject(self._mismatch_error()))
        if self.question is not None:
            if isinstance(line, PressLine) and line.button == "confirm":
                answered, self.question = self.question, None
                return Outcome(events=[{"event": "identity_confirmed", **answered}])
            if not isinstance(line, ClockLine):
                return Outcome(verdict=_reject(Illegal("identity_ambiguous", say(
                    "confirm which pawn stands where first: {pawns} (press confirm)",
                    pawns=[say("{pawn} on {square}", pawn=p, square=sq) for sq, p in self.question["pawns"].items()]))))
        if self.pending is not None and (not isinstance(line, ClockLine) or line.advance >= SETTLE_SECONDS):
            out.settled += self._settle()
        try:
            out.events = self._game.apply(self.ruleset.action_for(line))
        except Illegal as e:
            out.verdict = _reject(e)
            return out
        except ValueError as e:             # a line this game has no action for
            out.verdict = _reject(Illegal("bad_input", str(e)))
            return out
        self._follow()
        return out

    def finish(self) -> list[Event]:
        """End of input: a pending position settles, a misplacement left on the board is a foul (C10)."""
        if self.game is not None and self.foul is not None:
            return self._call_foul() or []
        return self._settle() if self.game is not None and self.mismatch is None else []

    def due_in(self, snapshot: dict[str, Any] | None = None) -> float | None:
        """Seconds of game time until time itself decides something: the settle window closing on a pending
        move or a misplacement, a move, reset or turn clock running out, a period ending. None when only an
        input can change the game. Read from the state (`snapshot`: this core's latest, to save making one),
        never from a clock: the daemon sleeps until then and feeds exactly that much time."""
        if self.game is None:
            return None
        if self.foul is None and self.mismatch is not None:
            return None                         # every input but a correction is refused, time included
        dues = [self.ruleset.due_in(snapshot if snapshot is not None else self.snapshot() or {})]
        if self.foul is not None:
            dues.append(max(SETTLE_SECONDS - self._foul_wait, 0.0))
        elif self.pending is not None and self.pending.kind == "exact":
            dues.append(SETTLE_SECONDS)         # a clock line this long settles it (see _feed)
        found = [d for d in dues if d is not None]
        return min(found) if found else None

    def board_view(self) -> BoardView:
        """What the LEDs need beyond the game: tokens in hand, or what to fix, and identity questions."""
        from .leds.view import BoardView
        if self.game is None or self.sensed is None:
            return BoardView()
        missing, extra = self._difference()
        ambiguous = 0
        if self.question is not None:
            for name in self.question["pawns"]:
                ambiguous |= 1 << parse_square(name)
        if self.mismatch is not None:
            return BoardView(extra=tuple(extra), missing=tuple(missing), ambiguous=ambiguous, mismatch=True)
        return BoardView(lifted=tuple(missing), ambiguous=ambiguous)

    def snapshot(self) -> dict[str, Any] | None:
        if self.game is None:
            return None
        snap = self.ruleset.snapshot(self.game)
        snap["board"] = {"consistent": self.mismatch is None and self._difference() == ([], []),
                         "mismatch": _reject_said(self.mismatch) if self.mismatch else None,
                         "question": self.question}
        snap["dice"] = dict(self.dice)
        return snap

    # ----- set-up and undo ------------------------------------------------------------------------
    def _setup(self, line: Setup) -> Outcome:
        ruleset = self._configured
        try:
            if line.ruleset is not None and line.ruleset != ruleset.name:
                ruleset = get_ruleset(line.ruleset)      # the set-up names the game to play
            own_lines, own_keys = _own(ruleset)
            stray = sorted(set(line.game) - set(own_keys))
            if stray:
                raise ValueError(f"setup line, {stray[0]}: not a set-up key of {ruleset.name}")
            game = ruleset.new_game(line)
        except ValueError as e:
            return Outcome(verdict=_reject(Illegal("bad_input", str(e))))
        self.ruleset = ruleset
        self._own_lines = own_lines
        # the capabilities, looked up once per set-up: every sensor frame asks them
        self.sensed = ruleset if isinstance(ruleset, SensedGrid) else None
        self.grid = game if self.sensed is not None and isinstance(game, GridGame) else None
        if self.sensed is not None and self.grid is None:
            raise TypeError(f"{ruleset.name}: a ruleset with a sensed grid makes grid games, not {game!r}")
        self._moves_go_on = bool(getattr(ruleset, "moves_go_on", False))
        # A set-up starts everything about the match afresh, the hands included: a live core that refereed a
        # match before must answer the lines after it exactly as a replay of the new match's journal does.
        self.game, self.pending, self.mismatch, self.question = game, None, None, None
        self.foul, self._foul_token, self._foul_wait, self._owed = None, None, 0.0, None
        self.dice = {"red": None, "blue": None}
        self._in_hand_peak = {"red": 0, "blue": 0}
        self._placed = {"red": set(), "blue": set()}
        self._relocate(self._expected())
        return Outcome(events=game.events_of_setup())

    def _undo(self) -> Outcome:
        try:
            self._game.take_back()
        except Illegal as e:
            return Outcome(verdict=_reject(e))
        self.pending, self.mismatch, self.foul, self.question = None, None, None, None   # all about the undone input
        self._owed = None
        self._in_hand_peak = {"red": 0, "blue": 0}
        self._placed = {"red": set(), "blue": set()}
        self._follow()              # a replayed board goes back with the game; a sensed one waits for the players
        return Outcome(events=[{"event": "undone"}])

    # ----- the physical board ----------------------------------------------------------------------
    def _physical(self, line: Lift | Place | Move) -> Outcome:
        if self.sensed is None:
            return Outcome(verdict=_reject(Illegal(
                "bad_input", say("{name} has no sensed board: a {type} line means nothing in it",
                                 name=self.ruleset.name, type=line.type))))
        out = Outcome()
        if self.foul is not None:
            if isinstance(line, Lift) and (line.square, line.token) == self._foul_token:
                self.foul = None                         # taken back within the settle window: no foul
            else:
                out.settled = self._call_foul() or []    # the window is over: the foul first, then this input
        if self._owed is not None:
            if self._correction_step(line):
                return out
            self._owed = None
        board = bytearray(self.board)
        steps = [("lift", line.from_, line.token), ("place", line.to, line.token)] if isinstance(line, Move) \
            else [(line.type, line.square, line.token)]
        if isinstance(line, Move) and line.from_ == line.to:
            return Outcome(verdict=_reject(Illegal("bad_input", say("a move goes from one square to another"))))
        for kind, name, token in steps:
            sq, bit = parse_square(name), TOKEN_BIT[token]
            if kind == "lift" and not board[sq] & bit:
                out.verdict = _reject(Illegal("no_token", say("there is no {token} token on {name} to lift",
                                                              token=token, name=name)))
                return out
            if kind == "place" and board[sq] & bit:
                if isinstance(line, Move) and token != "ball":   # rule 2: never two pawns of a team on a square
                    out.verdict = _reject(Illegal("square_taken", say("{name} already holds a {token} pawn",
                                                                      name=name, token=token)))
                else:
                    out.verdict = _reject(Illegal("bad_input", say("there is a {token} token on {name} already",
                                                                   token=token, name=name)))
                return out
            board[sq] ^= bit
        final = isinstance(line, Move)
        reading = self._read(board, final)
        last, self._last_move = self._last_move, None
        if last is not None and self._goes_on(line, last):
            # S29, S36: the token put down by the last `move` line is lifted again with nothing between: one move
            # from its first square, read again from there (if that reading is wrong, the line is judged alone)
            self._game.undo()
            again = self._read(board, final)
            if again.kind == "wrong":
                self._game.apply(last[2])
            else:
                reading = again
        if reading.kind == "wrong" and self.pending is not None and self.pending.kind == "exact":
            # the new input tells the readings apart: the pending move was complete
            out.settled += self._settle()
            reading = self._read(board, final)
        was_mismatched = self.mismatch is not None
        if reading.kind == "wrong":
            error = reading.error
            assert error is not None        # a wrong reading always says what is wrong
            if isinstance(line, Move):      # a refused move is taken back by the players
                out.verdict = _reject(self._mismatch_error() if was_mismatched else error)
                return out
            self.board = board
            self.mismatch = error if not was_mismatched else self.mismatch
            out.verdict = _reject(self._mismatch_error() if was_mismatched else error)
            if not was_mismatched and isinstance(line, Place):
                missing, extra = self._diff(board)
                assert self.grid is not None
                self.foul = minor_foul_for(self.ruleset, self.grid, missing, extra, error)
                self._foul_token, self._foul_wait = (line.square, line.token), 0.0
            return out
        self.board, self.mismatch = board, None
        self._watch_identity(line)
        if reading.kind == "exact" and reading.action is not None and not reading.open_ended:
            out.events = self._game.apply(reading.action)
            self.pending = None
            self._follow()
            if isinstance(line, Move) and not out.events and self._moves_go_on:
                self._last_move = (line.token, parse_square(line.to), reading.action)
        elif reading.kind == "exact" and reading.action is None:
            self.pending = None
        else:
            self.pending = reading
            out.verdict = {"ok": True, "pending": True}
        if self.pending is None:
            out.events += self._ask_identity()
        return out

    def _goes_on(self, line: Lift | Place | Move, last: tuple[str, int, Any]) -> bool:
        """Whether this line lifts again the token that the last `move` line put down (a move that told nothing:
        a move with events, a kick or a possession, has been announced and stands)."""
        token, square, _ = last
        if line.token != token or self.pending is not None or self.mismatch is not None:
            return False
        if isinstance(line, Move):
            return parse_square(line.from_) == square
        return isinstance(line, Lift) and parse_square(line.square) == square

    def _correction_step(self, line: Lift | Place | Move) -> bool:
        """C24: after a called foul the game put the misplaced token back, and a board that follows the game
        shows it there; the players' lifting it from the wrong square and putting it on its origin (raw lines
        or one `move`) is that same correction catching up: accepted, with no effect on game or board."""
        assert self._owed is not None
        wrong, origin, token, lifted = self._owed
        bit = TOKEN_BIT[token]
        if line.token != token or self.board[wrong] & bit or not self.board[origin] & bit:
            return False
        if isinstance(line, Move):
            if lifted or (parse_square(line.from_), parse_square(line.to)) != (wrong, origin):
                return False
            self._owed = None
        elif isinstance(line, Lift):
            if lifted or parse_square(line.square) != wrong:
                return False
            self._owed = (wrong, origin, token, True)
        else:
            if not lifted or parse_square(line.square) != origin:
                return False
            self._owed = None
        return True

    # ----- pawn identity (docs/board.md 3: ambiguity is asked, never guessed) ----------------------------------
    def _watch_identity(self, line: Lift | Place | Move) -> None:
        missing, _ = self._difference()
        for colour in ("red", "blue"):
            held = sum(1 for _, t in missing if t == colour)
            self._in_hand_peak[colour] = max(self._in_hand_peak[colour], held)
        squares = [(line.to, line.token)] if isinstance(line, Move) else \
            [(line.square, line.token)] if isinstance(line, Place) else []
        for name, token in squares:
            if token in self._placed:
                self._placed[token].add(parse_square(name))

    def _ask_identity(self) -> list[Event]:
        """After two or more pawns of a colour were in hand at once, the board cannot tell which went
        where: ask the players to confirm (unless the pawns are interchangeable defenders)."""
        events: list[Event] = []
        for colour in ("red", "blue"):
            if self._in_hand_peak[colour] >= 2:
                team = 0 if colour == "red" else 1
                game = self.grid
                assert game is not None         # pawns are put down on a sensed grid only
                pawns = {sq: p for p in game.team_pawns(team)
                         for sq in [game.pawn_square(p)] if sq in self._placed[colour]}
                if len(pawns) >= 2 and not all(game.interchangeable(p) for p in pawns.values()):
                    self.question = {"team": colour,
                                     "pawns": {square_name(sq): game.pawn_name(p) for sq, p in sorted(pawns.items())}}
                    events.append({"event": "identity_question", **self.question})
            self._in_hand_peak[colour] = 0
            self._placed[colour] = set()
        return events

    def _difference(self) -> tuple[list[SquareToken], list[SquareToken]]:
        return self._diff(self.board)

    def _diff(self, board: bytes | bytearray) -> tuple[list[SquareToken], list[SquareToken]]:
        """Tokens the game expects that the board lacks, and tokens the board has that it does not expect (none
        for a game without a sensed board)."""
        if self.sensed is None or self.grid is None:
            return [], []
        expected = self.sensed.expected_occupancy(self.grid)
        exp_bits = int.from_bytes(expected, "little")
        differ = exp_bits ^ int.from_bytes(board, "little")
        missing: list[SquareToken] = []
        extra: list[SquareToken] = []
        while differ:                       # one bit per (square, token) that differs
            low = differ & -differ
            differ ^= low
            pos = low.bit_length() - 1
            entry = (pos >> 3, BIT_TOKEN[1 << (pos & 7)])
            (missing if exp_bits & low else extra).append(entry)
        return missing, extra

    def _read(self, board: bytes | bytearray, final: bool = False) -> Reading:
        missing, extra = self._diff(board)
        assert self.sensed is not None and self.grid is not None     # only lines on a sensed board are read
        return self.sensed.read_difference(self.grid, missing, extra, final)

    def _settle(self) -> list[Event]:
        """Apply a pending move that is complete as it stands (its events come out now)."""
        pending, self.pending = self.pending, None
        if pending is None or pending.kind != "exact" or pending.action is None:
            self.pending = pending if pending is not None and pending.kind == "pending" else None
            return []
        events = self._game.apply(pending.action)
        self._follow()
        return events

    def _call_foul(self) -> list[Event] | None:
        """The settle window ended with a misplacement on the board (C10): the minor foul is called and the
        misplaced token goes back (C17); a board that follows the game is corrected, a sensed one waits.
        None when no foul is called: play moved on meanwhile (the move clock ran out), so it is only corrected."""
        foul, self.foul = self.foul, None
        missing, extra = self._difference()
        if self.grid is None or minor_foul_for(self.ruleset, self.grid, missing, extra, self.mismatch) is None:
            return None
        self.mismatch, self.pending = None, None
        events = self._game.apply(foul)
        self._follow()
        if self.board_follows_game and len(missing) == 1 and len(extra) == 1:
            (origin, token), (wrong, _) = missing[0], extra[0]
            self._owed = (wrong, origin, token, False)      # the players' correction is still to come (C24)
        return events

    def _follow(self) -> None:
        """After an action: a replay assumes the players carried out the game's own relocations; a
        sensed board that now differs (kick-off formation after a goal) waits until they have."""
        if self.pending is not None or self.sensed is None:
            return
        if self.board_follows_game:
            self._relocate(self._expected())
        elif self._difference() != ([], []):
            self.mismatch = Illegal("board_mismatch", say("the game moved tokens itself: set the board as the "
                                                          "LEDs show"))

    def _expected(self) -> bytearray:
        """Where the game expects each token (an empty board for a game without a sensed board)."""
        if self.sensed is None or self.grid is None:
            return bytearray(N_SQUARES)
        return self.sensed.expected_occupancy(self.grid)

    def expected_occupancy(self) -> bytearray:
        """Where the game expects each token: 128 squares x 3 bits (red, blue, ball); all empty with no game, or
        for a game without a sensed board."""
        return self._expected() if self.game is not None else bytearray(N_SQUARES)

    def _relocate(self, board: bytes | bytearray) -> None:
        """The game puts its tokens where `board` says (no hand moved them): remembered in `relocated`,
        so a board that follows the game (the simulator's) can move them on its sensors too."""
        if board != self.board:
            self.relocated ^= int.from_bytes(self.board, "little") ^ int.from_bytes(board, "little")
            self.board = bytearray(board)

    def set_board(self, board: bytes) -> None:
        """The whole sensed board at once (a resync after the board reconnects, or players following the
        LEDs): clears the mismatch when it agrees with the game. A game without a sensed board keeps none."""
        if self.game is not None and self.sensed is None:
            return
        self.board = bytearray(board)
        if self._difference() == ([], []):
            self.mismatch, self.pending = None, None

    def _mismatch_error(self) -> Illegal:
        missing, extra = self._difference()
        steps = ([say("lift the {token} token on {square}", token=Say(t), square=square_name(s)) for s, t in extra]
                 + [say("put a {token} token back on {square}", token=Say(t), square=square_name(s))
                    for s, t in missing])
        fix = reduce(lambda a, b: say("{a}; {b}", a=a, b=b), steps) if steps else N_("correct it")
        return Illegal("board_mismatch", say("the board is out of step with the game: {fix}", fix=fix))


"""The computer's seat at the board, and hints: it plays one team (`[match] computer`, or a `new_game` command's
keys) and, when asked (`cmd/hint`), finds the best action for the side to act.

The core stays the only referee. The seat is offered the match on the core thread after every input; when its
team is to act it copies the game there and thinks on a thread of its own (a search may take a moment; the
referee never waits for it), then hands its choice back to the core thread (Daemon.read). What it does with it:

* on a sensed board the computer has no hands: its action is LIT, a step at a time (the square to lift, the
  square to put on), published on `<base>/computer` and shown on the page; the person carries it out and the
  core referees it as any move. A different move the core accepted is refused: the seat presses `undo` (a
  journaled referee button), and the core's correction path guides the tokens back; then the step shows again.
* its die: with `computer_dice = "virtual"` its roll goes on the input queue (source `computer`, journaled and
  announced as any roll); with "die" a person rolls the computer's die and the seat waits. Its buttons (a corner's
  `confirm`) and the identity questions about its own pawns are answered by the seat itself.
* with no hands to guide (`soccerboard sim`, a game with no sensed board) its lines go on the queue, as a
  board's would.
"""
from __future__ import annotations

import copy
import json
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from controller.players import Opponent, players_for
from hal.board import TEAMS, square_index, square_name

from .inputs.commands import CommandError, load_json, request_id_of, response
from .match_seat import MatchSeat
from .outputs.publisher import Msg
from .referee import Referee

log = logging.getLogger(__name__)

Line = dict[str, Any]
PHYSICAL = ("lift", "place", "move")
CHANCE = ("roll", "spin")
HINT_LEVEL = 5                  # a hint is the strongest advice there is
TOPIC = "computer"              # <base>/computer, retained (docs/mqtt.md)
UNDO_WAIT = 5.0                 # seconds an undo the seat pressed may take to bring the position back


@dataclass(frozen=True)
class Step:
    """One board line of an action, as hands carry it out: lift from `lift`, put on `put` (-1: none)."""
    line: Line
    lift: int = -1
    put: int = -1
    token: str = ""

    def done(self, board: bytes | bytearray) -> bool:
        """The sensed board shows this step carried out: its token on `put` and gone from `lift`."""
        from hal.board import TOKEN_BIT
        bit = TOKEN_BIT[self.token]
        return (self.put < 0 or bool(board[self.put] & bit)) and (self.lift < 0 or not board[self.lift] & bit)

    def in_hand(self, board: bytes | bytearray) -> bool:
        from hal.board import TOKEN_BIT
        return self.lift >= 0 and not board[self.lift] & TOKEN_BIT[self.token]


def step_of(line: Line) -> Step:
    kind = line.get("type")
    if kind == "move":
        return Step(line, square_index(line["from"]), square_index(line["to"]), line["token"])
    if kind == "place":
        return Step(line, put=square_index(line["square"]), token=line["token"])
    if kind == "lift":
        return Step(line, lift=square_index(line["square"]), token=line["token"])
    return Step(line)


def describe(lines: list[Line]) -> str:
    """The action in words, for the page and the console: 'lift c4, put on c6', 'roll the blue die'."""
    said = []
    for line in lines:
        kind = line.get("type")
        if kind == "move":
            said.append(f"lift {line['from']}, put on {line['to']}")
        elif kind == "place":
            said.append(f"put a {line['token']} token on {line['square']}")
        elif kind == "lift":
            said.append(f"lift {line['square']} off the pitch")
        elif kind == "roll":
            said.append(f"roll the {line['die']} die")
        elif kind == "spin":
            said.append("spin")
        elif kind == "press":
            said.append(f"press {line['button']}")
    return "; then ".join(said)


def fingerprint(snapshot: dict | None) -> str:
    """The game as the seat sees it: the snapshot but the running clock and the sensed board. An action taken or
    taken back changes it; time passing does not (until time decides something)."""
    if snapshot is None:
        return ""
    return json.dumps({k: v for k, v in snapshot.items() if k not in ("clock", "board", "dice", "seq")},
                      sort_keys=True, default=str)


@dataclass
class Plan:
    """An action to carry out, chosen for the position `fp`: the computer's (kind "computer") or a hint."""
    kind: str
    team: int
    level: int
    fp: str
    lines: list[Line]
    base: bytes                                   # the sensed board it was chosen on
    steps: list[Step] = field(default_factory=list)
    sent: set[int] = field(default_factory=set)   # lines the seat put on the queue itself
    refused: int = 0                              # different moves refused so far
    back: bool = True                             # the board stood as chosen on since the last refusal
    refused_board: bytes = b""                    # the board the last refusal was for

    def __post_init__(self) -> None:
        self.steps = [step_of(line) for line in self.lines]

    def current(self, board: bytes | bytearray) -> int | None:
        """The first line not yet carried out, None when all are (as far as the board and the seat know)."""
        for i, step in enumerate(self.steps):
            kind = step.line.get("type")
            if kind in PHYSICAL:
                if not step.done(board):
                    return i
            elif i not in self.sent:
                return i
        return None

    def waypoints(self) -> list[bytes]:
        """The sensed boards on the way: the first, then after each step's lift and after its put; the last is
        the board once every physical step is carried out."""
        from hal.board import TOKEN_BIT
        board = bytearray(self.base)
        out = [bytes(board)]
        for step in self.steps:
            if step.token:
                bit = TOKEN_BIT[step.token]
                if step.lift >= 0:
                    board[step.lift] &= ~bit & 0xFF
                    out.append(bytes(board))
                if step.put >= 0:
                    board[step.put] |= bit
                    out.append(bytes(board))
        return out

    def final(self) -> bytes:
        return self.waypoints()[-1]

    def tokens(self) -> set[str]:
        """The tokens the action moves."""
        return {s.token for s in self.steps if s.token}

    def physical(self) -> bool:
        return any(s.line.get("type") in PHYSICAL for s in self.steps)


class ComputerSeat:
    """The computer's seat and the hints, for one daemon. A line source as far as the daemon's start and stop
    go (it sets up nothing; a resumed match goes on from the game as it stands). `hands`: None lights the
    computer's actions on a sensed board and puts them on the queue otherwise; False always puts them on the
    queue (the simulator, whose board has no hands). `think`: the seconds it waits before putting lines on the
    queue, as a person would. `seat`: a seat of its own (the simulator's casual bot for one team), instead of the
    match's (`Daemon.match_seat`: the config's `[match]`, or the new_game command's keys)."""

    sets_up = False

    def __init__(self, daemon: Any, seed: int = 1, think: float = 0.5, hands: bool | None = None,
                 players: Callable[[str, int, int, int], Opponent] | None = None, seat: MatchSeat | None = None,
                 name: str = "computer") -> None:
        self.daemon = daemon
        self._seat, self.name = seat, name
        self.seed, self.think, self.hands = seed, think, hands
        self._make = players or player_for
        self._players: dict[tuple[str, int, int], Opponent | None] = {}
        self.plan: Plan | None = None           # the computer's action under way (core thread)
        self.hint: Plan | None = None           # the hint shown (core thread)
        self._asked = ""                        # the position the computer was last asked to think about
        self._confirmed = -1                    # the seq of the last identity question it answered
        self._undone = ""                       # the position it pressed undo in (once per refusal)
        self._undone_at = 0.0
        self._published: dict | None = None
        self._jobs: list[tuple[str, Any]] = []
        self._cond = threading.Condition()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="soccerboard-computer", daemon=True)

    @property
    def seat(self) -> MatchSeat:
        """Who the computer plays, at which level, and who rolls its die."""
        return self._seat if self._seat is not None else self.daemon.match_seat

    # ---- the daemon's side ------------------------------------------------------------------------
    def attach(self) -> ComputerSeat:
        self.daemon.after_step.append(self.offer)
        self.daemon.guide = self.guide
        self.daemon.command_hooks["hint"] = self.ask_hint
        return self

    def start(self) -> ComputerSeat:
        self._thread.start()
        return self

    def resume(self, origin, journal_lines, normalise=None) -> None:
        """Nothing to skip: the computer decides from the game as it stands."""

    def stop(self) -> None:
        self._stop.set()
        with self._cond:
            self._cond.notify()
        if self._thread.is_alive():
            self._thread.join(2.0)

    # ---- the core thread --------------------------------------------------------------------------
    def offer(self, ref: Referee) -> None:
        """After every input: answer what the seat answers, refuse a move that is not the computer's, and ask
        the computer to think when its team is to act; the `<base>/computer` document follows."""
        self._offer(ref)
        self._publish()

    def _offer(self, ref: Referee) -> None:
        core = ref.core
        seat = self.seat
        if seat.team is None and self.plan is None and self.hint is None:
            return                              # nobody to play, nothing shown: no work on every input
        fp = fingerprint(ref.snapshot)
        if self.hint is not None and self.hint.fp != fp:
            self.hint = None
        if core.game is None or seat.team is None or ref.finished:
            self.plan = None
            return
        hands = self._has_hands(ref)
        question = core.question
        if question is not None:
            if question.get("team") == TEAMS[seat.team] and self._confirmed != ref.seq:
                self._confirmed = ref.seq       # the computer knows where it put its own pawns
                self._put({"type": "press", "button": "confirm"})
            return
        plan = self.plan
        if plan is not None and plan.fp != fp and hands and self._on_its_way(plan, ref):
            plan.fp = fp                        # the game took a part of the action (a taker lifted off): go on
        if plan is not None and plan.fp != fp:
            if hands and self._different_move(plan, ref):
                return
            self.plan = None
        elif plan is not None:
            self._undone = ""                   # the position is back: a next different move is refused too
            plan.back = plan.back or bytes(core.board) == plan.base
            if hands:
                self._act(plan, ref)
            return
        if core.pending is not None or core.mismatch is not None or self._asked == fp:
            return
        self._asked = fp
        self._submit(("plan", (ref.seq, fp, copy.deepcopy(core.game), bytes(core.board), seat, hands,
                               core.ruleset.name)))

    def _has_hands(self, ref: Referee) -> bool:
        return self.hands is not False and ref.core.sensed is not None and not self.daemon.follows

    @staticmethod
    def _on_its_way(plan: Plan, ref: Referee) -> bool:
        """The sensed board is part way through the action (not at its start nor its end) and the game still
        awaits the rest of it: the plan's team to act, with what its next step is (time running out, a half
        ending or a foul mid-action hand the game to a roll or to the other team, and the action is void)."""
        board = bytes(ref.core.board)
        if ref.core.mismatch is not None or board not in plan.waypoints()[1:-1]:
            return False
        expects = (ref.snapshot or {}).get("expects") or {}
        if expects.get("team") not in (TEAMS[plan.team], "both"):
            return False
        at = plan.current(board)
        return at is not None and (expects.get("input") in CHANCE) == (plan.lines[at].get("type") in CHANCE)

    def _different_move(self, plan: Plan, ref: Referee) -> bool:
        """The game moved on while the computer's action was under way, with the computer's tokens (its pawns,
        the ball if the action plays it) not where the action leaves them: the person made another move with
        them, and the core took it. It is taken back (undo, once) and the core's correction guides the tokens
        back; True while that is under way. A move of the person's own pawns the game allowed stands."""
        core = ref.core
        board = bytes(core.board)
        if not plan.physical() or board in (plan.base, plan.final()) or core.pending is not None:
            return False
        from hal.board import TOKEN_BIT
        mine = TOKEN_BIT[TEAMS[plan.team]] | (TOKEN_BIT["ball"] if "ball" in plan.tokens() else 0)
        if not any((a ^ b) & mine for a, b in zip(board, plan.base, strict=True)):
            return False
        fp = fingerprint(ref.snapshot)
        if self._undone == fp:              # the undo is on its way (or did not bring the position back)
            if time.monotonic() - self._undone_at < UNDO_WAIT:
                return True
            log.warning("the computer's action was not carried out and could not be taken back")
            return False
        if not plan.back and board == plan.refused_board:
            # the same board again, and it never stood as the action was chosen on in between: the hands carried
            # out what the LEDs lit and the seat misjudged it (a board it could not foresee). A second undo would
            # take back one more move each time round, so the move stands and the computer decides again.
            log.warning("the computer's action was not carried out as lit; deciding again")
            return False
        self._undone, self._undone_at = fp, time.monotonic()
        plan.refused += 1
        plan.back, plan.refused_board = False, board
        log.info("refused a move that is not the computer's (%s)", describe(plan.lines))
        self._put({"type": "press", "button": "undo"})
        return True

    def _act(self, plan: Plan, ref: Referee) -> None:
        """What the seat does itself for the action: its buttons, and its die when the daemon draws it; only
        while the board agrees with the game, or the core would refuse the line (and the seat never send it
        again)."""
        core = ref.core
        if core.mismatch is not None or core.pending is not None or core.question is not None:
            return
        at = plan.current(core.board)
        if at is None or at in plan.sent:
            return
        line = plan.lines[at]
        kind = line.get("type")
        if kind in PHYSICAL or (kind in CHANCE and self.seat.computer_dice == "die"):
            return                              # hands carry it out, or a person rolls the computer's die
        plan.sent.add(at)

        def answered(_ref: Referee, step: Any) -> None:
            """Core thread: a line the core refused (the board went out of step before it came) is sent again
            once the board agrees with the game again."""
            if step is not None and not step.verdict.get("ok"):
                plan.sent.discard(at)
        self._put(line, answered)
        self._publish()

    def guide(self, ref: Referee) -> tuple[int, int] | None:
        """The step the LEDs show: the computer's (or a hint's) next lift and put, None when there is none."""
        plan = self.plan if self.plan is not None and self._has_hands(ref) else self.hint
        if plan is None or plan.fp != fingerprint(ref.snapshot) or ref.core.mismatch is not None:
            return None                         # the core's correction comes first
        board = ref.core.board
        at = plan.current(board)
        if at is None:
            return None
        step = plan.steps[at]
        if step.line.get("type") not in PHYSICAL:
            return None
        return (-1 if step.in_hand(board) else step.lift, step.put)

    def _install(self, plan: Plan, ref: Referee, request: tuple | None = None) -> Msg | None:
        """Core thread: the computer's choice (or a hint) for the position it was made in, if that still
        stands; the retained `<base>/computer` document, or the hint command's answer."""
        current = fingerprint(ref.snapshot)
        if plan.fp != current:
            if plan.kind == "computer" and self._asked == plan.fp:
                self._asked = ""                # decide again for the position as it is now
                self.offer(ref)
            if request is not None:
                return Msg("response", response("hint", error="the match moved on; ask again",
                                                request_id=request[1]))
            return None
        if plan.kind == "hint":
            self.hint = plan
        else:
            self.plan = plan
            if self._has_hands(ref):
                self._act(plan, ref)
        self._publish()
        if request is not None:
            return Msg("response", response("hint", {"ok": True}, request_id=request[1]))
        return None

    # ---- hints --------------------------------------------------------------------------------------
    def ask_hint(self, payload: bytes) -> None:
        """`cmd/hint` (any thread): the best action for the side to act, lit and published; answered on
        `<base>/response` as every command is."""
        try:
            body = load_json(payload, 1024) if payload.strip() else {}
            if not isinstance(body, dict):
                raise CommandError("the payload must be empty or a JSON object")
            request_id = request_id_of(body)
            extra = set(body) - {"id"}
            if extra:
                raise CommandError(f"hint takes no arguments (got {', '.join(sorted(extra)[:5])})", request_id)
        except (ValueError, CommandError) as e:
            rid = e.request_id if isinstance(e, CommandError) else None
            self.daemon.journal.publish_only([Msg("response", response("hint", error=str(e), request_id=rid))])
            return
        self.daemon.read(lambda ref, _step: self._hint_request(ref, ("hint", request_id)))

    def _hint_request(self, ref: Referee, request: tuple) -> Msg | None:
        core = ref.core
        if core.game is None or ref.finished:
            return Msg("response", response("hint", error="no match under way", request_id=request[1]))
        self._submit(("hint", (request, fingerprint(ref.snapshot), copy.deepcopy(core.game), bytes(core.board),
                               core.ruleset.name)))
        return None

    # ---- the thinking thread --------------------------------------------------------------------------
    def _submit(self, job: tuple[str, Any]) -> None:
        with self._cond:
            if job[0] == "plan":                # only the newest position is worth thinking about
                self._jobs = [j for j in self._jobs if j[0] != "plan"]
            self._jobs.append(job)
            self._cond.notify()

    def _run(self) -> None:
        while not self._stop.is_set():
            with self._cond:
                while not self._jobs and not self._stop.is_set():
                    self._cond.wait()
                if self._stop.is_set():
                    return
                kind, job = self._jobs.pop(0)
            try:
                if kind == "plan":
                    self._think(*job)
                else:
                    self._advise(*job)
            except Exception:                   # a player's fault must not stop the seat, nor the referee
                log.exception("the computer could not decide")

    def _player(self, game_name: str, team: int, level: int) -> Opponent | None:
        key = (game_name, team, level)
        if key not in self._players:
            try:
                self._players[key] = self._make(game_name, team, level, self.seed)
            except LookupError as e:            # a game with no computer players
                log.warning("no computer can play %s: %s", game_name, e)
                self._players[key] = None
        return self._players[key]

    def _think(self, seq: int, fp: str, game: Any, board: bytes, seat: Any, hands: bool, game_name: str) -> None:
        player = self._player(game_name, seat.team, seat.level)
        lines = player.plan(game) if player is not None else None
        if not lines:
            return
        if not hands:                           # no hands to guide: the lines go where a board's go
            if self._stop.wait(self.think) or self.daemon.referee is None or self.daemon.referee.seq != seq:
                self._asked = ""                # the state moved on meanwhile: the next offer decides again
                return
            for line in lines:
                self._put(line)
            return
        plan = Plan("computer", seat.team, seat.level, fp, lines, board)
        self.daemon.read(lambda ref, _step: self._install(plan, ref))

    def _advise(self, request: tuple, fp: str, game: Any, board: bytes, game_name: str) -> None:
        found = None
        for team in (0, 1):
            player = self._player(game_name, team, HINT_LEVEL)
            lines = player.plan(copy.deepcopy(game)) if player is not None else None
            if lines:
                found = Plan("hint", team, HINT_LEVEL, fp, lines, board)
                break
        if found is None:
            self.daemon.journal.publish_only([Msg("response", response(
                "hint", error="nobody is to act now (or the game offers no computer player)",
                request_id=request[1]))])
            return
        plan = found
        self.daemon.read(lambda ref, _step: self._install(plan, ref, request))

    # ---- out --------------------------------------------------------------------------------------
    def _put(self, line: Line, answer: Callable[[Referee, Any], None] | None = None) -> None:
        self.daemon.put(self.name, line, answer=answer)

    def _publish(self) -> None:
        doc = self.document()
        if doc != self._published:
            self._published = doc
            self.daemon.journal.publish_only([Msg(TOPIC, doc)])

    def document(self) -> dict[str, Any]:
        """The retained `<base>/computer` document (docs/mqtt.md)."""
        seat = self.seat
        doc: dict[str, Any] = {"computer": seat.computer, "level": seat.level, "computer_dice": seat.computer_dice,
                               "action": _action(self.plan), "hint": _action(self.hint)}
        return doc


def _action(plan: Plan | None) -> dict[str, Any] | None:
    if plan is None:
        return None
    steps = [{"type": s.line.get("type"), "lift": square_name(s.lift) if s.lift >= 0 else None,
              "put": square_name(s.put) if s.put >= 0 else None, "token": s.token or None} for s in plan.steps]
    return {"team": TEAMS[plan.team], "level": plan.level, "lines": plan.lines, "steps": steps,
            "text": describe(plan.lines), "refused": plan.refused}


def player_for(game_name: str, team: int, level: int, seed: int) -> Opponent:
    """The computer for `team` at `level`: the game's searching player, or its casual bot for a game without
    one (LookupError for a game with no computer players at all)."""
    from controller.players.computer import computer_for
    try:
        return computer_for(game_name, team, level, seed)
    except ValueError:                          # no searching player: the game's own casual bot
        return players_for(game_name).opponent(team, seed)

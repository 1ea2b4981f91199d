"""The Game: python-chess style API over the rules of Soccer Tactics WORLD.

>>> from controller.rules import RED, Game, Roll
>>> game = Game.kick_off(RED)
>>> game
<Game kick_off, red 0-0 blue, red to roll>
>>> game.expects()                  # what input the game waits for, and from whom
{'input': 'roll', 'team': 'red'}
>>> game.chance_outcomes()[0]       # a roll is a chance action: the die's faces, 1/6 each
(Roll(RED, 1), 0.16666666666666666)
>>> events = game.apply(Roll(RED, 4))
>>> len(game.legal_actions()) > 0   # the player actions allowed now
True
>>> _ = game.undo()

`apply` either raises Illegal (state unchanged) or returns the game events the action caused.
The engine is pure: no I/O, no clock, no random numbers; dice, spins and time are actions.
"""
from __future__ import annotations

from collections import deque
from typing import Any, NamedTuple

from . import geometry as g
from .actions import (
    Action,
    Dribble,
    MinorFoul,
    MoveBall,
    MovePawn,
    Press,
    RemovePawn,
    Roll,
    Spin,
    Tick,
)
from .errors import Illegal
from .moves import (
    ball_destinations,
    die_destinations,
    explain_destination,
    explain_die_move,
    explain_keeper_step,
    keeper_steps,
)
from .occupancy import Occupancy
from .paths import ball_targets, ball_transit
from .phase import BALL_PHASES, BOTH_ROLL_PHASES, MOVE_PHASES, SETUP_PHASES, Phase
from .pieces import (
    N_PAWNS,
    TEAMS,
    is_defender,
    is_keeper,
    keeper_of,
    other,
    pawn_id,
    pawns_of,
    stays_home,
)
from .play import PlayMixin
from .profile import Profile, default_profile
from .setpieces import SetPieceMixin
from .state import GameState, Options
from .timekeeping import TimeMixin
from .views import ViewMixin

Event = dict[str, Any]
"""A game event: {'event': name, ...fields} (docs/mqtt.md lists them)."""
UNDO_DEPTH = 50     # actions `undo` can take back; older states are dropped so a long match keeps its memory flat


class Result(NamedTuple):
    """How a match stands: `final` once it is over; `winner` the winning team's name, None for a draw
    (or while it is not over); `shootout` the kicks scored in a shoot-out, if there was one."""
    final: bool
    winner: str | None
    score: tuple[int, int]
    shootout: tuple[int, int] | None


SPINNER = ((Spin("goal"), 4 / 8), (Spin("corner"), 2 / 8), (Spin("goal_kick"), 2 / 8))
"""The spinner's 8 sectors: 4 goal, 2 corner, 2 goal kick."""


class Game(PlayMixin, SetPieceMixin, TimeMixin, ViewMixin):
    """One match. `state` is plain data; everything else is derived from it."""

    def __init__(self, state: GameState, options: Options | None = None, profile: Profile | None = None):
        self.state = state
        self.options = options or Options()
        self.profile = profile or default_profile()
        # the states before the last applied actions, newest last; one spare slot so a trial apply + undo
        # (physical.py probes moves that way) never costs a real undo step when the history is full
        self.history: deque[GameState] = deque(maxlen=UNDO_DEPTH + 1)
        self._events: list[Event] = []
        self._setup_events: list[Event] = []
        self._occ: Occupancy | None = None

    # ----- construction -------------------------------------------------------------------
    @classmethod
    def kick_off(cls, team: int | None, options: Options | None = None, profile: Profile | None = None,
                 period: int = 1, elapsed: float = 0.0) -> Game:
        """A new match in the kick-off formation; team None starts with the roll-off (rule 1B, C1).
        period and elapsed start it mid-match, `team` kicking off that period."""
        game = cls(GameState(), options, profile)
        game._set_clock(team if team is not None else 0, period, elapsed)
        game._reset_formation(team if team is not None else 0)
        if team is None:
            game.state.phase, game.state.actor, game.state.offense = Phase.ROLL_OFF, -1, -1
            game.state.holder = -1
            game._events.clear()
        game._setup_events = list(game._events)
        return game

    def _set_clock(self, offense: int, period: int, elapsed: float) -> None:
        """Where a set-up starts the match clock (it runs from the first roll). The team on offence is
        taken as having kicked off that period, which tells who kicked off the first half (C20)."""
        st = self.state
        st.period, st.elapsed = period, elapsed
        st.first_kickoff = offense if period % 2 else other(offense)

    @classmethod
    def from_position(cls, pawns: dict[int, int], ball: int, offense: int, phase: str = "offensive_set",
                      options: Options | None = None, profile: Profile | None = None,
                      period: int = 1, elapsed: float = 0.0) -> Game:
        """A match from an explicit position (scenario set-up): the O-team pawn on the ball holds it;
        period and elapsed place it in the match (the clock runs from the first roll)."""
        st = GameState()
        for p, s in pawns.items():
            st.sq[p] = s
        for p in range(N_PAWNS):
            if p not in pawns:
                st.sent_off[p] = True
        st.ball, st.offense = ball, offense
        game = cls(st, options, profile)
        game._validate_position()
        holder = game.occ.pawn_of(offense, ball)
        if phase not in (Phase.OFFENSIVE_SET, Phase.BALL_PLAY, Phase.KICK_OFF):
            raise ValueError(f"phase {phase!r} cannot be set up (use offensive_set, ball_play or kick_off)")
        phase = Phase(phase)
        if holder < 0:
            raise ValueError(f"the ball on {g.name(ball)} must be held by a {TEAMS[offense]} pawn standing on it")
        st.holder, st.phase, st.actor = holder, phase, offense
        game._set_clock(offense, period, elapsed)
        if phase == Phase.KICK_OFF:
            st.kick, st.kicker = "kick_off", holder
        game._setup_events = list(game._events)
        return game

    def _validate_position(self) -> None:
        st, occ = self.state, self.occ
        for t in (0, 1):
            seen: dict[int, int] = {}
            for p in pawns_of(t):
                s = st.sq[p]
                if s < 0 or st.sent_off[p]:
                    continue
                if s in seen:
                    raise ValueError(f"{pawn_id(p)} and {pawn_id(seen[s])} are both on {g.name(s)}")
                seen[s] = p
                if stays_home(p) and not self.profile.ends[t].own_half >> s & 1:
                    raise ValueError(f"{pawn_id(p)} on {g.name(s)} is outside its own half")
            for p in seen.values():
                reason = occ.limit_reason(p, st.sq[p], st.sq)
                if reason is not None:
                    raise ValueError(f"{pawn_id(p)} on {g.name(st.sq[p])}: {reason[1]}")

    # ----- views -----------------------------------------------------------------------------
    @property
    def occ(self) -> Occupancy:
        if self._occ is None:
            self._occ = Occupancy(self.state.sq, self.state.sent_off, self.profile)
        return self._occ

    def _moved(self) -> None:
        self._occ = None

    def pawn_on(self, team: int, square: int) -> int:
        return self.occ.pawn_of(team, square)

    def expects(self) -> dict[str, Any]:
        """What the game waits for: {'input': roll|move|ball|spin|setup|place|none, 'team': ...}."""
        st = self.state
        ph = st.phase
        team = TEAMS[st.actor] if st.actor >= 0 else None
        if ph == Phase.FULL_TIME:
            return {"input": "none", "team": None}
        if ph in BOTH_ROLL_PHASES:
            return {"input": "roll", "team": "both", "waiting": [TEAMS[t] for t in (0, 1) if not st.dice[t]]}
        if ph in (Phase.SHOT, Phase.SHOOTOUT):
            return {"input": "roll" if self.options.shooting_die else "spin", "team": team}
        if ph in SETUP_PHASES:
            return {"input": "setup", "team": team}      # a team only while a penalty set-up goes in turns
        if ph == Phase.CORNER_PLACEMENT:
            return {"input": "place", "team": team}
        if st.roll == 0:
            keeper = ph in BALL_PHASES and st.holder >= 0 and is_keeper(st.holder)
            out: dict[str, Any] = {"input": "roll", "team": team}
            if keeper:
                out["dice"] = 2 - (1 if st.dice[0] else 0)
            if ph in (Phase.CAPTURE, Phase.ANSWER) and st.actor != st.offense and self._keeper_available(st.actor):
                out["or"] = "keeper_step"
            return out
        return {"input": "ball" if ph in BALL_PHASES else "move", "team": team, "roll": st.roll}

    def __repr__(self) -> str:
        st = self.state
        red, blue = st.score
        if st.phase == Phase.FULL_TIME:
            res = self.result()
            who = f"{res.winner} won" if res.winner else "drawn"
            return f"<Game full_time, red {red}-{blue} blue, {who}>"
        exp = self.expects()
        team = {"both": "red and blue", None: "either team"}.get(exp["team"], exp["team"])
        doing = {"roll": "roll", "move": "move a pawn", "ball": "play the ball", "spin": "spin",
                 "setup": "set up", "place": "place"}[exp["input"]]
        paused = ", paused" if st.paused else ""
        return f"<Game {st.phase}, red {red}-{blue} blue, {team} to {doing}{paused}>"

    def is_terminal(self) -> bool:
        """Whether the match is over (full time, after extra time and a shoot-out if they were needed)."""
        return self.state.phase == Phase.FULL_TIME

    def result(self) -> Result:
        """The score and, once the match is over, the winner.

        >>> Game.kick_off(0).result()
        Result(final=False, winner=None, score=(0, 0), shootout=None)
        """
        st = self.state
        final = st.phase == Phase.FULL_TIME
        return Result(final, TEAMS[st.winner] if final and st.winner >= 0 else None, (st.score[0], st.score[1]),
                      (st.shootout[0], st.shootout[1]) if st.period == 5 else None)

    def chance_outcomes(self) -> list[tuple[Roll | Spin, float]]:
        """The chance actions that may come now, with their probabilities (OpenSpiel style): the faces of
        the die to roll, 1/6 each, or the spinner's sectors (the shooting die's faces when that option is
        on). Empty when the game waits for a player, or is paused or over. In a battle or a roll-off the
        die is that of the first team still to roll.

        >>> Game.kick_off(None).chance_outcomes()[5]
        (Roll(RED, 6), 0.16666666666666666)
        """
        st = self.state
        if st.paused:
            return []
        exp = self.expects()
        if exp["input"] == "spin":
            return list(SPINNER)
        if exp["input"] != "roll":
            return []
        team = TEAMS.index(exp["waiting"][0]) if exp["team"] == "both" else st.actor
        return [(Roll(team, v), 1 / 6) for v in range(1, 7)]

    def _keeper_available(self, team: int) -> bool:
        k = keeper_of(team)
        return self.state.sq[k] >= 0 and not self.state.sent_off[k]

    # ----- applying actions ---------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply one action; raise Illegal and keep the state if the rules refuse it."""
        saved = self.state.clone()
        self._events = []
        try:
            self._dispatch(action)
        except Illegal:
            self.state = saved
            self._moved()
            raise
        self.history.append(saved)
        return self._events

    def undo(self) -> GameState:
        """Take back the last applied action (dice stay as they were rolled: they are in the actions).
        At least the last UNDO_DEPTH actions can be taken back in a row; older ones are forgotten."""
        if not self.history:
            raise Illegal("nothing_to_undo", "no action to take back")
        self.state = self.history.pop()
        self._moved()
        return self.state

    def _emit(self, name: str, **fields: Any) -> None:
        self._events.append({"event": name, **fields})

    def _dispatch(self, action: Action) -> None:
        st = self.state
        if isinstance(action, Tick):
            return self._tick(action.seconds)
        if isinstance(action, RemovePawn):
            return self._remove(action.pawn)
        if st.phase == Phase.FULL_TIME:
            raise Illegal("game_over", "the match is over")
        if isinstance(action, Press):
            return self._press(action.button)
        if st.paused:
            raise Illegal("not_expected", "the match is paused; press resume first")
        if isinstance(action, Roll):
            return self._roll(action.team, action.value)
        if isinstance(action, Spin):
            return self._spin(action.outcome)
        if isinstance(action, MovePawn):
            return self._move_pawn(action.pawn, action.to)
        if isinstance(action, MoveBall):
            return self._move_ball(action.to)
        if isinstance(action, Dribble):
            return self._dribble(action.to)
        if isinstance(action, MinorFoul):
            return self._minor_foul(action.offender, action.reason, action.pawn, action.square)
        raise Illegal("bad_input", f"unknown action {action!r}")

    def _press(self, button: str) -> None:
        st = self.state
        if button == "pause" and not st.paused:
            st.paused = True
            self._emit("paused")
        elif button == "resume" and st.paused:
            st.paused = False
            self._emit("resumed")
        elif st.paused:
            raise Illegal("not_expected", "the match is paused; press resume first")
        elif button == "decline" and st.phase == Phase.FREE_KICK_SETUP and st.restart is not None \
                and st.restart.declinable:
            self._decline()
        elif button == "confirm" and st.phase == Phase.CORNER_PLACEMENT:
            self._end_placements(st.actor)
        else:
            raise Illegal("not_expected", f"the {button} button means nothing now (phase {st.phase})")

    def _remove(self, pawn: int) -> None:
        """A pawn lifted off the pitch: a sent-off pawn (any time) or the corner taker stepping off."""
        st = self.state
        if st.sq[pawn] < 0:
            raise Illegal("no_token", f"{pawn_id(pawn)} is not on the board")
        corner_taker = pawn == st.shooter and st.phase in (Phase.CORNER_SETUP, Phase.CORNER_PLACEMENT,
                                                           Phase.CORNER_KICK)
        if not (st.sent_off[pawn] or corner_taker):
            raise Illegal("not_expected", f"{pawn_id(pawn)} is in play and may not leave the pitch")
        st.sq[pawn] = -1
        self._moved()
        if st.restart is not None:
            self._check_restart()

    # ----- rolls -----------------------------------------------------------------------------------
    def _roll(self, team: int, value: int) -> None:
        st = self.state
        if not 1 <= value <= 6:
            raise Illegal("bad_input", f"a die shows 1 to 6, not {value}")
        ph = st.phase
        if ph in BOTH_ROLL_PHASES:
            if st.dice[team]:
                raise Illegal("not_your_turn", f"{TEAMS[team]} has rolled already; waiting for {TEAMS[other(team)]}")
            st.dice[team] = value
            if st.dice[other(team)]:
                {Phase.ROLL_OFF: self._resolve_roll_off, Phase.BATTLE: self._resolve_battle,
                 Phase.SHOOTOUT_ORDER: self._resolve_shootout_order}[ph]()
            return
        if ph in (Phase.SHOT, Phase.SHOOTOUT):
            if not self.options.shooting_die:
                raise Illegal("not_expected", "the shot waits for the spinner")
            if team != st.actor:
                raise Illegal("not_your_turn", f"{TEAMS[st.actor]} shoots")
            return self._spin(self.options.shooting_die_faces[value])
        if ph == Phase.CORNER_PLACEMENT and team == st.offense:
            self._emit("placements_done")
            self._finish_placements()
            ph = st.phase
        if ph not in MOVE_PHASES and ph not in BALL_PHASES:
            raise Illegal("not_expected", f"no roll is expected now (phase {ph})")
        keeper_kick = ph in BALL_PHASES and st.holder >= 0 and is_keeper(st.holder)
        if team != st.actor and not keeper_kick:
            raise Illegal("not_your_turn", f"{TEAMS[st.actor]} is to roll, not {TEAMS[team]}")
        if st.roll:
            raise Illegal("not_expected", f"the roll of {st.roll} has not been used yet")
        if not st.clock_running:             # the first roll of a period (a kick-off, or an explicit set-up's)
            st.clock_running = True
            self._emit("clock_started", period=st.period)
        st.move_team = st.actor
        if st.move_deadline < 0:
            st.move_deadline = st.now + self.options.move_seconds
        if keeper_kick and not st.dice[0]:
            st.dice[0] = value
            return
        st.roll = value + st.dice[0] if keeper_kick else value
        st.dice = [0, 0]
        if ph in BALL_PHASES:
            if not self._ball_targets() and not self._dribble_targets():
                self._emit("reroll", team=TEAMS[st.actor], roll=st.roll, why="no legal ball play for this roll (C15)")
                st.roll = 0
            return
        if not self._die_moves_exist():
            self._emit("roll_lapsed", team=TEAMS[st.actor], roll=st.roll)
            self._lapse()

    # ----- pawn moves ------------------------------------------------------------------------------
    def _move_pawn(self, pawn: int, to: int) -> None:
        st = self.state
        ph = st.phase
        if ph in SETUP_PHASES:
            return self._setup_move_pawn(pawn, to)
        if ph == Phase.CORNER_PLACEMENT:
            return self._place_for_corner(pawn, to)
        if ph == Phase.CORNER_KICK and pawn == st.shooter:
            return self._corner_taker_steps_on(to)
        if st.sq[pawn] < 0 or st.sent_off[pawn]:
            raise Illegal("no_token", f"{pawn_id(pawn)} is not in play")
        if ph not in MOVE_PHASES:
            what = "play the ball" if ph in BALL_PHASES else f"phase {ph}"
            raise Illegal("not_expected", f"no pawn move now ({what})")
        team = 0 if pawn < 11 else 1
        if team != st.actor:
            raise Illegal("not_your_turn", f"{TEAMS[st.actor]} is to move, not {TEAMS[team]}")
        self._check_pawn_move(pawn, to)
        st.sq[pawn] = to
        self._moved()
        st.roll = 0
        st.move_deadline = -1.0
        {Phase.OFFENSIVE_SET: self._after_set_move, Phase.CAPTURE: self._after_attempt,
         Phase.ANSWER: self._after_answer}[ph](pawn, to)

    def _check_pawn_move(self, pawn: int, to: int) -> None:
        st = self.state
        ph = st.phase
        defending = st.actor != st.offense
        if is_keeper(pawn):
            if not defending or ph == Phase.OFFENSIVE_SET:
                raise Illegal("keeper_move", "the keeper moves only as its team's move on defence (rule 6A, C11)")
            if st.roll:
                raise Illegal("keeper_move", "after a roll a field player must move; the keeper moves without a die")
            if not keeper_steps(st.sq, self.occ, pawn) >> to & 1:
                raise explain_keeper_step(st.sq, self.occ, pawn, to)
            return
        if ph == Phase.OFFENSIVE_SET and pawn == st.holder:
            raise Illegal("holder_moves", "the offensive set moves a pawn other than the ball holder")
        if not st.roll:
            raise Illegal("roll_first", "roll the die before moving a pawn")
        if to == st.ball_sq and pawn == st.barred and ph == Phase.CAPTURE:
            raise Illegal("kicker_barred",
                          f"{pawn_id(pawn)} took the kick and may not touch the ball until another pawn has")
        if not die_destinations(st.sq, self.occ, pawn, st.roll) >> to & 1:
            raise explain_die_move(st.sq, self.occ, pawn, to, st.roll)

    def legal_pawn_moves(self, first_only: bool = False, pawn: int = -1) -> dict[int, int]:
        """For the pending roll: pawn -> mask of its legal destinations (the listing LEDs show).
        first_only stops at the first pawn that can move (C4 only asks whether any can); pawn >= 0
        lists that one pawn only (the one a player has lifted)."""
        st = self.state
        out: dict[int, int] = {}
        if not st.roll or st.phase not in MOVE_PHASES:
            return out
        occ, sq, sent_off, n = self.occ, st.sq, st.sent_off, st.roll
        skip = st.holder if st.phase == Phase.OFFENSIVE_SET else -1
        barred = st.barred if st.phase == Phase.CAPTURE else -1
        first = st.actor * 11
        candidates = range(first + 1, first + 11) if pawn < 0 else (pawn,) if first < pawn < first + 11 else ()
        for p in candidates:                             # the keeper never moves with a die
            if sq[p] < 0 or sent_off[p] or p == skip:
                continue
            dest = die_destinations(sq, occ, p, n)
            if p == barred:
                dest &= ~(1 << st.ball_sq)
            if dest:
                out[p] = dest
                if first_only:
                    break
        return out

    def _die_moves_exist(self) -> bool:
        """C4: whether any field player can make the rolled move."""
        return bool(self.legal_pawn_moves(first_only=True))

    def keeper_step_targets(self) -> int:
        st = self.state
        if st.phase not in (Phase.CAPTURE, Phase.ANSWER) or st.actor == st.offense or st.roll:
            return 0
        if not self._keeper_available(st.actor):
            return 0
        return keeper_steps(st.sq, self.occ, keeper_of(st.actor))

    # ----- the ball ---------------------------------------------------------------------------------
    def _ball_rules(self) -> tuple[int, int]:
        """(forward, allowed) for the coming ball play: every step forward and across the centre line at
        a kick-off (C2), out of the penalty area from a goal kick (rule 6C)."""
        st = self.state
        if st.phase == Phase.KICK_OFF:
            return (1 if st.offense == 0 else -1), self.profile.ends[other(st.offense)].own_half
        if st.kick == "goal_kick":
            return 0, ~self.profile.ends[st.offense].penalty_area & g.ALL
        return 0, g.ALL

    def _ball_targets(self) -> int:
        st = self.state                  # _ball_rules inlined: this runs at every ball roll and play
        if st.phase == Phase.KICK_OFF:
            end = self.profile.ends[other(st.offense)]
            return ball_destinations(st.ball, st.roll, 1 if st.offense == 0 else -1, end.own_half)
        if st.kick == "goal_kick":
            return ball_destinations(st.ball, st.roll, 0, ~self.profile.ends[st.offense].penalty_area & g.ALL)
        return ball_destinations(st.ball, st.roll)

    def ball_transit_squares(self) -> int:
        """Squares the ball crosses on its way to a legal destination for the pending roll (where a ball
        slid along its path may rest); 0 when no ball play is pending."""
        st = self.state
        if st.phase not in BALL_PHASES or not st.roll:
            return 0
        forward, allowed = self._ball_rules()
        return ball_transit(st.ball, st.roll, forward, ball_destinations(st.ball, st.roll, forward, allowed))

    def _dribble_targets(self) -> int:
        st = self.state
        if st.roll != 1 or st.holder < 0 or is_keeper(st.holder) or st.phase == Phase.KICK_OFF or st.kick:
            return 0
        out = 0
        for s in g.squares_of(g.neighbourhood(st.ball) & ~(1 << st.ball)):
            if not self.occ.forbidden(st.holder, st.sq) >> s & 1 and not self.occ.physical[st.offense] >> s & 1 \
                    and self._home_ok(st.holder, s):
                out |= 1 << s
        return out

    def _home_ok(self, pawn: int, s: int) -> bool:
        return not stays_home(pawn) or bool(self.profile.ends[0 if pawn < 11 else 1].own_half >> s & 1)

    def _move_ball(self, to: int) -> None:
        st = self.state
        if st.phase in SETUP_PHASES:
            return self._setup_move_ball(to)
        if st.phase not in BALL_PHASES:
            raise Illegal("not_expected", f"the ball is not to be played now (phase {st.phase})")
        if not st.roll:
            raise Illegal("roll_first", "roll the die before playing the ball")
        if not self._ball_targets() >> to & 1:
            raise self._explain_ball(to)
        if st.kick == "corner" and st.sq[st.holder] != st.ball:
            # rule 8: the taker steps from beside the flag onto the corner square to kick
            st.sq[st.holder] = st.ball
            self._moved()
        self._play_ball(to)

    def _explain_ball(self, to: int) -> Illegal:
        st = self.state
        where = f"the ball from {g.name(st.ball)} to {g.name(to)} on a roll of {st.roll}"
        if not ball_targets(st.ball, st.roll) >> to & 1:
            return Illegal("wrong_distance", f"{where}: no path of exactly {st.roll} squares, straight or diagonal, "
                                             "at most one change of direction, never back to a rank or file it left")
        if st.phase == Phase.KICK_OFF:
            return Illegal("kickoff_forward",
                           f"{where}: a kick-off goes forward at every step and across the centre line (C2)")
        return Illegal("goal_kick_short", f"{where}: a goal kick must leave the penalty area")

    def _dribble(self, to: int) -> None:
        st = self.state
        if st.phase not in BALL_PHASES:
            raise Illegal("not_expected", f"no dribble now (phase {st.phase})")
        if not st.roll:
            raise Illegal("roll_first", "roll the die before dribbling")
        if not self._dribble_targets() >> to & 1:
            if st.roll != 1 or g.chebyshev(st.ball, to) != 1:
                raise Illegal("not_dribble",
                              "the holder moves with the ball only one square, on a ball roll of 1 (rule 4C)")
            raise explain_destination(st.sq, self.occ, st.holder, to)
        self._do_dribble(to)

    # ----- listing ------------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every player action allowed now (dice, spins and time are chance actions, not listed)."""
        st = self.state
        ph = st.phase
        out: list[Action] = []
        if ph in MOVE_PHASES:
            for p, mask in self.legal_pawn_moves().items():
                out.extend(MovePawn(p, s) for s in g.squares_of(mask))
            k = self.keeper_step_targets()
            out.extend(MovePawn(keeper_of(st.actor), s) for s in g.squares_of(k))
        elif ph in BALL_PHASES and st.roll:
            out.extend(MoveBall(s) for s in g.squares_of(self._ball_targets()))
            out.extend(Dribble(s) for s in g.squares_of(self._dribble_targets()))
        elif ph in SETUP_PHASES:
            out.extend(self._setup_actions())
        elif ph == Phase.CORNER_PLACEMENT:
            out.extend(self._placement_actions())
            out.append(Press("confirm"))
        return out

    # ----- the ruleset boundary: what the core and the LED planner ask of a game ----------------------
    def events_of_setup(self) -> list[Event]:
        """The events the game's set-up caused (a kick-off's), before any action was applied."""
        return list(self._setup_events)

    def pawn_square(self, pawn: int) -> int:
        """The square a pawn stands on, -1 off the board (a sent-off pawn shows until it is lifted)."""
        return self.state.sq[pawn]

    @staticmethod
    def team_of(pawn: int) -> int:
        return 0 if pawn < 11 else 1

    @staticmethod
    def team_pawns(team: int) -> range:
        return pawns_of(team)

    @staticmethod
    def pawn_name(pawn: int) -> str:
        """The pawn's id on the wire (red-gk, blue-s2...)."""
        return pawn_id(pawn)

    @staticmethod
    def interchangeable(pawn: int) -> bool:
        """Whether the pawn has twins the players need not tell apart (the defenders of a team)."""
        return is_defender(pawn)

"""The Game: python-chess style API over the rules of Soccer Tactics WORLD.

>>> from controller.games.stw import RED, Game, Roll
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
from typing import Any

from controller.i18n import Say, say
from controller.seam import Result
from controller.takeback import kind_of, steps_back

from . import clock, flow, legal, pieces, play, restarts, views
from . import geometry as g
from .actions import (
    Action,
    Batch,
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
from .occupancy import Occupancy
from .phase import BALL_PHASES, BOTH_ROLL_PHASES, MOVE_PHASES, SETUP_PHASES, Phase
from .pieces import N_PAWNS, TEAMS, is_defender, is_keeper, other, pawn_id, pawns_of, stays_home, team_index
from .profile import Profile, default_profile
from .state import GameState, Options
from .views import Fix, LedView

Event = dict[str, Any]
"""A game event: {'event': name, ...fields} (docs/mqtt.md lists them)."""
UNDO_DEPTH = 50     # actions `undo` can take back; older states are dropped so a long match keeps its memory flat


SPINNER = ((Spin("goal"), 4 / 8), (Spin("corner"), 2 / 8), (Spin("goal_kick"), 2 / 8))
"""The spinner's 8 sectors: 4 goal, 2 corner, 2 goal kick."""


RESOLVE_BOTH_ROLLED = {Phase.ROLL_OFF: flow.resolve_roll_off, Phase.BATTLE: play.resolve_battle,
                       Phase.SHOOTOUT_ORDER: clock.resolve_shootout_order}
"""What decides a roll both teams make, once both dice are in."""


class Game:
    """One match. `state` is plain data; everything else is derived from it.

    The Game owns the state, the undo history and the events of the action being applied, and routes
    each action to the rule module it belongs to (base.py lists them): the rules are functions of the
    game, so each one's dependencies are in its signature and its module's imports."""

    def __init__(self, state: GameState, options: Options | None = None, profile: Profile | None = None):
        self.state = state
        self.options = options or Options()
        self.profile = profile or default_profile()
        # the states before the last applied actions, newest last; one spare slot so a trial apply + undo
        # (physical.py probes moves that way) never costs a real undo step when the history is full
        self.history: deque[GameState] = deque(maxlen=UNDO_DEPTH + 1)
        self.kinds: deque[str] = deque(maxlen=UNDO_DEPTH + 1)     # each action's kind (controller/takeback.py)
        self._events: list[Event] = []
        self._setup_events: list[Event] = []
        self._occ: Occupancy | None = None

    # ----- construction -------------------------------------------------------------------
    @classmethod
    def kick_off(cls, team: int | str | None, options: Options | None = None, profile: Profile | None = None,
                 period: int = 1, elapsed: float = 0.0) -> Game:
        """A new match in the kick-off formation, `team` (RED, BLUE or its name) to kick off; team None starts
        with the roll-off (rule 1B, C1). period and elapsed start it mid-match, `team` kicking off that period.

        >>> Game.kick_off("blue")
        <Game kick_off, red 0-0 blue, blue to roll>
        """
        first = 0 if team is None else team_index(team)
        game = cls(GameState(), options, profile)
        game._set_clock(first, period, elapsed)
        flow.reset_formation(game, first)
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

    # ----- what the rules share -----------------------------------------------------------------
    @property
    def occ(self) -> Occupancy:
        """Who stands where, for the current state (cached until a pawn moves)."""
        if self._occ is None:
            self._occ = Occupancy(self.state.sq, self.state.sent_off, self.profile)
        return self._occ

    def _moved(self) -> None:
        self._occ = None

    def _emit(self, name: str, **fields: Any) -> None:
        self._events.append({"event": name, **fields})

    # ----- the state of play --------------------------------------------------------------------
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
            if ph in (Phase.CAPTURE, Phase.ANSWER) and st.actor != st.offense \
                    and legal.keeper_available(self, st.actor):
                out["or"] = "keeper_step"
            if restarts.may_decline(self):
                out["or"] = "decline"
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
        Result(final=False, winner=None, score=(0, 0), shootout=None, abandoned=False)
        """
        st = self.state
        final = st.phase == Phase.FULL_TIME
        return Result(final, TEAMS[st.winner] if final and st.winner >= 0 else None, (st.score[0], st.score[1]),
                      shootout=(st.shootout[0], st.shootout[1]) if st.period == 5 else None)

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
        self.kinds.append(kind_of(isinstance(action, Roll), isinstance(action, Tick), self._events))
        return self._events

    def undo(self) -> GameState:
        """Take back the last applied action, whatever it was (a trial move, a test).
        At least the last UNDO_DEPTH actions can be taken back in a row; older ones are forgotten."""
        if not self.history:
            raise Illegal("nothing_to_undo", say("no action to take back"))
        self.state = self.history.pop()
        if self.kinds:
            self.kinds.pop()
        self._moved()
        return self.state

    def take_back(self) -> GameState:
        """The referee's undo: the last accepted action, with the clock lines since that decided nothing; a
        roll stands (controller/takeback.py)."""
        for _ in range(steps_back(self.kinds)):
            self.undo()
        return self.state

    def _dispatch(self, action: Action) -> None:
        """Hand the action to the rule module of the phase it comes in."""
        st = self.state
        if isinstance(action, Tick):
            return clock.tick(self, action.seconds)
        if isinstance(action, RemovePawn):
            return self._remove(action.pawn)
        if st.phase == Phase.FULL_TIME:
            raise Illegal("game_over", say("the match is over"))
        if isinstance(action, Press):
            return self._press(action.button)
        if st.paused:
            raise Illegal("not_expected", say("the match is paused; press resume first"))
        if isinstance(action, Roll):
            return self._roll(action.team, action.value)
        if isinstance(action, Spin):
            return play.spin(self, action.outcome)
        if isinstance(action, MovePawn):
            return self._move_pawn(action.pawn, action.to)
        if isinstance(action, MoveBall):
            if st.phase in SETUP_PHASES:
                return restarts.setup_move_ball(self, action.to)
            return play.move_ball(self, action.to)
        if isinstance(action, Dribble):
            return play.dribble(self, action.to)
        if isinstance(action, MinorFoul):
            return restarts.minor_foul(self, action.offender, action.reason, action.pawn, action.square)
        if isinstance(action, Batch):
            for move in action.moves:       # each placement judged as if made alone; apply() undoes them all
                self._dispatch(move)
            return None
        raise Illegal("bad_input", say("unknown action {action!r}", action=action))

    def _press(self, button: str) -> None:
        st = self.state
        if button == "pause" and not st.paused:
            st.paused = True
            self._emit("paused")
        elif button == "resume" and st.paused:
            st.paused = False
            self._emit("resumed")
        elif st.paused:
            raise Illegal("not_expected", say("the match is paused; press resume first"))
        elif button == "decline" and restarts.may_decline(self):
            restarts.decline(self)          # back to the position before the foul,
            play.lapse(self)                 # whose move counts as not made (C18, C4)
        elif button == "confirm" and st.phase == Phase.CORNER_PLACEMENT:
            restarts.end_placements(self, st.actor)
        else:
            raise Illegal("not_expected", say("the {button} button means nothing now (phase {phase})",
                                              button=button, phase=st.phase))

    def _remove(self, pawn: int) -> None:
        """A pawn lifted off the pitch: a sent-off pawn (any time) or the corner taker stepping off."""
        st = self.state
        if st.sq[pawn] < 0:
            raise Illegal("no_token", say("{pawn} is not on the board", pawn=pawn_id(pawn)))
        corner_taker = pawn == st.shooter and st.phase in (Phase.CORNER_SETUP, Phase.CORNER_PLACEMENT,
                                                           Phase.CORNER_KICK)
        if not (st.sent_off[pawn] or corner_taker):
            raise Illegal("not_expected", say("{pawn} is in play and may not leave the pitch", pawn=pawn_id(pawn)))
        st.sq[pawn] = -1
        self._moved()
        if st.restart is not None:
            restarts.check_restart(self)

    def _roll(self, team: int, value: int) -> None:
        st = self.state
        if not 1 <= value <= 6:
            raise Illegal("bad_input", say("a die shows 1 to 6, not {value}", value=value))
        ph = st.phase
        if ph in BOTH_ROLL_PHASES:
            if st.dice[team]:
                raise Illegal("not_your_turn", say("{team} has rolled already; waiting for {team2}",
                                                   team=Say(TEAMS[team]), team2=Say(TEAMS[other(team)])))
            st.dice[team] = value
            if st.dice[other(team)]:
                RESOLVE_BOTH_ROLLED[ph](self)
            return
        if ph in (Phase.SHOT, Phase.SHOOTOUT):
            if not self.options.shooting_die:
                raise Illegal("not_expected", say("the shot waits for the spinner"))
            if team != st.actor:
                raise Illegal("not_your_turn", say("{actor} shoots", actor=Say(TEAMS[st.actor])))
            return play.spin(self, self.options.shooting_die_faces[value])
        if ph == Phase.CORNER_PLACEMENT:
            restarts.roll_after_placements(self, team)      # rule 8: once both teams are set up
            ph = st.phase
        if ph not in MOVE_PHASES and ph not in BALL_PHASES:
            raise Illegal("not_expected", say("no roll is expected now (phase {ph})", ph=ph))
        play.roll(self, team, value)

    def _move_pawn(self, pawn: int, to: int) -> None:
        st = self.state
        ph = st.phase
        if ph in SETUP_PHASES:
            return restarts.setup_move_pawn(self, pawn, to)
        if ph == Phase.CORNER_PLACEMENT:
            return restarts.place_for_corner(self, pawn, to)
        if ph == Phase.CORNER_KICK and pawn == st.shooter:
            return restarts.corner_taker_steps_on(self, to)
        play.move_pawn(self, pawn, to)

    # ----- listing ------------------------------------------------------------------------------------
    def legal_pawn_moves(self, first_only: bool = False, pawn: int = -1) -> dict[int, int]:
        """For the pending roll: pawn -> mask of its legal destinations (the listing LEDs show).
        first_only stops at the first pawn that can move (C4 only asks whether any can); pawn >= 0
        lists that one pawn only (the one a player has lifted)."""
        return legal.pawn_moves(self, first_only, pawn)

    def free_moves(self, pawn: int = -1) -> int:
        """Where the D-team keeper may step instead of a roll (rule 6A, this game's only free move); 0 when it
        may not now, or for a `pawn` that is not a keeper."""
        return legal.keeper_step_targets(self) if pawn < 0 or is_keeper(pawn) else 0

    def ball_transit_squares(self) -> int:
        """Squares the ball crosses on its way to a legal destination for the pending roll (where a ball
        slid along its path may rest); 0 when no ball play is pending."""
        return legal.ball_transit_squares(self)

    def legal_actions(self) -> list[Action]:
        """Every player action allowed now (dice, spins and time are chance actions, not listed)."""
        return legal.actions(self)

    # ----- the ruleset boundary: what the core and the LED planner ask of a game ----------------------
    def events_of_setup(self) -> list[Event]:
        """The events the game's set-up caused (a kick-off's), before any action was applied."""
        return list(self._setup_events)

    def pawn_square(self, pawn: int) -> int:
        """The square a pawn stands on, -1 off the board (a sent-off pawn shows until it is lifted)."""
        return self.state.sq[pawn]

    def pawn_on(self, team: int, square: int) -> int:
        """The team's pawn on a square, -1 if none."""
        return self.occ.pawn_of(team, square)

    @staticmethod
    def team_of(pawn: int) -> int:
        return pieces.team_of(pawn)

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

    def led_view(self) -> LedView:
        """What the LED planner reads of the state, as one immutable value."""
        return views.led_view(self)

    def ball_destinations(self) -> int:
        """Squares the ball may be played to for the pending roll (0 when no ball play is pending)."""
        return views.ball_destinations(self)

    def dribble_destinations(self) -> int:
        """Squares the holder may dribble to for the pending roll (0 when it may not)."""
        return views.dribble_destinations(self)

    def offside_line(self) -> tuple[int, int] | None:
        """(defending team, rank of its last field player, C8) for the team on offence now."""
        return views.offside_line(self)

    def offside_positions(self) -> int:
        """Squares of O-team pawns standing in an offside position now (rule 7, C8, C14 own half)."""
        return views.offside_positions(self)

    def exclusion_zone(self) -> int:
        """The free-kick zone the opponents must respect during a set-up (0 when none)."""
        return views.exclusion_zone(self)

    def pawn_targets(self, pawn: int) -> int:
        """Where the pawn, lifted now, may be put: its moves for the roll, the keeper's step, its corner
        placements; 0 in ball play (the ball-play squares are lit) and at a set-up (the set-up's own)."""
        return views.pawn_targets(self, pawn)

    def restart_fixes(self) -> list[Fix]:
        """What a set-up still needs, one Fix per token: the ball to its squares, each possible kicker
        to its spot, pawns that must leave an area, sent-off pawns to lift off the board."""
        return views.restart_fixes(self)

"""The Game: a python-chess style API over the rules of Soccer The Board Game.

>>> from controller.games.stbg import RED, Game, Roll
>>> game = Game.kick_off(RED)
>>> game
<Game play, red 0-0 blue, red to roll>
>>> game.expects()
{'input': 'roll', 'team': 'red', 'turn': 'kick_off'}
>>> game.chance_outcomes()[0]
(Roll(RED, 1), 0.16666666666666666)
>>> game.apply(Roll(RED, 4))
[{'event': 'clock_started', 'period': 1}]
>>> [str(a) for a in game.legal_actions()]
['ball e8']
>>> game.apply(parse_action("ball e8"))[0]
{'event': 'kick_off', 'period': 1, 'team': 'red'}
>>> game
<Game play, red 0-0 blue, red to move (3 points left)>
>>> _ = game.undo(); game.state.points
4

`apply` raises Illegal with the state unchanged, or returns the events the action caused. The engine is
pure: no I/O, no clock, no random numbers; dice, referee cards and time are actions.
"""
from __future__ import annotations

from collections import deque
from typing import Any

from controller.i18n import say
from controller.seam import Fix as Fix
from controller.seam import LedView as LedView
from controller.seam import Result
from controller.takeback import kind_of, steps_back
from hal.board import TEAMS

from . import clock, flow, legal, play, restarts, stars, views
from .actions import Action, Batch, Card, Done, Hand, Kick, Leave, Roll, Star, Step, Substitution, Tick, parse_action
from .board import GOAL_AREA, PAWN_IDS, REFEREE_CARDS, pawns_of, team_index, team_of
from .errors import Illegal
from .reach import on_board_count, pawn_at
from .state import BOTH_ROLL, OVER, SETUPS, Options, Phase, State, Turn, shootout_started

Event = dict[str, Any]
UNDO_DEPTH = 50
__all__ = ["Game", "Result", "parse_action"]


class Game:
    """One match; `state` is plain data, everything else is derived from it."""

    def __init__(self, state: State, options: Options | None = None) -> None:
        self.state = state
        self.options = options or Options()
        self.history: deque[State] = deque(maxlen=UNDO_DEPTH + 1)
        self.kinds: deque[str] = deque(maxlen=UNDO_DEPTH + 1)     # each action's kind (controller/takeback.py)
        self._events: list[Event] = []
        self._setup_events: list[Event] = []

    # ----- construction -------------------------------------------------------------------------
    @classmethod
    def kick_off(cls, team: int | str | None, options: Options | None = None, period: int = 1,
                 elapsed: float = 0.0) -> Game:
        """A new match in the standard formation, `team` (RED, BLUE or its name) to kick off; None starts with
        the roll-off.

        >>> Game.kick_off("blue")
        <Game play, red 0-0 blue, blue to roll>
        """
        first = 0 if team is None else team_index(team)
        game = cls(State(), options)
        st = game.state
        st.sq = [0] * len(st.sq)          # every pawn on the board: the formation puts each on its square
        st.period, st.elapsed = period, elapsed
        st.kickoff_team = first
        st.first_kickoff = first if period == 1 else 1 - first
        flow.lay_out_formation(game, first)
        if team is None:
            st.phase, st.holder = Phase.ROLL_OFF, -1
        else:
            flow.start_turn(game, first, Turn.KICK_OFF)
        st.possession = team_of(st.holder) if st.holder >= 0 else -1
        return game

    @classmethod
    def from_position(cls, pawns: dict[int, int], ball: int, turn: int, options: Options | None = None,
                      period: int = 1, elapsed: float = 0.0) -> Game:
        """Open play from an explicit position (S27): `turn` to roll; a pawn on the ball holds it (the
        team to roll first when both stand there). Missing pawns are off the board (sent off)."""
        game = cls(State(), options)
        st = game.state
        for p in range(len(st.sq)):
            st.sent_off[p] = p not in pawns
        for p, s in pawns.items():
            st.sq[p] = s
        for team in (0, 1):
            seen: dict[int, int] = {}
            for p in pawns_of(team):
                s = st.sq[p]
                if s < 0:
                    continue
                key = next((200 + i for i, area in enumerate(GOAL_AREA) if area >> s & 1), s)   # one space
                if key in seen:
                    raise ValueError(f"{PAWN_IDS[p]} and {PAWN_IDS[seen[key]]} share a space")
                seen[key] = p
            if on_board_count(st, team) < 3:
                raise ValueError(f"{TEAMS[team]} needs at least 3 players on the board")
        st.ball = ball
        if GOAL_AREA[0] >> ball & 1 or GOAL_AREA[1] >> ball & 1:
            holder = pawn_at(st, turn, ball)
            if holder < 0 or not GOAL_AREA[turn] >> ball & 1:
                raise ValueError("the ball starts in a goal area only with that team's goalie, to roll")
        st.holder = pawn_at(st, turn, ball)
        if st.holder < 0:
            st.holder = pawn_at(st, 1 - turn, ball)
        st.period, st.elapsed = period, elapsed      # not `started`: hands may be declared until the first roll (S24)
        st.kickoff_team = st.first_kickoff = turn if period == 1 else 1 - turn
        st.clock_running = elapsed > 0 or period > 1
        flow.start_turn(game, turn)
        st.possession = team_of(st.holder) if st.holder >= 0 else -1
        return game

    # ----- the state of play ------------------------------------------------------------------------
    def expects(self) -> dict[str, Any]:
        """What the game waits for: {'input': roll|move|ball|card|setup|none, 'team': ...}."""
        st = self.state
        if st.phase in OVER:
            return {"input": "none", "team": None}
        if st.phase in BOTH_ROLL:
            waiting = {"input": "roll", "team": "both", "waiting": [TEAMS[t] for t in (0, 1) if not st.dice[t]]}
            return waiting | ({"shooter": TEAMS[st.attack]} if st.phase == Phase.SHOOTOUT else {})
        if st.phase == Phase.CARD:
            return {"input": "card", "team": TEAMS[st.turn]}
        if st.phase in SETUPS:
            return {"input": "setup", "team": TEAMS[st.turn]}
        team = TEAMS[st.turn]
        if st.star in ("pass", "shoot"):
            return {"input": "ball", "team": team, "star": st.star}
        if st.star == "steal":
            return {"input": "move", "team": team, "star": st.star}
        if not st.rolled:
            return {"input": "roll", "team": team, "turn": st.kind}
        return {"input": "move", "team": team, "points": st.points, "turn": st.kind}

    def __repr__(self) -> str:
        st = self.state
        red, blue = st.score
        exp = self.expects()
        if st.phase in OVER:
            return f"<Game {st.phase}, red {red}-{blue} blue>"
        who = {"both": "red and blue"}.get(exp["team"], exp["team"])
        doing = {"roll": "roll", "card": "draw a referee card", "setup": "set up", "ball": "put the ball down",
                 "move": "move"}[exp["input"]]
        if exp["input"] == "move" and "points" in exp:
            doing += f" ({exp['points']} point{'s' if exp['points'] != 1 else ''} left)"
        return f"<Game {st.phase}, red {red}-{blue} blue, {who} to {doing}>"

    def is_terminal(self) -> bool:
        """Whether the match is over: full time (after a shoot-out if one was needed), or abandoned (S26)."""
        return self.state.phase in OVER

    def result(self) -> Result:
        """The score and, once the match is over, the winner; the shoot-out's kicks scored once one has
        started; `abandoned` when a team was left with fewer than 3 players (S26).

        >>> Game.kick_off(0).result()
        Result(final=False, winner=None, score=(0, 0), shootout=None, abandoned=False)
        """
        st = self.state
        final = st.phase in OVER
        return Result(final, TEAMS[st.winner] if final and st.winner >= 0 else None, (st.score[0], st.score[1]),
                      shootout=(st.shootout[0], st.shootout[1]) if shootout_started(st) else None,
                      abandoned=st.phase == Phase.ABANDONED)

    def chance_outcomes(self) -> list[tuple[Roll | Card, float]]:
        """The chance actions that may come now with their probabilities (OpenSpiel style): a die's faces,
        1/6 each, or the referee cards in the pile. Empty when the game waits for a player, or is over. In a
        battle, a chance or a roll-off the die is that of the first team still to roll."""
        st = self.state
        exp = self.expects()
        if exp["input"] == "card":
            left = {k: restarts.deck_left(self, k) for k in REFEREE_CARDS}
            total = sum(left.values())
            return [(Card(k), n / total) for k, n in left.items() if n > 0]
        if exp["input"] != "roll":
            return []
        team = TEAMS.index(exp["waiting"][0]) if exp["team"] == "both" else st.turn
        return [(Roll(team, v), 1 / 6) for v in range(1, 7)]

    # ----- applying actions -------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply one action; raise Illegal and keep the state if the rules refuse it."""
        before = self.state
        self.state = before.clone()         # the rules change the copy; `before` stays as it was
        self._events = []
        if not isinstance(action, (Tick, Leave)):   # the players took a sent-off pawn off, or play went on
            self.state.standing = [-1] * len(self.state.standing)
        try:
            self._dispatch(action)
            self._tell_possession()
        except Illegal:
            self.state = before
            raise
        self.history.append(before)
        self.kinds.append(kind_of(isinstance(action, Roll), isinstance(action, Tick), self._events))
        return self._events

    def undo(self) -> State:
        """Take back the last applied action, whatever it was (the last UNDO_DEPTH at least)."""
        if not self.history:
            raise Illegal("nothing_to_undo", say("no action to take back"))
        self.state = self.history.pop()
        if self.kinds:
            self.kinds.pop()
        return self.state

    def take_back(self) -> State:
        """The referee's undo: the last accepted action, with the clock lines since that decided nothing; a
        roll stands (controller/takeback.py)."""
        for _ in range(steps_back(self.kinds)):
            self.undo()
        return self.state

    def emit(self, name: str, **fields: Any) -> None:
        self._events.append({"event": name, **fields})

    def _tell_possession(self) -> None:
        """S33: `possession` when the team holding the ball changes (a loose ball: team null)."""
        st = self.state
        if st.phase in SETUPS or st.phase in OVER or st.phase in (Phase.CHANCE, Phase.CARD, Phase.SHOOTOUT_ORDER,
                                                                   Phase.SHOOTOUT):
            return
        now = team_of(st.holder) if st.holder >= 0 else -1
        if now != st.possession:
            st.possession = now
            self.emit("possession", team=TEAMS[now] if now >= 0 else None,
                      pawn=PAWN_IDS[st.holder] if st.holder >= 0 else None)

    def _dispatch(self, action: Action) -> None:
        st = self.state
        if isinstance(action, Tick):
            return clock.tick(self, action.seconds)
        if isinstance(action, Leave):
            return restarts.leave(self, action.pawn)
        if st.phase in OVER:
            raise Illegal("game_over", say("the match is over ({phase})", phase=st.phase))
        if isinstance(action, Roll):
            if not 1 <= action.value <= 6:
                raise Illegal("bad_input", say("a die shows 1 to 6, not {value}", value=action.value))
            return play.roll(self, action.team, action.value)
        if isinstance(action, Step):
            return play.step(self, action.pawn, action.to)
        if isinstance(action, Kick):
            return play.kick(self, action.to)
        if isinstance(action, Done):
            return play.done(self, action.team)
        if isinstance(action, Star):
            return stars.play(self, action.team, action.kind)
        if isinstance(action, Card):
            return restarts.card(self, action.kind)
        if isinstance(action, Substitution):
            return restarts.substitution(self, action.pawn)
        if isinstance(action, Hand):
            return stars.declare_hand(self, action.team, action.cards)
        if isinstance(action, Batch):
            for a in action.actions:      # each move of a board change is told as if made alone (S33)
                self._dispatch(a)
                self._tell_possession()
            return None
        raise Illegal("bad_input", say("unknown action {action!r}", action=action))

    # ----- listing ------------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every player action allowed now (dice, cards and time are chance actions, not listed)."""
        return legal.actions(self)

    def legal_pawn_moves(self, first_only: bool = False, pawn: int = -1) -> dict[int, int]:
        """Pawn -> mask of the squares it may go to now (with the points left, or at a set-up)."""
        return legal.pawn_moves(self, first_only, pawn)

    def ball_destinations(self) -> int:
        """Squares the ball may be kicked or put on now."""
        return legal.ball_moves(self)

    def dribble_destinations(self) -> int:
        """Squares the holder may carry the ball to now."""
        st = self.state
        if st.holder < 0:
            return 0
        return legal.pawn_moves(self, pawn=st.holder).get(st.holder, 0)

    def free_moves(self, pawn: int = -1) -> int:
        """The other square of the goal area for a goalie whose team acts (moving there costs nothing)."""
        return views.goalie_shift(self, pawn)

    def pawn_targets(self, pawn: int) -> int:
        return views.pawn_targets(self, pawn)

    def offside_line(self) -> tuple[int, int] | None:
        return views.offside_line(self)

    def offside_positions(self) -> int:
        return views.offside_positions(self)

    def exclusion_zone(self) -> int:
        return restarts.exclusion_zone(self)

    def restart_fixes(self) -> list[Fix]:
        return views.restart_fixes(self)

    def led_view(self) -> LedView:
        return views.led_view(self)

    # ----- the ruleset boundary -----------------------------------------------------------------------
    def events_of_setup(self) -> list[Event]:
        return list(self._setup_events)

    def pawn_square(self, pawn: int) -> int:
        return self.state.sq[pawn]

    def pawn_on(self, team: int, square: int) -> int:
        return pawn_at(self.state, team, square)

    @staticmethod
    def team_of(pawn: int) -> int:
        return team_of(pawn)

    @staticmethod
    def team_pawns(team: int) -> range:
        return pawns_of(team)

    @staticmethod
    def pawn_name(pawn: int) -> str:
        return PAWN_IDS[pawn]

    def interchangeable(self, pawn: int) -> bool:
        """Identity matters for referee cards only: a pawn without a yellow card has twins."""
        return self.state.yellow[pawn] == 0

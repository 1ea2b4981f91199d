"""The whole state of a Soccer Tactics WORLD game, and the options a match is played with.

Plain data with cheap copies: the engine keeps a copy per applied action for undo, and a free kick
that the offended team may decline keeps the copy to return to.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .phase import Phase
from .pieces import N_PAWNS

OUTCOMES = ("goal", "corner", "goal_kick")


MAX_MINUTES = 180.0     # the longest period an option may set
MAX_SECONDS = 3600.0    # the longest move or reset clock


class Options(BaseModel):
    """Match options (rules 11 and 12, and the house rule C10)."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    # bounded so that no option can overflow a clock or stall a match: a day-long half is nobody's game
    half_minutes: float = Field(45.0, gt=0, le=MAX_MINUTES, allow_inf_nan=False)
    extra_time: bool = True
    extra_time_minutes: float = Field(15.0, ge=0, le=MAX_MINUTES, allow_inf_nan=False)   # 0: straight to penalties
    shootout_kicks: int = Field(5, ge=1, le=50)
    advanced_defenders: bool = False
    shooting_die: bool = False
    shooting_die_faces: dict[int, str] = Field(
        default_factory=lambda: {1: "goal", 2: "goal", 3: "goal", 4: "corner", 5: "goal_kick", 6: "corner"})
    strict_minor_fouls: bool = False
    move_seconds: float = Field(60.0, gt=0, le=MAX_SECONDS, allow_inf_nan=False)
    reset_seconds: float = Field(60.0, gt=0, le=MAX_SECONDS, allow_inf_nan=False)

    @field_validator("shooting_die_faces")
    @classmethod
    def _faces(cls, v: dict[int, str]) -> dict[int, str]:
        if sorted(v) != [1, 2, 3, 4, 5, 6] or any(o not in OUTCOMES for o in v.values()):
            raise ValueError("shooting_die_faces must map each face 1-6 to goal, corner or goal_kick")
        return v


@dataclass(frozen=True, slots=True)
class Offside:
    """Rule 7 / C14: who stood in an offside position when the ball was last played (replaced, never
    changed in place, so game copies share it)."""
    pawns: int = 0            # bit per pawn index
    line: int = 0             # rank of the defending team's last field player (0 = not recorded)
    defending: int = -1
    in_goal_area: bool = False
    played_to: int = -1


@dataclass(slots=True)
class Restart:
    """A set piece being set up (free kick, goal kick, corner, penalty): what the position must become."""
    kind: str
    team: int                    # the team that will have the ball
    ball_squares: int            # mask: where the ball must lie
    kickers: tuple[int, ...]     # pawns that may take it
    kicker_squares: int = 0      # penalty: where the kicker stands (0: on the ball)
    zone_team: int = -1          # team that keeps out of the squares around the ball
    clear_team: int = -1         # team (or 2: both) whose pawns leave clear_area for clear_to
    clear_area: int = 0
    clear_to: int = 0
    clear_keepers: bool = False  # whether keepers must leave clear_area too
    arc_clear: int = 0           # penalty: squares where the defending team may not stand
    keeper_home: int = -1        # team whose keeper must stand in its goal area
    shooter: int = -1            # corner: the pawn that takes it
    declinable: bool = False     # minor foul against the D-team: the O-team may decline (rule 9C)
    square: int = -1             # the foul square (-1: the offended team picks a centre-circle square)


@dataclass
class GameState:
    sq: list[int] = field(default_factory=lambda: [-1] * N_PAWNS)       # -1: off the board
    sent_off: list[bool] = field(default_factory=lambda: [False] * N_PAWNS)
    yellow: list[int] = field(default_factory=lambda: [0] * N_PAWNS)
    defender_yellows: list[int] = field(default_factory=lambda: [0, 0])  # the defenders' shared count
    ball: int = -1
    holder: int = -1             # pawn with sole possession, -1 while the ball is loose
    offense: int = -1
    score: list[int] = field(default_factory=lambda: [0, 0])
    phase: Phase = Phase.KICK_OFF
    actor: int = -1              # team to act; -1: both (a battle, a roll-off, a set-up)
    roll: int = 0                # rolled value waiting to be used (the sum for a keeper's kick)
    dice: list[int] = field(default_factory=lambda: [0, 0])  # battle / roll-off: per team; keeper kick: [first, 0]
    move_team: int = -1          # team whose move the pending roll is for (the move clock's culprit)
    passes: int = 0              # direct passes in the current play (rule 4B)
    ball_sq: int = -1            # capture attempts / answer: the ball's square to reach
    scoring: bool = False        # the answer is to a scoring chance (capture in the penalty area)
    battlers: tuple[int, int] = (-1, -1)   # (pre-battle O-team pawn, D-team pawn)
    shooter: int = -1
    shot_square: int = -1
    penalty: bool = False        # the pending shot is a penalty kick
    kicker: int = -1             # set-piece taker who will be barred once it plays the ball
    barred: int = -1             # pawn that may not touch the ball until another pawn has
    kick: str = ""               # kind of the coming ball play: '', 'kick_off', 'goal_kick', 'corner'
    offside: Offside = field(default_factory=Offside)
    restart: Restart | None = None
    resume: GameState | None = None      # where a declined free kick returns to
    placements: list[int] = field(default_factory=lambda: [0, 0])  # corner placements made per team
    placing_done: list[bool] = field(default_factory=lambda: [False, False])
    # time (simulated seconds, from clock actions only)
    now: float = 0.0
    period: int = 1              # 1, 2 halves; 3, 4 extra time; 5 shoot-out
    elapsed: float = 0.0
    clock_running: bool = False
    paused: bool = False
    time_up: bool = False
    chance_live: bool = False    # the ball was played into the penalty area: finish the chance (rule 11B)
    move_deadline: float = -1.0
    reset_deadline: float = -1.0
    first_kickoff: int = 0
    shootout: list[int] = field(default_factory=lambda: [0, 0])
    shootout_taken: list[int] = field(default_factory=lambda: [0, 0])
    winner: int = -1

    def clone(self) -> GameState:
        c = GameState.__new__(GameState)
        c.__dict__ = self.__dict__.copy()
        c.sq = self.sq[:]
        c.sent_off = self.sent_off[:]
        c.yellow = self.yellow[:]
        c.defender_yellows = self.defender_yellows[:]
        c.score = self.score[:]
        c.dice = self.dice[:]
        c.placements = self.placements[:]
        c.placing_done = self.placing_done[:]
        c.shootout = self.shootout[:]
        c.shootout_taken = self.shootout_taken[:]
        return c

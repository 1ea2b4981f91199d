"""The state of a match: plain data, copied whole before each action (undo restores the copy)."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .board import KINDS, N_PAWNS, REFEREE_CARDS


class Phase(StrEnum):
    """What the match is doing (the snapshot's `phase`): a str enum, so it compares, hashes and serialises as
    its value."""
    ROLL_OFF = "roll_off"                   # both roll; the higher kicks off (S4 a tie is rolled again)
    KICKOFF_SETUP = "kickoff_setup"         # after a goal and at half time: the teams re-place in turn (S18)
    PLAY = "play"                           # a team's turn
    BATTLE = "battle"                       # both roll for the ball
    CARD = "card"                           # a fault: the referee card is drawn
    FREE_KICK_SETUP = "free_kick_setup"     # the fouling player steps one square away
    PENALTY_SETUP = "penalty_setup"         # kicker and ball on the spot, the area cleared (S19)
    CORNER_SETUP = "corner_setup"           # the attacking team places, then the defending team
    CHANCE = "chance"                       # a scoring chance or a penalty: both roll
    SHOOTOUT_ORDER = "shootout_order"       # S14 option: a draw at full time; both roll for the order
    SHOOTOUT = "shootout"                   # a shoot-out kick: both roll, the shooter's higher roll scores
    FULL_TIME = "full_time"
    ABANDONED = "abandoned"                 # a team has fewer than 3 players (S26)


SETUPS = (Phase.KICKOFF_SETUP, Phase.FREE_KICK_SETUP, Phase.PENALTY_SETUP, Phase.CORNER_SETUP)
BOTH_ROLL = (Phase.ROLL_OFF, Phase.BATTLE, Phase.CHANCE, Phase.SHOOTOUT_ORDER, Phase.SHOOTOUT)
OVER = (Phase.FULL_TIME, Phase.ABANDONED)


class Turn:
    """The kind of a turn: a set piece's turn may not be skipped nor use a star card."""
    OPEN = "open"
    KICK_OFF = "kick_off"
    GOAL_KICK = "goal_kick"
    FREE_KICK = "free_kick"
    CORNER = "corner"


SET_PIECE_TURNS = (Turn.KICK_OFF, Turn.GOAL_KICK, Turn.FREE_KICK, Turn.CORNER)


MAX_MINUTES = 180.0     # the longest period an option may set
MAX_SECONDS = 3600.0    # the longest turn clock
MAX_CARDS = 50          # the most cards of a kind in a deck


class Options(BaseModel):
    """Match options: period length, turn clock, and the deck (S3, configurable)."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    # bounded so that no option can overflow a clock or stall a match: a day-long half is nobody's game
    half_minutes: float = Field(15.0, gt=0, le=MAX_MINUTES, allow_inf_nan=False)
    turn_seconds: float = Field(30.0, gt=0, le=MAX_SECONDS, allow_inf_nan=False)
    star_cards: dict[str, int] = Field(default_factory=lambda: {"pass": 4, "shoot": 4, "steal": 4})
    referee_cards: dict[str, int] = Field(default_factory=lambda: {"red": 2, "yellow": 4, "blank": 4})
    hand_size: int = Field(6, ge=0, le=12)
    shootout: bool = False            # S14 tournament option: a draw at full time goes to a shoot-out
    shootout_kicks: int = Field(5, ge=1, le=50)

    @field_validator("star_cards")
    @classmethod
    def _stars(cls, v: dict[str, int]) -> dict[str, int]:
        if set(v) != set(KINDS) or any(not 0 <= n <= MAX_CARDS for n in v.values()):
            raise ValueError(f"give a count of 0 to {MAX_CARDS} for each of {', '.join(KINDS)}")
        return v

    @field_validator("referee_cards")
    @classmethod
    def _referee(cls, v: dict[str, int]) -> dict[str, int]:
        if set(v) != set(REFEREE_CARDS) or any(not 0 <= n <= MAX_CARDS for n in v.values()) \
                or sum(v.values()) == 0:
            raise ValueError(f"give a count of 0 to {MAX_CARDS} for each of {', '.join(REFEREE_CARDS)}, not all 0")
        return v


@dataclass
class State:
    sq: list[int] = field(default_factory=lambda: [-1] * N_PAWNS)     # -1: off the board
    sent_off: list[bool] = field(default_factory=lambda: [False] * N_PAWNS)
    yellow: list[int] = field(default_factory=lambda: [0] * N_PAWNS)
    ball: int = -1
    holder: int = -1                  # the pawn holding the ball, -1 loose
    score: list[int] = field(default_factory=lambda: [0, 0])
    phase: Phase = Phase.PLAY
    turn: int = 0                     # the team whose turn it is (or who places, in a set-up)
    kind: str = Turn.OPEN             # the turn's kind
    rolled: bool = False              # the turn's roll (or a star card) is made
    points: int = 0                   # points left of the roll
    roll: int = 0                     # the face rolled this turn
    star: str = ""                    # a star card being carried out
    star_played: bool = False         # a star card was played this turn
    kicked: bool = False              # a set-piece turn's ball was kicked
    barred: int = -1                  # a set-piece kicker that may not touch the ball yet
    stealer: int = -1                 # after Steal: its first action moves the ball off the square
    dice: list[int] = field(default_factory=lambda: [0, 0])   # the two rolls of a battle or a chance
    challenger: int = -1              # battle: the pawn that came for the ball
    fouler: int = -1                  # the pawn that committed the fault being dealt with
    award: str = ""                   # free_kick or penalty_kick, once a fault is called
    attack: int = -1                  # the attacking team of a chance, corner, free kick or penalty
    corner: int = -1                  # the corner square of the next corner
    done: list[bool] = field(default_factory=lambda: [False, False])   # set-up: the team pressed done
    leave: int = 0                    # penalty set-up: pawns (bit per pawn) that must leave the area
    placed_other: bool = False        # free kick: another player put next to the ball already
    stars_used: list[list[int]] = field(default_factory=lambda: [[0, 0, 0], [0, 0, 0]])
    hands: list[list[int] | None] = field(default_factory=lambda: [None, None])
    subs: list[int] = field(default_factory=lambda: [0, 0])
    skips: list[int] = field(default_factory=lambda: [0, 0])
    sub_pawn: list[int] = field(default_factory=lambda: [-1, -1])   # the pawn a substitution may discard
    kickoff_team: int = 0             # who kicks off the current period
    first_kickoff: int = 0            # who kicked off the first period
    period: int = 1
    elapsed: float = 0.0              # seconds played in the period
    clock_running: bool = False
    time_up: bool = False             # the period's time is over; what was started is completed
    started: bool = False             # the first roll or star card after the set-up (hands are declared before)
    turn_clock: float = 0.0           # seconds of the current turn
    now: float = 0.0                  # seconds since the set-up
    possession: int = -1              # the team that had the ball when `possession` was last told
    winner: int = -1
    standing: list[int] = field(default_factory=lambda: [-1] * N_PAWNS)   # a sent-off pawn's square until it
    # is lifted: the board still has it there until the players take it off (or the next action)
    shootout: list[int] = field(default_factory=lambda: [0, 0])         # S14: kicks scored
    shootout_taken: list[int] = field(default_factory=lambda: [0, 0])   # and taken

    def clone(self) -> State:
        """A copy that shares nothing the rules change (the lists are copied, the rest is immutable)."""
        new = object.__new__(State)
        fields = dict(self.__dict__)
        for f in _LISTS:
            fields[f] = fields[f][:]
        fields["stars_used"] = [u[:] for u in self.stars_used]
        fields["hands"] = [None if h is None else h[:] for h in self.hands]
        new.__dict__ = fields
        return new


def shootout_started(st: State) -> bool:
    """Whether a shoot-out (S14 option) has begun: its order is being rolled, or a kick has been taken."""
    return st.phase in (Phase.SHOOTOUT_ORDER, Phase.SHOOTOUT) or sum(st.shootout_taken) > 0


_LISTS = ("sq", "sent_off", "yellow", "score", "dice", "done", "subs", "skips", "sub_pawn", "shootout",
          "shootout_taken", "standing")

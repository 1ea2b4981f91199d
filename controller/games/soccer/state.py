"""The match as plain data: dataclasses of strings, numbers, lists and dicts, no closures, so a match pickles
(checkpoints) and deep-copies (undo). The rules live in the modules that change it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from hal.board import TEAMS as TEAMS  # the board's vocabulary, for the game's modules

from .tables import control_zone_cm

LEVELS = ("P", "S", "H", "INT", "A", "PC", "SV")
MOVE_CM = 20.0
PUBLIC_ALWAYS = frozenset({"A"})          # P30: Awareness shows on the table (the control zone)
Status = Literal["pitch", "bench", "off", "sent_off"]
Event = dict[str, Any]


def num(x: float) -> float | int:
    """A distance as the lines, events and snapshot show it: to one decimal (a figure the players measure; a
    sum or product such as 1.5 x 14.8 prints no float noise), and 18, not 18.0."""
    shown = round(float(x), 1)
    return int(shown) if shown.is_integer() else shown


def other(team: str) -> str:
    return "blue" if team == "red" else "red"


def team_of(model_id: str) -> str:
    return model_id.split("-", 1)[0]


@dataclass
class Options:
    """The set-up's options (section 3): the budget, the orientation rule, the back-pass rule, one shared die,
    the unit of every distance."""
    points: int = 1700
    orientation: bool = False
    backpass: bool = False
    shared_die: bool = False
    units: Literal["cm", "in"] = "cm"


@dataclass
class Model:
    """One model of a roster and what the match has done to it."""
    id: str
    team: str
    shirt: int
    name: str
    levels: dict[str, int]
    skill: str | None = None
    status: Status = "pitch"
    keeper: bool = False
    neutralized: bool = False
    neutralized_in: int = -1        # the phase serial it was neutralized in: it sits out its team's next phase
    moved: float = 0.0              # this turn, in the match's unit
    yellow: int = 0
    public: list[str] = field(default_factory=list)   # levels a roll has used (P30), "skill" once used
    acted: bool = False             # passed, shot or headed this phase (P45)

    def level(self, name: str) -> int:
        return self.levels.get(name, 0)


@dataclass
class Ball:
    """Who holds the ball and how: `held`, `high` (the receiver may still head or be challenged), `loose` (a
    `claim` or `ball` line due), `dead` (set-ups, kick-offs, half and full time). `cause` says what made it loose
    (pass, header, kick_away, post, deflection, play_out): a `ball` line's handler is chosen by it."""
    holder: str | None = None
    state: Literal["held", "high", "loose", "dead"] = "dead"
    last_touch: str | None = None   # the team that touched it last
    cause: str = ""
    hands: bool = False             # the keeper holds it in his hands (P24, P25)
    end: str | None = None          # the goal it is heading for (the defending team), when a rule knows it


@dataclass
class Option:
    """An open option (P32): `line` the line type that takes it, `team` whose it is, `model` the model it is
    for (None: any of the team), `awaited` an opponent's option the next line must take or decline, `context`
    JSON-able facts its line's handler reads."""
    line: str
    team: str
    model: str | None = None
    awaited: bool = False
    context: dict[str, Any] = field(default_factory=dict)


@dataclass
class Restart:
    """The restart being set up: its event name (throw_in, corner_kick, goal_kick, direct_kick, indirect_kick,
    penalty_kick, keeper_ball), the team taking it, where (an `at` value or None), the taker once known and
    JSON-able facts of its own (E.g. the taker's cm moved before the kick)."""
    kind: str
    team: str
    at: str | None = None
    taker: str | None = None
    context: dict[str, Any] = field(default_factory=dict)


@dataclass
class Match:
    """The whole match. `phase`: kick_off, play, a restart's event name, half_time or full_time. `team`: whose
    phase, kick-off or restart it is. `starter`: the team of the last kick-off or restart, first in each turn
    (P4); `phase_no` 0 or 1: the turn's first or second movement phase; `serial` counts movement phases."""
    options: Options
    models: dict[str, Model]
    kickoff_team: str                           # who kicked off half 1 (C20-like: the other kicks off half 2)
    ball: Ball = field(default_factory=Ball)
    score: dict[str, int] = field(default_factory=lambda: {"red": 0, "blue": 0})
    half: int = 1
    turn: int = 1
    half_length: int = 12
    counted: int = 0
    phase: str = "kick_off"
    team: str | None = "red"
    starter: str = "red"
    phase_no: int = 0
    serial: int = 0
    acted: bool = False                         # the phase's pass or shot is made (P22, P50)
    intercepted: bool = False                   # the phase's one interception is made (P17)
    no_score: str | None = None                 # P3: the kick-off's receiver may not score this phase
    no_pass: str | None = None                  # P17: an interceptor that took the ball may not pass or shoot
    substitutions_left: dict[str, int] = field(default_factory=lambda: {"red": 3, "blue": 3})
    may: list[Option] = field(default_factory=list)
    restart: Restart | None = None
    due: Any = None                             # a dice.Due while dice are awaited
    rosters_open: bool = True                   # P38: roster lines until another line is accepted
    rosters_due: list[str] = field(default_factory=list)    # teams that must still send a roster
    keeper_due: list[str] = field(default_factory=list)     # teams that must name a keeper (P41)
    closing: bool = False                       # P33: a penalty after the last turn; the half ends once settled
    over: bool = False

    def limit(self, cm: float) -> float:
        """A limit of the rules in the match's unit (P49): inches are cm / 2.5 rounded down."""
        return cm if self.options.units == "cm" else float(int(cm / 2.5))

    def zone(self, model: Model) -> float:
        """p.8's control zone in the match's unit: one figure, the interception's limit (P49) and the one shown."""
        return self.limit(control_zone_cm(model.level("A")))

    def model(self, model_id: str) -> Model | None:
        return self.models.get(model_id)

    def on_pitch(self, team: str) -> list[Model]:
        return [m for m in self.models.values() if m.team == team and m.status == "pitch"]

    def keeper_of(self, team: str) -> Model | None:
        return next((m for m in self.on_pitch(team) if m.keeper), None)

    def reveal(self, model: Model, *names: str) -> None:
        """P30: a level becomes public once a roll uses it."""
        for name in names:
            if name not in model.public:
                model.public.append(name)

"""The seam between the daemon and a game's rules.

The core, the tracker, the LEDs and the publishers only talk to a Ruleset and the game it makes, so another
game, on the same board or on none, is a new Ruleset in a package of its own, not a change to them. The types
every ruleset shares are defined here: the refusal it raises (`Illegal`), how it reads a board difference
(`Reading`), what the LED planner reads of a game (`LedView`, `Fix`), and the capabilities only some games
have (`CallsMinorFouls`, `TeamLines`, `LitTurn`).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, runtime_checkable

from hal.board import N_SQUARES

if TYPE_CHECKING:
    from pydantic import BaseModel

    from .lines import Setup, Signal


@dataclass(frozen=True)
class Sentences:
    """A game's words for its events: a sentence per event name, the events its match story tells (console,
    report timeline, `replay --format text`; the rest, every die roll, is in the JSON outputs and on the
    page) and those `--quiet` keeps. A game's `GameInfo.sentences` makes one."""
    say: Mapping[str, Callable[[dict[str, Any]], str]]
    told: frozenset[str] = field(default_factory=frozenset)
    quiet: frozenset[str] = field(default_factory=frozenset)


class Illegal(Exception):
    """An action the rules do not allow: `reason` is a stable code (docs/reasons.md), `detail` a sentence
    for a person. A ruleset raises it with the game unchanged."""

    def __init__(self, reason: str, detail: str):
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail

    def __reduce__(self) -> tuple[type[Illegal], tuple[str, str]]:
        """Rebuilt from its reason and detail: a core waiting for a correction holds one, and a checkpoint
        (pickled) of that core must load."""
        return (Illegal, (self.reason, self.detail))


@dataclass(frozen=True)
class Reading:
    """How a board difference reads: an action (maybe still open to a longer one), pending, or wrong."""
    kind: str                       # "exact", "pending", "wrong"
    action: object = None
    open_ended: bool = False        # an exact action that could still grow (ball first of a dribble)
    error: Illegal | None = None


class LedView(NamedTuple):
    """The game as the LED planner sees it, in the planner's own terms so one planner serves every game: the
    phase (the game's own name, for logs), who acts, the pending roll (or the points left), the ball's square,
    whether a restart is being set up, the move clock, each team's goal-line rank, and what the game says is
    worth lighting now (the teams to act, a ball play pending, the offside line, the points left)."""
    phase: str
    actor: int                       # team to act, -1 both or none
    roll: int
    ball: int                        # the ball's square, -1 off the board
    restarting: bool
    move_deadline: float             # -1: the move clock is not running
    move_team: int
    now: float
    paused: bool
    goal_ranks: tuple[int, int]
    to_act: tuple[int, ...]          # the teams whose goal line glows (both at a roll of both, none at the end)
    ball_play: bool                  # a ball play is the pending choice: its squares are lit with nothing lifted
    offside: bool                    # the offside line and the pawns beyond it are lit
    points: int = -1                 # points left in the turn, shown on the goal line; -1: a game without them


class Fix(NamedTuple):
    """One thing a set-up still needs: `kind` (ball, kicker, leave, lift_off, fill: the game says which it
    uses) for a `token` on `square` (-1: none yet), to go to one of the squares of the mask `targets`."""
    kind: str
    token: str
    square: int
    targets: int


class Result(NamedTuple):
    """How a match stands: `final` once it is over; `winner` the winning team's name, None for a draw (or while it
    is not over); `score` the goals; `shootout` the kicks scored in a shoot-out, once one has started; `abandoned`
    a match stopped before its end (a game that can be abandoned says so)."""
    final: bool
    winner: str | None
    score: tuple[int, int]
    shootout: tuple[int, int] | None = None
    abandoned: bool = False


@runtime_checkable
class GameState(Protocol):
    """One match under some ruleset, as every game has it (OpenSpiel's State is the model): what it waits for,
    actions applied or refused, undo, what may come next, and how it ends. Nothing here assumes a board."""

    def expects(self) -> dict[str, Any]:
        """What the game waits for: {'input': roll|move|...|none, 'team': the team, "both" or None, ...}."""
        ...

    def apply(self, action: Any) -> list[dict[str, Any]]:
        """The events the action caused; Illegal with the state unchanged when the rules refuse it."""
        ...

    def undo(self) -> object:
        """Take back the last applied action, whatever it was; Illegal (nothing_to_undo) when none is left."""
        ...

    def take_back(self) -> object:
        """The referee's undo (controller/takeback.py): the last accepted action; a roll stands."""
        ...

    def legal_actions(self) -> Sequence[object]:
        """The player actions allowed now, where the game can list them (chance actions are not listed)."""
        ...

    def chance_outcomes(self) -> Sequence[tuple[object, float]]:
        """The chance actions that may come now (a die's faces, a spinner's sectors, cards in a pile), with
        their probabilities; empty when the game waits for a player, or is paused or over."""
        ...

    def is_terminal(self) -> bool:
        """Whether the match is over."""
        ...

    def result(self) -> Result: ...

    def events_of_setup(self) -> list[dict[str, Any]]:
        """The events the set-up itself caused (a kick-off's), before any action."""
        ...


@runtime_checkable
class GridGame(GameState, Protocol):
    """A game of tokens on the board's squares (ints 0..127): pawns are ints, teams 0 and 1. What the core asks
    to tell pawns apart on a sensed board (python-chess style)."""

    def pawn_square(self, pawn: int) -> int:
        """Where a pawn stands, -1 off the board."""
        ...

    def pawn_on(self, team: int, square: int) -> int:
        """The team's pawn on a square, -1 if none."""
        ...

    def team_of(self, pawn: int) -> int: ...
    def team_pawns(self, team: int) -> range: ...
    def pawn_name(self, pawn: int) -> str: ...

    def interchangeable(self, pawn: int) -> bool:
        """Whether the players need not tell this pawn from its twins (no identity question for it)."""
        ...

    def restart_fixes(self) -> list[Fix]:
        """What a restart being set up still needs, one Fix per token (none outside a set-up)."""
        ...


@runtime_checkable
class LedLayers(GridGame, Protocol):
    """A grid game that says what is worth lighting under the board (square sets are masks: bit n is square n):
    the LED planner (controller/leds) reads a game only through these."""

    def led_view(self) -> LedView:
        """Phase, team to act, roll, ball, set-up, move clock, goal ranks and what is worth lighting now."""
        ...

    def legal_pawn_moves(self, first_only: bool = False, pawn: int = -1) -> dict[int, int]: ...

    def free_moves(self, pawn: int = -1) -> int:
        """Where a pawn of the team to act may move now at no cost, without a roll or with no points left (the
        first game's keeper step, the second's goalie shift inside its goal area); `pawn` >= 0: that pawn's
        only. 0 when none may."""
        ...

    def pawn_targets(self, pawn: int) -> int:
        """Where this pawn may be put down now if a player lifts it: its moves for the roll or points left, its
        free moves, its placements at a set-up that lets it be placed freely; 0 when it may not move now."""
        ...

    def ball_destinations(self) -> int: ...
    def dribble_destinations(self) -> int: ...

    def offside_line(self) -> tuple[int, int] | None:
        """(defending team, rank of its last field player)."""
        ...

    def offside_positions(self) -> int: ...

    def exclusion_zone(self) -> int:
        """The squares the opponents must keep off while a restart is set up (a free kick's zone, a corner's
        ring); 0 when none."""
        ...


@runtime_checkable
class Ruleset(Protocol):
    """A game's rules: makes its matches and turns inputs into their actions. What every game has; what only
    some have are the capabilities below (SensedGrid, LitGrid, CallsMinorFouls), asked with isinstance."""
    name: str

    def prepare(self) -> None:
        """Build the ruleset's lookup tables now: a long-running daemon calls it once at start-up so its
        memory stays flat during play (replays and tests may skip it: the tables fill lazily)."""

    def new_game(self, setup: Setup) -> GameState:
        """A game from a scenario `setup` line; ValueError with a readable message if it is not valid."""
        ...

    def action_for(self, line: Signal) -> Any:
        """The engine action for an input that moves no token (roll, spin, press, clock, card, hand);
        Illegal (bad_input) for a line this game has no use for."""

    def snapshot(self, game: GameState) -> dict[str, Any]: ...

    def due_in(self, snapshot: dict[str, Any]) -> float | None:
        """Seconds of game time until the game's own clocks decide something (a move or turn clock running out,
        a period ending), read from its `snapshot`; never below zero; None when no clock runs."""
        ...


@runtime_checkable
class SensedGrid(Protocol):
    """A ruleset whose games are played with tokens on the sensed board (its games are GridGames): the core keeps
    the sensed occupancy, compares it with the expected one and reads the difference as an action. A ruleset
    without it has no sensed board: only rolls, buttons, time and entered lines reach its games."""

    def expected_occupancy(self, game: GridGame) -> bytearray:
        """Where the game expects each token: 128 squares x 3 bits (red, blue, ball)."""
        ...

    def read_difference(self, game: GridGame, missing: list[tuple[int, str]], extra: list[tuple[int, str]],
                        final: bool = False) -> Reading:
        """A Reading: the action, pending position or error a board difference stands for."""
        ...


@runtime_checkable
class LitGrid(SensedGrid, Protocol):
    """A sensed-grid ruleset whose games have LED layers: the LED planner plans them; without it the board's
    LEDs stay dark."""

    def led_layers(self, game: GameState) -> LedLayers:
        """The game as the LED planner reads it (a game this ruleset made)."""
        ...


@runtime_checkable
class LitTurn(Protocol):
    """A ruleset whose games have no LED layers but say which team is to act (a game played at a table, whose
    squares mean nothing to it): the LED planner lights that team's goal line and nothing else, so a board beside
    the table still shows whose turn it is. Without it, or LitGrid, the board's LEDs stay dark."""

    def teams_to_act(self, game: GameState) -> tuple[str, ...]:
        """The teams ("red", "blue") to act now: one, both (both roll, either may act), none (the match is over)."""
        ...


@runtime_checkable
class CallsMinorFouls(Protocol):
    """A ruleset whose refused placements can become a foul (the first game's minor fouls, C10): a capability,
    not every game has it (`isinstance(ruleset, CallsMinorFouls)`); without it a refused placement is only
    corrected."""

    def minor_foul_for(self, game: GridGame, missing: list[tuple[int, str]], extra: list[tuple[int, str]],
                       error: Illegal | None) -> Any:
        """The action a placement refused by the rules becomes if it is still on the board when the
        settle window ends (a minor foul with strict_minor_fouls), or None: it is only corrected."""


@runtime_checkable
class TeamLines(Protocol):
    """A ruleset whose lines each team's coach may enter from its own phone (a game played at a table with nothing
    sensed): the daemon takes such a line only with the team's code of the match (docs/coach.md) and answers the
    coach with its team's own view. Without it a game has no coach path."""

    def team_of(self, line: Signal) -> str | None:
        """The team ("red", "blue") whose coach may enter this parsed line, None when either may (a dispute);
        Illegal (not_a_coach_line) for a line no coach enters (a referee's button, time). Called off the core
        thread, before the line is queued: it reads the line alone, never a game."""
        ...

    def team_view(self, game: GameState, team: str) -> dict[str, Any]:
        """The snapshot as `team` may see it: what the published snapshot shows, and what only that team knows
        (its hidden levels). Called on the core thread."""
        ...


def minor_foul_for(ruleset: Ruleset, game: GridGame, missing: list[tuple[int, str]],
                   extra: list[tuple[int, str]], error: Illegal | None) -> Any:
    """The foul a refused placement becomes under this ruleset, None for a game without minor fouls."""
    if isinstance(ruleset, CallsMinorFouls):
        return ruleset.minor_foul_for(game, missing, extra, error)
    return None


def expected_occupancy(ruleset: Ruleset, game: GameState) -> bytearray:
    """Where a game expects each token (128 squares x 3 bits), all empty for a game without a sensed board.
    It asks the capability on every call: the core, which asks per frame, looks it up once per set-up."""
    if isinstance(ruleset, SensedGrid) and isinstance(game, GridGame):
        return ruleset.expected_occupancy(game)
    return bytearray(N_SQUARES)


@dataclass(frozen=True)
class GameInfo:
    """A game as the registry knows it (controller/games): what every part that is not the game itself may ask
    of it by name. A game's package makes one (its `plugin.GAME`) and names it under the `soccerboard.games`
    entry-point group; the factories import the game's modules only when called."""
    name: str                                   # the name in set-up lines, configs, snapshots ("ruleset")
    title: str                                  # the name for people: the page, reports, Home Assistant
    package: str                                # the game's package: its page module and schema live beside it
    make_ruleset: Callable[[Mapping[str, Any] | None], Ruleset]
    half_minutes: float | None = 45.0           # a half's length, match minutes, when nothing sets it; None: no halves
    default: bool = False                       # the game a set-up, config or replay that names none plays
    sentences: Callable[[], Sentences] | None = None   # its events in words (controller/story.py); None: told
                                                # plainly, each event's name and fields
    players: Callable[[], object] | None = None   # its bots, a controller.players.Players; None: it has none
    extra_time: bool = True                     # a draw after the second half may go to extra time
    options_model: Callable[[], type[BaseModel]] | None = None   # its match options: a config's game.options are
                                                                  # checked against it; None: at the set-up only
    snapshot_model: Callable[[], type[BaseModel]] | None = None  # its snapshot: `soccerboard schema --game` prints it
    pickled: tuple[tuple[str, str], ...] = ()   # (module in its package, class): all a checkpoint of its match holds
    pitch: Callable[[], Any] | None = None      # the markings a drawing of it shows (controller/render.py Pitch)
    clock_view: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None   # the daemon's clock view of its
                                                # snapshot; None: its clock is a move deadline and a reset deadline
    path_tables: Callable[[], Any] | None = None   # its tables the daemon keeps on disk between starts
                                                # (controller/daemon/pathcache.py PathTables); None: it has none
    lines: tuple[str, ...] = ()                 # line types of its own (controller/scenario.py GameLine): entered
                                                # lines a game with no sensed board is played by
    setup_keys: tuple[str, ...] = ()            # set-up keys of its own, handed to it in Setup.game

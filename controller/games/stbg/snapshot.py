"""The published state of a Soccer The Board Game match: a versioned pydantic model whose JSON Schema is
exported to controller/games/stbg/snapshot.schema.json. The same document is the last line of
`soccerboard replay` for this ruleset. It carries what every snapshot carries (docs/board.md section 6)
and the additions RULES-STBG.md lists (S32): ruleset, turn, points_left, star_cards, substitutions, and
`goalie` on every pawn."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from controller.snapshot_parts import BoardStatus, Dice
from hal.board import TEAMS

from .board import GOAL_AREA, KINDS, PAWN_IDS, name, team_of
from .clock import period_length
from .restarts import setup_todo
from .stars import cards_left
from .state import SETUPS, shootout_started

if TYPE_CHECKING:
    from .game import Game

SCHEMA: Final = "soccerboard.stbg-snapshot/1"
Team = Literal["red", "blue"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PawnState(_Model):
    square: str | None
    yellow: int
    sent_off: bool
    goalie: bool


class Score(_Model):
    red: int
    blue: int


class CardCount(_Model):
    used: int
    left: int


class TeamStars(_Model):
    pass_: CardCount = Field(alias="pass")
    shoot: CardCount
    steal: CardCount
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class Stars(_Model):
    red: TeamStars
    blue: TeamStars


class Clock(_Model):
    period: int
    elapsed: float
    length: float
    running: bool
    time_up: bool
    now: float
    turn_elapsed: float | None        # the turn clock, while a turn is on
    turn_length: float


class SetupInfo(_Model):
    kind: str
    team: Team
    todo: list[str]                   # English, as programs read it
    todo_say: list[dict[str, Any]]    # the same items as said ({"msg", "args"}): the page says them in its language


class StbgSnapshot(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    schema_: Literal["soccerboard.stbg-snapshot/1"] = Field(SCHEMA, alias="schema")
    ruleset: Literal["stbg"]
    score: Score
    offense: Team | None              # the team holding the ball
    ball: str | None
    holder: str | None
    phase: str
    expects: dict[str, Any]
    turn: Team | None
    turn_kind: str | None
    points_left: int | None
    star: str | None                  # a star card being carried out
    barred: str | None
    pawns: dict[str, PawnState]
    star_cards: Stars
    hands_declared: dict[str, bool]
    substitutions: Score
    skips: Score
    clock: Clock
    setup: SetupInfo | None
    winner: Team | None
    board: BoardStatus | None = None
    dice: Dice | None = None
    shootout: Score | None = None     # S14 option: the kicks scored, once a shoot-out has started

    def to_json_dict(self) -> dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True)


def _team_stars(game: Game, team: int) -> TeamStars:
    st = game.state
    counts = {k: CardCount(used=st.stars_used[team][i], left=cards_left(game, team, k)) for i, k in enumerate(KINDS)}
    return TeamStars(pass_=counts["pass"], shoot=counts["shoot"], steal=counts["steal"])


def _turn(game: Game) -> Team | None:
    """The team whose turn it is; at a kick-off set-up the kick-off team throughout (S18); at another set-up
    or a card, the team to act."""
    st = game.state
    if st.phase == "kickoff_setup":
        return TEAMS[st.kickoff_team]  # type: ignore[return-value]
    if st.phase == "play" or st.phase in SETUPS or st.phase == "card":
        return TEAMS[st.turn]  # type: ignore[return-value]
    return None


def _setup(game: Game) -> SetupInfo:
    st = game.state
    todo = setup_todo(game, st.turn)
    return SetupInfo(kind=st.phase.removesuffix("_setup"), team=TEAMS[st.turn], todo=todo,
                     todo_say=[item.said() for item in todo])


def snapshot_of(game: Game) -> StbgSnapshot:
    st = game.state
    in_turn = st.phase == "play"
    return StbgSnapshot(
        ruleset="stbg",
        score=Score(red=st.score[0], blue=st.score[1]),
        offense=TEAMS[team_of(st.holder)] if st.holder >= 0 else None,
        ball=name(st.ball) if st.ball >= 0 else None,
        holder=PAWN_IDS[st.holder] if st.holder >= 0 else None,
        phase=st.phase,
        expects=game.expects(),
        turn=_turn(game),
        turn_kind=st.kind if in_turn else None,
        points_left=st.points if in_turn and st.rolled else None,
        star=st.star or None,
        barred=PAWN_IDS[st.barred] if st.barred >= 0 else None,
        pawns={pid: PawnState(square=name(st.sq[i]) if st.sq[i] >= 0 else None, yellow=st.yellow[i],
                              sent_off=st.sent_off[i],
                              goalie=st.sq[i] >= 0 and bool(GOAL_AREA[team_of(i)] >> st.sq[i] & 1))
               for i, pid in enumerate(PAWN_IDS)},
        star_cards=Stars(red=_team_stars(game, 0), blue=_team_stars(game, 1)),
        hands_declared={t: st.hands[i] is not None for i, t in enumerate(TEAMS)},
        substitutions=Score(red=st.subs[0], blue=st.subs[1]),
        skips=Score(red=st.skips[0], blue=st.skips[1]),
        clock=Clock(period=st.period, elapsed=round(st.elapsed, 3), length=period_length(game),
                    running=st.clock_running, time_up=st.time_up, now=round(st.now, 3),
                    turn_elapsed=round(st.turn_clock, 3) if in_turn else None,
                    turn_length=game.options.turn_seconds),
        setup=_setup(game) if st.phase in SETUPS else None,
        winner=TEAMS[st.winner] if st.winner >= 0 else None,
        shootout=Score(red=st.shootout[0], blue=st.shootout[1]) if shootout_started(st) else None,
    )

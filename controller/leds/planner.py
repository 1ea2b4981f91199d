"""The LED planner: from the game (and what the board tracker knows) to one colour per square.

Pure: it reads the game and a BoardView, changes neither, and returns an LedPlan. Each square shows
one meaning, the first that applies in palette.PRIORITY (highest first):

    correction step (lift here / put here)  >  identity question  >  set-up guidance (sent-off pawn
    to lift, token to move, where it may go)  >  lifted pawn's legal destinations  >  lifted-from square
    >  dribble / ball destinations  >  free-kick zone  >  pawns in an offside position  >  offside line
    >  move-clock warning  >  team to act

docs/leds.md has the palette and the reasons.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from controller.rules import (
    ALL_SQUARES,
    BALL_PHASES,
    BOTH_ROLL_PHASES,
    MOVE_PHASES,
    OFFSIDE_PHASES,
    SETUP_PHASES,
    LedView,
    MovePawn,
    Phase,
    is_keeper,
    square_name,
)
from controller.ruleset import RulesGame
from hal.board import LED_FRAME_LEN, TEAMS

from .corrections import Step, plan_corrections
from .palette import RANK, RGB, RGB_BYTES, WARNING_SECONDS
from .view import AGREES, BoardView

SCHEMA = "soccerboard.leds/1"
MAX_MISSING_HINTS = 2        # in a mismatch, legal destinations are shown for at most this many missing pawns


def row(rank: int) -> int:
    """Mask of the eight squares of a rank (1..16)."""
    return 0xFF << ((rank - 1) * 8)


@dataclass(frozen=True)
class LedPlan:
    """One LED frame with the meaning of every lit square (unlit squares are absent)."""
    meanings: dict[int, str] = field(default_factory=dict)
    step: Step | None = None        # the correction step shown (the first of `corrections`)
    corrections: int = 0            # correction steps left, the shown one included

    def frame(self) -> bytes:
        """384 bytes: (r, g, b) per square in index order (hal/frames.py LED frames)."""
        cached = self.__dict__.get("_frame")
        if cached is None:
            buf = bytearray(LED_FRAME_LEN)
            for s, m in self.meanings.items():
                i = 3 * s
                buf[i:i + 3] = RGB_BYTES[m]
            cached = self.__dict__["_frame"] = bytes(buf)
        return cached

    def rgb(self, square: int) -> tuple[int, int, int]:
        m = self.meanings.get(square)
        return RGB[m] if m else (0, 0, 0)

    def by_meaning(self) -> dict[str, list[str]]:
        """Meaning -> square names (sorted by index): handy in tests and logs."""
        out: dict[str, list[str]] = {}
        for s in sorted(self.meanings):
            out.setdefault(self.meanings[s], []).append(square_name(s))
        return out

    def to_json(self) -> dict[str, Any]:
        """The `<base>/leds` document (docs/mqtt.md): lit squares only, with colour and meaning."""
        squares = {square_name(s): {"rgb": list(RGB[m]), "meaning": m} for s, m in sorted(self.meanings.items())}
        return {"schema": SCHEMA, "planner": "controller.leds", "lit": len(squares), "squares": squares,
                "correction": self.step.to_json() if self.step else None, "corrections_left": self.corrections}


def plan_leds(game: RulesGame, view: BoardView = AGREES, warning_seconds: float = WARNING_SECONDS) -> LedPlan:
    """The LED frame for the game as it stands and the board as the tracker sees it."""
    st = game.led_view()
    phase = st.phase
    layers: list[tuple[str, int]] = []
    add = layers.append
    step, left = None, 0

    if view.mismatch:
        steps = plan_corrections(view.missing, view.extra)
        if steps:
            step, left = steps[0], len(steps)
            if step.src >= 0:
                add(("correction_lift", 1 << step.src))
            if step.dst >= 0:
                add(("correction_put", 1 << step.dst))
    if view.ambiguous:
        add(("identity_question", view.ambiguous))

    if st.restarting:
        _setup_layers(game, view, add)
    else:
        in_hand = [(s, t) for s, t in view.lifted if t != "ball"]
        for s, _ in view.lifted:
            add(("lifted_from", 1 << s))
        if view.mismatch:           # a pawn missing from its square may be put back, or onto a legal square
            in_hand += [(s, t) for s, t in view.missing if t != "ball"][:MAX_MISSING_HINTS]
        if in_hand:
            cache: dict[str, Sequence[object]] = {}
            for s, t in in_hand:
                dest = _pawn_destinations(game, TEAMS.index(t), s, cache)
                if dest:
                    add(("legal_destination", dest))
        if phase in BALL_PHASES and st.roll:
            add(("dribble_destination", game.dribble_destinations()))
            add(("ball_destination", game.ball_destinations()))
        if phase in OFFSIDE_PHASES:
            line = game.offside_line()
            if line is not None:
                add(("offside_line", row(line[1])))
                add(("offside_pawn", game.offside_positions()))

    teams = _teams_to_act(st)
    if st.move_deadline >= 0 and not st.paused and st.move_deadline - st.now <= warning_seconds:
        culprit = st.move_team if st.move_team >= 0 else st.actor
        if culprit >= 0:
            add(("move_clock_warning", row(st.goal_ranks[culprit])))
            teams = [t for t in teams if t != culprit]
    for team in teams:
        add(("red_to_act" if team == 0 else "blue_to_act", row(st.goal_ranks[team])))

    return LedPlan(_resolve(layers), step, left)


def _resolve(layers: list[tuple[str, int]]) -> dict[int, str]:
    meanings: dict[int, str] = {}
    taken = 0
    for m, mask in sorted(layers, key=lambda lm: RANK[lm[0]]):
        new = mask & ~taken & ALL_SQUARES
        if not new:
            continue
        taken |= new
        while new:
            low = new & -new
            meanings[low.bit_length() - 1] = m
            new ^= low
    return meanings


def _teams_to_act(st: LedView) -> list[int]:
    ph = st.phase
    if ph == Phase.FULL_TIME or (ph in SETUP_PHASES and st.actor < 0):     # a penalty set-up goes in turns
        return []
    if ph in BOTH_ROLL_PHASES:
        return [t for t in (0, 1) if not st.dice[t]]
    return [st.actor] if st.actor >= 0 else []


def _pawn_destinations(game: RulesGame, team: int, square: int, cache: dict[str, Sequence[object]]) -> int:
    """Where the pawn the game has on `square` may be put now (0 when it may not move)."""
    st = game.led_view()
    p = game.pawn_on(team, square)
    if p < 0:
        return 0
    ph = st.phase
    if ph in MOVE_PHASES:
        if team != st.actor:
            return 0
        if st.roll:
            return _die_moves(game, p)
        return game.keeper_step_targets() if is_keeper(p) else 0
    if ph in BALL_PHASES:       # the holder's dribble squares are lit as such by the ball-play layer
        return 0
    if ph == Phase.CORNER_PLACEMENT:
        if "actions" not in cache:
            cache["actions"] = game.legal_actions()
        out = 0
        for a in cache["actions"]:
            if isinstance(a, MovePawn) and a.pawn == p:
                out |= 1 << a.to
        return out
    return 0


def _die_moves(game: RulesGame, p: int) -> int:
    """The lifted pawn's legal destinations for the pending roll (the engine lists just that pawn)."""
    return game.legal_pawn_moves(pawn=p).get(p, 0)


def _setup_layers(game: RulesGame, view: BoardView, add: Callable[[tuple[str, int]], None]) -> None:
    """Set-up guidance from the game's own list of what the restart still needs."""
    fixes = game.restart_fixes()
    several_kickers = sum(1 for f in fixes if f.kind == "kicker") > 1
    lifted = set(view.lifted)
    chosen = [f for f in fixes if (f.square, f.token) in lifted and f.targets]
    for s, _ in view.lifted:
        add(("lifted_from", 1 << s))
    for f in fixes:
        if f.kind == "lift_off":
            add(("setup_lift_off", 1 << f.square))
            continue
        if not f.targets:                    # a would-be kicker that cannot reach the spot
            continue
        anonymous = f.kind == "kicker" and several_kickers   # only the spot is lit, not every candidate
        if chosen and f not in chosen:
            if f.square >= 0 and not anonymous:
                add(("setup_move", 1 << f.square))
            continue
        if f.square >= 0 and (f.square, f.token) not in lifted and not anonymous:
            add(("setup_move", 1 << f.square))
        add(("setup_target", f.targets))
    add(("free_kick_zone", game.restart_zone()))



"""The LED planner: from the game (and what the board tracker knows) to one colour per square.

Pure: it reads the game and a BoardView, changes neither, and returns an LedPlan. One planner serves every
game: it reads a game only through its LED layers (controller/seam.py LedLayers: `led_view`, `pawn_targets`,
the ball's squares, the offside line, the set-up's fixes and exclusion zone), so each game says what is
legal and worth lighting and the planner only says how. Each square shows one meaning, the first that applies
in palette.PRIORITY (highest first):

    correction step (lift here / put here)  >  identity question  >  the computer's step or a hint (lift
    here / put here: when one is shown, no other move guidance is)  >  set-up guidance (sent-off pawn
    to lift, token to move, where it may go)  >  lifted pawn's legal destinations  >  lifted-from square
    >  dribble / ball destinations  >  exclusion zone  >  pawns in an offside position  >  offside line
    >  move-clock warning  >  points left  >  team to act

docs/leds.md has the palette and the reasons.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from controller.seam import GameState, LedLayers, LedView
from hal.board import LED_FRAME_LEN, N_SQUARES, TEAMS, square_name

from .corrections import Step, plan_corrections
from .palette import RANK, RGB, RGB_BYTES, WARNING_SECONDS
from .view import AGREES, BoardView

SCHEMA = "soccerboard.leds/1"
ALL_SQUARES = (1 << N_SQUARES) - 1
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


def plan_leds(state: GameState, view: BoardView = AGREES, warning_seconds: float = WARNING_SECONDS) -> LedPlan:
    """The LED frame for the game as it stands and the board as the tracker sees it. The game has LED layers
    (a game of a LitGrid ruleset: controller.leds.planner_for says which games are planned)."""
    game = cast(LedLayers, state)
    st = game.led_view()
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

    if view.guide is not None:      # one action to carry out: its step alone, where the hands are
        lift, put = view.guide
        if lift >= 0:
            add(("computer_lift", 1 << lift))
        if put >= 0:
            add(("computer_put", 1 << put))
        for s, _ in view.lifted:
            add(("lifted_from", 1 << s))
    elif st.restarting:
        _setup_layers(game, view, add)
    else:
        in_hand = [(s, t) for s, t in view.lifted if t != "ball"]
        for s, _ in view.lifted:
            add(("lifted_from", 1 << s))
        if view.mismatch:           # a pawn missing from its square may be put back, or onto a legal square
            in_hand += [(s, t) for s, t in view.missing if t != "ball"][:MAX_MISSING_HINTS]
        for s, t in in_hand:
            dest = _pawn_destinations(game, TEAMS.index(t), s)
            if dest:
                add(("legal_destination", dest))
        if st.ball_play:            # the pending choice: where the ball may go, carried or played
            add(("dribble_destination", game.dribble_destinations()))
            add(("ball_destination", game.ball_destinations()))
        elif _ball_in_hand(st, view):   # the ball (or its holder) in a hand: where a kick may end
            add(("ball_destination", game.ball_destinations()))
        if st.offside:
            line = game.offside_line()
            if line is not None:
                add(("offside_line", row(line[1])))
                add(("offside_pawn", game.offside_positions()))

    teams = st.to_act
    if st.move_deadline >= 0 and not st.paused and st.move_deadline - st.now <= warning_seconds:
        culprit = st.move_team if st.move_team >= 0 else st.actor
        if culprit >= 0:
            add(("move_clock_warning", row(st.goal_ranks[culprit])))
            teams = tuple(t for t in teams if t != culprit)
    if st.points >= 0 and st.actor in teams:
        add(("points_left", points_gauge(st.goal_ranks[st.actor], st.points)))
    for team in teams:
        add(("red_to_act" if team == 0 else "blue_to_act", row(st.goal_ranks[team])))

    return LedPlan(_resolve(layers), step, left)


def points_gauge(goal_rank: int, points: int) -> int:
    """`points` squares (at most the 8 of a rank) of a team's goal line, counted from the left of the player
    sitting behind it: file a up for the team behind rank 1, file h down for the team behind rank 16."""
    n = min(max(points, 0), 8)
    bits = (1 << n) - 1 if goal_rank == 1 else (0xFF << (8 - n)) & 0xFF
    return bits << ((goal_rank - 1) * 8)


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


def _ball_in_hand(st: LedView, view: BoardView) -> bool:
    """The ball, or a token standing on it (its holder), is in a hand, or missing from a board out of step."""
    if st.ball < 0:
        return False
    held = view.lifted + view.missing if view.mismatch else view.lifted
    return any(t == "ball" or s == st.ball for s, t in held)


def _pawn_destinations(game: LedLayers, team: int, square: int) -> int:
    """Where the pawn the game has on `square` may be put now (0 when it may not move)."""
    p = game.pawn_on(team, square)
    return game.pawn_targets(p) if p >= 0 else 0


def _setup_layers(game: LedLayers, view: BoardView, add: Callable[[tuple[str, int]], None]) -> None:
    """Set-up guidance from the game's own list of what the restart still needs; a lifted pawn the list does
    not name, or one a refused placement left missing, shows where the set-up lets it go."""
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
    named = {(f.square, f.token) for f in chosen}
    free = [(s, t) for s, t in view.lifted if t != "ball" and (s, t) not in named]
    if view.mismatch:                        # a placement the set-up refused at once: where it may go instead
        free += [(s, t) for s, t in view.missing if t != "ball"][:MAX_MISSING_HINTS]
    for s, t in free:
        dest = _pawn_destinations(game, TEAMS.index(t), s)
        if dest:
            add(("legal_destination", dest))
    add(("free_kick_zone", game.exclusion_zone()))

"""Seeded bots for Soccer!!: they play both teams (or one) by entering the lines players would, with distances
and choices a table could show, and roll the dice from a seeded random.Random (the engine never draws one).

Nothing on the table is sensed, so the bot keeps its own rough picture of where the ball is (`Pitch`: its
distance from red's goal line and from the left side line) from the lines it enters and the events it hears;
it shoots only from the shooting area of that picture, throws the ball out only where it is near a line, and so
on. Every choice is made from what the match allows now (`awaiting`, the open options, the models' states),
so the engine has no reason to refuse a line: the property tests check that it never does.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from controller.core import Core, Outcome

from .bot_rosters import roster_changes, roster_line
from .flow import RESTARTS, awaiting
from .flow_lines import substitution_window
from .game import SoccerGame
from .ruleset import Soccer
from .state import TEAMS, Match, Model, other, team_of
from .tables import control_zone_cm

Line = dict[str, Any]
Event = dict[str, Any]
LENGTH, WIDTH = 120.0, 80.0        # the table (p.4), cm
SHOOTING_DEPTH = 30.0              # p.17


# ----- the bot's picture of the table --------------------------------------------------------------------------
@dataclass
class Pitch:
    """Where the bot believes the ball is: `y` cm from red's goal line (red attacks y = 120), `x` cm from the
    left side line."""
    y: float = LENGTH / 2
    x: float = WIDTH / 2

    def to_goal(self, team: str) -> float:
        """The ball's distance from the goal line `team` attacks."""
        return LENGTH - self.y if team == "red" else self.y

    def advance(self, team: str, cm: float, sideways: float = 0.0) -> None:
        """The ball goes `cm` toward the goal `team` attacks (negative: back), and `sideways`."""
        self.y = min(LENGTH - 1, max(1.0, self.y + (cm if team == "red" else -cm)))
        self.x = min(WIDTH - 1, max(1.0, self.x + sideways))

    def place(self, team: str, to_goal: float, x: float | None = None) -> None:
        """The ball `to_goal` cm from the goal line `team` attacks."""
        self.y = LENGTH - to_goal if team == "red" else to_goal
        if x is not None:
            self.x = x

    def near_side(self) -> bool:
        return self.x < 6 or self.x > WIDTH - 6


@dataclass
class PhasePlan:
    """What the bot means to do in one movement phase: how many team-mates of the holder to move first."""
    serial: int
    moves: int
    moved: set[str] = field(default_factory=set)


# ----- the bot -------------------------------------------------------------------------------------------------
class SoccerBot:
    """Plays the teams in `teams`: `next_line(game)` is the line it enters now, or None when none of its teams
    has anything to do (the other team's turn, or full time). The rates are those of a plain, attacking game."""

    def __init__(self, rng: random.Random, teams: Iterable[str] = TEAMS, disputes: float = 0.002) -> None:
        self.rng = rng
        self.teams = tuple(teams)
        self.pitch = Pitch()
        self.disputes = disputes
        self.plan: PhasePlan | None = None
        self._subs_weighed: set[tuple[str, int, str]] = set()
        self._last_phase: tuple[int, int, str] | None = None

    # ----- what the engine says happened ----------------------------------------------------------------------
    def hear(self, events: Iterable[Event]) -> None:
        """Move the ball of the bot's picture as the events say."""
        p = self.pitch
        for e in events:
            name = e.get("event")
            if name in ("kick_off", "goal", "half_time"):
                p.y, p.x = LENGTH / 2, WIDTH / 2
            elif name == "deviation":
                cm = float(e.get("cm") or 0)
                direction = str(e.get("direction", ""))
                forward = {"beyond": cm, "back": -cm, "long_right": cm / 2, "long_left": cm / 2,
                           "short_right": -cm / 2, "short_left": -cm / 2}.get(direction, 0.0)
                side = cm * 0.8 if "right" in direction else -cm * 0.8 if "left" in direction else 0.0
                team = str(e.get("team") or "red")
                p.advance(team if team in TEAMS else "red", forward, side)
            elif name == "throw_in":
                p.x = 1.0 if p.x < WIDTH / 2 else WIDTH - 1
            elif name == "corner_kick":
                team = str(e.get("team"))
                if team in TEAMS:
                    p.place(team, 1.0, 1.0 if p.x < WIDTH / 2 else WIDTH - 1)
            elif name in ("goal_kick", "keeper_ball"):
                team = str(e.get("team"))
                if team in TEAMS:
                    p.place(team, LENGTH - 6, WIDTH / 2)
            elif name == "penalty_kick":
                team = str(e.get("team"))
                if team in TEAMS:
                    p.place(team, 11.0, WIDTH / 2)

    # ----- deciding ---------------------------------------------------------------------------------------------
    def next_line(self, game: SoccerGame) -> Line | None:
        m = game.match
        a = awaiting(m)
        what = a["what"]
        if what == "none":
            return None
        exit_ = next((o for o in m.may if o.line == "gk_exit" and o.team in self.teams), None)
        others_awaited = any(o.awaited and o.line != "gk_exit" for o in m.may)
        if exit_ is not None and exit_.model is not None and not others_awaited and self.rng.random() < 0.25:
            return self._gk_exit(m, exit_.model, exit_.context)
        if what == "roll":
            return self._roll(m, a)
        if m.due is None and self.rng.random() < self.disputes and self._mine(a.get("team") or m.team):
            return {"type": "dispute", "a": "the ball was in", "b": "the ball was out"}
        if what == "roster":
            mine = [t for t in m.rosters_due if t in self.teams]
            return self._roster(m, mine[0]) if mine else None
        if what == "keeper":
            return self._keeper(m, a["team"]) if a["team"] in self.teams else None
        if a["team"] is not None and a["model"] is not None and what in ("intercept",):
            return self._awaited(m, a) if a["team"] in self.teams else None
        if what in ("intercept", "header", "move", "shoot", "gk_exit") and a["team"] is not None:
            return self._awaited(m, a) if a["team"] in self.teams else None
        if what == "claim":
            return self._loose(m)
        if what == "kick_off":
            return self._kick_off(m)
        if what in RESTARTS:
            return self._restart(m, what)
        if what == "play":
            return self._play(m, a)
        return None

    def _mine(self, team: str | None) -> bool:
        return team in self.teams

    def _roll(self, m: Match, a: dict[str, Any]) -> Line | None:
        owing = [t for t in TEAMS if a["dice"][t] > 0]
        mine = [t for t in owing if t in self.teams]
        if not mine:
            return None
        return {"type": "roll", "die": mine[0], "value": self.rng.randint(1, 6)}

    def _roster(self, m: Match, team: str) -> Line:
        return roster_line(team, roster_changes(team, self.rng, m.options.points))

    def _keeper(self, m: Match, team: str) -> Line:
        return {"type": "keeper", "model": self.rng.choice(m.on_pitch(team)).id}

    # ----- the helpers of every choice -------------------------------------------------------------------------
    def u(self, m: Match, cm: float) -> float:
        """A distance in the match's unit (P49): inches are cm / 2.5 rounded down, so a limit met in cm is met."""
        if m.options.units == "cm":
            return round(cm, 1)
        return float(int(cm / 2.5))

    def free(self, m: Match, team: str) -> list[Model]:
        """The team's models that may move now: on the pitch, not neutralized, not acted."""
        return [x for x in m.on_pitch(team) if not x.neutralized and not x.acted]

    def area(self, team_attacking: str) -> str:
        """The `at` of the ball in the bot's picture, as the end the attacked team defends."""
        d = self.pitch.to_goal(team_attacking)
        end = other(team_attacking)
        if d <= SHOOTING_DEPTH:
            if abs(self.pitch.x - WIDTH / 2) > 25:
                return f"{end}:side"
            return f"{end}:penalty" if d <= 15 else f"{end}:shooting"
        return "field"

    def team_mate(self, m: Match, model_id: str, keeper: bool = False) -> Model | None:
        team = team_of(model_id)
        mates = [x for x in m.on_pitch(team) if x.id != model_id and (keeper or not x.keeper)]
        return self.rng.choice(mates) if mates else None

    def opponent_near(self, m: Match, team: str) -> Model | None:
        them = [x for x in m.on_pitch(other(team)) if not x.neutralized]
        return self.rng.choice(them) if them else None

    # ----- a movement phase -----------------------------------------------------------------------------------
    def _phase_plan(self, m: Match) -> PhasePlan:
        if self.plan is None or self.plan.serial != m.serial:
            self.plan = PhasePlan(m.serial, self.rng.choice((0, 0, 1, 1, 2, 3)))
        return self.plan

    def _play(self, m: Match, a: dict[str, Any]) -> Line | None:
        team = m.team
        if team is None or team not in self.teams:
            return None
        rng = self.rng
        for option in m.may:
            if option.team == team and not option.awaited:
                line = self._own_option(m, option.line, option.model)
                if line is not None:
                    return line
        holder = m.ball.holder
        ours = holder is not None and team_of(holder) == team and m.ball.state in ("held", "high")
        plan = self._phase_plan(m)
        # a model with the winner's 5 cm still open (P32) is not moved now: its move would be that one
        winners = {o.model for o in m.may if o.line == "move"}
        plan.moved |= {w for w in winners if w is not None}
        if len(plan.moved) < plan.moves:
            movers = [x for x in self.free(m, team) if x.id != holder and x.moved == 0 and x.id not in plan.moved]
            if movers:
                x = rng.choice(movers)
                plan.moved.add(x.id)
                return {"type": "move", "model": x.id, "cm": self.u(m, rng.uniform(2, 20))}
        if ours and holder is not None and not m.acted:
            return self._holder(m, holder)
        if (not ours and holder is not None and m.ball.state == "held" and not m.intercepted
                and team_of(holder) != team and rng.random() < 0.3):
            line = self._intercept(m, team, holder, None, 0.0)
            if line is not None:
                return line
        return {"type": "end_phase"}

    def _holder(self, m: Match, holder: str) -> Line:
        """The holder, last: maybe a move (with an awareness test or a stop in a zone now and then), then a shot
        from the shooting area, a pass, a play-out by a side line, or keeping the ball."""
        rng = self.rng
        team = team_of(holder)
        h = m.models[holder]
        plan = self._phase_plan(m)
        if h.acted:             # it passed, shot or headed this phase and has the ball again: it keeps it
            return {"type": "end_phase"}
        if h.moved == 0 and not h.neutralized and holder not in plan.moved and rng.random() < 0.6:
            plan.moved.add(holder)
            roll = rng.random()
            if roll < 0.65:
                cm = rng.uniform(2, 10)
                self.pitch.advance(team, cm * 0.7, rng.uniform(-3, 3))
                return {"type": "move", "model": holder, "cm": self.u(m, cm)}
            opponent = self.opponent_near(m, team)
            cm = rng.uniform(10.5, 20)
            self.pitch.advance(team, cm * 0.7, rng.uniform(-3, 3))
            line: Line = {"type": "move", "model": holder, "cm": self.u(m, cm)}
            if opponent is not None and roll < 0.85:
                line["near"] = opponent.id
            elif opponent is not None and roll < 0.93:
                line["stopped_by"] = opponent.id
            return line
        if m.no_pass == holder:
            return {"type": "end_phase"}
        at = self.area(team)
        if at != "field" and m.no_score != holder and rng.random() < 0.75:
            return self._shoot(m, holder, at)
        if self.pitch.near_side() and rng.random() < 0.05:
            return {"type": "play_out", "model": holder}
        if 30 < self.pitch.to_goal(team) <= 55 and m.no_score != holder and rng.random() < 0.03:
            # P21: a pass at the goal's centre when the keeper is out of position
            cm = self.pitch.to_goal(team) + rng.uniform(0, 5)
            return {"type": "pass", "model": holder, "to": "goal", "cm": self.u(m, cm), "height": "high"}
        if rng.random() < 0.8:
            line2 = self._pass(m, holder)
            if line2 is not None:
                return line2
        return {"type": "end_phase"}

    def _pass(self, m: Match, holder: str, limit: float | None = None, restart: bool = False) -> Line | None:
        rng = self.rng
        team = team_of(holder)
        mate = self.team_mate(m, holder)
        if mate is None:
            return None
        band = rng.random()
        cm = (rng.uniform(5, 20) if band < 0.4 else rng.uniform(20.5, 40) if band < 0.75
              else rng.uniform(40.5, 60) if band < 0.95 else rng.uniform(60.5, 95))
        if limit is not None:
            cm = min(cm, limit)
        height = "high" if rng.random() < 0.35 else "low"
        to: str = mate.id if rng.random() < 0.9 else "point"
        forward = cm * rng.uniform(-0.3, 0.9)
        if self.pitch.to_goal(team) - forward < 3:
            forward = self.pitch.to_goal(team) - 3
        line: Line = {"type": "pass", "model": holder, "to": to, "cm": self.u(m, cm), "height": height}
        if (not restart and to != "point" and forward > 5 and self.pitch.to_goal(team) < LENGTH / 2
                and rng.random() < 0.04):
            line["offside"] = mate.id
        elif height == "high" and to != "point" and not m.intercepted and rng.random() < 0.25:
            opponent = self.opponent_near(m, team)
            if opponent is not None:
                line["challenger"] = opponent.id
        self.pitch.advance(team, forward, rng.uniform(-cm / 3, cm / 3))
        return line

    def _shoot(self, m: Match, holder: str, at: str, **extra: Any) -> Line:
        rng = self.rng
        team = team_of(holder)
        moved = m.models[holder].moved
        via, moved_cm = "i", 0.0
        if 0 < moved <= self.u(m, 5) and rng.random() < 0.5:
            via, moved_cm = ("ii", moved) if moved <= self.u(m, 2.5) else ("iii", moved)
        line: Line = {"type": "shoot", "model": holder, "at": at,
                      "goal_cm": self.u(m, max(2.0, self.pitch.to_goal(team) + rng.uniform(-2, 4))),
                      "zones": rng.choice((0, 0, 0, 1, 1, 2)), "via": via}
        if moved_cm:
            line["moved_cm"] = moved_cm
        if rng.random() < 0.08:
            line["gk_out"] = True
        line.update(extra)
        return line

    def _intercept(self, m: Match, team: str, holder: str, model: str | None, cm_max: float,
                   midair: bool = False) -> Line | None:
        """An interception of `holder` by `model` (any free model of `team` when None), from within its zone."""
        rng = self.rng
        if model is None:
            candidates = [x for x in m.on_pitch(team) if not x.neutralized and not x.keeper]
            if not candidates:
                return None
            model = rng.choice(candidates).id
        interceptor = m.models[model]
        zone = control_zone_cm(interceptor.level("A"))
        top = cm_max or m.limit(zone)
        line: Line = {"type": "intercept", "model": model, "at": self.area(team_of(holder)),
                      "cm": math.floor(rng.uniform(0, top) * 10) / 10}
        helpers = [x for x in m.on_pitch(team) if x.id != model and not x.neutralized and not x.keeper]
        if helpers and rng.random() < 0.25:
            line["helper"] = rng.choice(helpers).id
        if midair:
            line["midair"] = True
        if m.options.orientation and rng.random() < 0.5:
            line["side"] = rng.choice(("front", "back"))
        return line

    def _gk_exit(self, m: Match, keeper: str, context: dict[str, Any]) -> Line:
        """The keeper comes out (P26, P27) from up to 20 cm, with a model or two on the axis now and then."""
        rng = self.rng
        line: Line = {"type": "gk_exit", "model": keeper, "cm": self.u(m, rng.uniform(2, 20)),
                      "on_axis": rng.choice((0, 0, 0, 1, 1, 2))}
        if context.get("corner"):
            line["opp_on_spot"] = rng.random() < 0.3
            line["goal_area"] = rng.random() < 0.5
        return line

    # ----- options (P32) ----------------------------------------------------------------------------------------
    def _own_option(self, m: Match, kind: str, model: str | None) -> Line | None:
        """An option of the acting team: a receiver's shot (P5), a header of a high ball, the winner's 5 cm."""
        rng = self.rng
        if model is None:
            return None
        team = team_of(model)
        if kind == "shoot":
            at = self.area(team)
            if at != "field" and not m.models[model].acted and m.no_score != model and rng.random() < 0.8:
                return self._shoot(m, model, at)
        elif kind == "header":
            if rng.random() < 0.6:
                at = self.area(team)
                reach = self.pitch.to_goal(team)
                if at != "field" and reach <= 25 and m.no_score != model and rng.random() < 0.6:
                    return {"type": "header", "model": model, "to": "goal", "at": at,
                            "cm": self.u(m, max(1.0, reach))}
                mate = self.team_mate(m, model)
                if mate is not None:
                    cm = rng.uniform(4, 25)
                    self.pitch.advance(team, cm * 0.5, rng.uniform(-5, 5))
                    return {"type": "header", "model": model, "to": mate.id, "cm": self.u(m, cm)}
        elif kind == "move" and rng.random() < 0.5:
            return {"type": "move", "model": model, "cm": self.u(m, rng.uniform(1, 5))}
        return None

    def _awaited(self, m: Match, a: dict[str, Any]) -> Line | None:
        """An opponent's awaited option (P32): an interception after a stop, a midair challenge; or decline."""
        team = a["team"]
        option = next((o for o in m.may if o.awaited and o.team == team), None)
        if option is None:
            return None
        holder = m.ball.holder
        if option.line == "intercept" and holder is not None and not m.intercepted and self.rng.random() < 0.75:
            midair = bool(option.context.get("midair"))
            reach = float(option.context.get("cm") or 0.0)
            line = self._intercept(m, team, holder, option.model, reach, midair=midair)
            if line is not None:
                if midair:
                    line.pop("helper", None)
                return line
        return {"type": "decline", "team": team}

    # ----- loose balls, kick-offs, restarts ---------------------------------------------------------------------
    def _loose(self, m: Match) -> Line | None:
        """A loose ball: out over a line now and then (more often near one), else the closest model claims it,
        with an opponent as close now and then (an awareness test)."""
        rng = self.rng
        p = self.pitch
        cause = m.ball.cause
        near_goal = min(p.y, LENGTH - p.y) < 12
        out = rng.random()
        end = m.ball.end or ("red" if p.y < LENGTH / 2 else "blue")
        if cause in ("post", "deflection") or near_goal:
            if out < 0.25:
                return {"type": "ball", "out": "goal_line", "end": end}
            if out < 0.32 and abs(p.x - WIDTH / 2) < 10:
                return {"type": "ball", "out": "goal", "end": end}
        elif (p.near_side() and out < 0.5) or out < 0.08:
            return {"type": "ball", "out": "side"}
        teams = [t for t in TEAMS if t in self.teams]
        models = [x for t in teams for x in m.on_pitch(t) if not x.neutralized]
        if not models:
            return None
        claimer = rng.choice(models)
        line: Line = {"type": "claim", "model": claimer.id, "cm": self.u(m, rng.uniform(0.5, 15))}
        rivals = [x for x in m.on_pitch(other(claimer.team)) if not x.neutralized]
        if rivals and rng.random() < 0.1:
            line["tie"] = rng.choice(rivals).id
        return line

    def _kick_off(self, m: Match) -> Line | None:
        team = m.team
        if team is None or team not in self.teams:
            return None
        sub = self._substitution(m)
        if sub is not None:
            return sub
        field_models = [x for x in m.on_pitch(team) if not x.keeper]
        a, b = self.rng.sample(field_models, 2)
        return {"type": "kick_off", "from": a.id, "to": b.id}

    def _substitution(self, m: Match) -> Line | None:
        """Now and then, in a window (P7), a team of the bot's sends a model off for one from its bench: a booked
        one first; the keeper rarely."""
        rng = self.rng
        if not substitution_window(m):
            return None
        for team in self.teams:
            key = (team, m.serial * 100 + m.turn + 1000 * m.half, m.phase)
            if key in self._subs_weighed or m.substitutions_left[team] <= 0:
                continue
            self._subs_weighed.add(key)
            bench = [x for x in m.models.values() if x.team == team and x.status == "bench"]
            on_pitch = m.on_pitch(team)
            if not bench or not on_pitch or rng.random() > 0.2:
                continue
            booked = [x for x in on_pitch if x.yellow == 1]
            field_models = [x for x in on_pitch if not x.keeper]
            off = (rng.choice(booked) if booked and rng.random() < 0.7
                   else rng.choice(on_pitch) if rng.random() < 0.05 else rng.choice(field_models or on_pitch))
            return {"type": "substitute", "off": off.id, "on": rng.choice(bench).id}
        return None

    def _restart(self, m: Match, kind: str) -> Line | None:
        restart = m.restart
        team = m.team
        if restart is None or team is None:
            return None
        sub = self._substitution(m)
        if sub is not None:
            return sub
        if team not in self.teams:
            return None
        rng = self.rng
        keeper = m.keeper_of(team)
        if kind in ("goal_kick", "keeper_ball") and keeper is not None:
            taker = keeper
        elif restart.taker is not None and restart.taker in m.models:
            taker = m.models[restart.taker]
        else:
            takers = [x for x in m.on_pitch(team) if not x.keeper] or m.on_pitch(team)
            taker = rng.choice(takers)
        moves = {"direct_kick": 10.0, "indirect_kick": 10.0, "corner_kick": 15.0, "keeper_ball": 10.0}
        plan = self._phase_plan(m)
        if kind in moves and taker.id not in plan.moved and rng.random() < 0.3:
            plan.moved.add(taker.id)
            return {"type": "move", "model": taker.id, "cm": self.u(m, rng.uniform(1, moves[kind]))}
        if kind == "throw_in":
            mate = self.team_mate(m, taker.id)
            if mate is None:
                return None
            top = 30.0 if taker.skill == "Throw-in" else 20.0
            line: Line = {"type": "throw_in", "model": taker.id, "to": mate.id, "cm": self.u(m, rng.uniform(3, top))}
            if rng.random() < 0.2:
                line["opp_near"] = True
            return line
        if kind == "penalty_kick":
            return self._shoot(m, taker.id, f"{other(team)}:penalty", goal_cm=self.u(m, 11.0), zones=0, via="i")
        if kind == "direct_kick" and (restart.at or "").startswith(f"{other(team)}:") \
                and not (restart.at or "").endswith("no_shooting") and rng.random() < 0.5:
            return self._shoot(m, taker.id, str(restart.at), wall=rng.choice((0, 0, 2, 3, 4)))
        if kind == "corner_kick":
            line2 = self._pass(m, taker.id, limit=40.0, restart=True)
            if line2 is not None:
                line2.pop("offside", None)
                if rng.random() < 0.2:
                    line2["block"] = True
            return line2
        if kind == "keeper_ball" and rng.random() < 0.5:
            line3 = self._pass(m, taker.id, limit=40.0, restart=True)
            if line3 is not None:
                line3.pop("offside", None)
                line3["with"] = "hands"
            return line3
        limit = 80.0 if kind in ("goal_kick", "keeper_ball") else None
        line4 = self._pass(m, taker.id, limit=limit, restart=True)
        if line4 is not None:
            line4.pop("offside", None)
        return line4


# ----- a whole match --------------------------------------------------------------------------------------------
def setup_line(rng: random.Random, options: dict[str, Any], rosters: bool | None = None) -> Line:
    """The set-up: a tossed kick-off; the standard rosters named in the set-up, or left for roster lines."""
    line: Line = {"type": "setup", "ruleset": Soccer.name, "kickoff": rng.choice(TEAMS)}
    if options:
        line["options"] = dict(options)
    if rosters if rosters is not None else rng.random() < 0.5:
        line["rosters"] = "standard"
    return line


def simulate(seed: int, options: dict[str, Any], on_line: Callable[[Line, Any], None] | None = None,
             on_event: Callable[[Event, Core], None] | None = None, max_lines: int = 20000,
             watch: Callable[[Line, Outcome, Core], None] | None = None) -> Core:
    """One match of bots through the deterministic core, as the lines players enter (the daemon's path); raises
    RuntimeError if the core refuses a bot's line. `watch` sees each accepted line, its outcome and the core
    after it. Returns the core at the end of the match."""
    rng = random.Random(seed)
    core = Core(Soccer())
    bot = SoccerBot(rng)

    def feed(line: Line) -> None:
        out = core.feed_chosen(line)
        if on_line:
            on_line(line, out)
        events = out.settled + out.events
        bot.hear(events)
        if watch:
            watch(line, out, core)
        for event in events:
            if on_event:
                on_event(event, core)

    def game() -> SoccerGame:
        g = core.game
        if not isinstance(g, SoccerGame):
            raise RuntimeError(f"the Soccer!! bots need a Soccer!! game, the core has {g!r}")
        return g

    feed(setup_line(rng, options))
    if not game().match.rosters_due and rng.random() < 0.3:
        for team in TEAMS:         # roster lines over the standard ones, before the kick-off (P38)
            feed(roster_line(team, roster_changes(team, rng, game().match.options.points)))
    for _ in range(max_lines):
        if game().is_terminal():
            break
        line = bot.next_line(game())
        if line is None:
            raise RuntimeError(f"the bots have no line for {awaiting(game().match)}")
        feed(line)
    else:
        raise RuntimeError(f"no full time after {max_lines} lines")
    for event in core.finish():
        if on_event:
            on_event(event, core)
    return core

"""A team's turn: the roll, players' moves, the holder's dribble, kicks and `done` (RULES-STBG.md: Turns,
Goalie and goal kick, S5-S10, S15, S17, S28, S31); the turn changing hands is flow.py's."""
from __future__ import annotations

from typing import TYPE_CHECKING

from controller.i18n import Say, say
from hal.board import TEAMS

from . import restarts
from .board import GOAL_AREA, PAWN_IDS, cost, file_of, goal_area_mates, king, line, name, other, team_of
from .errors import Illegal
from .flow import end_turn
from .reach import goal_kick_ends, holder_distances, kick_ends, offside, pawn_at, space_clash, team_mask
from .stars import carry_out, steal_step
from .state import BOTH_ROLL, SETUPS, Phase, Turn

if TYPE_CHECKING:
    from .match import Match


def roll(game: Match, team: int, value: int) -> None:
    st = game.state
    if st.phase in BOTH_ROLL:
        return restarts.both_roll(game, team, value)
    if st.phase == Phase.FREE_KICK_SETUP and team == st.attack:
        restarts.setup_done(game, st.turn)         # the free kick's roll ends its set-up (done is optional)
    if st.phase != Phase.PLAY:
        raise Illegal("not_expected", say("no roll is expected now (phase {phase})", phase=st.phase))
    if team != st.turn:
        if not (st.rolled or st.star_played):
            raise Illegal("not_your_turn", say("it is {turn}'s turn, and {turn} has not rolled yet",
                                               turn=Say(TEAMS[st.turn])))
        end_turn(game, "roll")                     # S17: the other team's roll ends the turn
        if st.phase != Phase.PLAY or st.turn != team:
            raise Illegal("not_your_turn", say("{team}'s turn is skipped (a substitution)", team=Say(TEAMS[team])))
    if st.rolled:
        raise Illegal("not_expected", say("{team} has rolled already this turn", team=Say(TEAMS[team])))
    if st.star:
        raise Illegal("not_expected", say("carry out the {star} card first", star=st.star))
    st.rolled, st.roll = True, value
    st.points = value + (3 if st.kind == Turn.GOAL_KICK else 0)
    st.started = True
    if not st.clock_running:
        st.clock_running = True
        game.emit("clock_started", period=st.period)


def step(game: Match, pawn: int, to: int) -> None:
    st = game.state
    if st.phase in SETUPS:
        return restarts.place_pawn(game, pawn, to)
    _in_turn(game, pawn)
    if to == st.sq[pawn]:
        raise Illegal("bad_input", say("{pawn} is on {to} already", pawn=PAWN_IDS[pawn], to=name(to)))
    if st.star == "steal":
        return steal_step(game, pawn, to)
    if st.star:
        raise Illegal("not_expected", say("the {star} card moves the ball: put it on its square", star=st.star))
    if space_clash(st, pawn, to):               # a rule no roll changes: named before roll_first
        raise Illegal("goal_area_limit" if goal_area_mates(to) != 1 << to else "square_taken",
                      say("a team-mate of {pawn} is in that space ({to}) already", pawn=PAWN_IDS[pawn], to=name(to)))
    if not st.rolled:
        raise Illegal("roll_first", say("{turn} rolls (or plays a star card) first", turn=Say(TEAMS[st.turn])))
    if st.kind == Turn.KICK_OFF and not st.kicked:
        raise Illegal("kickoff_pass", say("the kick-off starts with the pass to the team-mate beside the ball"))
    if st.kind == Turn.GOAL_KICK:
        raise Illegal("goal_kick", say("a goal kick moves the ball only"))
    if st.stealer >= 0 and pawn != st.stealer:
        raise Illegal("steal_first", say("{stealer} moves the ball off the square first",
                                         stealer=PAWN_IDS[st.stealer]))
    if pawn == st.holder:
        return _dribble(game, pawn, to)
    if to == st.ball and st.holder < 0 and pawn == st.barred:
        raise Illegal("kicker_barred", say("{pawn} took the kick: another pawn touches the ball first",
                                           pawn=PAWN_IDS[pawn]))
    c = cost(st.sq[pawn], to)
    if c > st.points:
        raise Illegal("over_budget", say("{pawn} to {to} costs {c}, {points} left",
                                         pawn=PAWN_IDS[pawn], to=name(to), c=c, points=st.points))
    battle = bool(goal_area_mates(to) >> st.ball & 1) and st.holder >= 0 and team_of(st.holder) != team_of(pawn)
    st.points -= c
    st.sq[pawn] = to
    if battle:
        return restarts.start_battle(game, pawn)
    if to == st.ball and st.holder < 0:
        st.holder, st.barred = pawn, -1


def _dribble(game: Match, pawn: int, to: int) -> None:
    st = game.state
    team = team_of(pawn)
    if st.kind in (Turn.FREE_KICK, Turn.CORNER) and not st.kicked:
        raise Illegal("kicker_holds", say("{pawn} takes the kick: it may not move with the ball", pawn=PAWN_IDS[pawn]))
    if GOAL_AREA[team] >> to & 1:
        raise Illegal("own_goal_area", say("a player holding the ball may not enter its own goal area"))
    d = holder_distances(st, pawn, st.points).get(to)
    if d is None:
        longer = holder_distances(st, pawn, 16).get(to)
        if longer is None:
            raise Illegal("path_blocked", say("{pawn} holds the ball and may not enter a square of an opponent "
                                              "(nor pass through a goal area) on the way to {to}",
                                              pawn=PAWN_IDS[pawn], to=name(to)))
        raise Illegal("over_budget", say("{pawn} with the ball to {to} costs {longer}, {points} left",
                                         pawn=PAWN_IDS[pawn], to=name(to), longer=longer, points=st.points))
    frm = st.sq[pawn]
    st.points -= d
    st.sq[pawn] = st.ball = to
    st.stealer = -1
    if GOAL_AREA[other(team)] >> to & 1:
        # S35: the holder enters only an empty goal area (holder_distances), so this is a goal at once; the S21
        # entry square names a corner side that no chance can lead to here
        entry = frm if king(frm, to) == 1 else (0 if file_of(to) == 3 else 7) + (to & ~7)
        restarts.start_chance(game, team, to, entry)


def kick(game: Match, to: int) -> None:
    st = game.state
    if st.phase in SETUPS:
        return restarts.place_ball(game, to)
    if st.phase != Phase.PLAY:
        raise Illegal("not_expected", say("the ball is not played now (phase {phase})", phase=st.phase))
    if st.star in ("pass", "shoot"):
        return carry_out(game, to)
    if st.star:
        raise Illegal("not_expected", say("the steal card moves a player onto the ball first"))
    if not st.rolled:
        raise Illegal("roll_first", say("{turn} rolls (or plays a star card) first", turn=Say(TEAMS[st.turn])))
    h = st.holder
    if h < 0 or team_of(h) != st.turn:
        raise Illegal("not_expected", say("no {turn} player holds the ball", turn=Say(TEAMS[st.turn])))
    team = st.turn
    if st.kind == Turn.GOAL_KICK:
        ends = goal_kick_ends(st, team, st.points)
        if to not in ends:
            raise Illegal("goal_kick", say("a goal kick of {points} does not stop on {to} (it goes straight "
                                           "until the points are spent, the first pawn or the touch line)",
                                           points=st.points, to=name(to)))
        st.points = 0
        _land(game, team, h, to, ends[to], st.ball)
        if st.phase == Phase.PLAY and st.turn == team:
            end_turn(game, "goal_kick")
        return
    between = line(st.ball, to)
    if between is None:
        raise Illegal("not_straight", say("the ball goes straight or diagonally: {ball} to {to} is neither",
                                          ball=name(st.ball), to=name(to)))
    c = king(st.ball, to)
    if c > st.points:
        raise Illegal("over_budget", say("a kick of {c} squares, {points} points left", c=c, points=st.points))
    what = kick_ends(st, team, st.ball, c).get(to)
    if what is None:
        raise _why_not(game, team, between, to)
    if st.kind == Turn.KICK_OFF and not st.kicked and (c != 1 or what != "pass"):
        raise Illegal("kickoff_pass", say("the kick-off is a pass of one square to the team-mate beside the ball"))
    st.points -= c
    if st.kind == Turn.KICK_OFF and not st.kicked:
        game.emit("kick_off", period=st.period, team=TEAMS[team])
    _land(game, team, h, to, what, between[-1] if between else st.ball)


def _why_not(game: Match, team: int, between: list[int], to: int) -> Illegal:
    st = game.state
    opp = team_mask(st, other(team))
    own = team_mask(st, team)
    for s in between:
        if opp >> s & 1:
            return Illegal("path_blocked", say("the ball may not pass over the opponent on {s}", s=name(s)))
        if goal_area_mates(s) != 1 << s:
            return Illegal("path_blocked", say("the ball enters a goal area only as a scoring chance, at the "
                                               "line's end"))
    if GOAL_AREA[team] >> to & 1:
        return Illegal("own_goal_area", say("the ball may not be played into its own goal area"))
    if (opp & own) >> to & 1:
        return Illegal("square_taken", say("a kick may not end on {to}, where pawns of both teams stand", to=name(to)))
    if own >> to & 1 and offside(st, team, to):
        return Illegal("offside", say("the team-mate on {to} is offside", to=name(to)))
    return Illegal("not_expected", say("the ball may not end on {to}", to=name(to)))


def _land(game: Match, team: int, kicker: int, to: int, what: str, entry: int) -> None:
    """The ball arrives: loose, with a team-mate, with an opponent (the turn ends) or in the goal area."""
    st = game.state
    frm = st.ball
    st.ball = to
    st.stealer = -1
    if st.kind in (Turn.FREE_KICK, Turn.CORNER) and not st.kicked:
        st.barred = kicker
    st.kicked = True
    game.emit("kick", team=TEAMS[team], **{"from": name(frm)}, to=name(to))
    if what == "loose":
        st.holder = -1
    elif what == "pass":
        st.holder, st.barred = pawn_at(st, team, to), -1
    elif what == "lost":
        st.holder, st.barred = pawn_at(st, other(team), to), -1
        end_turn(game, "lost")
    else:
        st.holder = -1
        restarts.start_chance(game, team, to, entry)


def done(game: Match, team: int) -> None:
    st = game.state
    if st.phase in SETUPS:
        return restarts.setup_done(game, team)
    if st.phase != Phase.PLAY:
        raise Illegal("not_expected", say("done means nothing now (phase {phase})", phase=st.phase))
    if team != st.turn:
        raise Illegal("not_your_turn", say("it is {turn}'s turn", turn=Say(TEAMS[st.turn])))
    if st.star:
        raise Illegal("not_expected", say("carry out the {star} card first", star=st.star))
    if not st.rolled:
        raise Illegal("roll_first", say("{team} rolls (or plays a star card) first", team=Say(TEAMS[team])))
    if st.kind == Turn.KICK_OFF and not st.kicked:
        raise Illegal("kickoff_pass", say("the kick-off starts with the pass to the team-mate beside the ball"))
    if st.kind == Turn.GOAL_KICK:
        raise Illegal("goal_kick", say("the goalie holding the ball in its goal area must kick it"))
    if st.kind in (Turn.FREE_KICK, Turn.CORNER) and not st.kicked and _any_kick(game):
        raise Illegal("must_kick", say("the ball must be kicked"))
    if st.stealer >= 0:
        raise Illegal("steal_first", say("{stealer} moves the ball off the square first",
                                         stealer=PAWN_IDS[st.stealer]))
    end_turn(game, "done")


def _any_kick(game: Match) -> bool:
    st = game.state
    return st.holder >= 0 and bool(kick_ends(st, st.turn, st.ball, st.points))


def _in_turn(game: Match, pawn: int) -> None:
    st = game.state
    if st.phase != Phase.PLAY:
        raise Illegal("not_expected", say("no pawn moves now (phase {phase})", phase=st.phase))
    if st.sq[pawn] < 0:
        raise Illegal("no_token", say("{pawn} is not on the board", pawn=PAWN_IDS[pawn]))
    if team_of(pawn) != st.turn:
        raise Illegal("not_your_turn", say("it is {turn}'s turn", turn=Say(TEAMS[st.turn])))

"""Normal play (rules 1B, 4, 5, 6B, 7, 9A): rolls, pawn moves, the ball's landing, capture attempts, the
D-team's answer, battles, shots, fouls and cards.
"""
from __future__ import annotations

from controller.i18n import Say, say

from . import clock, flow, legal, restarts
from . import geometry as g
from .base import Match
from .errors import Illegal
from .moves import (
    die_destinations,
    explain_destination,
    explain_die_move,
    explain_keeper_step,
    keeper_steps,
    region,
)
from .phase import BALL_PHASES, MOVE_PHASES, Phase
from .pieces import DEFENDER, KEEPER, ROLE, TEAMS, is_defender, is_keeper, other, pawn_id, pawns_of, team_of
from .reach import ball_targets
from .state import OUTCOMES, Offside


# ----- the inputs of normal play -------------------------------------------------------------------
def roll(game: Match, team: int, value: int) -> None:
    """A die for the pending pawn move or ball play (a keeper's kick takes two, the second one counts
    their sum); a roll no pawn can make lapses (C4), a ball roll with no play is rolled again (C15)."""
    st = game.state
    ph = st.phase
    keeper_kick = ph in BALL_PHASES and st.holder >= 0 and is_keeper(st.holder)
    if team != st.actor and not keeper_kick:
        raise Illegal("not_your_turn", say("{actor} is to roll, not {team}", actor=Say(TEAMS[st.actor]),
                                           team=Say(TEAMS[team])))
    if st.roll:
        raise Illegal("not_expected", say("the roll of {roll} has not been used yet", roll=st.roll))
    st.resume = None                     # rule 9C: the free kick's first roll takes it; no declining after
    if not st.clock_running:             # the first roll of a period (a kick-off, or an explicit set-up's)
        st.clock_running = True
        game._emit("clock_started", period=st.period)
    st.move_team = st.actor
    if ph == Phase.KICK_OFF:
        st.reset_deadline = -1.0          # the kick-off's reset (after a goal) is over once it is rolled for
    if st.move_deadline < 0:
        st.move_deadline = st.now + game.options.move_seconds
    if keeper_kick and not st.dice[0]:
        st.dice[0] = value
        return
    st.roll = value + st.dice[0] if keeper_kick else value
    st.dice = [0, 0]
    if ph in BALL_PHASES:
        if not legal.ball_targets(game) and not legal.dribble_targets(game):
            game._emit("reroll", team=TEAMS[st.actor], roll=st.roll, why="no legal ball play for this roll (C15)")
            st.roll = 0
        return
    if not legal.pawn_moves(game, first_only=True):
        game._emit("roll_lapsed", team=TEAMS[st.actor], roll=st.roll)
        lapse(game)


def move_pawn(game: Match, pawn: int, to: int) -> None:
    """A pawn move of the offensive set, a capture attempt or the answer."""
    st = game.state
    ph = st.phase
    if st.sq[pawn] < 0 or st.sent_off[pawn]:
        raise Illegal("no_token", say("{pawn} is not in play", pawn=pawn_id(pawn)))
    if ph not in MOVE_PHASES:
        what = say("play the ball") if ph in BALL_PHASES else say("phase {phase}", phase=ph)
        raise Illegal("not_expected", say("no pawn move now ({what})", what=what))
    team = team_of(pawn)
    if team != st.actor:
        raise Illegal("not_your_turn", say("{actor} is to move, not {team}", actor=Say(TEAMS[st.actor]),
                                           team=Say(TEAMS[team])))
    _check_pawn_move(game, pawn, to)
    st.sq[pawn] = to
    game._moved()
    st.roll = 0
    st.move_deadline = -1.0
    if ph == Phase.OFFENSIVE_SET:
        st.phase, st.actor, st.roll, st.passes = Phase.BALL_PLAY, st.offense, 0, 0
    elif ph == Phase.CAPTURE:
        _after_attempt(game, pawn, to)
    else:
        _after_answer(game, pawn, to)


def _check_pawn_move(game: Match, pawn: int, to: int) -> None:
    st, occ = game.state, game.occ
    ph = st.phase
    defending = st.actor != st.offense
    if is_keeper(pawn):
        if not defending or ph == Phase.OFFENSIVE_SET:
            raise Illegal("keeper_move", say("the keeper moves only as its team's move on defence (rule 6A, C11)"))
        if st.roll:
            raise Illegal("keeper_move", say("after a roll a field player must move; the keeper moves without a die"))
        if not keeper_steps(st.sq, occ, pawn) >> to & 1:
            raise explain_keeper_step(st.sq, occ, pawn, to)
        return
    if ph == Phase.OFFENSIVE_SET and pawn == st.holder:
        raise Illegal("holder_moves", say("the offensive set moves a pawn other than the ball holder"))
    if to == st.ball_sq and pawn == st.barred and ph == Phase.CAPTURE:
        raise Illegal("kicker_barred",
                      say("{pawn} took the kick and may not touch the ball until another pawn has",
                          pawn=pawn_id(pawn)))
    if not st.roll:
        raise _standing_refusal(game, pawn, to) or Illegal("roll_first", say("roll the die before moving a pawn"))
    if not die_destinations(st.sq, occ, pawn, st.roll) >> to & 1:
        raise explain_die_move(st.sq, occ, pawn, to, st.roll)


def _standing_refusal(game: Match, pawn: int, to: int) -> Illegal | None:
    """The rule a destination breaks whatever the die shows (own half, a team-mate's square, a limit of
    rule 2): a move made before the roll is refused for that rule, not only for coming before the roll."""
    st, occ = game.state, game.occ
    if occ.physical[team_of(pawn)] >> to & 1 or not region(pawn, game.profile) >> to & 1 \
            or occ.forbidden(pawn, st.sq) >> to & 1:
        return explain_destination(st.sq, occ, pawn, to)
    return None


def move_ball(game: Match, to: int) -> None:
    st = game.state
    if st.phase not in BALL_PHASES:
        raise Illegal("not_expected", say("the ball is not to be played now (phase {phase})", phase=st.phase))
    if not st.roll:
        raise Illegal("roll_first", say("roll the die before playing the ball"))
    if not legal.ball_targets(game) >> to & 1:
        raise _explain_ball(game, to)
    if st.kick == "corner" and st.sq[st.holder] != st.ball:
        # rule 8: the taker steps from beside the flag onto the corner square to kick
        st.sq[st.holder] = st.ball
        game._moved()
    _play_ball(game, to)


def _explain_ball(game: Match, to: int) -> Illegal:
    st = game.state
    where = say("the ball from {frm} to {to} on a roll of {roll}", frm=g.name(st.ball), to=g.name(to), roll=st.roll)
    if not ball_targets(st.ball, st.roll) >> to & 1:
        return Illegal("wrong_distance", say("{where}: no path of exactly {roll} squares, straight or diagonal, "
                                             "at most one change of direction, never back to a rank or file it "
                                             "left",
                                             where=where, roll=st.roll))
    if st.phase == Phase.KICK_OFF:
        return Illegal("kickoff_forward",
                       say("{where}: a kick-off goes forward at every step and across the centre line (C2)",
                           where=where))
    return Illegal("goal_kick_short", say("{where}: a goal kick must leave the penalty area", where=where))


def dribble(game: Match, to: int) -> None:
    """Rule 4C: the holder moves one square with the ball; onto a D-team pawn it is a battle at once."""
    st = game.state
    if st.phase not in BALL_PHASES:
        raise Illegal("not_expected", say("no dribble now (phase {phase})", phase=st.phase))
    if st.holder >= 0 and not region(st.holder, game.profile) >> to & 1:
        raise explain_destination(st.sq, game.occ, st.holder, to)
    if st.holder >= 0 and st.holder == st.kicker:
        raise Illegal("kicker_barred", say("{holder} takes the kick and may not move with the ball: it plays the "
                                           "ball away, then waits until another pawn has touched it (rule 10)",
                                           holder=pawn_id(st.holder)))
    if not st.roll:
        raise Illegal("roll_first", say("roll the die before dribbling"))
    if not legal.dribble_targets(game) >> to & 1:
        if st.roll != 1 or g.chebyshev(st.ball, to) != 1:
            raise Illegal("not_dribble",
                          say("the holder moves with the ball only one square, on a ball roll of 1 (rule 4C)"))
        raise explain_destination(st.sq, game.occ, st.holder, to)
    holder, frm = st.holder, st.ball
    st.sq[holder] = to
    game._moved()
    st.ball, st.roll, st.dice, st.move_deadline, st.offside = to, 0, [0, 0], -1.0, Offside(played_to=to)
    game._emit("dribble", team=TEAMS[st.offense], pawn=pawn_id(holder), frm=g.name(frm), to=g.name(to))
    opp = game.occ.pawn_of(other(st.offense), to)
    if opp >= 0:
        return _start_battle(game, holder, opp)
    _answer(game, scoring=False)


# ----- possession -----------------------------------------------------------------------------------
def _gain(game: Match, pawn: int, how: str) -> None:
    """Sole possession to `pawn`; its team starts a new offensive set."""
    st = game.state
    team = team_of(pawn)
    _touch(game, pawn)
    st.holder, st.ball = pawn, st.sq[pawn]
    if team != st.offense:
        game._emit("possession", team=TEAMS[team], pawn=pawn_id(pawn), how=how, square=g.name(st.ball))
    flow.start_set(game, team)


def _touch(game: Match, pawn: int) -> None:
    """Another pawn touched the ball: the kicker of a set piece may play it again."""
    if game.state.barred != pawn:
        game.state.barred = -1


# ----- playing the ball -------------------------------------------------------------------------
def _play_ball(game: Match, to: int) -> None:
    st = game.state
    kicker, origin = st.holder, st.ball
    if st.kick == "corner":
        st.offside = Offside(played_to=to)
    else:
        _record_offside(game, kicker, to)
    if st.kicker >= 0 and st.kicker == kicker:
        st.barred = kicker
    st.kicker, st.kick = -1, ""
    st.ball, st.holder, st.roll, st.dice, st.move_deadline = to, -1, 0, [0, 0], -1.0
    attacked = game.profile.ends[other(st.offense)]
    if attacked.penalty_area >> to & 1:
        st.chance_live = True
    game._emit("ball_played", team=TEAMS[st.offense], pawn=pawn_id(kicker) if kicker >= 0 else None,
               frm=g.name(origin), to=g.name(to))
    _ball_landed(game, to)


def _ball_landed(game: Match, to: int) -> None:
    """Rule 4 A-D and C7: what the square the ball ends on makes of the play."""
    st = game.state
    o_team, d_team = st.offense, other(st.offense)
    occ = game.occ
    mate, opp = occ.pawn_of(o_team, to), occ.pawn_of(d_team, to)
    if mate < 0 and opp < 0:
        st.phase, st.actor, st.ball_sq, st.roll = Phase.CAPTURE, o_team, to, 0
        return
    if mate >= 0 and opp >= 0:
        return _start_battle(game, mate, opp)
    if opp >= 0:
        game._emit("interception", team=TEAMS[d_team], pawn=pawn_id(opp), square=g.name(to))
        return _gain(game, opp, "interception")
    # a direct pass (rule 4B)
    if _offside_on_receiving(game, mate, to):
        return
    _touch(game, mate)
    st.holder = mate
    game._emit("direct_pass", team=TEAMS[o_team], pawn=pawn_id(mate), square=g.name(to))
    attacked = game.profile.ends[d_team]
    if (attacked.penalty_area | attacked.long_distance) >> to & 1:
        st.chance_live = True
        return _shot_chance(game, mate, to)
    if st.passes == 0:
        st.passes = 1
        st.phase, st.actor, st.roll = Phase.BALL_PLAY, o_team, 0
        return
    _answer(game, scoring=False)


# ----- offside (rule 7, C8, C14) ---------------------------------------------------------------------
def _record_offside(game: Match, kicker: int, to: int) -> None:
    st = game.state
    attack = st.offense
    defend = other(attack)
    end = game.profile.ends[defend]
    ranks = [g.rank_of(st.sq[p]) for p in pawns_of(defend)
             if not is_keeper(p) and st.sq[p] >= 0 and not st.sent_off[p]]
    toward_low = end.goal_rank == 1
    if ranks:
        line = min(ranks) if toward_low else max(ranks)
    else:
        line = end.goal_rank
    pawns, in_ga = 0, False
    for p in pawns_of(attack):
        s = st.sq[p]
        if p == kicker or s < 0 or st.sent_off[p] or not end.own_half >> s & 1:
            continue
        r = g.rank_of(s)
        if (r < line) if toward_low else (r > line):
            pawns |= 1 << p
            if end.goal_area >> s & 1:
                in_ga = True
    st.offside = Offside(pawns, line, defend, in_ga, to)


def _beyond_line(game: Match, square: int) -> bool:
    off = game.state.offside
    if off.defending < 0 or not game.profile.ends[off.defending].own_half >> square & 1:
        return False
    r = g.rank_of(square)
    return r < off.line if game.profile.ends[off.defending].goal_rank == 1 else r > off.line


def _offside_on_receiving(game: Match, pawn: int, square: int) -> bool:
    """A pawn offside at the play receives a direct pass or captures beyond the line: free kick to D."""
    off = game.state.offside
    if off.pawns >> pawn & 1 and _beyond_line(game, square):
        _call_offside(game, pawn)
        return True
    return False


def _call_offside(game: Match, pawn: int | None) -> None:
    st = game.state
    d_team = other(st.offense)
    where = st.offside.played_to if st.offside.played_to >= 0 else st.ball
    game._emit("offside", team=TEAMS[st.offense], pawn=pawn_id(pawn) if pawn is not None else None,
               square=g.name(where))
    kickers = tuple(p for p in pawns_of(d_team) if st.sq[p] >= 0 and not st.sent_off[p])
    restarts.award_free_kick(game, d_team, where, kickers, zone_team=st.offense)


def _goal_area_interference(game: Match) -> bool:
    """Rule 7: an O-team pawn offside in the goal area makes any scoring chance offside at once."""
    if game.state.offside.in_goal_area:
        _call_offside(game, None)
        return True
    return False


# ----- capture attempts and the D-team's answer (rule 4A, C6) -----------------------------------------
def _after_attempt(game: Match, pawn: int, to: int) -> None:
    st = game.state
    if to != st.ball_sq:
        st.actor = other(st.actor)
        return
    team = team_of(pawn)
    if team != st.offense:
        game._emit("capture", team=TEAMS[team], pawn=pawn_id(pawn), square=g.name(to))
        return _gain(game, pawn, "capture")
    if _offside_on_receiving(game, pawn, to):
        return
    _touch(game, pawn)
    st.holder = pawn
    game._emit("capture", team=TEAMS[team], pawn=pawn_id(pawn), square=g.name(to))
    scoring = bool(game.profile.ends[other(team)].penalty_area >> to & 1)
    if scoring and _goal_area_interference(game):
        return
    _answer(game, scoring)


def _answer(game: Match, scoring: bool) -> None:
    st = game.state
    st.phase, st.actor, st.ball_sq, st.scoring, st.roll = Phase.ANSWER, other(st.offense), st.ball, scoring, 0


def _after_answer(game: Match, pawn: int, to: int) -> None:
    st = game.state
    if to == st.ball_sq:
        return _start_battle(game, st.holder, pawn)
    _answer_failed(game)


def _answer_failed(game: Match) -> None:
    st = game.state
    if st.scoring:
        return _shot_chance(game, st.holder, st.ball)
    flow.start_set(game, st.offense)


def lapse(game: Match) -> None:
    """C4: the roll's move lapses and play goes on as if it was made."""
    st = game.state
    st.roll, st.move_deadline = 0, -1.0
    ph = st.phase
    if ph == Phase.OFFENSIVE_SET:
        st.phase, st.passes = Phase.BALL_PLAY, 0
    elif ph == Phase.CAPTURE:
        st.actor = other(st.actor)
    elif ph == Phase.ANSWER:
        _answer_failed(game)


# ----- battles (rule 4D, 6B, 9A, C13) ---------------------------------------------------------------
def _start_battle(game: Match, o_pawn: int, d_pawn: int) -> None:
    st = game.state
    st.phase, st.actor, st.dice, st.roll = Phase.BATTLE, -1, [0, 0], 0
    st.battlers, st.holder = (o_pawn, d_pawn), -1
    game._emit("battle", square=g.name(st.ball), pawns=[pawn_id(o_pawn), pawn_id(d_pawn)])


def _modifier(game: Match, pawn: int) -> int:
    role = ROLE[pawn]
    if role == KEEPER:
        return 2
    if role == DEFENDER:
        return 2 if game.options.advanced_defenders else 1
    return 0


def resolve_battle(game: Match) -> None:
    st = game.state
    o_pawn, d_pawn = st.battlers
    o_team = team_of(o_pawn)
    raw = {o_team: st.dice[o_team], other(o_team): st.dice[other(o_team)]}
    pawn_of = {o_team: o_pawn, other(o_team): d_pawn}
    st.dice = [0, 0]
    if sorted(raw.values()) == [1, 6]:
        fouler_team = 0 if raw[0] == 1 else 1
        return _battle_foul(game, pawn_of[fouler_team], pawn_of[other(fouler_team)], o_team)
    total = {t: raw[t] + _modifier(game, pawn_of[t]) for t in (0, 1)}
    if total[0] == total[1]:
        game._emit("battle_tie", red=total[0], blue=total[1])
        return
    winner_team = 0 if total[0] > total[1] else 1
    winner, loser = pawn_of[winner_team], pawn_of[other(winner_team)]
    game._emit("battle_won", team=TEAMS[winner_team], pawn=pawn_id(winner),
               red=total[0], blue=total[1], square=g.name(st.ball))
    _touch(game, winner)
    st.holder = winner
    if winner_team == o_team:
        in_area = game.profile.ends[other(o_team)].penalty_area >> st.ball & 1
        if is_keeper(loser) or in_area:
            return _shot_chance(game, winner, st.ball)
        return flow.start_set(game, o_team)
    game._emit("possession", team=TEAMS[winner_team], pawn=pawn_id(winner), how="battle", square=g.name(st.ball))
    flow.start_set(game, winner_team)


# ----- fouls and cards (rule 9) ----------------------------------------------------------------------
def _battle_foul(game: Match, fouler: int, fouled: int, o_team: int) -> None:
    st = game.state
    f_team = team_of(fouler)
    square = st.ball
    game._emit("foul", team=TEAMS[f_team], pawn=pawn_id(fouler), square=g.name(square), kind="battle")
    _show_yellow(game, fouler)
    if f_team != o_team and game.profile.ends[f_team].penalty_area >> square & 1:
        game._emit("penalty_kick", team=TEAMS[other(f_team)], pawn=pawn_id(fouled), square=g.name(square))
        return restarts.award_penalty(game, fouled)
    restarts.award_free_kick(game, other(f_team), square, (fouled,), zone_team=f_team)


def _show_yellow(game: Match, pawn: int) -> None:
    st = game.state
    team = team_of(pawn)
    st.yellow[pawn] += 1
    game._emit("yellow_card", team=TEAMS[team], pawn=pawn_id(pawn))
    if is_defender(pawn):
        st.defender_yellows[team] += 1
        second = st.defender_yellows[team] >= 2
        if second:
            st.defender_yellows[team] = 0
    else:
        second = st.yellow[pawn] >= 2
    if second:
        st.sent_off[pawn] = True
        game._moved()
        game._emit("red_card", team=TEAMS[team], pawn=pawn_id(pawn))


# ----- shots (rule 5, 6C, 8) ----------------------------------------------------------------------------
def _shot_chance(game: Match, shooter: int, square: int) -> None:
    st = game.state
    if _goal_area_interference(game):
        return
    st.phase, st.actor, st.shooter, st.shot_square, st.roll = Phase.SHOT, st.offense, shooter, square, 0
    st.holder = shooter
    game._emit("shot", team=TEAMS[st.offense], pawn=pawn_id(shooter), square=g.name(square), penalty=st.penalty)


def spin(game: Match, outcome: str) -> None:
    """The shot's outcome (the spinner, or the shooting die's face): goal, corner or goal kick."""
    st = game.state
    if outcome not in OUTCOMES:
        raise Illegal("bad_input", say("a shot ends in goal, corner or goal_kick, not {outcome!r}", outcome=outcome))
    if st.phase == Phase.SHOOTOUT:
        return clock.shootout_kick(game, outcome)
    if st.phase != Phase.SHOT:
        raise Illegal("not_expected", say("no shot is being taken (phase {phase})", phase=st.phase))
    team = st.offense
    st.penalty = False
    if outcome == "goal":
        st.score[team] += 1
        game._emit("goal", team=TEAMS[team], pawn=pawn_id(st.shooter), square=g.name(st.shot_square),
                   score={"red": st.score[0], "blue": st.score[1]})
        st.chance_live = False
        if st.time_up:
            return flow.end_period(game)
        flow.reset_formation(game, other(team))
        st.reset_deadline = st.now + game.options.reset_seconds     # rule 11A, C23: the reset clock is shown
        return None
    if outcome == "corner":
        return restarts.award_corner(game)
    game._emit("goal_kick", team=TEAMS[other(team)])
    st.chance_live = False
    if st.time_up:
        return flow.end_period(game)
    restarts.award_goal_kick(game)

"""Everything between turns: the roll-off, battles, faults and referee cards, substitutions, scoring
chances, the set-ups of kick-off, free kick, penalty and corner (S20 a forbidden placement is refused at
once, `done` while the position breaks the rule) (RULES-STBG.md, S4, S11-S26). Each ends in flow.py: a turn
starting, a set-up starting or the period ending."""
from __future__ import annotations

from functools import reduce
from typing import TYPE_CHECKING, NamedTuple

from controller.i18n import N_, Say, named_pawn, say
from hal.board import TEAMS

from . import shootout
from .board import (
    ALL,
    CENTRE_BLOCK,
    GOAL_AREA,
    MIDDLE,
    OWN_HALF,
    PAWN_IDS,
    PENALTY_AREA,
    SPOTS,
    corner_for,
    king,
    name,
    other,
    pawns_of,
    team_of,
)
from .errors import Illegal
from .flow import end_period, find_holder, kickoff_setup, lay_out_formation, start_setup, start_turn
from .reach import KING_BALL, NEIGHBOURS, clash_mask, on_board_count, pawn_at, pawns_in
from .state import Phase, Turn

if TYPE_CHECKING:
    from .match import Match


# ----- rolls both teams make ------------------------------------------------------------------------
def both_roll(game: Match, team: int, value: int) -> None:
    """A battle, a chance or the roll-off: one roll from each team's die, in either order (S16, S34)."""
    st = game.state
    if st.dice[team]:
        raise Illegal("not_your_turn", say("{team} has rolled already; waiting for {team2}",
                                           team=Say(TEAMS[team]), team2=Say(TEAMS[other(team)])))
    st.dice[team] = value
    if not st.dice[other(team)]:
        return
    if st.phase == Phase.ROLL_OFF:
        _roll_off(game)
    elif st.phase == Phase.SHOOTOUT_ORDER:
        shootout.order(game)
    elif st.phase == Phase.SHOOTOUT:
        shootout.kick(game)
    elif st.phase == Phase.BATTLE:
        _battle(game)
    else:
        _chance(game)


def _roll_off(game: Match) -> None:
    st = game.state
    red, blue = st.dice
    st.dice = [0, 0]
    if red == blue:
        game.emit("roll_off_tie", value=red)          # S4: rolled again
        return
    winner = 0 if red > blue else 1
    game.emit("roll_off", winner=TEAMS[winner])
    st.first_kickoff = st.kickoff_team = winner
    lay_out_formation(game, winner)
    start_turn(game, winner, Turn.KICK_OFF)


def start_battle(game: Match, challenger: int) -> None:
    st = game.state
    st.challenger = challenger
    game.emit("battle", pawn=PAWN_IDS[challenger], holder=PAWN_IDS[st.holder], square=name(st.ball))
    game.emit("turn_end", team=TEAMS[st.turn], reason="battle")
    st.phase, st.dice, st.points = Phase.BATTLE, [0, 0], 0


def _battle(game: Match) -> None:
    """The higher roll takes the ball and its team has a new turn; equal rolls: the challenger's fault."""
    st = game.state
    c = st.challenger
    ct = team_of(c)
    mine, theirs = st.dice[ct], st.dice[other(ct)]
    st.dice, st.challenger = [0, 0], -1
    if mine == theirs:
        return _fault(game, c)
    winner = ct if mine > theirs else other(ct)
    if winner == ct:
        st.holder = c
    game.emit("battle_won", team=TEAMS[winner], pawn=PAWN_IDS[st.holder])
    start_turn(game, winner)


def _fault(game: Match, fouler: int) -> None:
    st = game.state
    team = team_of(fouler)
    st.fouler, st.attack = fouler, other(team)
    st.award = "penalty_kick" if PENALTY_AREA[team] >> st.ball & 1 else "free_kick"
    game.emit("fault", team=TEAMS[team], pawn=PAWN_IDS[fouler], square=name(st.ball))
    game.emit(st.award, team=TEAMS[st.attack], square=name(st.ball))
    st.phase, st.turn = Phase.CARD, team


# ----- referee cards and substitutions ---------------------------------------------------------------------
def deck_left(game: Match, kind: str) -> int:
    """Referee cards of a kind in the pile: the deck less the yellows kept by players still on the board."""
    st = game.state
    n = game.options.referee_cards[kind]
    if kind == "yellow":
        n -= sum(y for p, y in enumerate(st.yellow) if not st.sent_off[p] and y == 1)
    return n


def card(game: Match, kind: str) -> None:
    st = game.state
    if st.phase != Phase.CARD:
        raise Illegal("card_not_allowed", say("no fault is waiting for a referee card"))
    if deck_left(game, kind) <= 0:
        raise Illegal("card_not_allowed", say("no {kind} card is left in the pile", kind=kind))
    p = st.fouler
    team = team_of(p)
    fields = {"team": TEAMS[team], "pawn": PAWN_IDS[p]}
    if kind == "red":
        game.emit("red_card", **fields)
        _send_off(game, p)
    elif kind == "yellow":
        st.yellow[p] += 1
        game.emit("yellow_card", **fields, yellow=st.yellow[p])
        if st.yellow[p] >= 2:                          # S25: the second yellow is a red
            game.emit("red_card", **fields)
            _send_off(game, p)
        else:
            st.sub_pawn[team] = p
    else:
        game.emit("verbal_warning", **fields)
    if st.phase == Phase.ABANDONED:
        return
    if st.award == "penalty_kick":
        start_setup(game, Phase.PENALTY_SETUP, st.attack)
    elif st.time_up:
        end_period(game)
    else:
        start_setup(game, Phase.FREE_KICK_SETUP, team)
        st.placed_other = False


def _send_off(game: Match, pawn: int) -> None:
    st = game.state
    st.sent_off[pawn] = True
    st.standing[pawn] = st.sq[pawn]                   # off the pitch, still on its square until lifted
    st.sq[pawn] = -1
    st.sub_pawn[team_of(pawn)] = -1
    team = team_of(pawn)
    if on_board_count(st, team) < 3:                   # S26
        game.emit("abandoned", team=TEAMS[team], players=on_board_count(st, team))
        st.phase = Phase.ABANDONED


def leave(game: Match, pawn: int) -> None:
    """A sent-off pawn lifted off the board (BOARD.md: pawns that leave the board are lifted, not placed)."""
    st = game.state
    if st.standing[pawn] < 0:
        raise Illegal("no_token", say("{pawn} is not standing on the board sent off", pawn=PAWN_IDS[pawn]))
    st.standing[pawn] = -1


def substitution(game: Match, pawn: int) -> None:
    st = game.state
    team = team_of(pawn)
    if st.sub_pawn[team] != pawn or st.yellow[pawn] != 1 or st.sent_off[pawn]:
        raise Illegal("card_not_allowed", say("{pawn} has no yellow card to discard now (from its card until its "
                                              "team's next turn)",
                                              pawn=PAWN_IDS[pawn]))
    if st.subs[team] >= 3:
        raise Illegal("card_not_allowed", say("{team} has made its 3 substitutions", team=Say(TEAMS[team])))
    st.yellow[pawn] = 0
    st.subs[team] += 1
    st.skips[team] += 1
    st.sub_pawn[team] = -1
    game.emit("substitution", team=TEAMS[team], pawn=PAWN_IDS[pawn], count=st.subs[team])


# ----- scoring chances ------------------------------------------------------------------------------------
def start_chance(game: Match, team: int, square: int, entry: int) -> None:
    """The ball entered the opponents' goal area: both roll, or a goal at once with nobody in it."""
    st = game.state
    defend = other(team)
    game.emit("turn_end", team=TEAMS[st.turn], reason="chance")
    game.emit("scoring_chance", team=TEAMS[team], square=name(square))
    st.attack, st.corner = team, corner_for(defend, entry)
    st.points = 0
    if not pawns_in(st, defend, GOAL_AREA[defend]):
        return _goal(game, team)
    st.phase, st.dice = Phase.CHANCE, [0, 0]


def _chance(game: Match) -> None:
    st = game.state
    a, d = st.dice[st.attack], st.dice[other(st.attack)]
    st.dice = [0, 0]
    if a > d:
        return _goal(game, st.attack)
    if a < d:
        return _save(game)
    game.emit("corner_kick", team=TEAMS[st.attack], square=name(st.corner))
    st.holder = -1
    if st.time_up:
        return end_period(game)
    start_setup(game, Phase.CORNER_SETUP, st.attack)


def _goal(game: Match, team: int) -> None:
    st = game.state
    st.score[team] += 1
    st.holder = -1
    game.emit("goal", team=TEAMS[team], score={"red": st.score[0], "blue": st.score[1]})
    st.kickoff_team = other(team)
    if st.time_up:
        return end_period(game)
    kickoff_setup(game)


def _save(game: Match) -> None:
    st = game.state
    defend = other(st.attack)
    keeper = pawns_in(st, defend, GOAL_AREA[defend])[0]
    st.holder = keeper              # a shot's ball stays on its square: the goal area is one space, the goalie's
    if not GOAL_AREA[defend] >> st.ball & 1:
        st.ball = st.sq[keeper]     # a penalty's, from the spot, goes to the goalie
    game.emit("save", team=TEAMS[defend], pawn=PAWN_IDS[keeper])
    game.emit("goal_kick", team=TEAMS[defend])
    start_turn(game, defend)


# ----- set-ups ---------------------------------------------------------------------------------------------
def nearest_outside(game: Match, pawn: int, area: int) -> int:
    """The nearest squares outside an area (king distance) free of the pawn's team-mates (S19)."""
    st = game.state
    free = ALL & ~area & ~clash_mask(st, pawn)
    for r in range(1, 16):
        ring = KING_BALL[r][st.sq[pawn]] & free
        if ring:
            return ring
    return 0


def allowed_places(game: Match, pawn: int) -> int:
    """Where the set-up lets this pawn be put down now (S20): a mask, 0 when it may not move."""
    st = game.state
    team = team_of(pawn)
    if st.sq[pawn] < 0 or team != st.turn:
        return 0
    free = ALL & ~clash_mask(st, pawn) & ~(1 << st.sq[pawn])
    if st.phase == Phase.KICKOFF_SETUP:
        allowed = OWN_HALF[team] & ~CENTRE_BLOCK
        if team == st.kickoff_team:
            allowed |= (1 << MIDDLE[team][0]) | (1 << MIDDLE[team][1])
        return free & allowed
    if st.phase == Phase.FREE_KICK_SETUP:
        if st.fouler >= 0 and st.sq[st.fouler] >= 0:
            return free & NEIGHBOURS[st.ball] if pawn == st.fouler else 0
        return free & NEIGHBOURS[st.ball] if not st.placed_other or NEIGHBOURS[st.ball] >> st.sq[pawn] & 1 else 0
    defend = other(st.attack)
    if st.phase == Phase.CORNER_SETUP:
        if team == st.attack:
            return free
        return free & ~_ring(st.corner, 1)
    # penalty: the kicker to a spot square, the goalie into the goal area, others out of the area
    area = PENALTY_AREA[defend]
    out = free & (SPOTS[defend] if team == st.attack else GOAL_AREA[defend])
    if area >> st.sq[pawn] & 1:
        out |= free & nearest_outside(game, pawn, area)
    return out


def _ring(square: int, radius: int) -> int:
    return KING_BALL[radius][square]


def exclusion_zone(game: Match) -> int:
    """The squares the defending team may not stand on now: the corner's 2-square ring (radius 1 around
    the ball: king distance under 2), nothing else."""
    st = game.state
    if st.phase == Phase.CORNER_SETUP:
        return _ring(st.corner, 1)
    if st.phase == Phase.FREE_KICK_SETUP:
        return NEIGHBOURS[st.ball] if st.ball >= 0 else 0
    return 0


def place_pawn(game: Match, pawn: int, to: int) -> None:
    st = game.state
    if st.sq[pawn] < 0:
        raise Illegal("no_token", say("{pawn} is not on the board", pawn=PAWN_IDS[pawn]))
    if team_of(pawn) != st.turn:
        raise Illegal("not_your_turn", say("{turn} places its pawns now", turn=Say(TEAMS[st.turn])))
    if not allowed_places(game, pawn) >> to & 1:
        raise Illegal("placement", say("{pawn} may not be put on {to} at this set-up",
                                       pawn=PAWN_IDS[pawn], to=name(to)))
    if st.phase == Phase.FREE_KICK_SETUP and pawn != st.fouler:
        st.placed_other = True
    st.sq[pawn] = to
    find_holder(game)


def ball_places(game: Match) -> int:
    """Where the team setting up may put the ball: the kick-off's middle square, the corner, the spot."""
    st = game.state
    team = st.turn
    if st.phase == Phase.KICKOFF_SETUP and team == st.kickoff_team:
        return 1 << MIDDLE[team][0]
    if st.phase == Phase.CORNER_SETUP and team == st.attack:
        return 1 << st.corner
    if st.phase == Phase.PENALTY_SETUP and team == st.attack:
        return SPOTS[other(team)]
    return 0


def place_ball(game: Match, to: int) -> None:
    st = game.state
    if not ball_places(game) >> to & 1:
        raise Illegal("placement", say("the ball may not be put on {to} at this set-up", to=name(to)))
    st.ball = to
    find_holder(game)


class Need(NamedTuple):
    """One thing a set-up still needs: a pawn to move (`pawn`), a square to fill (`squares`, a mask), or the
    ball to put on `squares` (`ball`); `text` says it to a person (a `say`, in English until an edge translates it)."""
    text: Say
    pawn: int = -1
    squares: int = 0
    ball: bool = False


def _named(p: int) -> str:
    """A pawn in a to-do item: its id in English ("red-p2"), its team's word and label in another language."""
    return named_pawn(PAWN_IDS[p])


def setup_needs(game: Match, team: int) -> list[Need]:
    """What the team's set-up still needs before `done` is accepted; empty when it may press it."""
    st = game.state
    needs: list[Need] = []
    mine = [p for p in pawns_of(team) if st.sq[p] >= 0]
    if st.phase == Phase.KICKOFF_SETUP:
        if len(pawns_in(st, team, GOAL_AREA[team])) != 1:
            needs.append(Need(N_("one pawn in the goal area"), squares=GOAL_AREA[team]))
        allowed = OWN_HALF[team] & ~CENTRE_BLOCK
        if team == st.kickoff_team:
            for s in MIDDLE[team]:
                if pawn_at(st, team, s) < 0:
                    needs.append(Need(say("a pawn on {square}", square=name(s)), squares=1 << s))
                allowed |= 1 << s
            if st.ball != MIDDLE[team][0]:
                spot = MIDDLE[team][0]
                needs.append(Need(say("the ball on {square}", square=name(spot)), squares=1 << spot, ball=True))
        needs += [Need(say("{pawn} off {square}", pawn=_named(p), square=name(st.sq[p])), pawn=p)
                  for p in mine if not allowed >> st.sq[p] & 1]
    elif st.phase == Phase.FREE_KICK_SETUP:
        if st.fouler >= 0 and st.sq[st.fouler] == st.ball:
            needs.append(Need(say("{pawn} one square away from the ball", pawn=_named(st.fouler)), pawn=st.fouler))
    elif st.phase == Phase.CORNER_SETUP:
        if team == st.attack:
            if st.ball != st.corner:
                needs.append(Need(say("the ball on {square}", square=name(st.corner)), squares=1 << st.corner,
                                  ball=True))
            if pawn_at(st, team, st.corner) < 0:
                needs.append(Need(say("a player on {square}", square=name(st.corner)), squares=1 << st.corner))
        else:
            needs += [Need(say("{pawn} two squares from the ball", pawn=_named(p)), pawn=p)
                      for p in mine if king(st.sq[p], st.corner) < 2]
    else:
        defend = other(st.attack)
        area = PENALTY_AREA[defend]
        if team == st.attack:
            if not SPOTS[defend] >> st.ball & 1:
                needs.append(Need(N_("the ball on a penalty-spot square"), squares=SPOTS[defend], ball=True))
            if pawn_at(st, team, st.ball) < 0:
                needs.append(Need(N_("the kicker on the ball's penalty-spot square"),
                                  squares=(1 << st.ball) if SPOTS[defend] >> st.ball & 1 else SPOTS[defend]))
            needs += [Need(say("{pawn} out of the penalty area", pawn=_named(p)), pawn=p) for p in mine
                      if area >> st.sq[p] & 1 and st.sq[p] != st.ball]
        else:
            keepers = pawns_in(st, team, GOAL_AREA[defend])
            if len(keepers) != 1:
                needs.append(Need(N_("one pawn in the goal area"), squares=GOAL_AREA[defend]))
            needs += [Need(say("{pawn} out of the penalty area", pawn=_named(p)), pawn=p) for p in mine
                      if area >> st.sq[p] & 1 and p not in keepers]
    return needs


def setup_todo(game: Match, team: int) -> list[Say]:
    """The set-up's needs in words (the snapshot's `setup.todo`, the refusal of an early `done`)."""
    return [n.text for n in setup_needs(game, team)]


def setup_done(game: Match, team: int) -> None:
    st = game.state
    if team != st.turn:
        raise Illegal("not_your_turn", say("{turn} sets up now", turn=Say(TEAMS[st.turn])))
    todo = setup_todo(game, team)
    if todo:
        raise Illegal("placement", say("{team}'s set-up is not finished: {todo}", team=Say(TEAMS[team]),
                                       todo=reduce(lambda a, b: say("{a}; {b}", a=a, b=b), todo)))
    st.done[team] = True
    game.emit("setup_done", team=TEAMS[team])
    if st.phase == Phase.FREE_KICK_SETUP:
        st.phase = Phase.PLAY
        return start_turn(game, st.attack, Turn.FREE_KICK)
    if not st.done[other(team)]:
        st.turn = other(team)
        return
    if st.phase == Phase.KICKOFF_SETUP:
        find_holder(game)
        st.phase = Phase.PLAY
        return start_turn(game, st.kickoff_team, Turn.KICK_OFF)
    if st.phase == Phase.CORNER_SETUP:
        st.holder = pawn_at(st, st.attack, st.ball)
        st.phase = Phase.PLAY
        return start_turn(game, st.attack, Turn.CORNER)
    st.holder = pawn_at(st, st.attack, st.ball)
    st.corner = corner_for(other(st.attack), st.ball)      # S21: the spot square's file
    st.phase, st.dice = Phase.CHANCE, [0, 0]
    game.emit("scoring_chance", team=TEAMS[st.attack], square=name(st.ball), penalty=True)

"""Star cards (RULES-STBG.md Set pieces, S13, S23, S24): Pass, Shoot and Steal instead of a roll, one a
turn, each card once, never at a set piece or a battle; a team's hand, declared or not."""
from __future__ import annotations

from typing import TYPE_CHECKING

from controller.i18n import Say, say
from hal.board import TEAMS

from .board import ANY_GOAL_AREA, GOAL_AREA, KINDS, PAWN_IDS, cost, line, name, other, pawns_of, squares_of, team_of
from .errors import Illegal
from .flow import end_turn
from .reach import clear_line, nearest_to_ball, offside, team_mask
from .restarts import start_chance
from .state import SET_PIECE_TURNS, Phase

if TYPE_CHECKING:
    from .match import Match
    from .state import State


def declare_hand(game: Match, team: int, cards: tuple[str, ...]) -> None:
    st = game.state
    deck = game.options.star_cards
    if st.started:
        raise Illegal("card_not_allowed", say("hands are declared before the match's first roll or star card (S24)"))
    if st.hands[team] is not None:
        raise Illegal("card_not_allowed", say("{team} has declared its hand already", team=Say(TEAMS[team])))
    if len(cards) != game.options.hand_size:
        raise Illegal("card_not_allowed", say("a hand holds {hand_size} star cards, not {cards}",
                                              hand_size=game.options.hand_size, cards=len(cards)))
    counts = [cards.count(k) for k in KINDS]
    theirs = st.hands[other(team)] or [0, 0, 0]
    for i, k in enumerate(KINDS):
        if counts[i] + theirs[i] > deck[k]:
            raise Illegal("card_not_allowed", say("the deck has {deck} {k} cards (S24: both hands fit the deck)",
                                                  deck=deck[k], k=k))
    st.hands[team] = counts
    game.emit("hand_declared", team=TEAMS[team], cards={k: counts[i] for i, k in enumerate(KINDS)})


def cards_left(game: Match, team: int, kind: str) -> int:
    """Star cards of a kind the team may still play (an undeclared hand: 6 in all, no kind over the deck)."""
    st = game.state
    i = KINDS.index(kind)
    used = st.stars_used[team]
    hand = st.hands[team]
    if hand is not None:
        return hand[i] - used[i]
    return max(0, min(game.options.star_cards[kind] - used[i], game.options.hand_size - sum(used)))


def pass_targets(st: State, team: int) -> int:
    """Team-mates a Pass card reaches: a straight or diagonal line with no pawn between, not offside."""
    h = st.holder
    if h < 0 or team_of(h) != team:
        return 0
    opp = team_mask(st, other(team))
    out = 0
    for q in pawns_of(team):
        s = st.sq[q]
        if q == h or s < 0 or ANY_GOAL_AREA >> s & 1 or opp >> s & 1:
            continue
        between = line(st.ball, s)
        if between is not None and clear_line(st, between) and not offside(st, team, s) \
                and not any(ANY_GOAL_AREA >> b & 1 for b in between):
            out |= 1 << s
    return out


def shoot_targets(st: State, team: int) -> int:
    """Squares of the opponents' goal area a Shoot card reaches along a clear line."""
    h = st.holder
    if h < 0 or team_of(h) != team:
        return 0
    out = 0
    for s in squares_of(GOAL_AREA[other(team)]):
        between = line(st.ball, s)
        if between is not None and clear_line(st, between) \
                and not any(ANY_GOAL_AREA >> b & 1 for b in between):
            out |= 1 << s
    return out


def stealers(st: State, team: int) -> list[int]:
    """The players a Steal card may put on the ball (S23: it is loose or an opponent holds it)."""
    if st.ball < 0 or ANY_GOAL_AREA >> st.ball & 1 or (st.holder >= 0 and team_of(st.holder) == team):
        return []
    return nearest_to_ball(st, team)


def why_not(game: Match, team: int, kind: str) -> str | None:
    """Why the team may not play this star card now, or None."""
    st = game.state
    if st.phase != Phase.PLAY:
        return say("star cards are not played at set-ups, battles or chances")
    if team != st.turn:
        return say("it is {turn}'s turn", turn=Say(TEAMS[st.turn]))
    if st.kind in SET_PIECE_TURNS:
        return say("no star card at a {kind}", kind=Say(st.kind.replace("_", " ")))
    if st.star_played:
        return say("one star card a turn")
    if st.rolled:
        return say("a star card replaces the roll, and this turn has rolled")
    if cards_left(game, team, kind) <= 0:
        return say("{team} has no {kind} card left", team=Say(TEAMS[team]), kind=kind)
    if kind == "pass":
        found = bool(pass_targets(st, team))
    elif kind == "shoot":
        found = bool(shoot_targets(st, team))
    else:
        found = bool(stealers(st, team))
    if not found:
        return say("the {kind} card has nothing to do now", kind=kind)
    return None


def play(game: Match, team: int, kind: str) -> None:
    st = game.state
    why = why_not(game, team, kind)
    if why is not None:
        raise Illegal("not_your_turn" if why.startswith("it is") else "card_not_allowed", why)
    st.star, st.star_played, st.started = kind, True, True
    st.stars_used[team][KINDS.index(kind)] += 1
    if not st.clock_running:
        st.clock_running = True
        game.emit("clock_started", period=st.period)
    game.emit("star_card", team=TEAMS[team], card=kind)
    on_ball = [p for p in stealers(st, team) if st.sq[p] == st.ball] if kind == "steal" else []
    if on_ball:                      # the nearest player stands on the ball already: it takes it there
        _take(game, on_ball[0])


def carry_out(game: Match, to: int) -> None:
    """The ball put down after a Pass or Shoot card: a pass ends the turn, a shot is a chance."""
    st = game.state
    team = st.turn
    targets = pass_targets(st, team) if st.star == "pass" else shoot_targets(st, team)
    if not targets >> to & 1:
        raise Illegal("offside" if st.star == "pass" and offside(st, team, to) else "path_blocked",
                      say("the {star} card does not reach {to} (a straight or diagonal line, nobody "
                          "between{value})",
                          star=st.star, to=name(to), value=', onside' if st.star == 'pass' else ''))
    between = line(st.ball, to) or []
    frm = st.ball
    st.ball, st.star = to, ""
    game.emit("kick", team=TEAMS[team], **{"from": name(frm)}, to=name(to))
    if GOAL_AREA[other(team)] >> to & 1:
        st.holder = -1
        return start_chance(game, team, to, between[-1] if between else frm)
    st.holder = next(q for q in pawns_of(team) if st.sq[q] == to)
    st.barred = -1
    end_turn(game, "star")


def steal_step(game: Match, pawn: int, to: int) -> None:
    """The nearest player put on the ball takes it; the team then rolls and moves the ball off first."""
    st = game.state
    if to != st.ball:
        raise Illegal("card_not_allowed", say("the steal card puts a player on the ball's square {ball}",
                                              ball=name(st.ball)))
    if pawn not in stealers(st, team_of(pawn)):
        raise Illegal("card_not_allowed", say("{pawn} is not a player nearest the ball ({sq} steps away)",
                                              pawn=PAWN_IDS[pawn], sq=cost(st.sq[pawn], st.ball)))
    st.sq[pawn] = to
    _take(game, pawn)


def _take(game: Match, pawn: int) -> None:
    st = game.state
    st.holder, st.barred, st.stealer, st.star = pawn, -1, pawn, ""

"""Property test: at least 1,000 random full matches between seeded bots, every action checked against the
invariants of the rules (6 pawns or fewer a team on the board, never two of a team in a space, one goalie at
most, the score changes only on a `goal` event, a refused action changes nothing, undo restores the state),
and a match's journal replayed through `soccerboard replay` ends at the same snapshot.

SOCCERBOARD_STBG_MATCHES sets the number of matches (CI: 1,000)."""
import json
import os
import random

from controller.games.stbg import Game, Illegal, Options, Step
from controller.games.stbg.board import GOAL_AREA, goal_area_mates, pawns_of
from controller.games.stbg.bot import StbgBot, lines_for, play_match
from controller.games.stbg.snapshot import snapshot_of
from controller.replay import replay_lines

MATCHES = int(os.environ.get("SOCCERBOARD_STBG_MATCHES", "1000"))
HALF_MINUTES = 2.0
JOURNAL_EVERY = 20          # every 20th match is also replayed from its journal


def check_position(game: Game) -> None:
    st = game.state
    for team in (0, 1):
        squares = [st.sq[p] for p in pawns_of(team) if st.sq[p] >= 0]
        assert len(squares) <= 6
        spaces = [goal_area_mates(sq) for sq in squares]          # a goal area is one space
        assert len(spaces) == len(set(spaces)), f"two {team} pawns in one space: {squares}"
        assert sum(1 for s in squares if GOAL_AREA[team] >> s & 1) <= 1
        assert all(st.sq[p] < 0 for p in pawns_of(team) if st.sent_off[p])
    if st.holder >= 0:                      # the holder is on the ball's space (a goal area is one)
        assert goal_area_mates(st.sq[st.holder]) >> st.ball & 1
    assert st.points >= 0


def play_one(seed: int, stats: dict[str, int]) -> Game:
    game = Game.kick_off(None, Options(half_minutes=HALF_MINUTES))
    bot = StbgBot(seed)
    rng = random.Random(seed)
    journal = [json.dumps({"type": "setup", "ruleset": "stbg", "formation": "standard",
                           "options": {"half_minutes": HALF_MINUTES}})]
    keep_journal = seed % JOURNAL_EVERY == 0
    score = list(game.state.score)

    def on_action(action, events):
        if keep_journal:                       # the lines the board reported, from the state before the action
            journal.extend(json.dumps(line) for line in lines_for(Game(game.history[-1], game.options), action))
        names = [e["event"] for e in events]
        goals = names.count("goal")
        assert sum(game.state.score) - sum(score) == goals, (seed, action, names)
        score[:] = game.state.score
        check_position(game)
        stats["actions"] += 1
        stats["goals"] += goals
        for n in ("star_card", "substitution", "corner_kick", "penalty_kick", "red_card", "abandoned"):
            stats[n] += names.count(n)
        if rng.random() < 0.02 and not game.is_terminal():        # a wrong action changes nothing
            before = game.state.clone()
            try:
                game.apply(Step(rng.randrange(12), rng.randrange(128)))
            except Illegal:
                assert game.state == before
            else:
                game.undo()
                assert game.state == before

    play_match(game, bot, on_action)
    assert game.is_terminal(), (seed, game)
    if keep_journal:
        replayed = replay_lines(journal)
        refused = [o for o in replayed if o.get("ok") is False]
        assert not refused, (seed, refused[:3])
        snap = replayed[-1]["snapshot"]
        snap["board"] = snap["dice"] = None            # what the core adds about the sensed board
        assert snap == snapshot_of(game).to_json_dict(), seed
        stats["journals"] += 1
    return game


def test_random_full_matches_keep_the_invariants():
    stats = dict.fromkeys(("actions", "goals", "star_card", "substitution", "corner_kick", "penalty_kick",
                           "red_card", "abandoned", "journals"), 0)
    ends = {"full_time": 0, "abandoned": 0}
    for seed in range(MATCHES):
        game = play_one(seed, stats)
        ends[game.state.phase] += 1
    assert ends["full_time"] + ends["abandoned"] == MATCHES
    assert stats["goals"] > MATCHES // 5 and stats["star_card"] > 0 and stats["substitution"] > 0
    print(f"\n{MATCHES} matches, {stats}, {ends}")


def test_seeded_bot_matches_through_the_core_have_no_refused_line():
    """What `soccerboard sim --ruleset stbg` will do: every bot action as board lines through the core, to the
    final whistle, with no refusal (simulate raises on one)."""
    from controller.games.stbg.bot import simulate
    ends = []
    for seed in range(int(os.environ.get("SOCCERBOARD_STBG_SIM_MATCHES", "100"))):
        core = simulate(seed, {"half_minutes": 1.0})
        ends.append(core.snapshot()["phase"])
    assert set(ends) <= {"full_time", "abandoned"}

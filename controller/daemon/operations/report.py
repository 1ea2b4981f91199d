"""`soccerboard report JOURNAL`: what happened in a match, computed by replaying its journal.

Nothing but the journal is needed (the same file resumes a match and replays it), so a report can be
made for any match long after it ended, on any machine. Possession share is match time (clock lines
while the match clock runs) weighted by the team in possession before each tick.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from controller import story
from controller.games import info
from controller.i18n import N_, say
from controller.i18n.translate import text
from controller.story import match_minute

from ..journal import HEADER, read_journal
from ..referee import Referee, ruleset_of

__all__ = ["NotAJournal", "analyse", "find_journal", "match_minute", "report"]


class NotAJournal(ValueError):
    """The file is not a match journal (or the folder holds none)."""


def find_journal(path: str | os.PathLike) -> Path:
    """The journal to report on: the file itself, or a journal folder's latest match.

    Raises OSError when it cannot be read and NotAJournal when it is not a journal."""
    p = Path(path)
    if p.is_dir():
        found = [f for f in p.glob("*.jsonl") if _is_journal(f)]
        if not found:
            raise NotAJournal(say("{path} holds no match journal (*.jsonl starting with '{header}')",
                                  path=p, header=HEADER.strip()))
        return max(found, key=lambda f: (f.stat().st_mtime, f.name))
    if not _is_journal(p):
        raise NotAJournal(say("{path} is not a match journal: its first line is not '{header} {{...}}' (the daemon "
                              "writes journals into its journal folder; `soccerboard replay` reads scenarios)",
                              path=p, header=HEADER.strip()))
    return p


def _is_journal(path: Path) -> bool:
    with open(path, "rb") as f:
        return f.read(len(HEADER)).decode("utf-8", errors="replace") == HEADER


def analyse(path) -> dict:
    jf = read_journal(find_journal(path))
    h = jf.header
    ref = Referee(h.get("options", {}), h.get("board_follows_game", True), seq_base=int(h.get("seq_base", 0)),
                  ruleset=ruleset_of(h, jf.lines))
    goals, cards, timeline = [], [], []
    shots = {"red": 0, "blue": 0}
    possession = {"red": 0.0, "blue": 0.0}
    rejected = 0
    for line in jf.lines:
        before = ref.snapshot
        step = ref.feed(line)
        if not step.verdict.get("ok"):
            rejected += 1
        clock = before.get("clock") if before else None         # a game without a match clock has none
        if (line.get("type") == "clock" and before and isinstance(clock, dict) and clock.get("running")
                and not clock.get("paused")):                     # a game without a pause says none
            team = before.get("offense")
            if team in possession and step.verdict.get("ok"):
                possession[team] += float(line["advance"])
        when = story.event_minute(before, ref.snapshot)
        tell = story.of(ref.core.ruleset.name)
        for e in step.events:
            name = e["event"]
            if name == "goal":
                goals.append({"minute": when, "team": e.get("team"), "pawn": _who(e), "score": e.get("score")})
            elif name in ("yellow_card", "red_card"):
                cards.append({"minute": when, "card": name.split("_")[0], "team": e.get("team"), "pawn": _who(e)})
            elif name in ("shot", "scoring_chance") and e.get("team") in shots:     # the second game's shot
                shots[e["team"]] += 1
            if tell.told(e):
                detail = {k: v for k, v in e.items() if k not in ("event", "seq")}
                timeline.append({"minute": when, "event": name, **detail, "text": tell.sentence(e)})
    snap = ref.snapshot or {}
    result = ref.core.game.result() if ref.core.game is not None else None
    winner = snap.get("winner", result.winner if result is not None else None)   # the game's own word, else its result
    total = sum(possession.values())
    share = {t: round(100 * s / total, 1) if total else None for t, s in possession.items()}
    return {"journal": str(jf.path), "started": h.get("started"), "ruleset": ref.core.ruleset.name,
            "options": h.get("options"),
            "finished": jf.end == "finished", "inputs": len(jf.lines), "rejected_inputs": rejected,
            "truncated_bytes": jf.truncated, "score": snap.get("score"), "winner": winner,
            "shootout": snap.get("shootout"), "goals": goals, "cards": cards, "shots": shots,
            "possession_percent": share, "timeline": timeline}


def _who(e: dict) -> str | None:
    """The piece an event names: a pawn on the board, or a model of a game played at a table."""
    return e.get("pawn") or e.get("model")


_WORD = {"red": N_("red"), "blue": N_("blue"), "yellow": N_("yellow")}


def _word(v: Any) -> str:
    """A team's or a card's colour as the report's columns say it, in the reader's language."""
    return text(_WORD.get(v, v or ""))


def report(path, as_json: bool = False) -> str:
    """The report in words, in the language in use (controller/i18n); `as_json`: the data, in English."""
    r = analyse(path)
    if as_json:
        return json.dumps(r, indent=2)
    score = r["score"] or {"red": 0, "blue": 0}
    game = info(r["ruleset"])
    finished = r["finished"]
    started = r["started"] or say("unknown")
    if game.default:                # the game played when none is named goes unnamed
        head = say("Match report: {journal} (finished, started {started})", journal=r["journal"], started=started) \
            if finished else say("Match report: {journal} (unfinished, started {started})", journal=r["journal"],
                                 started=started)
    else:
        head = say("Match report: {journal} (finished, {game}, started {started})", journal=r["journal"],
                   game=game.title, started=started) if finished \
            else say("Match report: {journal} (unfinished, {game}, started {started})", journal=r["journal"],
                     game=game.title, started=started)
    result = say("Score: red {red} - {blue} blue", red=score["red"], blue=score["blue"])
    if r.get("shootout"):
        result = say("{score}  (shoot-out {red}-{blue})", score=result, red=r["shootout"]["red"],
                     blue=r["shootout"]["blue"])
    if r.get("winner"):
        result = say("{score}  winner: {team}", score=result, team=_WORD.get(r["winner"], r["winner"]))
    out = [text(head), text(result), ""]
    out.append(text(N_("Goals:") if r["goals"] else N_("Goals: none")))
    out += [f"{g['minute']:>7}  {_word(g['team']):<4}  {g['pawn'] or ''}" for g in r["goals"]]
    out.append(text(N_("Cards:") if r["cards"] else N_("Cards: none")))
    out += [f"{c['minute']:>7}  {_word(c['card']):<6}  {_word(c['team']):<4}  {c['pawn'] or ''}" for c in r["cards"]]
    p = r["possession_percent"]
    out.append(text(say("Shots: red {red}, blue {blue}", red=r["shots"]["red"], blue=r["shots"]["blue"])))
    out.append(text(say("Possession: red {red}%, blue {blue}%", red=p["red"], blue=p["blue"]) if p["red"] is not None
                    else N_("Possession: no match time recorded")))
    out += ["", text(N_("Timeline:"))]
    out += [story.of(r["ruleset"]).line(t["minute"], t) for t in r["timeline"]]
    out.append("")
    tally = say("{inputs} inputs journaled, {refused} refused", inputs=r["inputs"], refused=r["rejected_inputs"])
    if r["truncated_bytes"]:
        tally = say("{tally}; a partial last line ({size} bytes) was left out", tally=tally,
                    size=r["truncated_bytes"])
    out.append(text(tally))
    return "\n".join(out)

"""`soccerboard report JOURNAL`: what happened in a match, computed by replaying its journal.

Nothing but the journal is needed (the same file resumes a match and replays it), so a report can be
made for any match long after it ended, on any machine. Possession share is match time (clock lines
while the match clock runs) weighted by the team in possession before each tick.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from controller import story
from controller.games import info
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
            raise NotAJournal(f"{p} holds no match journal (*.jsonl starting with '{HEADER.strip()}')")
        return max(found, key=lambda f: (f.stat().st_mtime, f.name))
    if not _is_journal(p):
        raise NotAJournal(f"{p} is not a match journal: its first line is not '{HEADER.strip()} {{...}}' "
                          "(the daemon writes journals into its journal folder; `soccerboard replay` reads scenarios)")
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


def report(path, as_json: bool = False) -> str:
    r = analyse(path)
    if as_json:
        return json.dumps(r, indent=2)
    score = r["score"] or {"red": 0, "blue": 0}
    state = "finished" if r["finished"] else "unfinished"
    game = info(r["ruleset"])
    if not game.default:                # the game played when none is named goes unnamed
        state += f", {game.title}"
    out = [f"Match report: {r['journal']} ({state}, started {r['started'] or 'unknown'})",
           f"Score: red {score['red']} - {score['blue']} blue"
           + (f"  (shoot-out {r['shootout']['red']}-{r['shootout']['blue']})" if r.get("shootout") else "")
           + (f"  winner: {r['winner']}" if r.get("winner") else ""), ""]
    out.append("Goals:" if r["goals"] else "Goals: none")
    out += [f"{g['minute']:>7}  {g['team']:<4}  {g['pawn'] or ''}" for g in r["goals"]]
    out.append("Cards:" if r["cards"] else "Cards: none")
    out += [f"{c['minute']:>7}  {c['card']:<6}  {c['team']:<4}  {c['pawn'] or ''}" for c in r["cards"]]
    p = r["possession_percent"]
    out.append(f"Shots: red {r['shots']['red']}, blue {r['shots']['blue']}")
    possession = f"red {p['red']}%, blue {p['blue']}%" if p["red"] is not None else "no match time recorded"
    out.append("Possession: " + possession)
    out += ["", "Timeline:"]
    out += [story.of(r["ruleset"]).line(t["minute"], t) for t in r["timeline"]]
    out.append("")
    out.append(f"{r['inputs']} inputs journaled, {r['rejected_inputs']} refused"
               + (f"; a partial last line ({r['truncated_bytes']} bytes) was left out" if r["truncated_bytes"] else ""))
    return "\n".join(out)

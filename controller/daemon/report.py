"""`soccerboard report JOURNAL`: what happened in a match, computed by replaying its journal.

Nothing but the journal is needed (the same file resumes a match and replays it), so a report can be
made for any match long after it ended, on any machine. Possession share is match time (clock lines
while the match clock runs) weighted by the team in possession before each tick.
"""
from __future__ import annotations

import json

from .journal import read_journal
from .referee import Referee

TIMELINE = {"kick_off", "goal", "yellow_card", "red_card", "penalty_kick", "corner_kick", "shot", "offside",
            "free_kick", "half_time", "period_end", "extra_time", "shootout", "shootout_kick", "full_time",
            "move_clock_expired", "undone"}


def match_minute(snapshot: dict | None) -> str:
    """The match minute as a spectator reads it: 12', ET1+3', pens."""
    if not snapshot:
        return "  -"
    c = snapshot["clock"]
    if c["period"] > 4:
        return "pens"
    if c["period"] > 2:
        return f"ET{c['period'] - 2}+{int(c['elapsed'] // 60)}'"
    return f"{int(((c['period'] - 1) * c['length'] + c['elapsed']) // 60) + 1}'"


def analyse(path) -> dict:
    jf = read_journal(path)
    h = jf.header
    ref = Referee(h.get("options", {}), h.get("board_follows_game", True), seq_base=int(h.get("seq_base", 0)))
    goals, cards, timeline = [], [], []
    shots = {"red": 0, "blue": 0}
    possession = {"red": 0.0, "blue": 0.0}
    rejected = 0
    for line in jf.lines:
        before = ref.snapshot
        step = ref.feed(line)
        if not step.verdict.get("ok"):
            rejected += 1
        if line.get("type") == "clock" and before and before["clock"]["running"] and not before["clock"]["paused"]:
            team = before.get("offense")
            if team in possession and step.verdict.get("ok"):
                possession[team] += float(line["advance"])
        when = match_minute(before or ref.snapshot)
        for e in step.events:
            name = e["event"]
            if name == "goal":
                goals.append({"minute": when, "team": e.get("team"), "pawn": e.get("pawn"), "score": e.get("score")})
            elif name in ("yellow_card", "red_card"):
                cards.append({"minute": when, "card": name.split("_")[0], "team": e.get("team"), "pawn": e.get("pawn")})
            elif name == "shot" and e.get("team") in shots:
                shots[e["team"]] += 1
            if name in TIMELINE:
                detail = {k: v for k, v in e.items() if k not in ("event", "seq")}
                timeline.append({"minute": when, "event": name, **detail})
    snap = ref.snapshot or {}
    total = sum(possession.values())
    share = {t: round(100 * s / total, 1) if total else None for t, s in possession.items()}
    return {"journal": str(path), "started": h.get("started"), "options": h.get("options"),
            "finished": jf.end == "finished", "inputs": len(jf.lines), "rejected_inputs": rejected,
            "truncated_bytes": jf.truncated, "score": snap.get("score"), "winner": snap.get("winner"),
            "shootout": snap.get("shootout"), "goals": goals, "cards": cards, "shots": shots,
            "possession_percent": share, "timeline": timeline}


def report(path, as_json: bool = False) -> str:
    r = analyse(path)
    if as_json:
        return json.dumps(r, indent=2)
    score = r["score"] or {"red": 0, "blue": 0}
    state = "finished" if r["finished"] else "unfinished"
    out = [f"Match report: {r['journal']} ({state}, started {r['started'] or 'unknown'})",
           f"Score: red {score['red']} - {score['blue']} blue"
           + (f"  (shoot-out {r['shootout']['red']}-{r['shootout']['blue']})" if r.get("shootout") else "")
           + (f"  winner: {r['winner']}" if r.get("winner") else ""), ""]
    out.append("Goals:" if r["goals"] else "Goals: none")
    out += [f"  {g['minute']:>6}  {g['team']:<4}  {g['pawn'] or ''}" for g in r["goals"]]
    out.append("Cards:" if r["cards"] else "Cards: none")
    out += [f"  {c['minute']:>6}  {c['card']:<6}  {c['team']:<4}  {c['pawn'] or ''}" for c in r["cards"]]
    p = r["possession_percent"]
    out.append(f"Shots: red {r['shots']['red']}, blue {r['shots']['blue']}")
    possession = f"red {p['red']}%, blue {p['blue']}%" if p["red"] is not None else "no match time recorded"
    out.append("Possession: " + possession)
    out += ["", "Timeline:"]
    for t in r["timeline"]:
        detail = {k: v for k, v in t.items() if k not in ("minute", "event")}
        out.append(f"  {t['minute']:>6}  {t['event']:<18} {json.dumps(detail) if detail else ''}".rstrip())
    out.append("")
    out.append(f"{r['inputs']} inputs journaled, {r['rejected_inputs']} refused"
               + (f"; a partial last line ({r['truncated_bytes']} bytes) was left out" if r["truncated_bytes"] else ""))
    return "\n".join(out)

"""The power-cut test's judgement of one journal copy against what the host's spectator saw, and its record:
a line per cut in a results file, written as each cut is judged, so a run stopped part way still proves
every cut it made."""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path

from controller.daemon.journal import read_journal
from simulator.bench.soak.checks import numbered, without


@dataclass
class Compared:
    """Events seen by the spectator against the journal: how many of each, which seqs were lost or changed."""
    seen: int
    journaled: int
    lost: list[int]
    changed: list[int]


def compare(seen: dict[int, dict], journal: Path) -> Compared:
    """Every event seen must be in the journal at its seq with the same content (the spectator's copy carries
    seq and both carry the wall-clock `ts` and the display `text`, which a resend may render anew)."""
    jf = read_journal(journal)
    journaled = numbered(jf.header, list(jf.lines), jf.seq_floors).events
    lost = sorted(seq for seq in seen if seq not in journaled)
    changed = sorted(seq for seq in seen if seq in journaled
                     and without(seen[seq], "seq", "ts", "text", "say") != without(journaled[seq], "ts", "text", "say"))
    return Compared(len(seen), len(journaled), lost, changed)


@dataclass
class Cut:
    """One cut: what was checked after the boot that followed it, and where its time went (seconds)."""
    cut: int
    seen: int               # events the spectator had seen when qemu was killed
    journaled: int          # events in the journal after the boot that followed
    lost: int
    changed: int
    resumed: bool           # the same journal went on, past the highest seq published before the cut
    seq_before: int
    seq_after: int
    moment_s: float         # the random wait after the previous check, before the kill
    boot_s: float           # qemu's start to the guest agent
    publishing_s: float     # qemu's start to the spectator's first seq above seq_before
    check_s: float          # both units active, the journal copied out and compared
    cut_s: float            # the whole cut: wait, kill, boot, check


class CutLog:
    """Tab-separated, a header line then a line per cut, flushed as written."""

    def __init__(self, path: Path):
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\t".join(f.name for f in fields(Cut)) + "\n")

    def add(self, cut: Cut) -> None:
        cells = ("yes" if v is True else "no" if v is False else f"{v:.1f}" if isinstance(v, float) else str(v)
                 for v in asdict(cut).values())
        with self.path.open("a") as out:
            out.write("\t".join(cells) + "\n")

"""Power cuts mid-match under the real systemd: qemu is killed at random moments while the daemon journals and
publishes a bots' match; a spectator on the host records every event the VM ever sent out. After each cut's
boot the journal is copied out and judged: every event seen before the cut is in it with the same content at
the same seq (nothing published was lost), and the same match went on past what had been published before.
At the end, with the daemon stopped, every event seen over the whole run is judged the same way.

Each cut is a line in $SOCCERBOARD_VM_OUT/power-cuts.tsv (tests/vm/cut_record.py), written as it is judged.
SOCCERBOARD_VM_POWER_CUTS sets the number of cuts (default 5, the quick form; the full form is 50).
"""
from __future__ import annotations

import os
import random
import shutil
import time

import pytest

from tests.vm.conftest import OUT, UNITS, wait_ready
from tests.vm.cut_record import Cut, CutLog, compare
from tests.vm.guest_scripts import SIM_JOURNAL as JOURNAL
from tests.vm.guest_scripts import sim_match
from tests.vm.host_side import Spectator

pytestmark = pytest.mark.vm

SPEED = 0.3        # seconds between the bots' inputs
# The longest half the options allow: the match must outlast all the cuts' play (50 cuts with 45-minute halves
# reached full time after 21, and the next start began a new match, as a finished match is not resumed).
HALF_MINUTES = 180.0
# The kill comes at a random moment of this window, which opens once the previous cut's check found the
# daemon publishing again: it journals and publishes all along, so any moment is mid-write somewhere.
MOMENT_S = (0.2, 4.0)
COPY = "/host/journal-copy.jsonl"


def journal_after_boot(journal: str) -> str:
    """In the guest, in one go (each round trip to a busy guest costs seconds): both units active, the
    journal files listed, the match's journal copied to the share."""
    active = " && ".join(f"systemctl is-active -q {unit}" for unit in UNITS)
    return (f"n=0; until {active}; do n=$((n+1)); [ $n -lt 600 ] || exit 3; sleep 0.5; done\n"
            f"ls {JOURNAL}/*.jsonl\n"
            f"cp {journal} {COPY}.part && mv {COPY}.part {COPY}\n")


def test_power_cuts_mid_match_lose_no_published_event_and_resume_the_match(installed_vm, figures, tmp_path):
    cuts = int(os.environ.get("SOCCERBOARD_VM_POWER_CUTS", "5"))
    rng = random.Random(int(os.environ.get("SOCCERBOARD_VM_SEED", "1")))
    log = CutLog(OUT / "power-cuts.tsv")
    vm = installed_vm(board=False)
    vm.boot()
    wait_ready(vm)
    spectator = Spectator(vm.ports["ws"])
    made: list[Cut] = []
    start = time.monotonic()
    try:
        vm.run(sim_match(SPEED, HALF_MINUTES))
        wait_ready(vm)
        spectator.wait_connected(60)
        spectator.wait_seq_above(0, 120)
        journals = vm.out(f"ls {JOURNAL}/*.jsonl").split()
        assert len(journals) == 1, f"the bots' match should have one journal: {journals}"
        start = time.monotonic()
        for n in range(1, cuts + 1):
            began = time.monotonic()
            moment = rng.uniform(*MOMENT_S)
            time.sleep(moment)
            before = spectator.max_seq()
            seen = spectator.events()
            vm.power_cut()
            booted = time.monotonic()
            boot_s = vm.boot()
            after = spectator.wait_seq_above(before, 600)
            publishing_s = time.monotonic() - booted
            checked = time.monotonic()
            now = vm.out(journal_after_boot(journals[0]), timeout=600).split()
            got = compare(seen, vm.host_path(COPY))
            cut = Cut(n, got.seen, got.journaled, len(got.lost), len(got.changed),
                      now == journals and after > before, before, after, moment, boot_s, publishing_s,
                      time.monotonic() - checked, time.monotonic() - began)
            log.add(cut)
            made.append(cut)
            assert now == journals, f"cut {n}: a new journal after a power cut: {now} (was {journals})"
            assert not got.lost, f"cut {n}: published, then lost: seqs {got.lost[:20]}"
            assert not got.changed, f"cut {n}: published with one content, journaled with another: {got.changed[:20]}"
        total_s = time.monotonic() - start
        # the daemon stopped first: what it publishes while the journal is copied would look lost
        vm.run("systemctl stop soccerboard.service")
        vm.run(f"rm -rf /host/journal && cp -a {JOURNAL} /host/journal")
        shutil.copytree(vm.host_path("/host/journal"), tmp_path / "journal")
    finally:
        spectator.close()
    final = compare(spectator.events(), tmp_path / "journal" / journals[0].rsplit("/", 1)[-1])
    figures["power_cut"] = {"cuts": len(made), "events_seen": final.seen, "events_journaled": final.journaled,
                            "lost": len(final.lost), "changed": len(final.changed),
                            "resumed": sum(cut.resumed for cut in made),
                            "boot_to_agent_s_max": round(max(cut.boot_s for cut in made), 1),
                            "seconds_per_cut": round(total_s / len(made), 1), "total_seconds": round(total_s)}
    assert not final.lost, f"published, then lost: seqs {final.lost[:20]}"
    assert not final.changed, f"published with one content, journaled with another: seqs {final.changed[:20]}"
    assert len(made) == cuts and all(cut.resumed for cut in made)
    assert final.seen > cuts

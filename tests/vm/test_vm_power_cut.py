"""Power cuts mid-match under the real systemd: qemu is killed at random moments while the daemon journals and
publishes a bots' match; a spectator on the host records every event the VM ever sent out. Afterwards every
event seen is in the journal with the same content at the same seq (nothing published was lost), and after
every cut the same match went on past what had been published before it.

SOCCERBOARD_VM_POWER_CUTS sets the number of cuts (default 5, the quick form; the full form is 50).
"""
from __future__ import annotations

import os
import random
import shutil
import time

import pytest

from controller.daemon.journal import read_journal
from simulator.bench.soak.checks import numbered, without
from tests.vm.conftest import wait_ready
from tests.vm.guest_scripts import SIM_JOURNAL as JOURNAL
from tests.vm.guest_scripts import sim_match
from tests.vm.host_side import Spectator

pytestmark = pytest.mark.vm

SPEED = 0.3        # seconds between the bots' inputs
# The longest half the options allow: the match must outlast all the cuts' play (50 cuts with 45-minute halves
# reached full time after 21, and the next start began a new match, as a finished match is not resumed).
HALF_MINUTES = 180.0


def test_power_cuts_mid_match_lose_no_published_event_and_resume_the_match(installed_vm, figures, tmp_path):
    cuts = int(os.environ.get("SOCCERBOARD_VM_POWER_CUTS", "5"))
    rng = random.Random(int(os.environ.get("SOCCERBOARD_VM_SEED", "1")))
    vm = installed_vm(board=False)
    vm.boot()
    wait_ready(vm)
    spectator = Spectator(vm.ports["ws"])
    resumed: list[tuple[int, int]] = []
    boots: list[float] = []
    try:
        vm.run(sim_match(SPEED, HALF_MINUTES))
        wait_ready(vm)
        spectator.wait_connected(60)
        spectator.wait_seq_above(0, 120)
        journals = vm.out(f"ls {JOURNAL}/*.jsonl").split()
        for _ in range(cuts):
            time.sleep(rng.uniform(0.5, 8.0))       # a random moment of the match: the daemon writes all along
            before = spectator.max_seq()
            vm.power_cut()
            boots.append(vm.boot())
            wait_ready(vm)
            after = spectator.wait_seq_above(before, 180)
            resumed.append((before, after))
            now = vm.out(f"ls {JOURNAL}/*.jsonl").split()
            assert now == journals, f"a new journal after a power cut: {now} (was {journals})"
        # the daemon stopped first: what it publishes while the journal is copied would look lost
        vm.run("systemctl stop soccerboard.service")
        vm.run(f"rm -rf /host/journal && cp -a {JOURNAL} /host/journal")
        shutil.copytree(vm.host_path("/host/journal"), tmp_path / "journal")
    finally:
        spectator.close()
    seen = spectator.events()
    jf = read_journal(tmp_path / "journal" / journals[0].rsplit("/", 1)[-1])
    journaled = numbered(jf.header, list(jf.lines), jf.seq_floors).events
    lost = sorted(seq for seq in seen if seq not in journaled)
    changed = sorted(seq for seq in seen if seq in journaled
                     and without(seen[seq], "seq", "ts", "text") != without(journaled[seq], "ts", "text"))
    figures["power_cut"] = {"cuts": cuts, "events_seen": len(seen), "events_journaled": len(journaled),
                            "lost": len(lost), "changed": len(changed), "resumed": len(resumed),
                            "boot_to_agent_s_max": round(max(boots), 1)}
    assert not lost, f"published, then lost: seqs {lost[:20]}"
    assert not changed, f"published with one content, journaled with another: seqs {changed[:20]}"
    assert len(resumed) == cuts and all(after > before for before, after in resumed)
    assert len(seen) > cuts

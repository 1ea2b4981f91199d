"""Daemon figures: sensor change -> retained state at a subscriber, memory over autoplayed matches, kill -9 soak.

    python benchmarks/bench_daemon.py [--samples 300] [--matches 10] [--kills 0]
    (0 leaves a part out: --samples 0 --matches 500 is the memory figure alone)

1. Latency: a token lifted/placed on the sim board (HAL) until the new retained `state` reaches an
   MQTT subscriber through a private Mosquitto on loopback (journal fsync included), against a
   baseline measured in the same run: a bare paho publish -> receive round trip of a same-sized
   payload through the same broker. Target p99 < 20 ms.
2. Memory: resident set size of the daemon process while it autoplays N matches at full speed
   (`soccerboard sim --speed 0 --matches N`), sampled after each match. Target < 80 MB, no growth.
3. Soak (--kills K): K kill -9 at random moments of simulated matches (anywhere from the first input to
   the end), each resumed and finished, its journal replayed and compared with the uninterrupted
   snapshot, `seq` included.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from simulator.bench.common import pct
from simulator.bench.daemon import latency, memory, start_daemon
from simulator.bench.matches import expected_run, scenario_lines, write_scenario
from simulator.bench.mosquitto import BOARD, DAEMON_PASS, Mosquitto
from simulator.bench.process import stop_process
from simulator.bench.waits import wait_for


def soak(broker: Mosquitto, kills: int, tmp: Path, speed: float = 0.002):
    """kill -9 at a random moment of each simulated match, restart, let it finish; the journal must replay
    to the snapshot (seq included) of an uninterrupted run."""
    from controller.daemon.journal import JournalStore, read_journal
    from controller.daemon.referee import Referee
    rng = random.Random(2024)
    options = {"half_minutes": 4.0, "extra_time": False}
    (tmp / "soak.toml").write_text("[game.options]\nextra_time = false\n")
    same, failed, resumed = 0, [], 0
    for k in range(kills):
        seed = 100 + k
        lines = scenario_lines(seed, options)
        ref, _ = expected_run(lines, {"half_minutes": 4.0, **options})
        scen = write_scenario(tmp / f"s{seed}.jsonl", lines)
        journal = tmp / f"k{seed}"
        args = ["sim", "--broker", broker.url(), "--board-id", BOARD, "--journal-dir", str(journal), "--scenario",
                str(scen), "--speed", str(speed), "--half-minutes", "4", "--config", str(tmp / "soak.toml")]
        proc = start_daemon(args, tmp / "soak.log")
        wait_for(lambda j=journal: j.exists() and any(j.glob("*.jsonl")), 20, "journal")
        delay = rng.uniform(0.0, len(lines) * speed)          # anywhere in the match, not only its start
        time.sleep(delay)
        stop_process(proc, sig=9)
        killed_at = len(read_journal(JournalStore(journal, BOARD).journals()[-1]).lines)
        resumed += 0 < killed_at < len(lines)
        proc = start_daemon(args, tmp / "soak.log")
        proc.wait(120)
        jf = read_journal(JournalStore(journal, BOARD).journals()[-1])
        r = Referee(jf.header["options"], True)
        for line in jf.lines:
            r.feed(line)
        r.finish_pending()
        ok = r.state_doc == ref.state_doc and jf.end == "finished"
        same += ok
        if not ok:
            failed.append((seed, round(delay, 3), killed_at))
        if (k + 1) % 10 == 0:
            print(f"  kill {k + 1}: {same} identical", file=sys.stderr, flush=True)
    return same, failed, resumed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=300)
    ap.add_argument("--matches", type=int, default=10)
    ap.add_argument("--kills", type=int, default=0)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-daemon-"))
    broker = Mosquitto(tmp / "mosquitto").start()
    lat = mem = same = None
    try:
        if args.samples:
            lat, base, size = latency(broker.port, broker.url(), BOARD, args.samples, tmp, BOARD, DAEMON_PASS)
        if args.matches:
            mem, took = memory(broker.url(), BOARD, args.matches, tmp)
        if args.kills:
            same, failed, resumed = soak(broker, args.kills, tmp)
    finally:
        broker.stop()
    if lat:
        print_latency(args.samples, lat, base, size)
    if mem:
        print_memory(mem, took)
    if same is not None:
        print(f"\nkill -9 soak: {same}/{args.kills} resumed matches reached the uninterrupted snapshot (seq included); "
              f"{resumed} were killed mid-match (not before the first or after the last input)")
        for seed, delay, at in failed:
            print(f"  differs: scenario seed {seed}, killed {delay} s in, after {at} journaled inputs")
    return 0


def print_latency(samples, lat, base, size):
    print(f"\nsensor change -> retained state at a subscriber (Mosquitto, loopback; {samples} samples, "
          f"state {size} bytes; the 50 ms settle window is skipped in sim time)")
    print(f"{'path':<44} {'median ms':>10} {'p99 ms':>8}")
    print(f"{'daemon: HAL frame -> core -> fsync -> MQTT':<44} {statistics.median(lat):>10.2f} {pct(lat, 0.99):>8.2f}")
    print(f"{'baseline: bare paho publish -> receive':<44} {statistics.median(base):>10.2f} {pct(base, 0.99):>8.2f}")
    print(f"{'ratio':<44} {statistics.median(lat) / statistics.median(base):>10.1f}x "
          f"{pct(lat, 0.99) / pct(base, 0.99):>7.1f}x   (target p99 < 20 ms)")


def print_memory(mem, took):
    n = len(mem)
    print(f"\nresident memory over {n} autoplayed 45-minute matches at full speed ({took:.0f} s)")
    print(f"  after match 1: {mem[0]:.1f} MB   max: {max(mem):.1f} MB   last: {mem[-1]:.1f} MB   "
          f"growth first->last: {mem[-1] - mem[0]:+.1f} MB   (target < 80 MB, no growth)")
    marks = sorted({1, 5, 10, 25, 50, 100, 200, 300, 400, 500, n} & set(range(1, n + 1)))
    print("  " + "   ".join(f"#{m}: {mem[m - 1]:.1f}" for m in marks))
    if n >= 20:
        tenth = max(1, n // 10)
        second = mem[n // 2:]
        slope = (statistics.linear_regression(range(len(second)), second).slope * 100) if len(second) > 1 else 0.0
        print(f"  mean of matches {n // 10 + 1}-{2 * tenth}: {statistics.fmean(mem[tenth:2 * tenth]):.1f} MB   "
              f"mean of the last {tenth}: {statistics.fmean(mem[-tenth:]):.1f} MB   "
              f"trend over the second half: {slope:+.2f} MB per 100 matches")


if __name__ == "__main__":
    sys.exit(main())

"""Daemon figures: sensor change -> retained state at a subscriber, memory over autoplayed matches, kill -9 soak.

    python benchmarks/bench_daemon.py [--samples 300] [--matches 20] [--kills 0]

1. Latency: a token lifted/placed on the sim board (HAL) until the new retained `state` reaches an
   MQTT subscriber through a private Mosquitto on loopback (journal fsync included), against a
   baseline measured in the same run: a bare paho publish -> receive round trip of a same-sized
   payload through the same broker. Target p99 < 20 ms.
2. Memory: resident set size of the daemon process while it autoplays N matches at full speed
   (`soccerboard sim --speed 0 --matches N`), sampled after each match. Target < 80 MB, no growth.
3. Soak (--kills K): K kill -9 at random moments of simulated matches, each resumed, each compared
   with the uninterrupted snapshot.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "daemon")]

import paho.mqtt.client as mqtt  # noqa: E402

from daemon_helpers import (BASE, BOARD, DAEMON_PASS, Mosquitto, comparable, expected_run,  # noqa: E402
                            scenario_lines, start_daemon, stop_process, wait_for, write_scenario)


def pct(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


class Timed:
    """A subscriber that notes when each message on a topic arrives."""

    def __init__(self, port: int, topic: str, user: str | None = None, password: str | None = None):
        self.arrived = threading.Event()
        self.payload = b""
        self.c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
        if user:
            self.c.username_pw_set(user, password)
        ok = threading.Event()
        self.c.on_connect = lambda c, u, f, rc, p: (c.subscribe(topic, 1), ok.set())
        self.c.on_message = self._msg
        self.c.connect("127.0.0.1", port)
        self.c.loop_start()
        ok.wait(5)
        time.sleep(0.2)

    def _msg(self, c, u, m):
        self.payload = m.payload
        self.arrived.set()

    def close(self):
        self.c.disconnect()
        self.c.loop_stop()


def latency(broker: Mosquitto, samples: int, tmp: Path):
    from controller.daemon.config import load_settings
    from controller.daemon.main import make_publisher
    from controller.daemon.service import Daemon
    from hal.backends import open_hardware

    settings = load_settings(None, env=False, board_id=BOARD, journal__dir=str(tmp / "lat"))
    hw = open_hardware({"backend": "sim"})
    daemon = Daemon(settings, hw, board_follows_game=False, tick=0.1)
    make_publisher(settings, daemon, broker.url())
    daemon.start()
    wait_for(daemon.publisher.connected.is_set, 10, "the broker")
    sub = Timed(broker.port, f"{BASE}/state")
    board = hw.leds
    board.set_frame(bytes(daemon.referee.core.board))        # the sensed board matches the set-up
    time.sleep(0.3)
    lat = []
    for i in range(samples):
        sub.arrived.clear()
        t0 = time.perf_counter()
        (board.lift if i % 2 == 0 else board.place)("a6", "red")   # a midfielder lifted, put back
        if not sub.arrived.wait(2):
            raise RuntimeError("no state arrived")
        lat.append((time.perf_counter() - t0) * 1000)
        time.sleep(0.005)
    size = len(sub.payload)
    sub.close()
    daemon.stop()
    hw.close()

    base = []
    sub = Timed(broker.port, f"{BASE}/bench", BOARD, DAEMON_PASS)    # the ACL lets only the board's account read it
    pub = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
    pub.username_pw_set(BOARD, DAEMON_PASS)
    pub.connect("127.0.0.1", broker.port)
    pub.loop_start()
    time.sleep(0.2)
    payload = b"x" * size
    for _ in range(samples):
        sub.arrived.clear()
        t0 = time.perf_counter()
        pub.publish(f"{BASE}/bench", payload, qos=1, retain=True)
        if not sub.arrived.wait(2):
            raise RuntimeError("the baseline message did not arrive")
        base.append((time.perf_counter() - t0) * 1000)
        time.sleep(0.005)
    pub.publish(f"{BASE}/bench", b"", qos=1, retain=True).wait_for_publish(2)
    pub.disconnect()
    pub.loop_stop()
    sub.close()
    return lat, base, size


def rss_mb(pid: int) -> float:
    for text in Path(f"/proc/{pid}/status").read_text().splitlines():
        if text.startswith("VmRSS:"):
            return int(text.split()[1]) / 1024
    return 0.0


def memory(broker: Mosquitto, matches: int, tmp: Path):
    journal = tmp / "mem"
    proc = start_daemon(["sim", "--broker", broker.url(), "--board-id", BOARD, "--journal-dir", str(journal),
                         "--speed", "0", "--matches", str(matches), "--half-minutes", "45", "--quiet"], tmp / "mem.log")
    samples = []
    started = time.monotonic()
    try:
        while proc.poll() is None:
            finished = sum(1 for p in journal.glob("*.jsonl") if "# finished" in p.read_text()[-200:]) \
                if journal.exists() else 0
            if finished > len(samples):
                samples.append(rss_mb(proc.pid))
            time.sleep(0.05)
    finally:
        stop_process(proc)
    return samples, time.monotonic() - started


def soak(broker: Mosquitto, kills: int, tmp: Path):
    rng = random.Random(2024)
    options = {"half_minutes": 4.0, "extra_time": False}
    (tmp / "soak.toml").write_text("[game.options]\nextra_time = false\n")
    same = 0
    for k in range(kills):
        seed = 100 + k
        lines = scenario_lines(seed, options)
        ref, _ = expected_run(lines, {"half_minutes": 4.0, **options})
        scen = write_scenario(tmp / f"s{seed}.jsonl", lines)
        journal = tmp / f"k{seed}"
        args = ["sim", "--broker", broker.url(), "--board-id", BOARD, "--journal-dir", str(journal), "--scenario",
                str(scen), "--speed", "0.002", "--half-minutes", "4", "--config", str(tmp / "soak.toml")]
        proc = start_daemon(args, tmp / "soak.log")
        wait_for(lambda: any(journal.glob("*.jsonl")) if journal.exists() else False, 20, "journal")
        time.sleep(rng.uniform(0.0, 0.5))
        stop_process(proc, sig=9)
        proc = start_daemon(args, tmp / "soak.log")
        proc.wait(60)
        from controller.daemon.journal import JournalStore
        from controller.daemon.report import analyse  # noqa: F401
        from controller.daemon.referee import Referee
        jf = __import__("controller.daemon.journal", fromlist=["read_journal"]).read_journal(
            JournalStore(journal, BOARD).journals()[-1])
        r = Referee(jf.header["options"], True)
        for line in jf.lines:
            r.feed(line)
        same += comparable(r.state_doc) == comparable(ref.state_doc)
    return same


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=300)
    ap.add_argument("--matches", type=int, default=10)
    ap.add_argument("--kills", type=int, default=0)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-daemon-"))
    broker = Mosquitto(tmp / "mosquitto").start()
    try:
        lat, base, size = latency(broker, args.samples, tmp)
        mem, took = memory(broker, args.matches, tmp)
        same = soak(broker, args.kills, tmp) if args.kills else None
    finally:
        broker.stop()
    print(f"\nsensor change -> retained state at a subscriber (Mosquitto, loopback; {args.samples} samples, "
          f"state {size} bytes)")
    print(f"{'path':<44} {'median ms':>10} {'p99 ms':>8}")
    print(f"{'daemon: HAL frame -> core -> fsync -> MQTT':<44} {statistics.median(lat):>10.2f} {pct(lat, 99):>8.2f}")
    print(f"{'baseline: bare paho publish -> receive':<44} {statistics.median(base):>10.2f} {pct(base, 99):>8.2f}")
    print(f"{'ratio':<44} {statistics.median(lat) / statistics.median(base):>10.1f}x "
          f"{pct(lat, 99) / pct(base, 99):>7.1f}x   (target p99 < 20 ms)")
    print(f"\nresident memory over {len(mem)} autoplayed 45-minute matches at full speed ({took:.0f} s)")
    if mem:
        print(f"  after match 1: {mem[0]:.1f} MB   max: {max(mem):.1f} MB   last: {mem[-1]:.1f} MB   "
              f"growth first->last: {mem[-1] - mem[0]:+.1f} MB   (target < 80 MB, no growth)")
    if same is not None:
        print(f"\nkill -9 soak: {same}/{args.kills} resumed matches reached the uninterrupted snapshot")
    return 0


if __name__ == "__main__":
    sys.exit(main())

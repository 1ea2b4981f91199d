"""What a Raspberry Pi pays for the daemon while nothing happens, and how fast it starts and answers.

Usage: python benchmarks/bench_pi.py [--quick] [--runs N] [--seconds S] [--json FILE]

A script, not a test: it prints one table, each figure beside its goal and, where one makes sense, a
baseline measured in the same run. A Pi 4 is about 3-5x slower than this machine, a Zero 2 W 8-12x.
How a process is measured (/proc, thread names, READY=1) is simulator/bench/process.py; here are the scenarios.

- Idle CPU % and wakeups/s of `soccerboard sim --manual` and of `soccerboard run` on the serial backend
  with `soccerboard emulate-board` on a pseudo-terminal (Mosquitto as the broker), read from /proc over
  S seconds (30; --quick 10) once the process is ready: utime+stime of the process, and the voluntary +
  nonvoluntary context switches of each of its threads. The threads are named for /proc by a launcher
  (prctl PR_SET_NAME from each Python thread's name), so the per-thread rows say which one still wakes.
  Baseline: a Python process that only sleeps (the floor of the interpreter).
- Start-to-ready: process start until systemd's READY=1 on a NOTIFY_SOCKET the benchmark owns.
- LED plan to bytes on the port: SerialBoard.show() until the port's write() of that frame returned, on
  a real pseudo-terminal with the emulated board (a separate process) on the other end. Baseline: the
  same link with the old 10 ms read timeout's worst case is the goal's context; the same-run baseline is
  a bare os.write of the same bytes to the pty.
- Max garbage-collection pause over a match: an autoplayed match through the daemon's referee in this
  process after its start-up (path tables built), every collection timed with gc.callbacks, under the
  daemon's collection policy and, as the baseline, under Python's default one.
- Path tables: built from scratch against loaded from the cache.
- Import time of `python -m controller.cli --help` (-X importtime, cumulative).
- The journal rows of benchmarks/bench_resume.py (rows()) and the firmware rows of bench_firmware.py.

Figures are medians of --runs runs (3; --quick 1 for the slow ones). With --before DIR (a checkout of the
code before a change: `git worktree add DIR REV` or `git archive REV | tar -x -C DIR`), every process figure is
also measured on that code, interleaved with this code's runs so the machine's load hits both alike, and shown
as the baseline ("before: ...").
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]          # this script's checkout: its measuring helpers
sys.path.insert(0, str(HERE))     # ahead of PYTHONPATH, which holds the tree measured when that is another one
from simulator.bench.common import pct  # noqa: E402
from simulator.bench.mosquitto import DAEMON_PASS, DAEMON_USER, Mosquitto  # noqa: E402
from simulator.bench.process import (  # noqa: E402
    LAUNCHER,
    baseline_idle,
    measure_process,
    read_proc,
    stop_process,
    thread_rows,
)

ROOT = Path(os.environ.get("BENCH_PI_ROOT") or HERE)   # the code measured
sys.path.insert(0, str(ROOT))     # ahead of HERE again: the hal and controller this process measures are ROOT's

GOAL_IDLE_CPU = 0.3          # percent of one core
GOAL_WAKEUPS = 20.0          # context switches a second, all threads
GOAL_LED_P99_MS = 2.0
GOAL_READY_S = 0.8


# ---- processes ----------------------------------------------------------------------------------------------
def warm_cache(tmp: Path) -> None:
    """Write the path-table cache as an install or a first start does (nothing to do for a daemon without one)."""
    code = "from controller.daemon.pathcache import load_or_build\nload_or_build()"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(tmp / "cache")}
    subprocess.run([sys.executable, "-c", code], cwd=tmp, env=env, capture_output=True, timeout=300, check=False)


def sim_manual(tmp: Path, seconds: float, settle: float, root: Path = ROOT) -> dict:
    journal = tmp / f"sim-journal-{time.monotonic_ns()}"
    return measure_process(["sim", "--manual", "--http-port", "0", "--journal-dir", str(journal)], tmp, seconds,
                           settle, "sim.log", root)


def run_serial(tmp: Path, seconds: float, settle: float, broker, root: Path = ROOT) -> dict:
    link = tmp / f"usb-Soccerboard_Board-{time.monotonic_ns()}"
    emulator = subprocess.Popen([sys.executable, "-m", "simulator.board_emulator", "--link", str(link),
                                 "--wait-for-host", "0"], cwd=ROOT, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        assert emulator.stdout is not None
        emulator.stdout.readline()          # the port: the pty is up
        config = tmp / f"run-{time.monotonic_ns()}.toml"
        config.write_text(
            f'board_id = "t1"\n[hardware]\nbackend = "serial"\nport = "{link}"\n'
            f'[mqtt]\nurl = "mqtt://127.0.0.1:{broker.port}"\nusername = "{DAEMON_USER}"\npassword = "{DAEMON_PASS}"\n'
            f'[journal]\ndir = "{tmp / ("run-journal-" + str(time.monotonic_ns()))}"\n'
            '[daemon]\nwatchdog = false\n')
        return measure_process(["run", "--config", str(config)], tmp, seconds, settle, "run.log", root)
    finally:
        stop_process(emulator, timeout=10)


# ---- LED frame to the port -----------------------------------------------------------------------------------
def led_latency(tmp: Path, samples: int) -> tuple[list[float], list[float]]:
    """SerialBoard.show() until the write() carrying that frame returned; and a bare os.write baseline."""
    import random

    import serial

    from firmware_bridge.firmware import sbconst as C
    from hal.serial_board import SerialBoard

    link = tmp / f"usb-Soccerboard_Led-{time.monotonic_ns()}"
    emulator = subprocess.Popen([sys.executable, "-m", "simulator.board_emulator", "--link", str(link),
                                 "--wait-for-host", "0"], cwd=ROOT, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, start_new_session=True)
    led_written: list[float] = []
    arrived = threading.Event()

    class TimedPort(serial.Serial):
        def write(self, data):
            n = super().write(data)
            if len(data) > C.LED_BYTES:          # only an LED frame is this long (the rest are a few bytes)
                led_written.append(time.monotonic())
                arrived.set()
            return n

    board = SerialBoard(str(link))
    board.link._open_port = TimedPort
    try:
        assert emulator.stdout is not None
        emulator.stdout.readline()
        board.start()
        deadline = time.monotonic() + 10
        while not board.connected and time.monotonic() < deadline:
            time.sleep(0.01)
        if not board.connected:
            raise RuntimeError("the serial board did not connect to the emulated board")
        time.sleep(0.5)
        rng = random.Random(5)
        out: list[float] = []
        for i in range(samples):
            frame = bytes([i % 200 + 1]) * C.LED_BYTES
            arrived.clear()
            led_written.clear()
            shown = time.monotonic()
            board.show(frame)
            if arrived.wait(0.5):                # this thread sleeps: it holds no lock the link needs
                out.append((led_written[0] - shown) * 1000)
            time.sleep(rng.uniform(0.02, 0.06))
    finally:
        board.close()
        stop_process(emulator, timeout=10)
    return out, _bare_pty_writes(samples)


def led_latency_of(root: Path, tmp: Path, samples: int) -> list[float]:
    """The LED figure of another code tree, measured by this script run on it."""
    out = tmp / f"led-{time.monotonic_ns()}.json"
    env = {**os.environ, "BENCH_PI_ROOT": str(root), "PYTHONPATH": str(root)}
    subprocess.run([sys.executable, str(Path(__file__).resolve()), "--only", "led", "--no-firmware", "--no-journal",
                    "--led-samples", str(samples), "--json", str(out)], cwd=root, env=env, capture_output=True,
                   timeout=600, check=False)
    return json.loads(out.read_text())["led"]


def _bare_pty_writes(samples: int) -> list[float]:
    import tty
    master, slave = os.openpty()
    tty.setraw(slave)
    stop_reading = threading.Event()

    def drain() -> None:
        while not stop_reading.is_set():
            with contextlib.suppress(OSError):
                os.read(master, 65536)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    out = []
    data = b"\x01" * 400
    try:
        for _ in range(samples):
            t0 = time.monotonic()
            os.write(slave, data)
            out.append((time.monotonic() - t0) * 1000)
            time.sleep(0.002)
    finally:
        stop_reading.set()
        os.close(slave)
        os.close(master)
    return out


# ---- garbage collection over a match -------------------------------------------------------------------------
GC_WATCH = r"""
import atexit, gc, json, os, time
_pauses = {0: [], 1: [], 2: []}
_began = [0.0]
_armed = [False]                 # counting from the end of start-up: the match's collections, not the imports'
def _watch(phase, info):
    if phase == "start":
        _began[0] = time.perf_counter()
    elif _armed[0]:
        _pauses[info["generation"]].append((time.perf_counter() - _began[0]) * 1000)
gc.callbacks.append(_watch)
def _write():
    every = [p for g in _pauses.values() for p in g]
    with open(os.environ["BENCH_GC_OUT"], "w") as f:
        json.dump({"max": max(every, default=0.0), "full": len(_pauses[2]), "max_full": max(_pauses[2], default=0.0),
                   "count": len(every)}, f)
atexit.register(_write)
import controller.daemon.main as _main
import controller.daemon.systemd as _systemd
if hasattr(_main, "settle_memory"):          # start-up ends with the daemon's collection policy set up
    _settle = gc.enable if os.environ.get("BENCH_GC_DEFAULT") else _main.settle_memory   # baseline: Python's
    def _settled():
        _settle()
        _armed[0] = True
    _main.settle_memory = _settled
else:                                         # a daemon without one: start-up ends at READY=1
    _ready = _systemd.Notifier.ready
    def _on_ready(self, status=""):
        _ready(self, status)
        _armed[0] = True
    _systemd.Notifier.ready = _on_ready
"""


def gc_pauses(tmp: Path, broker, seed: int, default: bool, root: Path = ROOT) -> dict:
    """Every collection of a `soccerboard sim` process autoplaying one 45-minute match at full speed (the
    whole daemon: core, journal, publisher to Mosquitto), timed with gc.callbacks inside it."""
    out = tmp / f"gc-{seed}-{int(default)}-{time.monotonic_ns()}.json"
    env = {**os.environ, "BENCH_GC_OUT": str(out), "PYTHONPATH": str(root), "XDG_CACHE_HOME": str(tmp / "cache")}
    env.pop("NOTIFY_SOCKET", None)
    if default:
        env["BENCH_GC_DEFAULT"] = "1"
    launcher = LAUNCHER.replace("from controller.cli import main", GC_WATCH + "\nfrom controller.cli import main")
    journal = tmp / f"gc-journal-{time.monotonic_ns()}"
    args = ["sim", "--broker", broker.url(), "--board-id", "t1", "--no-web", "--speed", "0", "--seed", str(seed),
            "--journal-dir", str(journal), "--quiet"]
    with open(tmp / "gc.log", "ab") as log:
        subprocess.run([sys.executable, "-c", launcher, *args], cwd=tmp, env=env, stdout=log, stderr=log,
                       timeout=900, check=False)
    return json.loads(out.read_text())


# ---- path tables, imports --------------------------------------------------------------------------------------
TABLES_CHILD = r"""
import sys, time
t0 = time.perf_counter()
from controller.games.stw import reach
mode = sys.argv[1]
if mode == "build":
    reach.prepare()
else:
    from controller.daemon.pathcache import load_or_build
    load_or_build([sys.argv[2]])
    reach.prepare()
print(time.perf_counter() - t0)
"""


def path_tables(tmp: Path, runs: int) -> tuple[float, float | None]:
    def child(*args: str) -> float:
        out = subprocess.run([sys.executable, "-c", TABLES_CHILD, *args], cwd=ROOT, capture_output=True,
                             text=True, timeout=300)
        if out.returncode != 0:
            raise RuntimeError(out.stderr.strip().splitlines()[-1])
        return float(out.stdout.strip())

    build = statistics.median(child("build") for _ in range(runs))
    try:
        import controller.daemon.pathcache  # noqa: F401
    except ImportError:
        return build, None
    cache = tmp / "table-cache"
    child("cache", str(cache))        # builds and writes it
    return build, statistics.median(child("cache", str(cache)) for _ in range(runs))


def import_help(runs: int, root: Path = ROOT) -> float:
    """Wall seconds of `python -m controller.cli --help`."""
    times = []
    env = {**os.environ, "PYTHONPATH": str(root)}
    for _ in range(runs):
        t0 = time.monotonic()
        subprocess.run([sys.executable, "-m", "controller.cli", "--help"], cwd=root, env=env, capture_output=True,
                       timeout=60)
        times.append(time.monotonic() - t0)
    return statistics.median(times)


def import_time_top(limit: int = 6) -> list[tuple[str, float]]:
    """The heaviest top-level imports of `controller.cli --help` (cumulative ms, -X importtime)."""
    out = subprocess.run([sys.executable, "-X", "importtime", "-m", "controller.cli", "--help"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    rows = []
    for text in out.stderr.splitlines():
        m = re.match(r"import time:\s+\d+ \|\s+(\d+) \| (\s*)(\S+)", text)
        if m and len(m.group(2)) <= 1:
            rows.append((m.group(3), int(m.group(1)) / 1000))
    return sorted(rows, key=lambda r: -r[1])[:limit]


def python_startup(runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.monotonic()
        subprocess.run([sys.executable, "-c", "pass"], capture_output=True, timeout=60)
        times.append(time.monotonic() - t0)
    return statistics.median(times)


# ---- other benchmarks' rows --------------------------------------------------------------------------------------
def journal_rows(quick: bool) -> list[dict] | None:
    try:
        import bench_resume  # type: ignore[import-not-found]
    except ImportError:
        return None
    rows = getattr(bench_resume, "rows", None)
    return rows(quick) if callable(rows) else None


def firmware_rows(runs: int) -> list[tuple[str, str, str]]:
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_firmware.py"), "--runs", str(runs)],
                         cwd=ROOT, capture_output=True, text=True, timeout=900)
    rows = []
    for text in out.stdout.splitlines():
        for name in ("scan: main-loop pass", "LED frame, dark board: port to DMA", "LED frame, lit board: port to DMA"):
            if text.startswith(name):
                cols = text[36:].split()
                # unix us, [plain-Py us], +phys ms, RP2040 ms, pessim. ms, [Py ms], goal, met
                rows.append((f"firmware {name} (RP2040 est., pessimistic)", f"{cols[-4]} ms", cols[-2] + " ms"))
        if text.startswith("LED latency"):
            m = re.search(r"= ([\d.]+) ms", text)
            if m:
                rows.append(("firmware LED latency, first byte to lit LEDs", f"{m.group(1)} ms", ""))
    if not rows:
        rows.append(("firmware rows", "bench_firmware.py printed no table: " +
                     (out.stderr.strip().splitlines() or ["?"])[-1][:60], ""))
    return rows


# ---- the table ---------------------------------------------------------------------------------------------------
def median_of(runs: list[dict], key: str) -> float:
    return statistics.median(r[key] for r in runs)


def _baseline(before: str | None, extra: str = "") -> str:
    parts = ([f"before: {before}"] if before is not None else []) + ([extra] if extra else [])
    return "; ".join(parts)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="10 s idle windows, fewer runs")
    ap.add_argument("--runs", type=int, default=None, help="runs of each process figure (3; --quick 1)")
    ap.add_argument("--seconds", type=float, default=None, help="idle window (30 s; --quick 10 s)")
    ap.add_argument("--only", choices=("idle", "led", "gc", "start"), action="append",
                    help="measure only these parts (repeatable)")
    ap.add_argument("--before", metavar="DIR",
                    help="a checkout of the code before a change (git worktree or archive): each process figure "
                         "is measured on it too, interleaved with this code's runs, as the same-run baseline")
    ap.add_argument("--no-firmware", action="store_true", help="leave out bench_firmware.py's rows")
    ap.add_argument("--no-journal", action="store_true", help="leave out bench_resume.py's rows")
    ap.add_argument("--led-samples", type=int, default=None, help="LED frames timed (200; --quick 60)")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = ap.parse_args(argv)
    runs = args.runs or (1 if args.quick else 3)
    seconds = args.seconds or (10.0 if args.quick else 30.0)
    only = set(args.only or ("idle", "led", "gc", "start"))
    old = Path(args.before).resolve() if args.before else None
    tmp = Path(tempfile.mkdtemp(prefix="bench-pi-"))
    table: list[tuple[str, str, str, str]] = []      # figure, value, goal, baseline
    result: dict = {"runs": runs, "seconds": seconds, "before": str(old) if old else None}
    sim_runs: list[dict] = []
    run_runs: list[dict] = []
    old_runs: dict[str, list[dict]] = {"sim": [], "run": []}

    if "idle" in only or "start" in only:
        broker = Mosquitto(tmp / "mosquitto").start()
        cold = None
        floor: dict = {}
        starts: dict[str, list[float]] = {"sim": [], "run": []}
        old_starts: dict[str, list[float]] = {"sim": [], "run": []}
        try:
            if "start" in only:           # the very first start: no table cache yet (it is written then)
                cold = sim_manual(tmp, 0, 0)["ready"]
            else:
                warm_cache(tmp)
            if "idle" in only:
                floor = baseline_idle(min(seconds, 10.0))
                for _ in range(runs):     # this code and the code before interleaved: the machine's load hits both
                    sim_runs.append(sim_manual(tmp, seconds, 3.0))
                    if old:
                        old_runs["sim"].append(sim_manual(tmp, seconds, 3.0, old))
                    run_runs.append(run_serial(tmp, seconds, 3.0, broker))
                    if old:
                        old_runs["run"].append(run_serial(tmp, seconds, 3.0, broker, old))
            if "start" in only:
                for _ in range(max(3, runs)):
                    starts["sim"].append(sim_manual(tmp, 0, 0)["ready"])
                    starts["run"].append(run_serial(tmp, 0, 0, broker)["ready"])
                    if old:
                        old_starts["sim"].append(sim_manual(tmp, 0, 0, old)["ready"])
                        old_starts["run"].append(run_serial(tmp, 0, 0, broker, old)["ready"])
        finally:
            broker.stop()
        starts["sim"] += [r["ready"] for r in sim_runs]
        starts["run"] += [r["ready"] for r in run_runs]
        for key in ("sim", "run"):
            old_starts[key] += [r["ready"] for r in old_runs[key]]
        for key, label, rs in (("sim", "sim --manual", sim_runs), ("run", "run, emulated serial board", run_runs)):
            was = old_runs[key]
            if rs:
                floor_text = f"sleeping python {floor['cpu']:.3f} % / {floor['wakeups']:.1f} /s"
                table.append((f"idle CPU, {label}", f"{median_of(rs, 'cpu'):.2f} %", f"< {GOAL_IDLE_CPU} %",
                              _baseline(f"{median_of(was, 'cpu'):.2f} %" if was else None, floor_text)))
                table.append((f"idle wakeups, {label}", f"{median_of(rs, 'wakeups'):.1f} /s", f"< {GOAL_WAKEUPS:g} /s",
                              _baseline(f"{median_of(was, 'wakeups'):.1f} /s" if was else None)))
            if starts[key]:
                cold_text = f"first start, tables built {cold:.2f} s" if cold is not None and key == "sim" else ""
                table.append((f"start to READY=1, {label} (median of {len(starts[key])})",
                              f"{statistics.median(starts[key]):.2f} s", f"< {GOAL_READY_S} s",
                              _baseline(f"{statistics.median(old_starts[key]):.2f} s" if old_starts[key] else None,
                                      cold_text)))
        result.update(sim=sim_runs, run=run_runs, starts=starts, cold=cold, before_idle=old_runs,
                      before_starts=old_starts)

    if "led" in only:
        samples = args.led_samples or (60 if args.quick else 200)
        led, bare = led_latency(tmp, samples)
        was_led = led_latency_of(old, tmp, samples) if old else None
        table.append(("LED show -> bytes on the pty, median", f"{statistics.median(led):.2f} ms", "",
                      _baseline(f"{statistics.median(was_led):.2f} ms" if was_led else None,
                              f"bare os.write {statistics.median(bare):.3f} ms")))
        table.append(("LED show -> bytes on the pty, p99", f"{pct(led, 0.99):.2f} ms", f"< {GOAL_LED_P99_MS:g} ms",
                      _baseline(f"{pct(was_led, 0.99):.2f} ms" if was_led else None,
                              f"bare os.write {pct(bare, 0.99):.3f} ms")))
        result.update(led=led, before_led=was_led)

    if "gc" in only:
        broker = Mosquitto(tmp / "mosquitto-gc").start()
        mine, default, was_gc = [], [], []
        try:
            for seed in range(1, 1 + (1 if args.quick else 3)):
                mine.append(gc_pauses(tmp, broker, seed, default=False))
                default.append(gc_pauses(tmp, broker, seed, default=True))
                if old:
                    was_gc.append(gc_pauses(tmp, broker, seed, default=False, root=old))
        finally:
            broker.stop()
        table.append(("max gc pause over a match (after start-up)", f"{median_of(mine, 'max'):.1f} ms", "short",
                      _baseline(f"{median_of(was_gc, 'max'):.1f} ms" if was_gc else None,
                              f"Python's default policy {median_of(default, 'max'):.1f} ms")))
        table.append(("full collections over a match", f"{median_of(mine, 'full'):.0f}", "",
                      _baseline(f"{median_of(was_gc, 'full'):.0f}" if was_gc else None,
                              f"Python's default policy {median_of(default, 'full'):.0f}")))
        result.update(gc=mine, gc_default=default, before_gc=was_gc)

    if "start" in only:
        build, cached = path_tables(tmp, runs)
        table.append(("path tables ready (import + tables)", "not cached yet" if cached is None else f"{cached:.3f} s",
                      "", f"built from scratch {build:.3f} s"))
        help_s, bare_s = import_help(max(3, runs)), python_startup(max(3, runs))
        was_help = import_help(max(3, runs), old) if old else None
        table.append(("`soccerboard --help` wall time", f"{help_s:.3f} s", "",
                      _baseline(f"{was_help:.3f} s" if was_help else None, f"python -c pass {bare_s:.3f} s")))
        result.update(tables_build=build, tables_cached=cached, help=help_s, before_help=was_help)

    journal = None if args.no_journal else journal_rows(args.quick)
    if journal is None and not args.no_journal:
        table.append(("journal rows (bench_resume.rows)", "not yet", "", ""))
    for row in journal or []:
        table.append((str(row.get("figure", "")), str(row.get("value", "")), str(row.get("goal", "")),
                      str(row.get("baseline", ""))))
    if not args.no_firmware:
        for name, value, goal in firmware_rows(1 if args.quick else 3):
            table.append((name, value, goal, ""))

    print(f"\nbench_pi: medians of {runs} run(s), idle windows of {seconds:g} s "
          "(this machine; a Pi 4 is 3-5x slower, a Zero 2 W 8-12x)" + (f"; before = {old}" if old else ""))
    print(f"load average at the end: {read_proc('/proc/loadavg').split(' ')[0]} on {os.cpu_count()} cores "
          "(other work on the machine lengthens the start and latency tails)")
    width = max(len(r[0]) for r in table) + 2
    print(f"{'figure':<{width}}{'value':>16}  {'goal':<10}  baseline (same run)")
    for figure, value, goal, base in table:
        print(f"{figure:<{width}}{value:>16}  {goal:<10}  {base}")
    for label, key, rs in (("sim --manual", "sim", sim_runs), ("run, emulated serial board", "run", run_runs)):
        if rs:
            prev = thread_rows(old_runs[key]) if old_runs[key] else {}
            print(f"\nper thread, {label}: wakeups/s and CPU % (median of {len(rs)})"
                  + ("   | before" if prev else ""))
            now = thread_rows(rs)
            for name in sorted(set(now) | set(prev), key=lambda n: -max(now.get(n, (0, 0))[0], prev.get(n, (0, 0))[0])):
                w, c = now.get(name, (0.0, 0.0))
                line = f"  {name:<18}{w:>8.1f} /s {c:>7.3f} %"
                if prev:
                    bw, bc = prev.get(name, (0.0, 0.0))
                    line += f"   | {bw:>7.1f} /s {bc:>7.3f} %"
                print(line)
    if "start" in only:
        print("\nheaviest imports of `python -m controller.cli --help` (cumulative ms):")
        for name, ms in import_time_top():
            print(f"  {name:<30}{ms:>8.1f}")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

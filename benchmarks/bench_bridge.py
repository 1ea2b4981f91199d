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
import random
import statistics
import struct
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from firmware_bridge import messages as M
from firmware_bridge.firmware import sbconst as C
from firmware_bridge.firmware.device import delta
from firmware_bridge.firmware.sbwire import Deframer, cobs_decode
from firmware_bridge.framing import FrameDecoder, encode_frame

TARGET = 20_000
CHUNK = 4096


def workload(n: int, seed: int = 1, occupancy: str = "delta") -> bytes:
    """``occupancy``: "delta" (v2 mix), "full" (v1 mix), "delta-only" (every frame an OCC_DELTA)."""
    rng = random.Random(seed)
    frame = bytearray(C.SQUARES)
    for square in rng.sample(range(C.SQUARES), 23):
        frame[square] = rng.choice((1, 2, 4, 5, 6))
    out = []
    for i in range(n):
        kind = 0 if occupancy == "delta-only" else i % 4
        if kind == 0:
            before = bytes(frame)
            for _ in range(rng.choice((1, 2))):  # a lift or a place, or a move
                frame[rng.randrange(C.SQUARES)] ^= 1
            if occupancy == "full":
                out.append(encode_frame(C.MSG_OCC_CHANGE, i, struct.pack(">H", i & 0xFFFF) + frame))
            else:
                out.append(encode_frame(C.MSG_OCC_DELTA, i, struct.pack(">H", i & 0xFFFF) + delta(before, frame)))
        elif kind == 1:
            out.append(encode_frame(C.MSG_DIE_ROLL, i, struct.pack(">HIB", i & 0xFFFF, 1, rng.randint(1, 6))))
        elif kind == 2:
            out.append(encode_frame(C.MSG_HEARTBEAT, i, struct.pack(">I", i * 500)))
        else:
            out.append(encode_frame(C.MSG_SNAPSHOT, i, struct.pack(">H", i & 0xFFFF) + frame))
    return b"".join(out)


def chunks(blob: bytes) -> list[bytes]:
    return [blob[i : i + CHUNK] for i in range(0, len(blob), CHUNK)]


def run_decoder(parts: list[bytes]) -> int:
    decoder = FrameDecoder()
    return sum(len(decoder.feed(part)) for part in parts)


def run_decoder_and_parse(parts: list[bytes]) -> int:
    decoder = FrameDecoder()
    n = 0
    for part in parts:
        for frame in decoder.feed(part):
            if frame.type in C.EVENT_TYPES:
                M.parse_event(frame.type, frame.payload)
            elif frame.type == C.MSG_SNAPSHOT:
                M.parse_snapshot(frame.payload)
            else:
                M.parse_heartbeat(frame.payload)
            n += 1
    return n


def run_firmware_deframer(parts: list[bytes]) -> int:
    deframer = Deframer()
    return sum(len(deframer.feed(part)) for part in parts)


def run_split(parts: list[bytes]) -> int:
    return sum(1 for c in b"".join(parts).split(b"\x00") if c)


def run_cobs_only(parts: list[bytes]) -> int:
    return sum(1 for c in b"".join(parts).split(b"\x00") if c and cobs_decode(c))


def measure(fn, parts: list[bytes], frames: int, runs: int) -> float:
    rates = []
    for _ in range(runs):
        start = time.perf_counter()
        got = fn(parts)
        elapsed = time.perf_counter() - start
        if got != frames:
            raise SystemExit(f"{fn.__name__} found {got} frames, expected {frames}")
        rates.append(frames / elapsed)
    return statistics.median(rates)


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

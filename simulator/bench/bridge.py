"""Throughput of the bridge's frame decoder on what a board sends during play, read in 4 KiB chunks as a
serial port delivers them (occupancy deltas, die rolls, heartbeats and snapshots, one in four each), against
COBS decoding without the CRC check."""

from __future__ import annotations

import random
import statistics
import struct
import time
from collections.abc import Callable

from firmware_bridge import messages as M
from firmware_bridge.firmware import sbconst as C
from firmware_bridge.firmware.device import delta
from firmware_bridge.firmware.sbwire import Deframer, cobs_decode
from firmware_bridge.framing import FrameDecoder, encode_frame
from simulator.bench.common import Row

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


def measure(fn: Callable[[list[bytes]], int], parts: list[bytes], frames: int, runs: int) -> float:
    rates = []
    for _ in range(runs):
        start = time.perf_counter()
        got = fn(parts)
        elapsed = time.perf_counter() - start
        if got != frames:
            raise RuntimeError(f"{fn.__name__} found {got} frames, expected {frames}")
        rates.append(frames / elapsed)
    return statistics.median(rates)


def figures(quick: bool) -> list[Row]:
    frames, runs = (5_000, 3) if quick else (20_000, 7)
    parts = chunks(workload(frames))
    rate = measure(run_decoder, parts, frames, runs)
    cobs = measure(run_cobs_only, parts, frames, runs)
    return [Row("bridge: frame decoder (COBS + CRC)", rate, "frames/s", f">= {TARGET:,} frames/s", cobs,
                "COBS decode alone, no CRC", f"{frames} frames of the v2 play mix, median of {runs} runs")]

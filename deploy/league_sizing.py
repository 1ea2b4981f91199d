"""League sizing, measured: what one board sends to a hub over a whole match (docs/deploy.md, "Sizing a league").

The real daemon referees a seeded bot match (45-minute halves) on the simulated board, publishing to a real
Mosquitto on a free port; a subscriber there counts every message per topic and its bytes. The match's own
clock (the sum of the scenario's clock advances) is the time the same match takes on a board, so bytes per
second per board = bytes / match seconds.

    .venv/bin/python deploy/league_sizing.py [--seeds 1 2 3] [--half-minutes 45]

Wire bytes count what an MQTT 3.1.1 PUBLISH carries besides topic and payload (fixed header, topic length,
packet id for QoS 1: about 6 bytes) but not TCP/IP or TLS framing (about 40 + 29 bytes a packet when each
message goes alone; the broker coalesces bursts).
"""
from __future__ import annotations

import argparse
import getpass
import json
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def measure(seed: int, half_minutes: float, directory: Path) -> dict:
    import paho.mqtt.client as mqtt

    from controller.daemon.main import make_publisher
    from controller.daemon.operations.config import load_settings
    from controller.daemon.service import Daemon
    from controller.games.stw.autoplay import simulate
    from hal.backends import open_hardware

    port = free_port()
    conf = directory / f"mosquitto-{seed}.conf"
    conf.write_text(f"listener {port} 127.0.0.1\nallow_anonymous true\nuser {getpass.getuser()}\n")
    broker = subprocess.Popen([shutil.which("mosquitto") or "/usr/sbin/mosquitto", "-c", str(conf)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                time.sleep(0.05)
        count: Counter[str] = Counter()
        size: Counter[str] = Counter()
        lock = threading.Lock()

        def on_message(client, userdata, msg) -> None:
            name = msg.topic.rsplit("/", 1)[-1]
            with lock:
                count[name] += 1
                size[name] += len(msg.topic) + len(msg.payload) + (6 if msg.qos else 4)
        sub = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
        sub.on_message = on_message
        sub.connect("127.0.0.1", port)
        sub.subscribe("soccerboard/#", qos=1)
        sub.loop_start()
        time.sleep(0.3)

        options = {"half_minutes": half_minutes}
        lines: list[dict] = []
        simulate(seed, options, on_line=lambda line, out: lines.append(line))
        match_seconds = sum(float(line.get("advance", 0)) for line in lines if line.get("type") == "clock")
        settings = load_settings(None, env=False, board_id=f"size{seed}", journal__dir=str(directory / f"j{seed}"),
                                 game__options=options)
        hw = open_hardware({"backend": "sim"})
        daemon = Daemon(settings, hw, board_follows_game=True, tick=0.01, auto_setup=False)
        pub = make_publisher(settings, daemon, f"mqtt://127.0.0.1:{port}")
        daemon.start()
        pub.connected.wait(10)
        for line in lines:
            daemon.put("sizing", line)
            while daemon.inputs.qsize() > 50 or pub.backlog() > 200:
                time.sleep(0.005)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and (not daemon.inputs.empty() or pub.backlog() > 0):
            time.sleep(0.05)
        time.sleep(1.0)
        daemon.stop()
        hw.close()
        sub.loop_stop()
        sub.disconnect()
        with lock:
            return {"seed": seed, "inputs": len(lines), "match_seconds": round(match_seconds),
                    "messages": dict(count), "bytes": dict(size)}
    finally:
        broker.terminate()
        broker.wait(10)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--half-minutes", type=float, default=45.0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as d:
        for seed in args.seeds:
            rows.append(measure(seed, args.half_minutes, Path(d)))
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    topics = ("state", "events", "clock", "leds", "status", "response")
    print(f"| seed | inputs | match time | {' | '.join(topics)} | messages | bytes | bytes/s | messages/s |")
    print("| --- " * (len(topics) + 7) + "|")
    for r in rows:
        total_n, total_b = sum(r["messages"].values()), sum(r["bytes"].values())
        secs = max(r["match_seconds"], 1)
        per_topic = " | ".join(f"{r['messages'].get(t, 0)} ({r['bytes'].get(t, 0) // 1024} KB)" for t in topics)
        print(f"| {r['seed']} | {r['inputs']} | {secs // 60} min | {per_topic} | {total_n} | {total_b // 1024} KB "
              f"| {total_b / secs:.0f} | {total_n / secs:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

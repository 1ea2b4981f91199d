"""The processes a benchmark starts and measures, whatever they run: how they are stopped."""
from __future__ import annotations

import signal
import subprocess


def stop_process(proc: subprocess.Popen, sig: int = signal.SIGTERM, timeout: float = 15) -> int:
    """Send `sig` and wait `timeout` seconds; kill what is still running then. The exit status."""
    if proc.poll() is None:
        proc.send_signal(sig)
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
    return proc.returncode

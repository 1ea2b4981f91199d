# Software debounce shared by the firmware's multiplexer scan and the Pi's GPIO matrix scan:
# a square's reading is accepted only after N consecutive scans agree on it, so a reed switch
# that chatters while a magnet slides over it never reaches the referee. Runs under CPython
# (the Pi) and MicroPython (the board), where the per-square loop is compiled by viper.

import sys

VIPER = sys.implementation.name == "micropython"
if VIPER:
    import micropython


def _update_py(raw, stable, candidate, count, n, scans):
    changed = 0
    for i in range(n):
        value = raw[i]
        if value == stable[i]:
            count[i] = 0
            candidate[i] = value
            continue
        if value != candidate[i]:
            candidate[i] = value
            count[i] = 0
        k = count[i] + 1
        if k >= scans:
            stable[i] = value
            k = 0
            changed = 1
        count[i] = k
    return changed


if VIPER:
    @micropython.viper
    def _update_viper(raw, stable, candidate, count, n: int, scans: int) -> int:
        r = ptr8(raw)  # noqa: F821
        st = ptr8(stable)  # noqa: F821
        ca = ptr8(candidate)  # noqa: F821
        co = ptr8(count)  # noqa: F821
        changed = 0
        for i in range(n):
            value = r[i]
            if value == st[i]:
                co[i] = 0
                ca[i] = value
                continue
            if value != ca[i]:
                ca[i] = value
                co[i] = 0
            k = co[i] + 1
            if k >= scans:
                st[i] = value
                k = 0
                changed = 1
            co[i] = k
        return changed

    update = _update_viper
else:
    update = _update_py


class Debouncer:
    """Feed raw frames (one byte per square); get the stable frame back when it changes."""

    def __init__(self, scans=3, size=128):
        if scans < 1:
            raise ValueError("scans must be at least 1")
        self.scans = scans
        self.stable = bytearray(size)
        self._candidate = bytearray(size)
        self._count = bytearray(size)

    def update(self, raw):
        """Return the new stable frame (bytes) if any square settled on a new value, else None."""
        if not isinstance(raw, (bytes, bytearray)):
            raw = bytes(raw)
        changed = update(raw, self.stable, self._candidate, self._count, len(self.stable), self.scans)
        return bytes(self.stable) if changed else None

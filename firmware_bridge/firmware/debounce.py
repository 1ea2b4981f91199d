# Software debounce shared by the firmware's multiplexer scan and the Pi's GPIO matrix scan:
# a square's reading is accepted only after N consecutive scans agree on it, so a reed switch
# that chatters while a magnet slides over it never reaches the referee. MicroPython-safe.


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
        stable = self.stable
        candidate = self._candidate
        count = self._count
        scans = self.scans
        changed = False
        for i in range(len(stable)):
            value = raw[i]
            if value == stable[i]:
                count[i] = 0
                candidate[i] = value
                continue
            if value != candidate[i]:
                candidate[i] = value
                count[i] = 0
            n = count[i] + 1
            if n >= scans:
                stable[i] = value
                n = 0
                changed = True
            count[i] = n
        return bytes(stable) if changed else None

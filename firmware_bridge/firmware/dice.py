# The electronic dice as the firmware sees them: ASCII lines from the dice receiver on a UART,
# one message a line, "<uid hex> <WORD> [face]" (for example "0000A1B2 ROLL 4").
# WORD is ROLL (settled flat on a face), CROOKED / TILTED / MOVED (landed against something,
# on an edge, or was nudged after settling: the roll does not count and must be repeated), or
# PING (alive, sent about every second). A die that has not been heard for DIE_TIMEOUT_MS is
# disconnected. Shared by the RP2040 firmware, the emulator and the Pi's GPIO backend.

try:
    from . import sbconst as C
except ImportError:
    import sbconst as C  # type: ignore[no-redef]

ROLL = "roll"
STATUS = "status"
_CROOKED_WORDS = ("CROOKED", "TILTED", "MOVED")


def _minus(later, earlier):
    return later - earlier


class DiceTracker:
    """Turns receiver lines into ("roll", uid, face) and ("status", uid, code) events."""

    def __init__(self, timeout_ms=C.DIE_TIMEOUT_MS, ticks_diff=_minus):
        self.timeout_ms = timeout_ms
        self._diff = ticks_diff
        self.status = {}  # uid -> DIE_OK / DIE_CROOKED / DIE_DISCONNECTED
        self._heard = {}  # uid -> ms of the last line
        self.bad_lines = 0

    def line(self, text, now_ms):
        """Events for one received line (bytes or str); malformed lines are counted and ignored."""
        if isinstance(text, (bytes, bytearray)):
            try:
                text = bytes(text).decode()
            except UnicodeError:
                self.bad_lines += 1
                return []
        parts = text.strip().split()
        try:
            uid = int(parts[0], 16)
            word = parts[1].upper()
            if not 0 <= uid <= 0xFFFFFFFF:
                raise ValueError
            face = int(parts[2]) if word == "ROLL" and len(parts) == 3 else None
        except (IndexError, ValueError):
            self.bad_lines += 1
            return []
        if word == "ROLL" and (face is None or not 1 <= face <= 6):
            self.bad_lines += 1
            return []
        if word != "ROLL" and word != "PING" and word not in _CROOKED_WORDS:
            self.bad_lines += 1
            return []
        self._heard[uid] = now_ms
        events = []
        current = self.status.get(uid, C.DIE_DISCONNECTED)
        if word in _CROOKED_WORDS:
            if current != C.DIE_CROOKED:
                events.append(self._set(uid, C.DIE_CROOKED))
        elif word == "PING":
            if current == C.DIE_DISCONNECTED:
                events.append(self._set(uid, C.DIE_OK))
        else:
            if current != C.DIE_OK:
                events.append(self._set(uid, C.DIE_OK))
            events.append((ROLL, uid, face))
        return events

    def tick(self, now_ms):
        """Status events for dice that fell silent."""
        events = []
        for uid in self._heard:
            if self.status.get(uid) != C.DIE_DISCONNECTED and self._diff(now_ms, self._heard[uid]) >= self.timeout_ms:
                events.append(self._set(uid, C.DIE_DISCONNECTED))
        return events

    def _set(self, uid, code):
        self.status[uid] = code
        return (STATUS, uid, code)

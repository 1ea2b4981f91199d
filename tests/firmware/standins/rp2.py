"""Stand-in for MicroPython's `rp2` (PIO and DMA) on a desk, for CPython and the MicroPython unix port.

asm_pio keeps the program's options and does not assemble it (the real assembler runs on the board;
mpy-cross and the stub type check cover its text). A DMA transfer copies what it would send at once
and stays `active` for as many polls as the test says.
"""


class PIO:
    IN_LOW = 0
    IN_HIGH = 1
    OUT_LOW = 2
    OUT_HIGH = 3
    SHIFT_LEFT = 0
    SHIFT_RIGHT = 1
    JOIN_NONE = 0
    JOIN_TX = 1
    JOIN_RX = 2


class Program:
    def __init__(self, function, options):
        self.function = function
        self.options = options


def asm_pio(**options):
    def wrap(function):
        return Program(function, options)

    return wrap


class StateMachine:
    def __init__(self, id, program, freq=-1, sideset_base=None):
        self.id = id
        self.program = program
        self.freq = freq
        self.running = False

    def active(self, value=None):
        if value is not None:
            self.running = bool(value)
        return self.running


class DMA:
    busy_polls = 0  # how many active() calls a transfer stays active for

    def __init__(self):
        self.sent = []  # what each transfer sent (copies of the words)
        self.targets = []
        self._busy = 0

    def pack_ctrl(self, **fields):
        self.ctrl_fields = fields
        return 1

    def config(self, read=None, write=None, count=None, ctrl=None, trigger=False):
        self.sent.append(list(read)[:count])
        self.targets.append(write)
        self._busy = DMA.busy_polls

    def active(self, value=None):
        if self._busy > 0:
            self._busy -= 1
            return True
        return False

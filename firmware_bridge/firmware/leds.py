# WS2812 LEDs under the squares, driven by a PIO state machine that DMA feeds, so sending a
# frame (3.84 ms on the wire for 128 LEDs) never holds up the scan: the CPU only converts the
# frame and starts the transfer. The strip runs rank by rank in a serpentine: rank 1 from a to
# h, rank 2 from h back to a, and so on, so the data line never has to jump back across the
# board. A brightness cap keeps 128 LEDs within what the 5 V supply can give (full white on
# all of them would draw about 7.7 A).
#
# The conversion (r, g, b per square in square order -> one GRB word per LED in strip order,
# scaled) is one loop over the 128 squares, compiled by viper on MicroPython; the plain
# Python loop is the fallback for CPython.

import sys

try:
    from . import sbconst as C
except ImportError:
    import sbconst as C  # type: ignore[no-redef]

VIPER = sys.implementation.name == "micropython"
if VIPER:
    import micropython

TYPE_CHECKING = False
if TYPE_CHECKING:  # the PIO assembler's names, for the type checker only (rp2.asm_pio provides them)
    from rp2.asm_pio import *  # noqa: F403

BIT_US = 1.25  # WS2812: 800 kbit/s
LATCH_US = 300  # the data line held low this long latches a frame (280 us for recent WS2812B)
FRAME_US = int(C.SQUARES * 24 * BIT_US) + LATCH_US  # 4140 us: a new frame can start this long after the last
PIO_FREQ = 8000000  # 10 PIO cycles per bit at 800 kHz
DREQ_PIO0_TX0 = 0  # DMA request line of PIO0 state machine 0's TX FIFO (+ state machine number)


def serpentine_position(square):
    rank, file = square // 8, square % 8
    return rank * 8 + (file if rank % 2 == 0 else 7 - file)


ORDER = bytes([serpentine_position(i) for i in range(C.SQUARES)])


def _convert_py(frame, words, order, scale):
    for square in range(C.SQUARES):
        i = square * 3
        r = (frame[i] * scale) >> 8
        g = (frame[i + 1] * scale) >> 8
        b = (frame[i + 2] * scale) >> 8
        words[order[square]] = (g << 24) | (r << 16) | (b << 8)


if VIPER:
    @micropython.viper
    def _convert_viper(frame, words, order, scale: int):
        f = ptr8(frame)  # noqa: F405
        w = ptr32(words)  # noqa: F405
        o = ptr8(order)  # noqa: F405
        for square in range(128):
            i = square * 3
            r = (f[i] * scale) >> 8
            g = (f[i + 1] * scale) >> 8
            b = (f[i + 2] * scale) >> 8
            w[o[square]] = (g << 24) | (r << 16) | (b << 8)

    convert = _convert_viper
else:
    convert = _convert_py


def ws2812_program():
    """The PIO program: one bit per 10 cycles at 8 MHz (1.25 us), 24 bits a word, most significant
    first (the word holds g, r, b in its top three bytes). A 1 is high for 7 cycles (0.875 us) and
    low for 3, a 0 high for 3 (0.375 us) and low for 7: inside the WS2812B's 0.4 +- 0.15 us and
    0.8 +- 0.15 us high times."""
    import rp2

    @rp2.asm_pio(sideset_init=rp2.PIO.OUT_LOW, out_shiftdir=rp2.PIO.SHIFT_LEFT, autopull=True,
                 pull_thresh=24, fifo_join=rp2.PIO.JOIN_TX)
    def ws2812():
        wrap_target()  # noqa: F405
        label("bit")  # noqa: F405
        out(x, 1).side(0)[2]  # noqa: F405  - 3 cycles low, the bit into x
        jmp(not_x, "zero").side(1)[2]  # noqa: F405  - 3 cycles high
        jmp("bit").side(1)[3]  # noqa: F405  - a 1: 4 more high
        label("zero")  # noqa: F405
        nop().side(0)[3]  # noqa: F405  - a 0: 4 low
        wrap()  # noqa: F405

    return ws2812


class Ws2812Pio:
    """A PIO state machine shifting out words, fed by a DMA channel: send() returns at once."""

    def __init__(self, pin, ticks_us, ticks_diff, sm_id=0):
        import rp2

        self._ticks_us = ticks_us
        self._diff = ticks_diff
        self.sm = rp2.StateMachine(sm_id, ws2812_program(), freq=PIO_FREQ, sideset_base=pin)
        self.sm.active(1)
        self.dma = rp2.DMA()
        treq = DREQ_PIO0_TX0 + sm_id if sm_id < 4 else 8 + sm_id - 4
        self.ctrl = self.dma.pack_ctrl(size=2, inc_write=False, treq_sel=treq)
        self._sent_us = ticks_us()
        self._idle = True

    def ready(self):
        """The last frame is out and latched (the DMA is done, and so is the wire after it)."""
        if self._idle:
            return True
        if self.dma.active() or self._diff(self._ticks_us(), self._sent_us) < FRAME_US:
            return False
        self._idle = True
        return True

    def send(self, words):
        self.dma.config(read=words, write=self.sm, count=len(words), ctrl=self.ctrl, trigger=True)
        self._sent_us = self._ticks_us()
        self._idle = False


class LedStrip:
    """show() converts a frame and sends it if the strip is free, else keeps it (the newest
    wins) for service(), which the main loop calls every pass."""

    def __init__(self, driver, brightness=0.25):
        from array import array

        self.driver = driver
        self.scale = int(max(0.0, min(1.0, brightness)) * 256)
        self._front = array("I", [0] * C.SQUARES)  # being sent
        self._back = array("I", [0] * C.SQUARES)  # the next frame
        self._pending = False
        self.frames_sent = 0

    @property
    def words(self):
        """The words of the frame sent last, in strip order."""
        return self._front

    def show(self, frame):
        """frame: 384 bytes, r, g, b for each square in square order."""
        convert(frame, self._back, ORDER, self.scale)
        self._pending = True
        self.service()

    def service(self):
        if self._pending and self.driver.ready():
            self._front, self._back = self._back, self._front
            self.driver.send(self._front)
            self._pending = False
            self.frames_sent += 1

    @property
    def pending(self):
        return self._pending

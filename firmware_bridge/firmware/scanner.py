# Reading 384 reed switches through two levels of CD74HC4067 16-channel multiplexers.
#
# Level 1: 24 muxes. Mux m = pair * 3 + channel senses one channel (0 red, 1 blue, 2 ball) of
# the 16 squares of ranks 2*pair+1 and 2*pair+2; its input s is square (rank offset s // 8,
# file s % 8), so square index = pair * 16 + s. All level-1 muxes share select lines S0-S3.
# Level 2: mux A takes the commons of level-1 muxes 0-15 on its inputs 0-15, mux B those of
# muxes 16-23 on inputs 0-7; both share select lines T0-T3 and their commons go to two input
# pins with pull-ups. A closed switch ties its mux input to ground, so a selected closed switch
# reads 0. See firmware_bridge/README.md for the wiring diagram and the timing budget.
#
# Speed: the eight select lines are GP2-GP9, one 8-bit field of the RP2040's SIO output
# register (address = s | t << 4). The 256 addresses are visited in Gray-code order, so each
# step changes exactly one select line: one write of one bit to SIO GPIO_OUT_SET or
# GPIO_OUT_CLR. After the settle time one read of SIO GPIO_IN gives both commons at once. On
# the RP2040 that loop runs under @micropython.viper straight on the registers, the settle
# time counted on the chip's microsecond timer; the 256 readings are then turned into the
# 128-byte frame by a second viper loop over precomputed tables. Elsewhere (the MicroPython
# unix port and CPython, with a stand-in `machine.mem32` that models the wiring) the same
# steps run in plain Python through mem32; the viper loops are also run there on ordinary
# buffers, so the tests check both against each other.

import sys

VIPER = sys.implementation.name == "micropython"
if VIPER:
    import micropython

SIO_BASE = 0xD0000000
GPIO_IN = 0x004
GPIO_OUT_SET = 0x014
GPIO_OUT_CLR = 0x018
TIMER_RAWL = 0x40054028  # RP2040 TIMER: free-running 1 MHz counter, low 32 bits

PIN_SELECT0 = 2  # GP2-GP5 level-1 S0-S3, GP6-GP9 level-2 S0-S3 (T0-T3)
PIN_COMMON_A = 10
PIN_COMMON_B = 11
SELECT_MASK = 0xFF << PIN_SELECT0

# Time from a select change to a valid reading at the commons. With 4.7 kohm pull-ups on the
# two level-2 commons and 10 kohm on each level-1 common (README, wiring), the slowest edge is
# an open switch after a closed one: about 200 pF through 3.2 kohm, 0.6 us to the RP2040's
# input-high threshold; the mux's own select-to-output delay is under 0.3 us at 3.3 V.
# 2 us is three times that. Without the external pull-ups (the chip's own 50-80 kohm only)
# the same edge takes 10-15 us: do not lower this on a board built that way.
MUX_SETTLE_US = 2

STEPS = 256


def gray(i):
    return i ^ (i >> 1)


def _tables():
    """Per step: which register to write (word index into SIO), the one-bit mask, and where
    each common's reading lands in the frame (square, channel bit; square 255: not wired)."""
    regs = bytearray(STEPS)
    masks = []
    sq_a = bytearray(STEPS)
    bit_a = bytearray(STEPS)
    sq_b = bytearray(STEPS)
    bit_b = bytearray(STEPS)
    previous = gray(STEPS - 1)  # the address the previous scan ended on
    for step in range(STEPS):
        address = gray(step)
        if step == 0:
            # one CLR of all eight lines: address 0 from wherever the lines were
            regs[step] = GPIO_OUT_CLR >> 2
            masks.append(SELECT_MASK)
        else:
            changed = address ^ previous
            regs[step] = (GPIO_OUT_SET if address & changed else GPIO_OUT_CLR) >> 2
            masks.append(changed << PIN_SELECT0)
        previous = address
        s, t = address & 15, address >> 4
        sq_a[step], bit_a[step] = _square(t, s)
        if t < 8:
            sq_b[step], bit_b[step] = _square(16 + t, s)
        else:
            sq_b[step], bit_b[step] = 255, 0
    return regs, masks, sq_a, bit_a, sq_b, bit_b


def _square(mux, s):
    pair, channel = mux // 3, mux % 3
    return pair * 16 + s, 1 << channel


def _decode_py(raw, frame, sq_a, bit_a, sq_b, bit_b):
    """raw[step]: bit 0 common A, bit 1 common B (0: a closed switch). Fills frame (zeroed)."""
    for i in range(len(frame)):
        frame[i] = 0
    for step in range(STEPS):
        value = raw[step]
        if not value & 1:
            frame[sq_a[step]] |= bit_a[step]
        if not value & 2 and sq_b[step] != 255:
            frame[sq_b[step]] |= bit_b[step]


def _sample_py(raw, regs, masks, settle_us, mem32, sio, sleep_us):
    """The select/settle/read loop through a mem32-like object (stand-in or real)."""
    gpio_in = sio + GPIO_IN
    for step in range(STEPS):
        mem32[sio + (regs[step] << 2)] = masks[step]
        if settle_us:
            sleep_us(settle_us)
        raw[step] = (mem32[gpio_in] >> PIN_COMMON_A) & 3


if VIPER:
    @micropython.viper
    def _decode_viper(raw, frame, sq_a, bit_a, sq_b, bit_b):
        r = ptr8(raw)  # noqa: F821
        f = ptr8(frame)  # noqa: F821
        qa = ptr8(sq_a)  # noqa: F821
        ba = ptr8(bit_a)  # noqa: F821
        qb = ptr8(sq_b)  # noqa: F821
        bb = ptr8(bit_b)  # noqa: F821
        for i in range(128):
            f[i] = 0
        for step in range(256):
            value = r[step]
            if not (value & 1):
                f[qa[step]] |= ba[step]
            if not (value & 2) and qb[step] != 255:
                f[qb[step]] |= bb[step]

    @micropython.viper
    def _sample_viper(raw, regs, masks, settle_us: int, sio, timer):
        # sio, timer: the register addresses on the RP2040 (ints), or buffers standing in for them
        r = ptr8(raw)  # noqa: F821
        g = ptr8(regs)  # noqa: F821
        m = ptr32(masks)  # noqa: F821
        io = ptr32(sio)  # noqa: F821
        clock = ptr32(timer)  # noqa: F821
        for step in range(256):
            io[g[step]] = m[step]
            if settle_us > 0:
                # the timer ticks every microsecond from an unknown phase: settle_us + 1 ticks make
                # at least settle_us microseconds
                start = clock[0]
                while clock[0] - start <= settle_us:
                    pass
            r[step] = (io[1] >> 10) & 3  # GPIO_IN; commons on GP10 and GP11

    decode = _decode_viper
else:
    decode = _decode_py


class MuxScanner:
    """``scan()`` returns the raw 128-byte frame (one 3-bit mask per square), reused between scans.

    mem32: machine.mem32 (or a stand-in). fast: run the viper loop on the real registers; by
    default only on the RP2040 itself."""

    def __init__(self, mem32, sleep_us=None, settle_us=MUX_SETTLE_US, fast=None):
        import array

        self.mem32 = mem32
        self.sleep_us = sleep_us
        self.settle_us = settle_us
        self.fast = (VIPER and sys.platform == "rp2") if fast is None else fast
        regs, masks, sq_a, bit_a, sq_b, bit_b = _tables()
        self.regs = regs
        self.masks = array.array("I", masks)
        self.tables = (sq_a, bit_a, sq_b, bit_b)
        self.raw = bytearray(STEPS)
        self.frame = bytearray(128)
        self.scans = 0

    def sample(self):
        if self.fast:
            _sample_viper(self.raw, self.regs, self.masks, self.settle_us, SIO_BASE, TIMER_RAWL)  # noqa: F821
        else:
            _sample_py(self.raw, self.regs, self.masks, self.settle_us, self.mem32, SIO_BASE, self.sleep_us)

    def scan(self):
        self.sample()
        decode(self.raw, self.frame, *self.tables)
        self.scans += 1
        return self.frame

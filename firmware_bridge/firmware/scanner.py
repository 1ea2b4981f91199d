# Reading 384 reed switches through two levels of CD74HC4067 16-channel multiplexers.
#
# Level 1: 24 muxes. Mux m = pair * 3 + channel senses one channel (0 red, 1 blue, 2 ball) of
# the 16 squares of ranks 2*pair+1 and 2*pair+2; its input s is square (rank offset s // 8,
# file s % 8), so square index = pair * 16 + s. All level-1 muxes share select lines S0-S3.
# Level 2: mux A takes the commons of level-1 muxes 0-15 on its inputs 0-15, mux B those of
# muxes 16-23 on inputs 0-7; both share select lines T0-T3 and their commons go to two input
# pins with pull-ups. A closed switch ties its mux input to ground, so a selected closed switch
# reads 0. See firmware_bridge/README.md for the wiring diagram. MicroPython-safe.

SETTLE_LOOPS = 2  # a few microseconds for the muxes to settle after a select change


def _set_address(pins, value):
    for bit in range(4):
        pins[bit].value((value >> bit) & 1)


class MuxScanner:
    """``scan()`` returns a raw 128-byte frame (one 3-bit mask per square)."""

    def __init__(self, level1_select, level2_select, common_a, common_b):
        self.s = level1_select  # 4 output pins, LSB first
        self.t = level2_select  # 4 output pins, LSB first
        self.a = common_a  # input with pull-up: level-1 muxes 0-15
        self.b = common_b  # input with pull-up: level-1 muxes 16-23

    def scan(self):
        frame = bytearray(128)
        for s in range(16):
            _set_address(self.s, s)
            for m in range(16):
                _set_address(self.t, m)
                for _ in range(SETTLE_LOOPS):
                    pass
                if not self.a.value():
                    _mark(frame, m, s)
                if m < 8 and not self.b.value():
                    _mark(frame, 16 + m, s)
        return frame


def _mark(frame, mux, s):
    pair, channel = mux // 3, mux % 3
    frame[pair * 16 + s] |= 1 << channel

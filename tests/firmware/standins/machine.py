"""Stand-in for MicroPython's `machine` on a desk, for CPython and the MicroPython unix port alike.

It models the board's wiring (firmware_bridge/README.md): the multiplexer select lines GP2-GP9 and
the two commons GP10/GP11 through the RP2040's SIO registers (`mem32`), buttons as input pins the
test drives, the dice UART and the buzzer PWM. Written in the subset of Python both interpreters run.
"""

SIO_BASE = 0xD0000000
GPIO_IN = SIO_BASE + 0x004
GPIO_OUT = SIO_BASE + 0x010
GPIO_OUT_SET = SIO_BASE + 0x014
GPIO_OUT_CLR = SIO_BASE + 0x018
GPIO_OUT_XOR = SIO_BASE + 0x01C


class Wiring:
    """Which reed switches are closed, the SIO output register, and counts of register accesses."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.closed = set()  # (square index, channel bit)
        self.out = 0
        self.pins = {}
        self.writes = 0
        self.reads = 0
        self.pin_calls = 0
        self.addresses = []  # select addresses seen at each GPIO_IN read, when recording
        self.recording = False

    def common(self, pin):
        s = (self.out >> 2) & 15
        t = (self.out >> 6) & 15
        mux = t + (0 if pin == 10 else 16)
        if mux >= 24:
            return 1  # an unconnected level-2 input: the pull-up wins
        pair, channel = mux // 3, mux % 3
        return 0 if (pair * 16 + s, 1 << channel) in self.closed else 1

    def level(self, number):
        if number in (10, 11):
            return self.common(number)
        pin = self.pins.get(number)
        if pin is not None and pin.mode == Pin.OUT:
            return (self.out >> number) & 1
        return pin.level if pin is not None else 0

    def gpio_in(self):
        if self.recording:
            self.addresses.append((self.out >> 2) & 0xFF)
        value = 0
        for number in range(30):
            if number in (10, 11) or number in self.pins:
                value |= self.level(number) << number
        return value


WIRING = Wiring()


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1

    def __init__(self, number, mode=-1, pull=-1, value=None):
        self.number = number
        self.mode = mode
        self.pull = pull
        self.level = 1 if pull == Pin.PULL_UP else 0  # an input's level, which a test may set
        WIRING.pins[number] = self
        if mode == Pin.OUT and value is not None:
            self.value(value)

    def value(self, v=None):
        WIRING.pin_calls += 1
        if v is None:
            return WIRING.level(self.number)
        if v:
            WIRING.out |= 1 << self.number
        else:
            WIRING.out &= ~(1 << self.number)
        return None


class _Mem32:
    def __getitem__(self, address):
        WIRING.reads += 1
        if address == GPIO_IN:
            return WIRING.gpio_in()
        if address == GPIO_OUT:
            return WIRING.out
        raise ValueError("no stand-in for address " + hex(address))

    def __setitem__(self, address, value):
        WIRING.writes += 1
        if address == GPIO_OUT_SET:
            WIRING.out |= value
        elif address == GPIO_OUT_CLR:
            WIRING.out &= ~value
        elif address == GPIO_OUT_XOR:
            WIRING.out ^= value
        elif address == GPIO_OUT:
            WIRING.out = value
        else:
            raise ValueError("no stand-in for address " + hex(address))


mem32 = _Mem32()


class UART:
    def __init__(self, index, baudrate=9600, tx=None, rx=None):
        self.rx = b""

    def any(self):
        return len(self.rx)

    def read(self):
        data = self.rx
        self.rx = b""
        return data


class PWM:
    def __init__(self, pin):
        self.duty = 0
        self.frequency = None

    def freq(self, hz):
        self.frequency = hz

    def duty_u16(self, duty):
        self.duty = duty

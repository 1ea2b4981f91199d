# Frame codec shared by the host and the MicroPython firmware: COBS framing with a
# zero delimiter and CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection,
# no final xor) over type, seq and payload. No CPython-only features: it runs on the RP2040.
# The CRC is table-driven (256 precomputed 16-bit values, one lookup per byte); on MicroPython
# the loop over the bytes is compiled by viper.

import sys
from array import array

try:
    from . import sbconst as C
except ImportError:  # MicroPython: the firmware files sit at the root of the flash
    import sbconst as C  # type: ignore[no-redef]

VIPER = sys.implementation.name == "micropython"
if VIPER:
    import micropython


def _make_table():
    table = array("H")
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table.append(crc & 0xFFFF)
    return table


_CRC_TABLE = _make_table()


def _crc16_py(data, crc=0xFFFF):
    table = _CRC_TABLE
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ table[(crc >> 8) ^ byte]
    return crc


if VIPER:
    @micropython.viper
    def _crc16_viper(data, n: int, crc: int, table) -> int:
        d = ptr8(data)  # noqa: F821
        t = ptr16(table)  # noqa: F821
        for i in range(n):
            crc = ((crc << 8) & 0xFFFF) ^ t[((crc >> 8) ^ d[i]) & 0xFF]
        return crc

    def crc16(data, crc=0xFFFF):
        """CRC-16/CCITT-FALSE of data (check value for b"123456789" is 0x29B1)."""
        return _crc16_viper(data, len(data), crc, _CRC_TABLE)
else:
    def crc16(data, crc=0xFFFF):
        """CRC-16/CCITT-FALSE of data (check value for b"123456789" is 0x29B1)."""
        return _crc16_py(data, crc)


def _cobs_encode_py(data):
    out = bytearray()
    n = len(data)
    i = 0
    while True:
        j = data.find(b"\x00", i)
        end = n if j < 0 else j
        while end - i >= 254:
            out.append(0xFF)
            out += data[i:i + 254]
            i += 254
        out.append(end - i + 1)
        out += data[i:end]
        if j < 0:
            return bytes(out)
        i = j + 1


def _cobs_decode_py(data):
    out = bytearray()
    n = len(data)
    i = 0
    while i < n:
        code = data[i]
        if code == 0:
            raise ValueError("zero byte inside a COBS frame")
        end = i + code
        if end > n:
            raise ValueError("truncated COBS block")
        out += data[i + 1:end]
        i = end
        if code != 0xFF and i < n:
            out.append(0)
    return bytes(out)


if VIPER:
    # The same two loops over the bytes, compiled: an LED frame of a mostly dark board is a COBS
    # block every byte or two, which the plain loops walk one Python iteration per block.
    @micropython.viper
    def _cobs_encode_viper(src, n: int, dst) -> int:
        s = ptr8(src)  # noqa: F821
        d = ptr8(dst)  # noqa: F821
        out = 0
        i = 0
        while True:
            j = i
            while j < n and s[j] != 0:
                j += 1
            while j - i >= 254:
                d[out] = 0xFF
                out += 1
                for k in range(254):
                    d[out + k] = s[i + k]
                out += 254
                i += 254
            d[out] = j - i + 1
            out += 1
            for k in range(j - i):
                d[out + k] = s[i + k]
            out += j - i
            if j >= n:
                return out
            i = j + 1

    @micropython.viper
    def _cobs_decode_viper(src, n: int, dst) -> int:
        """Length decoded into dst, or -1 for a zero inside the block, -2 for a truncated one."""
        s = ptr8(src)  # noqa: F821
        d = ptr8(dst)  # noqa: F821
        out = 0
        i = 0
        while i < n:
            code = s[i]
            if code == 0:
                return -1
            end = i + code
            if end > n:
                return -2
            k = i + 1
            while k < end:
                d[out] = s[k]
                out += 1
                k += 1
            i = end
            if code != 0xFF and i < n:
                d[out] = 0
                out += 1
        return out

    def cobs_encode(data):
        """COBS-encode data; the result contains no zero byte."""
        n = len(data)
        out = bytearray(n + n // 254 + 2)
        return bytes(memoryview(out)[:_cobs_encode_viper(data, n, out)])

    def cobs_decode(data):
        """Decode one COBS block (without its delimiter); ValueError if it is malformed."""
        n = len(data)
        out = bytearray(n)
        m = _cobs_decode_viper(data, n, out)
        if m < 0:
            raise ValueError("zero byte inside a COBS frame" if m == -1 else "truncated COBS block")
        return bytes(memoryview(out)[:m])
else:
    def cobs_encode(data):
        """COBS-encode data; the result contains no zero byte."""
        return _cobs_encode_py(data)

    def cobs_decode(data):
        """Decode one COBS block (without its delimiter); ValueError if it is malformed."""
        return _cobs_decode_py(data)


def encode_frame(msg_type, seq, payload=b"", crc=crc16):
    """One wire frame: COBS(type, seq, payload, crc16) + 0x00."""
    body = bytearray((msg_type & 0xFF, seq & 0xFF))
    body += payload
    value = crc(body)
    body.append(value >> 8)
    body.append(value & 0xFF)
    return cobs_encode(bytes(body)) + b"\x00"


class Deframer:
    """Incremental decoder for the firmware: feed bytes, get (type, seq, payload) tuples.

    Bad frames (COBS error, too short, too long, CRC mismatch) are counted in ``errors``
    and dropped; decoding resumes at the next zero delimiter.
    """

    def __init__(self, crc=crc16, max_encoded=C.MAX_ENCODED):
        self._buf = bytearray()
        self._crc = crc
        self._max = max_encoded
        self._skipping = False
        self.errors = 0
        self.frames = 0

    def feed(self, data):
        frames = []  # type: list[tuple[int, int, bytes]]
        view = memoryview(data)  # frames are decoded from views of data, not copies
        start = 0
        while True:
            j = data.find(b"\x00", start)
            if j < 0:
                if not self._skipping:
                    self._buf += data[start:]
                    if len(self._buf) > self._max:
                        self._buf = bytearray()
                        self._skipping = True
                        self.errors += 1
                return frames
            chunk = view[start:j]
            start = j + 1
            if self._skipping:
                self._skipping = False
                continue
            if self._buf:
                self._buf += chunk
                chunk = memoryview(self._buf)  # the buffer is then a new one: no copy
                self._buf = bytearray()
            if not chunk:
                continue
            frame = self._decode(chunk)
            if frame is None:
                self.errors += 1
            else:
                self.frames += 1
                frames.append(frame)

    def _decode(self, chunk):
        if len(chunk) > self._max:
            return None
        try:
            body = cobs_decode(chunk)
        except ValueError:
            return None
        n = len(body)
        if n < C.MIN_BODY:
            return None
        if self._crc(memoryview(body)[:n - 2]) != (body[n - 2] << 8) | body[n - 1]:
            return None
        return (body[0], body[1], body[2:n - 2])

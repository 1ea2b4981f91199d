# WS2812 LEDs under the squares, through MicroPython's built-in neopixel driver.
# The strip runs rank by rank in a serpentine: rank 1 from a to h, rank 2 from h back to a, and
# so on, so the data line never has to jump back across the board. A brightness cap keeps 128
# LEDs within what the 5 V supply can give (full white on all of them would draw about 7.7 A).


def serpentine_position(square):
    rank, file = square // 8, square % 8
    return rank * 8 + (file if rank % 2 == 0 else 7 - file)


class LedStrip:
    def __init__(self, pixels, brightness=0.25):
        self.pixels = pixels
        self.scale = int(max(0.0, min(1.0, brightness)) * 256)
        self.order = [serpentine_position(i) for i in range(128)]

    def show(self, frame):
        """frame: 384 bytes, r, g, b for each square in square order."""
        scale = self.scale
        pixels = self.pixels
        for square in range(128):
            i = square * 3
            pixels[self.order[square]] = (
                (frame[i] * scale) >> 8, (frame[i + 1] * scale) >> 8, (frame[i + 2] * scale) >> 8)
        pixels.write()

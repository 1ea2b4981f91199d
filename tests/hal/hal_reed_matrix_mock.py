"""A reed-switch matrix wired to gpiozero MockFactory pins, for the gpio backend's tests.

Row pins are MockPins that, whenever the code under test changes them, recompute every column
as the real circuit would: with a diode per switch, a pulled-up column reads low exactly when a
closed switch joins it to a row that is being driven low.
"""

from __future__ import annotations

from gpiozero.pins.mock import MockFactory, MockPin


class RowPin(MockPin):
    def __init__(self, factory, info, matrix=None):
        super().__init__(factory, info)
        self.matrix = matrix

    def _change_state(self, value):
        changed = super()._change_state(value)
        if changed and self.matrix is not None:
            self.matrix.update_columns()
        return changed


class ReedMatrixHarness:
    def __init__(self, factory: MockFactory, row_names, column_names):
        self.rows = [factory.pin(name, pin_class=RowPin, matrix=self) for name in row_names]
        self.columns = [factory.pin(name) for name in column_names]
        self.closed: set[tuple[int, int]] = set()

    def set_switch(self, row: int, column: int, closed: bool) -> None:
        (self.closed.add if closed else self.closed.discard)((row, column))
        self.update_columns()

    def update_columns(self) -> None:
        for c, column in enumerate(self.columns):
            if column.function != "input" or column.pull != "up":
                continue
            pulled_low = any(
                row.function == "output" and not row.state and (r, c) in self.closed
                for r, row in enumerate(self.rows)
            )
            if pulled_low:
                column.drive_low()
            else:
                column.drive_high()

    def switch_for(self, square_index: int, bit: int) -> tuple[int, int]:
        """Row and column of a square's channel under the backend's linear layout."""
        n = square_index * 3 + (bit.bit_length() - 1)
        return divmod(n, len(self.columns))


def states(pin) -> list[bool]:
    """Every state the pin went through, in order (compared in full, unlike assert_states)."""
    return [bool(s.state) for s in pin.states]

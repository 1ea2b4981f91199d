"""The one exception the engine raises: an action the rules do not allow, with a stable reason code."""


class Illegal(Exception):
    """reason is one of the codes in docs/reasons.md; detail is a sentence for a person."""

    def __init__(self, reason: str, detail: str):
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail

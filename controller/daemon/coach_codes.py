"""The coaches' codes: one short random code per team for each match, which a coach's phone sends with every
line it enters (docs/coach.md).

They are not game state: never journaled, never published. They live in the daemon's memory and in one file
beside the journals that only the service user may read (0600), so a restart that resumes the same match keeps
them (the phones go on working), and a new match always gets new ones.
"""
from __future__ import annotations

import contextlib
import hmac
import json
import logging
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from hal.board import TEAMS

log = logging.getLogger(__name__)

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"   # no 0/O or 1/I: read off a screen, typed on a phone
LENGTH = 8                                    # 32 ** 8: 40 bits, against a few guesses a second
FILE = "coach-codes.json"
MAX_GIVEN = 32                                # characters of a code as sent (dashes and spaces included)


@dataclass(frozen=True)
class TeamCodes:
    """The codes of one match: `match` names it (its journal file), `codes` maps each team to its code."""
    match: str
    codes: dict[str, str]

    def team_for(self, given: str) -> str | None:
        """The team whose code this is, None for none: every team's code is compared, each in constant time, so
        the time taken says nothing of how close a guess came."""
        typed = normalise(given).encode()
        found = None
        for team, code in self.codes.items():
            if hmac.compare_digest(typed, code.encode()):
                found = team
        return found

    def shown(self) -> str:
        """The codes as the referee reads them out: `red ABCD-EFGH, blue ...`."""
        return ", ".join(f"{team} {code[:4]}-{code[4:]}" for team, code in self.codes.items())


def new_codes(match: str) -> TeamCodes:
    """Fresh codes for a match, from the operating system's randomness (`secrets`), one per team, never equal."""
    while True:
        codes = {team: "".join(secrets.choice(ALPHABET) for _ in range(LENGTH)) for team in TEAMS}
        if len(set(codes.values())) == len(codes):
            return TeamCodes(match, codes)


def normalise(given: str) -> str:
    """A code as typed (any case, with or without its dash or spaces) in the form it was made in."""
    return given[:MAX_GIVEN].replace("-", "").replace(" ", "").upper()


def save(codes: TeamCodes, directory: Path) -> None:
    """Write the codes file (0600 from its creation, replaced whole); a failure is logged: the codes in memory
    still work, a restart makes new ones."""
    path = directory / FILE
    tmp = path.with_name(FILE + ".tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({"match": codes.match, "codes": codes.codes}, f)
        os.replace(tmp, path)
    except OSError as e:
        log.warning("%s: cannot keep the coaches' codes (%s); a restart will make new ones", path, e.strerror)
        with contextlib.suppress(OSError):
            tmp.unlink()


def load(directory: Path, match: str) -> TeamCodes | None:
    """The codes kept for `match`, None when the file holds none for it (another match, no file, a bad file)."""
    try:
        doc = json.loads((directory / FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(doc, dict) or doc.get("match") != match:
        return None
    codes = doc.get("codes")
    if (not isinstance(codes, dict) or set(codes) != set(TEAMS)
            or not all(isinstance(c, str) and len(c) == LENGTH and set(c) <= set(ALPHABET) for c in codes.values())):
        return None
    return TeamCodes(match, {team: codes[team] for team in TEAMS})

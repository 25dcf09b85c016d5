"""Reservations made before the day (issue 23, item 3): when one holds, and what the desk typed.

A reservation is a player's name, contact and language given ahead, so the desk
only takes the money. It holds no seat and takes no money (the cage stays the
cage), so the one deadline that always matters is the one after which the player
could not buy in anyway: the close of late registration. A director who wants
no-shows off the desk's list sooner sets a hold in hours; the reservation then
lapses at whichever comes first.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

# The short code's letters: no 0/O, 1/I/L, so a code read off a phone is typed right
# (the same alphabet as a player's page code).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
# A reservation's link is "/r/<token>/"; the token is "<tournament>-<reservation>.<signature>".
LINK_PATTERN = re.compile(r"/r/([0-9]+-[0-9]+\.[A-Za-z0-9_-]+)/?")
CODE_PATTERN = re.compile(rf"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")

Status = Literal["active", "used", "expired"]


def reservation_expires_at(made_at: datetime, hold_hours: int) -> datetime | None:
    """When a reservation made at ``made_at`` lapses by itself: ``hold_hours`` later,
    or never before late registration closes (``hold_hours`` 0)."""
    return made_at + timedelta(hours=hold_hours) if hold_hours > 0 else None


def reservation_status(*, used: bool, expires_at: datetime | None, registration_closed: bool,
                       now: datetime) -> Status:
    """Used once the desk registered it; expired once its hold ran out or late
    registration closed; active otherwise."""
    if used:
        return "used"
    if registration_closed or (expires_at is not None and now >= expires_at):
        return "expired"
    return "active"


def reservation_code(rng: random.Random) -> str:
    """A fresh six-character code (the desk checks it is not in use in the tournament)."""
    return "".join(rng.choice(CODE_ALPHABET) for _i in range(CODE_LENGTH))


@dataclass(frozen=True)
class DeskLookup:
    """What the desk's lookup field held: a scanned link's token, a short code, or a name."""

    kind: Literal["token", "code", "name", "empty"]
    value: str
    # What was typed, spaces tidied: a six-letter name ("Andrew") reads as a code too,
    # so the desk looks for both.
    text: str = ""


def desk_lookup(typed: str) -> DeskLookup:
    """Read the desk's lookup field: a scanner types the QR's whole URL (any host: the
    public address or the room's), a person types the six-character code or a name."""
    text = " ".join(typed.split())
    if not text:
        return DeskLookup("empty", "")
    if found := LINK_PATTERN.search(text):
        return DeskLookup("token", found.group(1), text)
    squeezed = text.replace(" ", "").upper()
    if CODE_PATTERN.fullmatch(squeezed):
        return DeskLookup("code", squeezed, text)
    return DeskLookup("name", text, text)

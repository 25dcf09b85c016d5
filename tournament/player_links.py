"""A player's own link and short code: what the QR on a receipt or seat card carries;
and a reservation's link, the QR the desk scans (signed the same way).

No account: the link itself is the key. It names the entry and its tournament
and is signed with the site's secret (HMAC), so it cannot be guessed from an
entry number; a Day 1 and a Day 2 entry have links of the same form. The short
code, printed beside the QR, confirms a player who looks themselves up by name.
Both are derived, never stored: a printed card stays valid.
"""

from __future__ import annotations

from django.core import signing
from django.urls import reverse
from django.utils.crypto import constant_time_compare, salted_hmac

LINK_SALT = "floorman.player-page"
# A place in the alternate line (tournament.models.line): the same form, its own key.
LINE_SALT = "floorman.line-spot"
CODE_SALT = "floorman.player-code"
# No 0/O, 1/I/L: a code read off paper is typed right.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
TOKEN_MAX_LENGTH = 80


def _signer(salt: str = LINK_SALT) -> signing.Signer:
    return signing.Signer(salt=salt, sep=".")


def player_token(*, tournament_id: int, entry_id: int) -> str:
    """The signed key of an entry's page: "<tournament>-<entry>.<signature>"."""
    return _signer().sign(f"{tournament_id}-{entry_id}")


def token_entry(token: str, *, salt: str = LINK_SALT) -> tuple[int, int] | None:
    """(tournament id, entry id) of a genuine token; None for anything else."""
    if not token or len(token) > TOKEN_MAX_LENGTH:
        return None
    try:
        value = _signer(salt).unsign(token)
    except signing.BadSignature:
        return None
    tournament_id, _sep, entry_id = value.partition("-")
    if not (tournament_id.isdigit() and entry_id.isdigit()):
        return None
    return int(tournament_id), int(entry_id)


def line_token(*, tournament_id: int, spot_id: int) -> str:
    """The signed key of a place in the alternate line: "<tournament>-<spot>.<signature>",
    signed apart from entries' (an entry's link never opens a spot, nor the reverse)."""
    return _signer(LINE_SALT).sign(f"{tournament_id}-{spot_id}")


def token_spot(token: str) -> tuple[int, int] | None:
    """(tournament id, spot id) of a genuine line token; None for anything else."""
    return token_entry(token, salt=LINE_SALT)


def line_page_path(*, tournament_id: int, spot_id: int) -> str:
    return reverse("line_page", args=[line_token(tournament_id=tournament_id,
                                                 spot_id=spot_id)])


def player_page_path(*, tournament_id: int, entry_id: int) -> str:
    return reverse("player_page", args=[player_token(tournament_id=tournament_id,
                                                     entry_id=entry_id)])


def player_code(entry_id: int) -> str:
    """The short code printed with the QR (six characters, not guessable from the entry)."""
    digest = salted_hmac(CODE_SALT, str(entry_id), algorithm="sha256").digest()
    number = int.from_bytes(digest[:8], "big")
    chars = []
    for _i in range(CODE_LENGTH):
        number, index = divmod(number, len(CODE_ALPHABET))
        chars.append(CODE_ALPHABET[index])
    return "".join(chars)


def code_matches(entry_id: int, typed: str) -> bool:
    cleaned = "".join(typed.split()).upper()
    return constant_time_compare(player_code(entry_id), cleaned)



RESERVATION_SALT = "floorman.reservation"


def _reservation_signer() -> signing.Signer:
    return signing.Signer(salt=RESERVATION_SALT, sep=".")


def reservation_token(*, tournament_id: int, reservation_id: int) -> str:
    """The signed key of a reservation's page (the QR the desk scans), in the player
    page's form: "<tournament>-<reservation>.<signature>", under a salt of its own."""
    return _reservation_signer().sign(f"{tournament_id}-{reservation_id}")


def token_reservation(token: str) -> tuple[int, int] | None:
    """(tournament id, reservation id) of a genuine reservation token; None otherwise."""
    if not token or len(token) > TOKEN_MAX_LENGTH:
        return None
    try:
        value = _reservation_signer().unsign(token)
    except signing.BadSignature:
        return None
    tournament_id, _sep, reservation_id = value.partition("-")
    if not (tournament_id.isdigit() and reservation_id.isdigit()):
        return None
    return int(tournament_id), int(reservation_id)


def reservation_page_path(*, tournament_id: int, reservation_id: int) -> str:
    return reverse("reservation_page", args=[reservation_token(
        tournament_id=tournament_id, reservation_id=reservation_id)])

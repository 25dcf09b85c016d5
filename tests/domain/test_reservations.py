"""The reservation rules (issue 23): when one lapses, and what the desk's lookup field held."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from tournament.domain.reservations import (
    CODE_ALPHABET,
    desk_lookup,
    reservation_code,
    reservation_expires_at,
    reservation_status,
)

MADE = datetime(2026, 11, 25, 18, 0, tzinfo=UTC)


def test_no_hold_means_until_late_registration_closes():
    assert reservation_expires_at(MADE, 0) is None
    assert reservation_status(used=False, expires_at=None, registration_closed=False,
                              now=MADE + timedelta(days=3)) == "active"
    assert reservation_status(used=False, expires_at=None, registration_closed=True,
                              now=MADE) == "expired"


def test_a_hold_lapses_at_its_hour_or_at_the_close_whichever_comes_first():
    expires = reservation_expires_at(MADE, 4)
    assert expires == MADE + timedelta(hours=4)
    at = {"used": False, "expires_at": expires, "registration_closed": False}
    assert reservation_status(**at, now=expires - timedelta(seconds=1)) == "active"
    assert reservation_status(**at, now=expires) == "expired"
    assert reservation_status(**at | {"registration_closed": True}, now=MADE) == "expired"


def test_used_is_used_whatever_the_clock():
    assert reservation_status(used=True, expires_at=MADE, registration_closed=True,
                              now=MADE + timedelta(days=1)) == "used"


@given(st.integers(min_value=0, max_value=2**32))
def test_codes_are_six_unambiguous_characters(seed):
    code = reservation_code(random.Random(seed))
    assert len(code) == 6 and set(code) <= set(CODE_ALPHABET)
    assert not set(code) & set("0O1IL")


def test_the_desk_reads_a_scanned_link_from_any_host():
    for typed in ("https://poker.example/r/12-345.AbC_d-9/",
                  "http://192.168.1.20:8000/r/12-345.AbC_d-9",
                  "  /r/12-345.AbC_d-9/  "):
        found = desk_lookup(typed)
        assert (found.kind, found.value) == ("token", "12-345.AbC_d-9"), typed


def test_the_desk_reads_a_code_typed_loosely_and_a_name_otherwise():
    assert (desk_lookup("abc 234").kind, desk_lookup("abc 234").value) == ("code", "ABC234")
    # A six-letter name reads as a code too; the desk looks for both.
    andrew = desk_lookup("Andrew")
    assert (andrew.kind, andrew.value, andrew.text) == ("code", "ANDREW", "Andrew")
    assert (desk_lookup("Ana  Souza").kind, desk_lookup("Ana  Souza").text) == (
        "name", "Ana Souza")
    assert desk_lookup("李").kind == "name"
    assert desk_lookup("   ").kind == "empty"

"""A name longer than a name may be is refused with a message that says so."""

from __future__ import annotations

import pytest
from django.test import Client

from tournament.models import Entry, Player

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("language", "message"), [
    ("en", "This name is too long: at most 120 characters (it has 300)."),
    ("zh-hans", "姓名过长：最多 120 个字符（当前 300 个）。"),
])
def test_a_300_character_name_is_too_long_not_missing(tournament, cashier, language, message):
    client = Client(headers={"accept-language": language})
    client.force_login(cashier)
    response = client.post(f"/t/{tournament.pk}/registration/",
                           {"name": "N" * 300, "method": "cash"}, headers={"hx-request": "true"})
    html = response.content.decode()
    assert message in html
    assert "Type the player's name or pick a player." not in html
    assert not Player.objects.exists() and not Entry.objects.exists()

"""The wall chart and the seating chart list names as people read them, in both languages."""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client

from tables.services import tables_add
from tournament.services.registration import entry_register

pytestmark = pytest.mark.django_db

NAMES = ["Zoltan Nagy", "张伟", "Émilie Roux", "Aaron Lee", "李娜", "emma Stone", "Oscar Ruiz"]
READ_ORDER = ["Aaron Lee", "Émilie Roux", "emma Stone", "李娜", "Oscar Ruiz", "张伟",
              "Zoltan Nagy"]


@pytest.fixture
def seated(tournament, director):
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    rng = random.Random(2)
    for name in NAMES:
        entry_register(actor=director, tournament_id=tournament.pk, player_name=name, rng=rng)
    return tournament


def listed(html: str) -> list[str]:
    shown = re.findall(r'<span class="name">([^<]+)</span>|<tr><td>([^<]+)</td>', html)
    return [a or b for a, b in shown if (a or b) in NAMES]


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_the_wall_chart_sorts_names_as_people_read_them(seated, director, language):
    client = Client(headers={"accept-language": language})
    client.force_login(director)
    html = client.get(f"/t/{seated.pk}/print/chart/").content.decode()
    assert listed(html) == READ_ORDER


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_the_seating_chart_by_name_sorts_as_people_read_them(seated, language):
    client = Client(headers={"accept-language": language})
    html = client.get(f"/t/{seated.pk}/chart/?view=names").content.decode()
    assert listed(html) == READ_ORDER

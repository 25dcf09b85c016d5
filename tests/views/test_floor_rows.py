"""The floor's seat rows, printed without a template loop: still escaped, complete and live."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tables.models import Table
from tables.services import tables_add
from tables.services.tables import table_set_button
from tournament.models import Entry
from tournament.services.registration import entries_import, seats_draw

from ..services.test_counts import seat_field
from .test_festival_views import client_for

pytestmark = pytest.mark.django_db


def test_a_name_is_printed_as_text_and_its_seat_opens_the_player(tournament, director, floor_user):
    import random

    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    entries_import(actor=director, tournament_id=tournament.pk,
                   names=['<img src=x onerror="alert(1)">', "Ana & Bo"])
    seats_draw(actor=director, tournament_id=tournament.pk, rng=random.Random(1))
    page = client_for(floor_user).get(reverse("floor_console", args=[tournament.pk]))
    html = page.content.decode()
    assert "<img src=x" not in html
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in html
    assert ">Ana &amp; Bo</button>" in html
    # Each seated player's button opens that player's dialog.
    for entry in Entry.objects.filter(tournament=tournament):
        url = reverse("seat_dialog", args=[tournament.pk, entry.pk])
        assert f'hx-get="{url}" hx-target="#seat-dialog" hx-swap="innerHTML" data-entry="{entry.pk}"' in html
        dialog = client_for(floor_user).get(url).content.decode()
        assert 'role="dialog"' in dialog
    # Nine seats, two taken, seven open; the forms point at this table.
    assert html.count('<li class="seat') == 9 and html.count('<li class="seat open">') == 7
    button_url = reverse("table_button", args=[tournament.pk, 1])
    assert f'action="{button_url}"' in html


def test_the_seats_show_the_button_the_blinds_and_who_is_due_next(tournament, director, floor_user):
    seat_field(tournament, director, 9)  # one full table
    table_set_button(actor=director, tournament_id=tournament.pk, table_number=1, seat=4)
    html = client_for(floor_user).get(reverse("floor_console", args=[tournament.pk])).content.decode()
    roles = dict(re.findall(r'<span class="seat-no">(\d+)</span> <button[^>]*>[^<]*</button> '
                            r'<span class="role role-\w+">(\w+)</span>', html))
    assert roles == {"4": "BTN", "5": "SB", "6": "BB", "7": "NBB"}
    assert Table.objects.get(tournament=tournament, number=1).button == 4

"""Issue 16 / issue 8 item 8: the start's moves say they were drawn before the first hand
on every screen that shows them (floor, TV, the player's seat page), in both languages."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tables.models import Move
from tables.services import tables_add
from tournament.services.clock import clock_start
from tournament.services.registration import entry_register

START_WHY = ("Balancing before the first hand: no button yet, the mover was drawn at random "
             "(house rule 9-C)")
OLD_WHY = "the button was not known"


@pytest.fixture
def started(make_tournament, director):
    t = make_tournament(seats_per_table=6, final_table_size=6)
    tables_add(actor=director, tournament_id=t.pk, count=3)
    for i in range(14):  # 6/6/2 before the start; the start moves two players
        entry_register(actor=director, tournament_id=t.pk, player_name=f"P{i:02d}")
    clock_start(tournament_id=t.pk, actor=director)
    return t


def _page(client: Client, url: str, language: str = "en") -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db
def test_every_screen_says_the_start_drew_the_mover(started, floor_user):
    move = Move.objects.filter(tournament=started, status="pending").select_related("entry").first()
    staff = Client()
    staff.force_login(floor_user)
    floor_page = _page(staff, reverse("floor_console", args=[started.pk]))
    tv = _page(Client(), reverse("clock_state", args=[started.pk]))
    seat = _page(Client(), reverse("entry_seat", args=[started.pk, move.entry.number]))
    for html in (floor_page, tv, seat):
        assert START_WHY in html and OLD_WHY not in html
    assert "BB rule" not in tv  # drawn, not the big-blind rule
    chinese = _page(Client(), reverse("entry_seat", args=[started.pk, move.entry.number]),
                    "zh-hans")
    assert "开赛前平衡" in chinese

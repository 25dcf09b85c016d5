"""Chip-count pages, end of day, bags, leaderboard and events through the client."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournament.models import AuditEvent, ChipCount, Entry, Event, Flight
from tournament.services.counts import table_counts_enter
from tournament.services.days import day_end, day_seal
from tournament.services.events import event_create, event_flight_add

from ..services.test_counts import at_table, seat_field


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_the_table_sheet_is_prefilled_with_the_last_count(tournament, floor_user, director):
    seat_field(tournament, director, 9)
    players = at_table(tournament, 1)
    table_counts_enter(actor=floor_user, tournament_id=tournament.pk, table_number=1,
                       counts={players[0].pk: 23456})
    page = client_for(floor_user).get(reverse("counts_table", args=[tournament.pk, 1]))
    html = page.content.decode()
    assert page.status_code == 200
    assert 'value="23456"' in html and players[1].player.name in html
    assert html.count('type="number"') == 9


@pytest.mark.django_db
def test_the_floor_taps_the_button_on_the_count_sheet(tournament, floor_user, director):
    from tables.models import Table

    seat_field(tournament, director, 9)
    client = client_for(floor_user)
    sheet = reverse("counts_table", args=[tournament.pk, 1])
    assert "BTN ?" in client.get(sheet).content.decode()
    tap = client.post(reverse("table_button", args=[tournament.pk, 1]),
                      {"seat": "4", "back": "counts"})
    assert tap.status_code == 302 and tap["Location"] == sheet  # back on the sheet, one tap
    html = client.get(sheet).content.decode()
    assert "BTN 4" in html and 'aria-pressed="true">4<' in html
    assert Table.objects.get(tournament=tournament, number=1).button == 4
    assert AuditEvent.objects.filter(tournament=tournament, kind="table_button_set").count() == 1
    refused = client.post(reverse("table_button", args=[tournament.pk, 1]),
                          {"seat": "99", "back": "counts"}, follow=True)
    assert refused.status_code == 200 and 'class="msg error"' in refused.content.decode()
    assert Table.objects.get(tournament=tournament, number=1).button == 4  # nothing written
    anonymous = Client().post(reverse("table_button", args=[tournament.pk, 1]),
                              {"seat": "2", "back": "counts"})
    assert anonymous.status_code in (302, 403)
    assert Table.objects.get(tournament=tournament, number=1).button == 4


@pytest.mark.django_db
def test_floor_saves_a_table_by_htmx_and_can_undo(tournament, floor_user, director):
    seat_field(tournament, director, 9)
    players = at_table(tournament, 1)
    client = client_for(floor_user)
    data = {f"chips_{e.pk}": "20000" for e in players}
    url = reverse("counts_table", args=[tournament.pk, 1])
    response = client.post(url, data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "9 counts saved" in response.content.decode()
    assert ChipCount.objects.filter(current=True).count() == 9
    event = AuditEvent.objects.get(kind="chips_counted")
    undo = client.post(reverse("counts_undo", args=[tournament.pk, event.pk]),
                       HTTP_HX_REQUEST="true")
    assert undo.status_code == 200 and "Counts taken back" in undo.content.decode()
    assert not ChipCount.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["-1", "abc", "1e5", "99999999999999999999", "0"])
def test_a_bad_count_gets_a_message_and_nothing_is_written(tournament, floor_user, director, value):
    seat_field(tournament, director, 9)
    players = at_table(tournament, 1)
    data = {f"chips_{players[0].pk}": value, f"chips_{players[1].pk}": "20000"}
    response = client_for(floor_user).post(reverse("counts_table", args=[tournament.pk, 1]), data,
                                      HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert 'class="error"' in response.content.decode()
    assert not ChipCount.objects.exists()


@pytest.mark.django_db
def test_permissions(tournament, floor_user, cashier, director):
    seat_field(tournament, director, 9)
    players = at_table(tournament, 1)
    data = {f"chips_{players[0].pk}": "20000"}
    table = reverse("counts_table", args=[tournament.pk, 1])
    assert Client().post(table, data).status_code == 403
    assert client_for(cashier).post(table, data).status_code == 403
    assert Client().get(table).status_code == 302
    end = reverse("day_action", args=[tournament.pk, "end"])
    assert client_for(floor_user).post(end, {"when": "now"}).status_code == 403
    assert Client().post(reverse("event_list"), {"name": "X"}).status_code == 403
    assert not ChipCount.objects.exists() and not Event.objects.exists()
    assert not Flight.objects.filter(status="bagging").exists()
    assert Client().get(reverse("leaderboard", args=[tournament.pk])).status_code == 200


@pytest.mark.django_db
def test_count_pages_cost_the_same_queries_at_any_field_size(make_tournament, floor_user, director):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries(players: int) -> tuple[int, ...]:
        t = make_tournament(name=f"Q{players}")
        seat_field(t, director, players)
        for n in (1, 2):
            table_counts_enter(actor=floor_user, tournament_id=t.pk, table_number=n,
                               counts={e.pk: 15000 for e in at_table(t, n)})
        out = []
        client = client_for(floor_user)
        for url in (reverse("counts_home", args=[t.pk]), reverse("counts_table", args=[t.pk, 1]),
                    reverse("leaderboard", args=[t.pk]) + "?name=Player",
                    reverse("count_report", args=[t.pk])):
            with CaptureQueriesContext(connection) as ctx:
                assert client.get(url).status_code == 200
            out.append(len(ctx.captured_queries))
        return tuple(out)

    assert queries(27) == queries(135)


@pytest.mark.django_db
def test_director_ends_the_day_players_bag_and_slips_print(tournament, floor_user, director):
    seat_field(tournament, director, 9)
    boss = client_for(director)
    assert boss.post(reverse("day_action", args=[tournament.pk, "end"]),
                     {"when": "now"}).status_code == 200
    players = at_table(tournament, 1)
    data = {f"chips_{e.pk}": str(20000) for e in players} | {
        f"bag_{e.pk}": f"A{e.seat}" for e in players}
    sheet = client_for(floor_user).post(reverse("counts_table", args=[tournament.pk, 1]), data)
    assert sheet.status_code == 200, sheet.content.decode()
    sealed = boss.post(reverse("day_action", args=[tournament.pk, "seal"]))
    assert "The flight is bagged." in sealed.content.decode()
    assert 'data-tournament-status>Bagged' in sealed.content.decode()
    slips = boss.get(reverse("bag_slips", args=[tournament.pk])).content.decode()
    assert slips.count('class="slip"') == 9 and "A1" in slips and "20,000" in slips
    report = boss.get(reverse("count_report", args=[tournament.pk])).content.decode()
    assert "180,000" in report


@pytest.mark.django_db
def test_leaderboard_and_own_rank(tournament, floor_user, director):
    seat_field(tournament, director, 9)
    players = at_table(tournament, 1)
    table_counts_enter(actor=floor_user, tournament_id=tournament.pk, table_number=1,
                       counts={e.pk: 10000 + e.number for e in players})
    html = Client().get(reverse("leaderboard", args=[tournament.pk])).content.decode()
    assert html.index("Player 0008") < html.index("Player 0000")
    found = Client().get(reverse("leaderboard", args=[tournament.pk]), {"name": "0000"},
                         HTTP_HX_REQUEST="true").content.decode()
    assert 'data-rank="9"' in found and "Player 0001" not in found


@pytest.mark.django_db
def test_director_draws_day2_and_a_player_finds_the_seat(make_tournament, director, floor_user):
    event = event_create(actor=director, name="Main")
    for name in ("1A", "1B"):
        t = make_tournament(name=name)
        event_flight_add(actor=director, event_id=event.pk, tournament_id=t.pk)
        seat_field(t, director, 9)
        day_end(actor=director, tournament_id=t.pk)
        players = at_table(t, 1)
        table_counts_enter(actor=floor_user, tournament_id=t.pk, table_number=1,
                           counts={e.pk: 20000 for e in players},
                           bags={e.pk: f"{name}-{e.seat}" for e in players})
        day_seal(actor=director, tournament_id=t.pk)
    page = client_for(director).get(reverse("event_detail", args=[event.pk])).content.decode()
    assert "Draw Day 2" in page
    flights = list(event.tournaments.values_list("pk", flat=True))
    response = client_for(director).post(reverse("event_action", args=[event.pk, "day2"]),
                                         {"flights": flights})
    assert response.status_code == 302
    event.refresh_from_db()
    assert Entry.objects.filter(tournament=event.day2, status="seated").count() == 18
    found = Client().get(reverse("event_seat_lookup", args=[event.pk]),
                         {"name": "Player 0003"}).content.decode()
    assert found.count("data-table") == 2  # one per flight the name played
    # As on the tournament's seat lookup: a typo still finds the player, with queries
    # that do not grow with the field.
    near = Client().get(reverse("event_seat_lookup", args=[event.pk]),
                        {"name": "Plaeyr 0003"}).content.decode()
    assert near.count("data-table") >= 2 and "Player 0003" in near
    again = client_for(director).post(reverse("event_action", args=[event.pk, "day2"]),
                                      {"flights": flights})
    assert again.status_code == 400 and "drawn already" in again.content.decode()
    withdraw = client_for(director).post(reverse("event_action", args=[event.pk, "withdraw"]))
    assert withdraw.status_code == 302
    event.refresh_from_db()
    assert event.day2_id is None
    assert client_for(floor_user).post(reverse("event_action", args=[event.pk, "day2"]),
                                  {"flights": flights}).status_code == 403


@pytest.mark.django_db
def test_the_seat_page_shows_the_players_rank_and_the_console_the_leaders(tournament, floor_user,
                                                                         director):
    seat_field(tournament, director, 9)
    players = at_table(tournament, 1)
    table_counts_enter(actor=floor_user, tournament_id=tournament.pk, table_number=1,
                       counts={e.pk: 10000 + e.number for e in players})
    last = max(players, key=lambda e: e.number)
    seat = Client().get(reverse("entry_seat", args=[tournament.pk, last.number])).content.decode()
    assert "rank 1 of 9" in seat
    console = client_for(director).get(reverse("tournament_console", args=[tournament.pk]))
    assert last.player.name in console.content.decode().split("data-console-stacks")[1]


@pytest.mark.django_db
def test_the_count_page_remembers_the_section_on_this_device(tournament, floor_user, director):
    seat_field(tournament, director, 36)
    client = client_for(floor_user)
    page = client.get(reverse("counts_home", args=[tournament.pk]), {"first": 2, "last": 3})
    assert page.content.decode().count("data-table=") == 2
    again = client.get(reverse("counts_home", args=[tournament.pk])).content.decode()
    assert 'data-table="2"' in again and 'data-table="4"' not in again
    assert reverse("counts_table", args=[tournament.pk, 3]) in again


@pytest.mark.django_db
def test_a_new_flight_copies_the_first(make_tournament, director):
    from tournament.models import Tournament

    event = event_create(actor=director, name="Main")
    first = make_tournament(name="1A", starting_stack=30000, buy_in=400)
    event_flight_add(actor=director, event_id=event.pk, tournament_id=first.pk)
    response = client_for(director).post(reverse("event_action", args=[event.pk, "new-flight"]),
                                         {"name": "1B"})
    assert response.status_code == 302
    second = Tournament.objects.get(name="1B")
    assert (second.event_id, second.starting_stack, second.buy_in) == (event.pk, 30000, 400)
    assert second.structure.levels.count() == first.structure.levels.count()
    bad = client_for(director).post(reverse("event_action", args=[event.pk, "new-flight"]),
                                    {"name": " "})
    assert bad.status_code == 400 and "needs a name" in bad.content.decode()

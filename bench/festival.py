"""The festival at size: counting a table, ending a day, drawing Day 2.

Prints, at 50 and 5,000 players on nine-seat tables:
- entering one table's counts (the service, and the page's POST): time, SQL queries;
- the chip-count page, one table's sheet and the public leaderboard: bytes, queries, time;
then ending a 5,000-player day with 2,000 survivors (end, bag every table, seal,
the report by table), drawing a Day 2 from three flights of 5,000 + 5,000 +
3,000 entries with about 1,500 bags (100 players bagging twice), and a bust in a
5,000-entry Day 1 flight once the event (10,000 entries, 1,500 paid) is in the
money, beside the same bust just before the money.

    .venv/bin/python bench/festival.py          # everything
    .venv/bin/python bench/festival.py money    # the Day 1 money figures only
"""

import os
import random
import statistics
import sys
import time

from _django import setup_django

os.environ.setdefault("FLOORMAN_PLAIN_STATIC", "1")  # no collectstatic manifest here

setup_django()

from django.contrib.auth.models import User  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import reverse  # noqa: E402

from tables.services import busts, floor, tables_add  # noqa: E402
from tournament.domain.structures import template_levels  # noqa: E402
from tournament.models import ChipCount, Entry, Flight  # noqa: E402
from tournament.services import counts, days, events  # noqa: E402
from tournament.services.event_places import day1_standing  # noqa: E402
from tournament.services.registration import entries_import, seats_draw  # noqa: E402
from tournament.services.tournaments import tournament_create  # noqa: E402

CHIPS = [25, 100, 500, 1000, 5000, 25000]


def flight(name: str, players: int, *, seat: bool = True):
    t = tournament_create(actor=None, values={"name": name, "seats_per_table": 9,
                                              "chip_set": CHIPS},
                          levels=template_levels("regular"))
    if seat:
        tables_add(actor=None, tournament_id=t.pk, count=-(-players // 9))
    entries_import(actor=None, tournament_id=t.pk, names=[f"{name} P{i}" for i in range(players)])
    if seat:
        seats_draw(actor=None, tournament_id=t.pk, rng=random.Random(1))
    return t


def timed(call, repeat: int = 1):
    times, queries, result = [], 0, None
    for _ in range(repeat):
        connection.queries_log.clear()  # the log keeps 9,000 queries; count from empty
        with CaptureQueriesContext(connection) as ctx:
            start = time.perf_counter()
            result = call()
            times.append(time.perf_counter() - start)
        queries = len(ctx.captured_queries)
    return statistics.median(times) * 1000, queries, result


def table_of(t, number):
    return list(Entry.objects.filter(tournament=t, table__number=number, status="seated")
                .values_list("pk", flat=True))


def pages(players: int, client: Client) -> None:
    t = flight(f"F{players}", players)
    ids = table_of(t, 1)
    ms, q, _ = timed(lambda: counts.table_counts_enter(
        actor=None, tournament_id=t.pk, table_number=1, counts={i: 20000 for i in ids}), 5)
    print(f"  {players:>5} players  enter a table's counts (service): {ms:6.1f} ms, {q} queries")
    url = reverse("counts_table", args=[t.pk, 2])
    data = {f"chips_{i}": "20000" for i in table_of(t, 2)}
    ms, q, response = timed(lambda: client.post(url, data, HTTP_HX_REQUEST="true"), 5)
    assert response.status_code == 200, response.content[:300]
    print(f"  {players:>5} players  POST a table's counts (page):      {ms:6.1f} ms, {q} queries")
    for label, url in (("chip-count page", reverse("counts_home", args=[t.pk])),
                       ("one table's sheet", reverse("counts_table", args=[t.pk, 3])),
                       ("public leaderboard", reverse("leaderboard", args=[t.pk])),
                       ("leaderboard search", reverse("leaderboard", args=[t.pk]) + "?name=P1")):
        ms, q, response = timed(lambda url=url: client.get(url), 5)
        assert response.status_code == 200
        print(f"  {players:>5} players  {label:<20} {len(response.content):>8} bytes "
              f"{ms:6.1f} ms, {q} queries")


def end_of_day(client: Client) -> None:
    t = flight("Day 1A", 5000)
    live = list(Entry.objects.filter(tournament=t, status="seated").values_list("pk", flat=True))
    random.Random(3).shuffle(live)
    out = live[:3000]
    # Set-up, not measured: 3,000 busts written at once (places 5,000 down to 2,001).
    Entry.objects.filter(pk__in=out).update(status="busted", table=None, seat=None)
    for place, pk in enumerate(out, start=2001):
        Entry.objects.filter(pk=pk).update(finish_place=place)
    ms, q, _ = timed(lambda: days.day_end(actor=None, tournament_id=t.pk))
    print(f"  end the day (5,000 entries, 2,000 left): {ms:.1f} ms, {q} queries")
    tables = sorted(set(Entry.objects.filter(tournament=t, status="seated")
                        .values_list("table__number", flat=True)))
    per_table, total_q = [], 0
    start = time.perf_counter()
    for number in tables:
        rows = Entry.objects.filter(tournament=t, table__number=number, status="seated"
                                    ).values_list("pk", "number")
        ms, q, _ = timed(lambda rows=rows, number=number: counts.table_counts_enter(
            actor=None, tournament_id=t.pk, table_number=number,
            counts={pk: 40000 for pk, _n in rows}, bags={pk: f"A{n}" for pk, n in rows}))
        per_table.append(ms)
        total_q = max(total_q, q)
    total = time.perf_counter() - start
    print(f"  bag {len(tables)} tables: {total:.1f} s in all, median {statistics.median(per_table):.1f}"
          f" ms per table, at most {total_q} queries per table")
    ms, q, _ = timed(lambda: days.day_seal(actor=None, tournament_id=t.pk))
    print(f"  seal the bags: {ms:.1f} ms, {q} queries")
    for label, url in (("count report by table", reverse("count_report", args=[t.pk])),
                       ("bag slips", reverse("bag_slips", args=[t.pk]))):
        ms, q, response = timed(lambda url=url: client.get(url))
        print(f"  {label:<22} {len(response.content):>9} bytes {ms:6.1f} ms, {q} queries")


def day2() -> None:
    event = events.event_create(actor=None, name="Main Event")
    sizes = (5000, 5000, 3000)
    survivors = (600, 600, 300)
    flights = []
    for i, (size, left) in enumerate(zip(sizes, survivors, strict=True)):
        t = flight(f"Day 1{'ABC'[i]}", size, seat=False)
        events.event_flight_add(actor=None, event_id=event.pk, tournament_id=t.pk)
        ids = list(Entry.objects.filter(tournament=t).order_by("number")
                   .values_list("pk", "player_id"))
        Entry.objects.filter(pk__in=[pk for pk, _p in ids[left:]]).update(status="busted")
        flights.append((t, ids[:left]))
    # 100 players of flight A bag again in flight B: the best bag only advances.
    a_players = [p for _pk, p in flights[0][1][:100]]
    for (pk, _p), player in zip(flights[1][1][:100], a_players, strict=True):
        Entry.objects.filter(pk=pk).update(player_id=player)
    rng = random.Random(4)
    for t, ids in flights:
        counts.write_counts(tournament=t, actor=None, level_index=12, rows={
            pk: (rng.randrange(5000, 200000), f"{t.name[-1]}{n}") for n, (pk, _p) in enumerate(ids)})
        Flight.objects.filter(tournament=t).update(status="bagged", ended_level=12)
    ms, q, day = timed(lambda: events.day2_create(actor=None, event_id=event.pk,
                                                  rng=random.Random(5)))
    seated = Entry.objects.filter(tournament=day, status="seated").count()
    tables = len(set(Entry.objects.filter(tournament=day).values_list("table_id", flat=True)))
    print(f"  draw Day 2 from 5,000 + 5,000 + 3,000 entries, ~1,500 bags: {ms:.1f} ms, {q} queries;"
          f" {seated} seated at {tables} tables, {ChipCount.objects.filter(tournament=day).count()}"
          " carried counts")


def day1_money() -> None:
    """Flight A bagged 400 of 5,000; flight B plays on with 5,000 entries, ~1,100 still in."""
    event = events.event_create(actor=None, name="Money on Day 1")
    a = flight("Day 1A", 5000, seat=False)
    events.event_flight_add(actor=None, event_id=event.pk, tournament_id=a.pk)
    ids = list(Entry.objects.filter(tournament=a).order_by("number").values_list("pk", flat=True))
    Entry.objects.filter(pk__in=ids[400:]).update(status="busted")
    counts.write_counts(tournament=a, actor=None, level_index=12,
                        rows={pk: (50000, f"A{n}") for n, pk in enumerate(ids[:400])})
    Flight.objects.filter(tournament=a).update(status="bagged", ended_level=12)
    b = tournament_create(actor=None, values={"name": "Day 1B", "seats_per_table": 9,
                                              "chip_set": CHIPS},
                          levels=template_levels("regular"))
    events.event_flight_add(actor=None, event_id=event.pk, tournament_id=b.pk)
    b.refresh_from_db()
    entries_import(actor=None, tournament_id=b.pk, names=[f"B P{i}" for i in range(5000)])
    ids = list(Entry.objects.filter(tournament=b).order_by("number").values_list("pk", flat=True))
    # Set-up, not measured: 3,898 out before the money (no place), 1,102 seated on 123 tables.
    Entry.objects.filter(pk__in=ids[1102:]).update(status="busted")
    tables_add(actor=None, tournament_id=b.pk, count=123)  # seats the waiting list
    seated = iter(Entry.objects.filter(tournament=b, status="seated").order_by("number")
                  .values_list("pk", flat=True)[:13])

    def bust():
        return busts.entry_bust(actor=None, tournament_id=b.pk, entry_id=next(seated),
                                rng=random.Random(2))

    # 400 bags + 1,102 = 1,502 still in for 1,500 places: two busts before the money.
    for label in ("before the money (1,502 still in)", "before the money (1,501 still in)"):
        ms, q, result = timed(bust)
        assert result.place is None
        print(f"  bust in a 5,000-entry flight {label}: {ms:.1f} ms, {q} queries")
    times, queries, places = [], set(), []
    for _ in range(10):
        ms, q, result = timed(bust)
        times.append(ms)
        queries.add(q)
        places.append(result.place)
    assert places == list(range(1500, 1490, -1)), places
    print(f"  bust in the money (places 1,500 to 1,491, event-wide): median "
          f"{statistics.median(times):.1f} ms, {sorted(queries)} queries")
    # The share of the event's place in it: the places paid and the count over the event.
    entry = Entry.objects.get(pk=next(seated))
    ms, q, _ = timed(lambda: day1_standing(event=event, entry=entry, paid=floor.places_paid(b),
                                           hand_for_hand=False), 5)
    print(f"  of which the event's count and places paid: {ms:.1f} ms, {q} queries")


def main() -> None:
    if sys.argv[1:] == ["money"]:  # only the Day 1 money figures
        print("Money reached on Day 1")
        day1_money()
        return
    User.objects.create_superuser("bench", password="pw")
    client = Client()
    client.force_login(User.objects.get(username="bench"))
    print("Chip counts")
    for players in (50, 5000):
        pages(players, client)
    print("End of day")
    end_of_day(client)
    print("Day 2")
    day2()
    print("Money reached on Day 1")
    day1_money()


if __name__ == "__main__":
    main()

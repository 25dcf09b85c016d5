"""One hostile value in an otherwise valid form: never a server error, and a refusal writes
nothing.

tests/deploy/test_fuzz.py puts a hostile value in every field at once, so a form with
several fields is refused before any service runs. Here each form starts from a
submission the site accepts (checked first), and one field at a time takes each hostile
value. Every request runs in a savepoint rolled back afterwards, so each one starts from
the same valid state. Runs on SQLite and, in the PostgreSQL leg, on PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse

from tests.deploy.test_fuzz import HOSTILE
from tests.views.test_bounded_inputs import settings_data
from tests.views.test_live_floor import seat_field

pytestmark = pytest.mark.django_db


def _tournament_edit(make_tournament, director):
    t = make_tournament()
    return reverse("tournament_edit", args=[t.pk]), settings_data(t) | {"buy_in": "150"}


def _tournament_create(make_tournament, director):
    from tournament.models import Structure
    from tournament.services.structures import ensure_builtin_templates

    ensure_builtin_templates()
    template = Structure.objects.get(is_template=True, name="Turbo")
    return reverse("tournament_create"), {
        "name": "Main Event", "template": template.pk, "game": "nlhe",
        "rulebook_edition": "house", "seats_per_table": "9", "final_table_size": "9",
        "starting_stack": "20000", "buy_in": "100", "fee": "10", "re_entry_allowed": "on",
        "re_entry_limit": "2", "rebuy_allowed": "on", "rebuy_amount": "100",
        "rebuy_chips": "20000", "addon_amount": "0", "addon_chips": "0", "bounty": "0",
        "late_reg_end_level": "6", "chip_set": "25 100 500 1000 5000 25000",
        "guarantee": "10000", "payout_unit": "5", "payout_percentages": "50 30 20",
        "balance_tolerance": "1", "balance_tight_at_tables": "0", "hand_for_hand_at": "0",
        "button_fresh_minutes": "30", "scheduled_start": "2030-05-01T19:30", "tables": "2"}


def _structure_generator(make_tournament, director):
    from tournament.services.structures import ensure_builtin_templates

    ensure_builtin_templates()  # the page adds them when missing
    return reverse("structure_list"), {
        "name": "Sunday Special", "starting_stack": "20000", "target_minutes": "360",
        "level_minutes": "20", "chip_set": "25 100 500 1000 5000", "ante_from_level": "4",
        "ante_type": "bba", "break_every_minutes": "120", "command": "save"}


def _structure_editor(make_tournament, director):
    from tournament.forms.tournaments import LevelForm
    from tournament.services.structures import level_specs

    t = make_tournament()
    specs = level_specs(t.structure_id)
    data: dict[str, Any] = {"levels-TOTAL_FORMS": str(len(specs)),
                            "levels-INITIAL_FORMS": str(len(specs)), "command": "save"}
    for i, spec in enumerate(specs):
        for name, value in LevelForm.initial_from(spec).items():
            data[f"levels-{i}-{name}"] = (" ".join(map(str, value)) if isinstance(value, list)
                                          else str(value))
    return reverse("structure_editor", args=[t.pk]), data


def _announcement(make_tournament, director):
    t = make_tournament()
    return reverse("clock_announce", args=[t.pk]), {"text": "Dinner at 8", "minutes": "15"}


def _event(make_tournament, director):
    from tournament.services.events import event_create, event_flight_add

    event = event_create(actor=director, name="Main")
    event_flight_add(actor=director, event_id=event.pk,
                     tournament_id=make_tournament(name="1A").pk)
    return event


def _event_settings(make_tournament, director):
    event = _event(make_tournament, director)
    return reverse("event_action", args=[event.pk, "settings"]), {
        "name": "Main Event", "advance_rule": "best", "day2_late_registration": "on"}


def _new_flight(make_tournament, director):
    event = _event(make_tournament, director)
    return reverse("event_action", args=[event.pk, "new-flight"]), {"name": "1B"}


def _league(make_tournament, director):
    t = make_tournament()
    return reverse("league_create"), {
        "name": "Winter League", "scoring": "table", "points_table": "100 70 50",
        "multiplier": "10", "tournaments": str(t.pk), "preview_entries": "50",
        "preview_buy_in": "100"}


def _webhook(make_tournament, director):
    t = make_tournament()
    return reverse("webhooks", args=[t.pk]), {"url": "https://hooks.example.com/floor",
                                              "events": "bust"}


def _chips_removed(make_tournament, director):
    t = make_tournament()
    return reverse("chips_removed", args=[t.pk]), {"chips": "500", "note": "25s gone"}


def _tables_add(make_tournament, director):
    t = make_tournament()
    return reverse("tables_add", args=[t.pk]), {"count": "2", "capacity": "9"}


def _break_order(make_tournament, director):
    from tables.services import tables_add

    t = make_tournament()
    tables_add(actor=director, tournament_id=t.pk, count=2)
    return reverse("table_break_order", args=[t.pk, 1]), {"break_order": "3"}


def _move_done(make_tournament, director):
    from tables.models import Move
    from tables.services import busts

    t = make_tournament()
    entries = seat_field(t, director, 20, 3)
    for entry in entries[:3]:  # a break leaves moves to make
        busts.entry_bust(actor=director, tournament_id=t.pk, entry_id=entry.pk)
    move = Move.objects.filter(tournament=t, status="pending").select_related("to_table").first()
    return reverse("move_done", args=[t.pk, move.pk]), {
        "expected_to_table": str(move.to_table.number), "expected_to_seat": str(move.to_seat)}


def rows_written() -> int:
    """Rows this connection has inserted, updated or deleted so far (rolled back or not):
    a counter that only grows, and costs one query (a digest of every table costs one
    query per table)."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0) "
                           "FROM pg_stat_xact_user_tables")
        else:
            cursor.execute("SELECT total_changes()")
        return int(cursor.fetchone()[0])


CASES: dict[str, Callable] = {
    "tournament settings": _tournament_edit, "new tournament": _tournament_create,
    "structure generator": _structure_generator, "structure editor": _structure_editor,
    "announcement": _announcement, "event settings": _event_settings,
    "new flight": _new_flight, "league": _league, "webhook": _webhook,
    "colour-up": _chips_removed, "tables added": _tables_add, "break order": _break_order,
    "move done": _move_done,
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_one_hostile_field_in_a_valid_form(case, make_tournament, director):
    url, valid = CASES[case](make_tournament, director)
    client = Client(raise_request_exception=False)
    client.force_login(director)
    failures: list[str] = []

    def send(data: dict, what: str) -> tuple[int, int]:
        """The response's status and the rows it wrote (rolled back afterwards)."""
        with transaction.atomic():
            before = rows_written()
            response = client.post(url, data)
            status = response.status_code
            written = 0
            if status >= 500:
                failures.append(f"{what}: {status}")
            else:
                written = rows_written() - before
                if status >= 400 and written:
                    failures.append(f"{what}: refused ({status}) but wrote {written} rows")
            transaction.set_rollback(True)
        return status, written

    # The starting point is a submission the site accepts and that writes (else every
    # variation below would be refused for the wrong reason).
    status, written = send(valid, "the valid form")
    assert status < 400 and written > 0
    assert not failures
    tried = refused = 0
    for field in valid:
        for value in HOSTILE:
            label = repr(value[:20]) + (f"… ({len(value)} chars)" if len(value) > 20 else "")
            status, _written = send(valid | {field: value}, f"{field} = {label}")
            tried += 1
            refused += status >= 400
    print(f"{case}: {tried} requests, {refused} refused")
    assert refused > 0
    assert not failures, "\n".join(failures[:40])


def post_rolled_back(client: Client, url: str, data: dict) -> tuple[int, int]:
    """The response's status and the rows it wrote, rolled back afterwards."""
    with transaction.atomic():
        before = rows_written()
        status = client.post(url, data).status_code
        written = rows_written() - before
        transaction.set_rollback(True)
    return status, written


# Money and chips (issue 21 item 4): 64-bit columns, bounded at 10**15 in every form.
AMOUNT_FIELDS = {
    "tournament settings": ["starting_stack", "buy_in", "fee", "rebuy_amount", "rebuy_chips",
                            "addon_amount", "addon_chips", "bounty", "guarantee", "payout_unit"],
    "new tournament": ["starting_stack", "buy_in", "fee", "rebuy_amount", "rebuy_chips",
                       "guarantee", "payout_unit"],
    "colour-up": ["chips"],
    "league": ["preview_buy_in"],
}


@pytest.mark.parametrize(("case", "field"), [(case, field) for case, fields in
                                             sorted(AMOUNT_FIELDS.items()) for field in fields])
def test_money_and_chips_up_to_the_bound_are_taken_and_above_it_refused(case, field,
                                                                        make_tournament, director):
    url, valid = CASES[case](make_tournament, director)
    client = Client(raise_request_exception=False)
    client.force_login(director)
    # Past 32 bits (what PostgreSQL's integer held) and the bound itself: taken.
    for value in (2**31, 3_000_000_000, 10**15):
        status, written = post_rolled_back(client, url, valid | {field: str(value)})
        assert status < 400 and written > 0, f"{field} = {value:,}: {status}"
    # Above the bound, and past 64 bits: refused, nothing written.
    for value in (10**15 + 1, 2**63, 10**30):
        assert post_rolled_back(client, url, valid | {field: str(value)}) == (400, 0), \
            f"{field} = {value:,}"

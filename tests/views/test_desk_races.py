"""The desk under a double tap: identical registrations sent at once (issue 22.5).

Real requests in threads against a real database (each thread its own connection), as
tests/services/test_registration.py races the service; run on SQLite and PostgreSQL.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connections
from django.test import Client
from django.urls import reverse

from tables.services import tables_add
from tournament.models import Entry, Payment, Player

REQUESTS = 10


@pytest.mark.django_db(transaction=True)
def test_ten_identical_registrations_at_once_make_one_entry(tournament, director, cashier):
    """The look-alike check and the write are one locked step: the first request registers
    Ada, every other one is asked whether she is the same person (409), none pays twice."""
    tables_add(actor=director, tournament_id=tournament.pk, count=2)
    url = reverse("registration_desk", args=[tournament.pk])
    clients = []
    for _ in range(REQUESTS):
        client = Client()
        client.force_login(cashier)
        clients.append(client)
    start = threading.Barrier(REQUESTS)
    statuses: list[int] = []
    errors: list[BaseException] = []

    def post(client: Client) -> None:
        try:
            start.wait(timeout=30)
            response = client.post(url, {"name": "Ada Lovelace", "method": "cash"})
            statuses.append(response.status_code)
        except BaseException as exc:  # noqa: BLE001 - surfaced below
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post, args=(client,)) for client in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert errors == []
    assert sorted(statuses) == [200] + [409] * (REQUESTS - 1)
    assert Player.objects.filter(name="Ada Lovelace").count() == 1
    assert Entry.objects.filter(tournament=tournament).count() == 1
    assert Payment.objects.filter(tournament=tournament).count() == 1

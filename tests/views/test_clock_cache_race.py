"""A poll that raced a change never puts the old screen back in the cache.

The race: a screen's poll reads the database just before a change commits,
the change drops the cached partial and snapshot on commit, and the poll then
stores what it built from the old rows. Without a guard every screen would
show the old figures (a running clock after a pause) until the next change.
"""

from __future__ import annotations

from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tables.services import tables_add
from tournament.runtime.cache import partial_key, snapshot_key
from tournament.services.registration import entry_register


def players_shown(poll) -> str:
    html = poll.content.decode()
    start = html.index('data-stat="players">') + len('data-stat="players">')
    return html[start:html.index("<", start)]


def test_a_partial_built_before_a_change_and_stored_after_it_is_not_served(
        tournament, director, django_capture_on_commit_callbacks):
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    entry_register(actor=director, tournament_id=tournament.pk, player_name="First")
    url = reverse("clock_state", args=[tournament.pk])
    assert players_shown(Client().get(url)) == "1 / 1"
    # What the racing poll built from the old rows, stored after the change's drop.
    raced = {key: cache.get(key) for key in (partial_key(tournament.pk, "en"),
                                              snapshot_key(tournament.pk))}
    with django_capture_on_commit_callbacks(execute=True):  # the change drops the screens
        entry_register(actor=director, tournament_id=tournament.pk, player_name="Second")
    cache.set_many(raced)

    assert players_shown(Client().get(url)) == "2 / 2"
    phone = Client().get(reverse("clock_phone", args=[tournament.pk]))
    assert players_shown(phone) == "2 / 2"


def test_an_unchanged_poll_still_costs_no_query(tournament, director, django_assert_num_queries):
    tables_add(actor=director, tournament_id=tournament.pk, count=1)
    entry_register(actor=director, tournament_id=tournament.pk, player_name="First")
    url = reverse("clock_state", args=[tournament.pk])
    Client().get(url)
    with django_assert_num_queries(0):
        assert players_shown(Client().get(url)) == "1 / 1"

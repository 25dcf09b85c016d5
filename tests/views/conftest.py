"""Fixtures shared by the view tests (a module may define its own of the same name)."""

from __future__ import annotations

import pytest

from tables.services import tables_add
from tournament.services.clock import clock_start
from tournament.services.registration import entry_register


@pytest.fixture
def running(tournament, director, django_capture_on_commit_callbacks):
    """A tournament whose clock runs, with one player seated at one table."""
    with django_capture_on_commit_callbacks(execute=True):
        tables_add(actor=director, tournament_id=tournament.pk, count=1)
        entry_register(actor=director, tournament_id=tournament.pk, player_name="First")
        clock_start(tournament_id=tournament.pk, actor=director)
    return tournament

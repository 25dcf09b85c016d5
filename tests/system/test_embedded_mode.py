"""Embedded mode (no Redis, tasks in process): level starts are recorded when the clock is read.

Nothing runs in the background, so a passed level boundary is written to the
audit log by the first screen that polls the clock afterwards, stamped with the
instant the level began, and only once however many screens poll.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse

from tests.conftest import play
from tournament.models import AuditEvent
from tournament.services.clock import clock_start

T0 = datetime(2026, 11, 22, 18, 0, tzinfo=UTC)
MINUTE = timedelta(minutes=1)
LEVELS = (play(100, 200, 1), play(200, 400, 1), play(300, 600, 1), play(400, 800, 1))

pytestmark = [pytest.mark.system, pytest.mark.django_db(transaction=True)]


def events(tournament, kind):
    return list(
        AuditEvent.objects.filter(tournament=tournament, kind=kind)
        .order_by("id")
        .values_list("payload", "created_at")
    )


@pytest.fixture
def embedded(settings, monkeypatch):
    settings.FULL_MODE = False
    settings.CELERY_TASK_ALWAYS_EAGER = True
    from tournament.tasks import clock as tasks

    enqueued = []
    monkeypatch.setattr(tasks.clock_boundary, "apply_async",
                        lambda *args, **kwargs: enqueued.append((args, kwargs)))
    return enqueued


def test_a_passed_level_start_is_recorded_once_by_the_first_read(
    embedded, client, make_tournament, director, time_machine
):
    time_machine.move_to(T0, tick=False)
    tournament = make_tournament(levels=LEVELS, late_reg_end_level=2)
    clock_start(tournament_id=tournament.pk, actor=director)
    state_url = reverse("clock_state", args=[tournament.pk])
    tv_url = reverse("clock_tv", args=[tournament.pk])
    assert client.get(state_url).status_code == 200

    # Two and a half levels pass with nobody looking: nothing is written meanwhile.
    time_machine.move_to(T0 + 2.5 * MINUTE, tick=False)
    assert events(tournament, "level_started") == []

    response = client.get(state_url)
    assert response.status_code == 200
    assert response["X-Server-Time"] == f"{(T0 + 2.5 * MINUTE).timestamp() * 1000:.0f}"
    started = events(tournament, "level_started")
    assert [(p["level_index"], p["small_blind"], p["big_blind"]) for p, _at in started] == [
        (1, 200, 400), (2, 300, 600),
    ]
    # Stamped when each level began, not when somebody happened to look.
    assert [at for _p, at in started] == [T0 + MINUTE, T0 + 2 * MINUTE]
    # Late registration closed at the end of level 2.
    assert [at for _p, at in events(tournament, "late_registration_closed")] == [T0 + 2 * MINUTE]

    # More screens poll, and the TV loads: no duplicate, and the TV shows level 3.
    for _ in range(3):
        assert client.get(state_url).status_code == 200
    tv = client.get(tv_url)
    assert tv.status_code == 200
    assert 'data-clock="level-name">Level 3<' in tv.content.decode()
    assert len(events(tournament, "level_started")) == 2
    assert len(events(tournament, "late_registration_closed")) == 1

    # The next level's start is written by the next read after it, once.
    time_machine.move_to(T0 + 3 * MINUTE + timedelta(seconds=1), tick=False)
    assert client.get(tv_url).status_code == 200
    assert client.get(state_url).status_code == 200
    started = events(tournament, "level_started")
    assert [(p["level_index"], at) for p, at in started][-1] == (3, T0 + 3 * MINUTE)
    assert len(started) == 3

    # No Celery task was ever queued: the embedded mode needs no worker.
    assert embedded == []


def test_a_paused_clock_records_nothing_more(embedded, client, make_tournament, director,
                                             time_machine):
    from tournament.services.clock import clock_pause

    time_machine.move_to(T0, tick=False)
    tournament = make_tournament(levels=LEVELS)
    clock_start(tournament_id=tournament.pk, actor=director)
    time_machine.move_to(T0 + 0.5 * MINUTE, tick=False)
    clock_pause(tournament_id=tournament.pk, actor=director)
    time_machine.move_to(T0 + 10 * MINUTE, tick=False)
    response = client.get(reverse("clock_tv", args=[tournament.pk]))
    assert 'data-clock="status">Paused<' in response.content.decode()
    assert client.get(reverse("clock_state", args=[tournament.pk])).status_code == 200
    assert events(tournament, "level_started") == []

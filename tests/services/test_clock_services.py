"""Clock actions: each re-anchors, is audited, and survives a restart."""

from datetime import UTC, datetime, timedelta

import pytest

from tournament.models import AuditEvent, Clock
from tournament.selectors.clock import clock_snapshot, reading_of
from tournament.services import clock as svc
from tournament.services.base import ServiceError

T0 = datetime(2026, 11, 22, 18, 0, tzinfo=UTC)


def reading(tournament_id):
    clock = Clock.objects.get(tournament_id=tournament_id)
    levels = svc.tournament_levels(clock.tournament)
    from django.utils import timezone

    from tournament.domain.clock import clock_at

    return clock_at(levels, svc.clock_state(clock).elapsed(timezone.now()))


def kinds(tournament):
    return list(AuditEvent.objects.filter(tournament=tournament).order_by("id").values_list("kind", flat=True))


@pytest.mark.django_db
def test_start_pause_resume_keep_time_across_a_restart(tournament, director, time_machine):
    time_machine.move_to(T0, tick=False)
    svc.clock_start(tournament_id=tournament.pk, actor=director)
    time_machine.move_to(T0 + timedelta(seconds=250), tick=False)
    svc.clock_pause(tournament_id=tournament.pk, actor=director)
    # An hour passes while paused; the "restart" reads only what is stored.
    time_machine.move_to(T0 + timedelta(hours=1), tick=False)
    assert round(reading(tournament.pk).seconds_left) == 350
    svc.clock_resume(tournament_id=tournament.pk, actor=director)
    time_machine.move_to(T0 + timedelta(hours=1, seconds=400), tick=False)
    r = reading(tournament.pk)
    assert (r.level_index, round(r.seconds_left)) == (1, 550)
    assert kinds(tournament)[-3:] == ["clock_start", "clock_pause", "clock_resume"]
    tournament.refresh_from_db()
    assert tournament.status == "running"


@pytest.mark.django_db
def test_next_previous_set_and_add_time(tournament, director, time_machine):
    time_machine.move_to(T0, tick=False)
    svc.clock_start(tournament_id=tournament.pk, actor=director)
    svc.clock_next_level(tournament_id=tournament.pk, actor=director)
    assert reading(tournament.pk).level_index == 1
    svc.clock_previous_level(tournament_id=tournament.pk, actor=director)
    assert reading(tournament.pk).level_index == 0
    svc.clock_set_time_left(tournament_id=tournament.pk, actor=director, seconds_left=125)
    assert round(reading(tournament.pk).seconds_left) == 125
    svc.clock_add_time(tournament_id=tournament.pk, actor=director, seconds=60)
    assert round(reading(tournament.pk).seconds_left) == 185
    svc.clock_add_time(tournament_id=tournament.pk, actor=director, seconds=-600)
    assert round(reading(tournament.pk).seconds_left) == 0 or reading(tournament.pk).level_index == 1
    assert kinds(tournament)[-5:] == [
        "clock_next_level", "clock_previous_level", "clock_set_time", "clock_add_time", "clock_add_time"
    ]


@pytest.mark.django_db
def test_adding_a_minute_to_a_full_level_lengthens_it(tournament, director, time_machine):
    time_machine.move_to(T0, tick=False)
    svc.clock_start(tournament_id=tournament.pk, actor=director)
    svc.clock_add_time(tournament_id=tournament.pk, actor=director, seconds=60)
    assert round(reading(tournament.pk).seconds_left) == 660


@pytest.mark.django_db
def test_refusals_change_nothing(tournament, director):
    with pytest.raises(ServiceError, match="not running"):
        svc.clock_pause(tournament_id=tournament.pk, actor=director)
    svc.clock_start(tournament_id=tournament.pk, actor=director)
    before = AuditEvent.objects.count()
    with pytest.raises(ServiceError, match="already running"):
        svc.clock_start(tournament_id=tournament.pk, actor=director)
    assert AuditEvent.objects.count() == before


@pytest.mark.django_db
def test_each_level_start_is_recorded_exactly_once(tournament, director, time_machine):
    time_machine.move_to(T0, tick=False)
    svc.clock_start(tournament_id=tournament.pk, actor=director)
    # Two minutes past the second level's end: levels 2 and the break have started.
    time_machine.move_to(T0 + timedelta(seconds=600 + 600 + 120), tick=False)
    first = svc.clock_record_boundaries(tournament_id=tournament.pk)
    again = svc.clock_record_boundaries(tournament_id=tournament.pk)
    assert [e.payload["level_index"] for e in first] == [1, 2]
    assert again == []
    starts = AuditEvent.objects.filter(tournament=tournament, kind="level_started").order_by("id")
    assert [e.created_at for e in starts] == [T0 + timedelta(seconds=600), T0 + timedelta(seconds=1200)]


@pytest.mark.django_db
def test_late_registration_close_is_recorded_once(make_tournament, director, time_machine):
    t = make_tournament(late_reg_end_level=1)
    time_machine.move_to(T0, tick=False)
    svc.clock_start(tournament_id=t.pk, actor=director)
    time_machine.move_to(T0 + timedelta(seconds=601), tick=False)
    svc.clock_record_boundaries(tournament_id=t.pk)
    svc.clock_record_boundaries(tournament_id=t.pk)
    assert AuditEvent.objects.filter(tournament=t, kind="late_registration_closed").count() == 1


@pytest.mark.django_db
def test_snapshot_is_dropped_on_commit_of_a_change(tournament, director, django_capture_on_commit_callbacks):
    assert clock_snapshot(tournament.pk)["running"] is False
    with django_capture_on_commit_callbacks(execute=True):
        svc.clock_start(tournament_id=tournament.pk, actor=director)
    snap = clock_snapshot(tournament.pk)
    assert snap["running"] is True
    assert reading_of(snap, snap["anchor"] + 30).level_index == 0

"""Festival events: Day 1 flights (each a tournament) and the Day 2 drawn from their bags."""

from __future__ import annotations

import random
from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.domain import clock as clock_domain
from tournament.domain.festival import Bag, advancing_bags
from tournament.floor_port import floor
from tournament.models import (
    Advance,
    AuditEvent,
    ChipCount,
    Clock,
    Entry,
    Event,
    Flight,
    Tournament,
)
from tournament.services.audit import record
from tournament.services.base import Actor, ServiceError, lock_tournament, now
from tournament.services.clock import tournament_levels
from tournament.services.event_places import event_in_the_money
from tournament.services.push import day2_push_on_commit
from tournament.services.tournaments import EDITABLE_FIELDS, EVENT_WIDE, tournament_create

LIVE = Entry.LIVE_STATUSES


def _clean_name(name: str) -> str:
    name = " ".join(str(name or "").split())
    if not name:
        raise ServiceError(_("An event needs a name."), field="name")
    if len(name) > 120 or not name.isprintable():
        raise ServiceError(_("Keep the name to 120 plain characters."), field="name")
    return name


def _lock_event(event_id: int) -> Event:
    event = Event.objects.select_for_update().filter(pk=event_id).first()
    if event is None:
        raise ServiceError(_("That event does not exist."))
    return event


@transaction.atomic
def event_create(*, actor: Actor, name: str, advance_rule: str = Event.AdvanceRule.BEST,
                 day2_late_registration: bool = False) -> Event:
    """Director: an event to group Day 1 flights and their Day 2."""
    if advance_rule not in Event.AdvanceRule.values:
        raise ServiceError(_("Choose what happens to a player who bags twice."),
                           field="advance_rule")
    event = Event.objects.create(name=_clean_name(name), advance_rule=advance_rule,
                                 day2_late_registration=bool(day2_late_registration))
    record(tournament=None, actor=actor, kind=AuditEvent.Kind.EVENT_CREATED,
           payload={"event": event.pk, "name": event.name, "advance_rule": advance_rule,
                    "day2_late_registration": event.day2_late_registration})
    return event


@transaction.atomic
def event_update(*, actor: Actor, event_id: int, name: str, advance_rule: str,
                 day2_late_registration: bool) -> Event:
    """Director: the event's settings; the advance rule is fixed once Day 2 is drawn."""
    event = _lock_event(event_id)
    if advance_rule not in Event.AdvanceRule.values:
        raise ServiceError(_("Choose what happens to a player who bags twice."),
                           field="advance_rule")
    if event.day2_id and advance_rule != event.advance_rule:
        raise ServiceError(_("Day 2 is drawn: the advance rule can no longer change."),
                           field="advance_rule")
    before = {"name": event.name, "advance_rule": event.advance_rule,
              "day2_late_registration": event.day2_late_registration}
    event.name, event.advance_rule = _clean_name(name), advance_rule
    event.day2_late_registration = bool(day2_late_registration)
    event.save(update_fields=["name", "advance_rule", "day2_late_registration"])
    record(tournament=None, actor=actor, kind=AuditEvent.Kind.EVENT_UPDATED,
           payload={"event": event.pk, "before": before, "after": {
               "name": event.name, "advance_rule": advance_rule,
               "day2_late_registration": event.day2_late_registration}})
    return event


@transaction.atomic
def event_flight_add(*, actor: Actor, event_id: int, tournament_id: int) -> Tournament:
    """Director: a tournament becomes a Day 1 flight of the event."""
    event = _lock_event(event_id)
    tournament = lock_tournament(tournament_id, bagged_ok=True)
    if tournament.event_id:
        raise ServiceError(_("%(name)s is already part of an event.") % {"name": tournament.name})
    if event.day2_id:
        raise ServiceError(_("Day 2 is drawn: no more flights can join."))
    first = Tournament.objects.filter(event=event).order_by("created_at", "id").first()
    if first is not None and (differ := [f for f in EVENT_WIDE
                                         if getattr(first, f) != getattr(tournament, f)]):
        raise ServiceError(
            _("The flights of an event share one prize pool: %(fields)s must be as in "
              "%(first)s.") % {"fields": ", ".join(str(Tournament._meta.get_field(f).verbose_name)
                                                   for f in differ),
                               "first": first.name})
    tournament.event = event
    tournament.save(update_fields=["event"])
    Flight.objects.get_or_create(tournament=tournament)
    record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.FLIGHT_ADDED,
           payload={"event": event.pk, "name": event.name})
    return tournament


@transaction.atomic
def event_flight_create(*, actor: Actor, event_id: int, name: str) -> Tournament:
    """Director: a new Day 1 flight with the settings and structure of the event's first."""
    event = _lock_event(event_id)
    if event.day2_id:
        raise ServiceError(_("Day 2 is drawn: no more flights can join."))
    first = (Tournament.objects.filter(event=event).order_by("created_at", "id").first())
    if first is None:
        raise ServiceError(_("Add the first flight from an existing tournament."))
    values = {f: getattr(first, f) for f in EDITABLE_FIELDS} | {"name": _clean_name(name)}
    flight = tournament_create(actor=actor, values=values,
                               levels=[lv.to_spec() for lv in tournament_levels(first)])
    flight.event = event
    flight.save(update_fields=["event"])
    Flight.objects.create(tournament=flight)
    record(tournament=flight, actor=actor, kind=AuditEvent.Kind.FLIGHT_ADDED,
           payload={"event": event.pk, "name": event.name, "like": first.pk})
    return flight


def day2_registration_closed_reason(tournament: Tournament) -> str | None:
    """A Day 2 takes new players only when the event allows late registration into it.

    Nobody enters any day of an event once a Day 1 flight has decided a place:
    a new entry would change the prize pool and the places already given.
    """
    if not tournament.event_id:
        return None
    row = Event.objects.filter(pk=tournament.event_id).values(
        "day2_id", "day2_late_registration").first()
    if row is None:
        return None
    if row["day2_id"] == tournament.pk and not row["day2_late_registration"]:
        return _("Day 2 is for the players who bagged on Day 1; this event has no late "
                 "registration into it.")
    if event_in_the_money(tournament.event_id, row["day2_id"]):
        return _("The event is in the money: places and prizes are being decided, so "
                 "registration is closed.")
    return None


def _bags_of(flights: Sequence[Tournament]) -> list[Bag]:
    order = {t.pk: i for i, t in enumerate(flights)}
    rows = (ChipCount.objects.filter(tournament__in=list(order), current=True,
                                     entry__status__in=LIVE).exclude(bag="")
            .values_list("entry_id", "entry__player_id", "chips", "tournament_id"))
    return [Bag(entry=entry, player=player, chips=chips, flight_order=order[t])
            for entry, player, chips, t in rows]


@transaction.atomic
def day2_create(*, actor: Actor, event_id: int, flight_ids: Sequence[int] | None = None,
                name: str = "", rng: random.Random | None = None) -> Tournament:
    """Director: draw Day 2 from the advancing bags of the chosen (bagged) flights.

    Every advancing bag gets one Day 2 entry with its chips, at a seat drawn at
    random over the fewest tables (house rule 6: counts as even as possible).
    The Day 2 clock waits at the level after the latest one played on Day 1.
    """
    event = _lock_event(event_id)
    if event.day2_id:
        raise ServiceError(_("Day 2 of this event is drawn already."))
    flights = list(Tournament.objects.select_for_update().filter(event=event)
                   .order_by("created_at", "id"))
    if flight_ids is not None:
        chosen = set(flight_ids)
        flights = [t for t in flights if t.pk in chosen]
        if len(flights) != len(chosen):
            raise ServiceError(_("Choose flights of this event."), field="flights")
    if not flights:
        raise ServiceError(_("Choose at least one bagged flight."), field="flights")
    states = {f.tournament_id: f for f in Flight.objects.filter(tournament__in=flights)}
    for t in flights:
        if t.pk not in states or states[t.pk].status != Flight.Status.BAGGED:
            raise ServiceError(_("%(name)s is not bagged yet.") % {"name": t.name},
                               field="flights")
    bags = advancing_bags(_bags_of(flights), event.advance_rule)
    if not bags:
        raise ServiceError(_("No bags to draw: nobody bagged in those flights."))
    first = flights[0]
    levels = tournament_levels(first)
    values = {f: getattr(first, f) for f in EDITABLE_FIELDS} | {
        "name": " ".join(name.split())[:120] or _("%(event)s, Day 2") % {"event": event.name}}
    day2 = tournament_create(actor=actor, values=values, levels=[lv.to_spec() for lv in levels])
    day2.event = event
    day2.save(update_fields=["event"])
    event.day2 = day2
    event.save(update_fields=["day2"])
    start = _day2_start_level(flights, states, len(levels))
    Clock.objects.filter(tournament=day2).update(
        elapsed_at_anchor=float(clock_domain.level_starts(levels)[start]),
        recorded_level=start - 1)
    Flight.objects.create(tournament=day2, count_tolerance=max(
        states[t.pk].count_tolerance for t in flights))
    seated = _draw_day2(day2, bags, rng, start)
    record(tournament=day2, actor=actor, kind=AuditEvent.Kind.DAY2_DRAWN, payload={
        "event": event.pk, "flights": [t.pk for t in flights], "bags": len(bags),
        "tables": seated, "chips": sum(b.chips for b in bags), "start_level_index": start})
    return day2


def _day2_start_level(flights, states, level_count: int) -> int:
    ended = [states[t.pk].ended_level for t in flights if states[t.pk].ended_level is not None]
    return min(max(ended) + 1, level_count - 1) if ended else 0


def _draw_day2(day2: Tournament, bags: list[Bag], rng: random.Random | None, start: int) -> int:
    """Tables, seats, entries, carried bags and their first counts, in a few bulk writes."""
    draw = floor().tables_draw(tournament=day2, keys=[b.entry for b in bags], rng=rng)
    sources = {e.pk: e for e in Entry.objects.filter(pk__in=[b.entry for b in bags])}
    at = now()
    entries = Entry.objects.bulk_create([
        Entry(tournament=day2, player_id=b.player, number=i + 1, status=Entry.Status.SEATED,
              table=draw[b.entry][0], seat=draw[b.entry][1])
        for i, b in enumerate(bags)], batch_size=1000)
    day2_push_on_commit({b.entry: (e.pk, draw[b.entry][0].number, draw[b.entry][1])
                         for b, e in zip(bags, entries, strict=True)})
    counts = {c.entry_id: c for c in ChipCount.objects.filter(
        entry_id__in=[b.entry for b in bags], current=True)}
    Advance.objects.bulk_create([
        Advance(event_id=day2.event_id, from_entry=sources[b.entry], to_entry=e, chips=b.chips,
                bag=counts[b.entry].bag)
        for b, e in zip(bags, entries, strict=True)], batch_size=1000)
    ChipCount.objects.bulk_create([
        ChipCount(tournament=day2, entry=e, chips=b.chips, bag=counts[b.entry].bag,
                  level_index=start, counted_at=at, current=True)
        for b, e in zip(bags, entries, strict=True)], batch_size=1000)
    return len({table.number for table, _seat in draw.values()})


@transaction.atomic
def day2_withdraw(*, actor: Actor, event_id: int) -> Tournament:
    """Director: take back a Day 2 draw before Day 2 starts (the wrong flights, say).

    The drawn tournament is kept, closed and out of the event, with its audit
    trail; the bags are free to be drawn again.
    """
    event = _lock_event(event_id)
    if not event.day2_id:
        raise ServiceError(_("Day 2 is not drawn."))
    day2 = lock_tournament(event.day2_id)
    if Clock.objects.filter(tournament=day2, started=True).exists():
        raise ServiceError(_("Day 2 has started: its draw can no longer be taken back."))
    if Entry.objects.filter(tournament=day2, carried_from__isnull=True).exclude(
            status=Entry.Status.UNREGISTERED).exists():
        raise ServiceError(_("Refund the players who bought in to Day 2 first."))
    advances = Advance.objects.filter(event=event)
    bags = advances.count()
    advances.delete()
    Entry.objects.filter(tournament=day2).update(status=Entry.Status.UNREGISTERED, table=None,
                                                 seat=None)
    floor().room_close(tournament=day2)
    ChipCount.objects.filter(tournament=day2).update(current=False)
    event.day2 = None
    event.save(update_fields=["day2"])
    day2.event, day2.status, day2.finished_at = None, Tournament.Status.FINISHED, now()
    day2.name = (_("%(name)s (withdrawn)") % {"name": day2.name})[:120]
    day2.save(update_fields=["event", "status", "finished_at", "name"])
    record(tournament=day2, actor=actor, kind=AuditEvent.Kind.DAY2_WITHDRAWN,
           payload={"event": event.pk, "bags": bags})
    return day2

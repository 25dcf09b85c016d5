"""Chip counts: the floor counts a table's stacks; colour-ups take chips out of play.

A count is a row (entry, chips, level, time, by whom); the entry's current
count is its latest row, marked ``current``. Entering a table's counts costs
the same few queries whatever the size of the field.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

from django.db import transaction
from django.db.models import Model
from django.utils.translation import gettext as _

from tournament.bounds import AMOUNT_MAX, grouped
from tournament.domain import clock as clock_domain
from tournament.floor_port import floor
from tournament.models import (
    AuditEvent,
    ChipCount,
    ChipRemoval,
    Clock,
    Entry,
    Flight,
    Tournament,
)
from tournament.selectors.festival import chips_in_play
from tournament.services.audit import record
from tournament.services.base import Actor, ServiceError, lock_tournament, now
from tournament.services.clock import clock_state, tournament_levels

BAG_LENGTH = 20


def flight_of(tournament: Tournament) -> Flight:
    """The tournament's day of play; every tournament has one from its first count or end."""
    flight, _created = Flight.objects.get_or_create(tournament=tournament)
    return flight


def refuse_if_bagged(flight: Flight | None) -> None:
    if flight is not None and flight.status == Flight.Status.BAGGED:
        raise ServiceError(_("This flight is bagged: only the director's correction can change it."))


def current_level_index(tournament: Tournament) -> int | None:
    """The structure index of the level the clock stands in (None before the start)."""
    clock = Clock.objects.filter(tournament=tournament).first()
    if clock is None or not clock.started:
        return None
    levels = tournament_levels(tournament)
    if not levels:
        return None
    return clock_domain.clock_at(levels, clock_state(clock).elapsed(now())).level_index


def clean_chips(value, *, label: str) -> int:
    """A stack as entered: a whole number from 1 to AMOUNT_MAX."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ServiceError(_("%(who)s: enter the chips as a whole number.") % {"who": label})
    if value < 0:
        raise ServiceError(_("%(who)s: a count cannot be negative.") % {"who": label})
    if value == 0:
        raise ServiceError(_("%(who)s: a player with no chips is out; bust them instead.")
                           % {"who": label})
    if value > AMOUNT_MAX:
        raise ServiceError(_("%(who)s: that count is too large (at most %(most)s).")
                           % {"who": label, "most": grouped(AMOUNT_MAX)})
    return value


def clean_bag(value: str, *, label: str) -> str:
    bag = " ".join(str(value or "").split())
    if any(unicodedata.category(ch).startswith("C") for ch in bag):
        raise ServiceError(_("%(who)s: the bag number has characters it cannot hold.")
                           % {"who": label})
    if len(bag) > BAG_LENGTH:
        raise ServiceError(_("%(who)s: a bag number has at most %(n)s characters.")
                           % {"who": label, "n": BAG_LENGTH})
    return bag


def write_counts(*, tournament: Tournament, actor: Actor, rows: Mapping[int, tuple[int, str]],
                 level_index: int | None) -> list[ChipCount]:
    """New current counts for entries {entry id: (chips, bag)}; the old ones become history."""
    at = now()
    user = actor if getattr(actor, "is_authenticated", False) else None
    previous = dict(ChipCount.objects.filter(entry_id__in=list(rows), current=True)
                    .values_list("entry_id", "pk"))
    if previous:
        ChipCount.objects.filter(pk__in=list(previous.values())).update(current=False)
    return ChipCount.objects.bulk_create([
        ChipCount(tournament=tournament, entry_id=entry_id, chips=chips, bag=bag,
                  level_index=level_index, counted_at=at, counted_by=user, current=True,
                  replaces_id=previous.get(entry_id))
        for entry_id, (chips, bag) in rows.items()
    ])


def _table_entries(tournament: Tournament, table_number: int) -> tuple[Model, dict[int, Entry]]:
    table = floor().open_tables(tournament).filter(number=table_number).first()
    if table is None:
        raise ServiceError(_("There is no table %(number)s in play.") % {"number": table_number})
    seated = {e.pk: e for e in Entry.objects.filter(table=table, status=Entry.Status.SEATED)
              .select_related("player").only("pk", "seat", "number", "player__name")}
    return table, seated


def _check_table_total(tournament: Tournament, total: int) -> None:
    in_play = chips_in_play(tournament)
    if in_play and total > in_play:
        raise ServiceError(
            _("These counts add up to %(total)s chips, more than the %(in_play)s in play: "
              "check them.") % {"total": f"{total:,}", "in_play": f"{in_play:,}"})


@transaction.atomic
def table_counts_enter(*, actor: Actor, tournament_id: int, table_number: int,
                       counts: Mapping[int, int | None],
                       bags: Mapping[int, str] | None = None) -> AuditEvent:
    """The floor enters a table's stacks: {entry id: chips}; None leaves a stack uncounted.

    While the day is ending, every count needs a bag number (the bag the
    chips go into) and each bag number is used once in the flight.
    """
    tournament = lock_tournament(tournament_id)
    flight = Flight.objects.filter(tournament=tournament).first()
    refuse_if_bagged(flight)
    bagging = flight is not None and flight.status == Flight.Status.BAGGING
    table, seated = _table_entries(tournament, table_number)
    rows: dict[int, tuple[int, str]] = {}
    for entry_id, value in counts.items():
        entry = seated.get(entry_id)
        if entry is None:
            raise ServiceError(_("A player in that list is no longer at table %(number)s: "
                                 "reload the table.") % {"number": table_number})
        if value is None:
            continue
        label = _("Seat %(seat)s (%(name)s)") % {"seat": entry.seat, "name": entry.player.name}
        chips = clean_chips(value, label=label)
        bag = clean_bag((bags or {}).get(entry_id, ""), label=label)
        if bagging and not bag:
            raise ServiceError(_("%(who)s: the day has ended; enter the bag number too.")
                               % {"who": label})
        if bag and not bagging:
            raise ServiceError(_("Bag numbers are entered once the director has ended the day."))
        rows[entry_id] = (chips, bag)
    if not rows:
        raise ServiceError(_("Enter at least one count."))
    if bagging:
        _check_bags_unique(tournament, {e: bag for e, (_c, bag) in rows.items()})
    _check_table_total(tournament, sum(chips for chips, _bag in rows.values()))
    written = write_counts(tournament=tournament, actor=actor, rows=rows,
                           level_index=current_level_index(tournament))
    event = record(tournament=tournament, actor=actor,
                   kind=AuditEvent.Kind.CHIPS_BAGGED if bagging else AuditEvent.Kind.CHIPS_COUNTED, payload={
                       "table": table.number, "rows": [c.pk for c in written],
                       "entries": len(written), "total": sum(c.chips for c in written),
                   })
    ChipCount.objects.filter(pk__in=[c.pk for c in written]).update(action=event)
    return event


def _check_bags_unique(tournament: Tournament, bags: Mapping[int, str]) -> None:
    numbers = list(bags.values())
    if len(set(numbers)) != len(numbers):
        raise ServiceError(_("Each bag number is used once: two stacks share one."))
    taken = (ChipCount.objects.filter(tournament=tournament, current=True, bag__in=numbers)
             .exclude(entry_id__in=list(bags)).values_list("bag", flat=True).first())
    if taken:
        raise ServiceError(_("Bag %(bag)s is already used by another player.") % {"bag": taken})


@transaction.atomic
def chip_counts_undo(*, actor: Actor, tournament_id: int, event_id: int) -> AuditEvent:
    """Take back a table's counts: each entry's count before them is current again."""
    tournament = lock_tournament(tournament_id)
    refuse_if_bagged(Flight.objects.filter(tournament=tournament).first())
    event = AuditEvent.objects.select_for_update().filter(
        pk=event_id, tournament=tournament, kind__in=("chips_counted", "chips_bagged")).first()
    if event is None:
        raise ServiceError(_("That action cannot be undone."))
    if event.undone_by_id:
        raise ServiceError(_("That action is undone already."))
    rows = list(ChipCount.objects.filter(pk__in=event.payload.get("rows", [])))
    ids = [r.pk for r in rows]
    restore = [r.replaces_id for r in rows if r.current and r.replaces_id]
    # A later count that replaced one of these now replaces what they replaced.
    for r in rows:
        ChipCount.objects.filter(replaces_id=r.pk).update(replaces_id=r.replaces_id)
    ChipCount.objects.filter(pk__in=ids).delete()
    if restore:
        ChipCount.objects.filter(pk__in=restore).update(current=True)
    inverse = record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.CHIPS_COUNT_UNDONE,
                     payload={"undoes": event.pk, "table": event.payload.get("table"),
                              "entries": len(ids)})
    event.undone_by = inverse
    event.save(update_fields=["undone_by"])
    return inverse


@transaction.atomic
def chips_removed_record(*, actor: Actor, tournament_id: int, chips: int, note: str = "") -> ChipRemoval:
    """A colour-up took chips out of play: the reconciliation counts them out."""
    tournament = lock_tournament(tournament_id)
    refuse_if_bagged(Flight.objects.filter(tournament=tournament).first())
    if isinstance(chips, bool) or not isinstance(chips, int) or not 0 < chips <= AMOUNT_MAX:
        raise ServiceError(_("Enter the chips removed as a positive whole number."), field="chips")
    note = " ".join(str(note).split())
    if len(note) > 200 or any(unicodedata.category(ch).startswith("C") for ch in note):
        raise ServiceError(_("Keep the note to 200 plain characters."), field="note")
    removal = ChipRemoval.objects.create(
        tournament=tournament, chips=chips, note=note, created_at=now(),
        level_index=current_level_index(tournament),
        actor=actor if getattr(actor, "is_authenticated", False) else None)
    record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.CHIPS_REMOVED,
           payload={"removal": removal.pk, "chips": chips, "note": note})
    return removal


@transaction.atomic
def chips_removed_undo(*, actor: Actor, tournament_id: int, event_id: int) -> AuditEvent:
    """Take back a colour-up recorded by mistake."""
    tournament = lock_tournament(tournament_id)
    refuse_if_bagged(Flight.objects.filter(tournament=tournament).first())
    event = AuditEvent.objects.filter(pk=event_id, tournament=tournament,
                                      kind=AuditEvent.Kind.CHIPS_REMOVED).first()
    if event is None:
        raise ServiceError(_("That action cannot be undone."))
    ChipRemoval.objects.filter(pk=event.payload.get("removal"), tournament=tournament).delete()
    return record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.CHIPS_REMOVED_UNDONE,
                  payload={"undoes": event.pk, "chips": event.payload.get("chips")})


@transaction.atomic
def count_tolerance_set(*, actor: Actor, tournament_id: int, tolerance: int) -> Flight:
    """Director: how far counted chips may be from the chips in play before a warning."""
    tournament = lock_tournament(tournament_id)
    if isinstance(tolerance, bool) or not isinstance(tolerance, int) or not 0 <= tolerance <= AMOUNT_MAX:
        raise ServiceError(_("The tolerance is a whole number of chips, 0 or more."),
                           field="tolerance")
    flight = flight_of(tournament)
    before = flight.count_tolerance
    flight.count_tolerance = tolerance
    flight.save(update_fields=["count_tolerance"])
    record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.COUNT_TOLERANCE_SET,
           payload={"before": before, "after": tolerance})
    return flight

"""Places counted across a festival event: a Day 1 bust that reaches the money.

Steps of the floor's bust and its undo (``tables.services.busts``, ``busts_undo``), inside
their transaction. The event row is locked before the flight's (the order
``day2_create`` takes them in), so busts in flights running at the same time
are taken one at a time and never share a place.

The count ("players still in") is the rule of ``tournament.domain.festival.
day1_place``: every entry still in a Day 1 flight of the event (seated, on
the waiting list, or in a bag of an ended flight), a player counted once
under the best-bag rule, each entry on its own under every-bag.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, F, Q
from django.utils.translation import gettext as _

from tournament.domain.festival import EVERY, day1_place
from tournament.models import Entry, Event, Tournament
from tournament.selectors.festival import day1_live, event_players_left
from tournament.services.base import ServiceError

LIVE = Entry.LIVE_STATUSES
PLACE_PARKING = 1_000_000


@dataclass(frozen=True)
class Day1Standing:
    """Where a Day 1 bust leaves the event: the count before it, and its place if any."""

    left: int
    eliminated: bool
    paid: int
    place: int | None

    def payload(self) -> dict[str, Any]:
        return {"left": self.left, "eliminated": self.eliminated, "paid": self.paid,
                "place": self.place}


def lock_day1_event(tournament_id: int) -> Event | None:
    """The event of a Day 1 flight, its row locked; None for any other tournament.

    Taken before the tournament's lock (one query more for a tournament outside
    events, two for a flight).
    """
    event_id = (Tournament.objects.filter(pk=tournament_id)
                .values_list("event_id", flat=True).first())
    if event_id is None:
        return None
    event = Event.objects.select_for_update().filter(pk=event_id).first()
    if event is None or event.day2_id == tournament_id:
        return None
    return event


def players_left_for_money(tournament: Tournament) -> int:
    """The players the money line is measured against: the event's for a Day 1 flight."""
    if tournament.event_id:
        event = Event.objects.filter(pk=tournament.event_id).first()
        if event is not None and event.day2_id != tournament.pk:
            return event_players_left(event)
    return Entry.objects.filter(tournament=tournament, status__in=LIVE).count()


def day1_standing(*, event: Event, entry: Entry, paid: int, hand_for_hand: bool
                  ) -> Day1Standing:
    """The event's players still in as ``entry`` busts, and the place it finishes in (one query)."""
    figures = day1_live(event).aggregate(
        entries=Count("id"), players=Count("player", distinct=True),
        mine=Count("id", filter=Q(player_id=entry.player_id)))
    every = event.advance_rule == EVERY
    left = figures["entries"] if every else figures["players"]
    eliminated = every or figures["mine"] <= 1
    place = day1_place(left=left, paid=paid, eliminated=eliminated, hand_for_hand=hand_for_hand)
    return Day1Standing(left=left, eliminated=eliminated, paid=paid, place=place)


def _later_finishes(event: Event, entry: Entry):
    """The event's places decided after ``entry``'s bust, in any flight (or on Day 2).

    By place when the bust has one (places move as busts are taken back), else
    by the time of the bust.
    """
    placed = Entry.objects.filter(tournament__event=event, finish_place__isnull=False)
    if entry.finish_place is not None:
        return placed.filter(finish_place__lt=entry.finish_place)
    return placed.filter(busted_at__gt=entry.busted_at).exclude(pk=entry.pk)


def day1_bust_undo_check(*, event: Event, entry: Entry, standing: dict[str, Any]) -> None:
    """Refuse to take back a Day 1 bust once a prize it decides has been paid.

    Undoing it moves every later finish of the event down one place, which
    changes their prizes: a prize already paid would then be wrong.
    """
    if not standing.get("eliminated"):
        return
    if entry.payout_paid:
        raise ServiceError(_("%(name)s's prize is paid: take the payment back first.")
                           % {"name": entry.player.name})
    paid_later = (_later_finishes(event, entry).filter(payout_paid=True)
                  .select_related("player").order_by("-finish_place").first())
    if paid_later is not None:
        raise ServiceError(_("%(name)s, out after this bust in place %(place)s, has been paid: "
                             "take that payment back first.")
                           % {"name": paid_later.player.name, "place": paid_later.finish_place})


def day1_places_shift(*, event: Event, entry: Entry, standing: dict[str, Any]) -> int:
    """A Day 1 bust taken back: every finish after it, in any flight, moves down one place.

    ``entry`` as it was busted (place and time). Returns how many places moved.
    Parked first: places are unique per tournament.
    """
    if not standing.get("eliminated"):
        return 0
    later = list(_later_finishes(event, entry).values_list("pk", flat=True))
    moved = Entry.objects.filter(pk__in=later).update(
        finish_place=F("finish_place") + PLACE_PARKING)
    if moved:
        Entry.objects.filter(tournament__event=event, finish_place__gt=PLACE_PARKING).update(
            finish_place=F("finish_place") - PLACE_PARKING + 1,
            tied_place=F("tied_place") + 1)
    return moved


def event_in_the_money(event_id: int, day2_id: int | None) -> bool:
    """A place has been decided in a Day 1 flight (one query)."""
    placed = Entry.objects.filter(tournament__event_id=event_id, finish_place__isnull=False)
    if day2_id:
        placed = placed.exclude(tournament_id=day2_id)
    return placed.exists()

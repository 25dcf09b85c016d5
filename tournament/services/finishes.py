"""The ledger of finishes, written: the places of the players out in one hand, and the check
that a change leaves every prize already paid as it was paid.

Steps of the floor's bust and its undo (``tables.services.busts``, ``busts_undo``), inside their
transaction with the tournament locked. A finish is the entry's ``finish_place``
(the place it covers), ``tied_place`` (the best of the places it shares, if any),
``bust_hand`` (the hand it went out in) and ``chips`` (its stack at the start of
that hand, when entered); the table it went out at is its bust's audit event's.
The rules are the pure ``tournament.domain.ledger``'s.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _

from tournament.bounds import amount_refusal
from tournament.domain import ledger
from tournament.models import AuditEvent, Entry, Payment, Tournament
from tournament.selectors.money import prizes_by_entry
from tournament.services.base import ServiceError

PLACE_PARKING = 1_000_000


def _hand_busts(tournament: Tournament, hand: int, recording: Mapping[int, int] | None = None
                ) -> list[ledger.Bust]:
    """The finishes of one hand, each with its table (two queries; one for a lone bust).
    ``recording``: entry → table of a bust whose event is not recorded yet."""
    rows = list(Entry.objects.filter(tournament=tournament, status=Entry.Status.BUSTED,
                                     bust_hand=hand, finish_place__isnull=False)
                .values_list("pk", "finish_place", "chips"))
    tables: dict[int, int] = {}
    if len(rows) > 1:
        tables = dict(AuditEvent.objects.filter(
            tournament=tournament, kind=AuditEvent.Kind.ENTRY_BUSTED, undone_by__isnull=True,
            payload__entry__in=[pk for pk, _place, _chips in rows])
            .values_list("payload__entry", "payload__table"))
    tables.update(recording or {})
    return [ledger.Bust(pk, place, tables.get(pk), chips) for pk, place, chips in rows]


def hand_stacks_check(*, tournament: Tournament, hand: int, table: int, entry: Entry,
                      chips_at_start: int | None, hand_stacks: Mapping[int, int] | None) -> None:
    """Ask for the starting stacks when another player went out at this table in this hand.

    Players out in the same hand at one table finish by the chips they started
    the hand with (TDA 2024, simultaneous eliminations): without them there is
    no place to give, and no tie either. ``hand_stacks``: the stacks of the
    others (entry id → chips), written onto their finishes.
    """
    others = [b for b in _hand_busts(tournament, hand) if b.entry != entry.pk]
    if not others:
        return
    tables = dict(AuditEvent.objects.filter(
        tournament=tournament, kind=AuditEvent.Kind.ENTRY_BUSTED, undone_by__isnull=True,
        payload__entry__in=[b.entry for b in others])
        .values_list("payload__entry", "payload__table"))
    here = [b for b in others if tables.get(b.entry) == table]
    if not here:
        return
    given = {int(k): v for k, v in (hand_stacks or {}).items()}
    for stack in given.values():
        if refusal := amount_refusal(stack):
            raise ServiceError(refusal, field="chips_at_start")
    for b in here:
        if b.entry in given:
            Entry.objects.filter(pk=b.entry).update(chips=given[b.entry])
    missing = [b.entry for b in here if b.stack is None and b.entry not in given]
    if chips_at_start is None or missing:
        names = list(Entry.objects.filter(pk__in=[b.entry for b in here])
                     .values_list("player__name", flat=True))
        raise ServiceError(
            _("%(others)s also went out in this hand at table %(table)s: enter the chips each "
              "player started the hand with (the bigger stack finishes higher). Nothing was "
              "recorded.") % {"others": ", ".join(names), "table": table},
            field="chips_at_start")


def hand_place(tournament: Tournament, hand: int | None, *,
               recording: Mapping[int, int] | None = None) -> dict[int, tuple[int, int | None]]:
    """Decide (again) the places of the players out in ``hand``: entry → (place, tied).

    After a bust in that hand, or its undo. Places are unique per tournament,
    so the finishes that change are parked first. ``recording``: the bust being
    recorded, entry → its table (its event, where the others' tables are read, is
    written once its payload is whole).
    """
    if hand is None:
        return {}
    busts = _hand_busts(tournament, hand, recording)
    places = ledger.hand_places(busts)
    current = {b.entry: b.place for b in busts}
    tied_now = dict(Entry.objects.filter(pk__in=current).values_list("pk", "tied_place"))
    changed = {pk: p for pk, p in places.items() if (current[pk], tied_now.get(pk)) != p}
    if changed:
        Entry.objects.filter(pk__in=changed).update(finish_place=None)
        for pk, (place, tied) in changed.items():
            Entry.objects.filter(pk=pk).update(finish_place=place, tied_place=tied)
    return places


def prizes_paid_unchanged(tournament: Tournament, *, entry_ids: list[int] | None = None
                          ) -> None:
    """Refuse a change that would alter a prize already paid (the caller's transaction is
    rolled back): the cashier's money stays what the ledger says. ``entry_ids``: the only
    finishes the change can touch (a bust: the players out in its hand), so the check
    costs the same whatever the places decided; one query while none of them is paid."""
    scope = (Payment.objects.filter(tournament__event_id=tournament.event_id)
             if tournament.event_id else Payment.objects.filter(tournament=tournament))
    scope = scope.filter(kind=Payment.Kind.PRIZE)
    if entry_ids is not None:
        scope = scope.filter(entry_id__in=entry_ids)
    paid = list(scope.values_list("tournament_id", "entry_id", "amount", "entry__player__name"))
    if not paid:
        return
    due: dict[int, dict[int, int]] = {}
    for tournament_id, entry_id, amount, name in paid:
        if tournament_id not in due:
            due[tournament_id] = prizes_by_entry(
                tournament if tournament_id == tournament.pk
                else Tournament.objects.get(pk=tournament_id), entry_ids=entry_ids)
        now_due = due[tournament_id].get(entry_id, 0)
        if now_due != -amount:
            raise ServiceError(
                _("%(name)s has been paid %(paid)s; this would make the prize %(due)s. Take that "
                  "payment back first (cashier), then try again. Nothing was recorded.")
                % {"name": name, "paid": -amount, "due": now_due})


def payouts_store(tournament: Tournament) -> None:
    """Copy the ledger's prizes onto the entries (``Entry.payout``) once the tournament is
    finished, for exports and backups; every screen reads the ledger itself. Prizes
    already paid keep the amount paid (``prizes_paid_unchanged`` holds them equal)."""
    due = prizes_by_entry(tournament)
    Entry.objects.filter(tournament=tournament, payout_paid=False).exclude(
        pk__in=[pk for pk, amount in due.items() if amount]).exclude(payout=0).update(payout=0)
    for pk, amount in due.items():
        if amount:
            Entry.objects.filter(pk=pk, payout_paid=False).update(payout=amount)

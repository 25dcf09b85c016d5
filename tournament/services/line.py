"""The alternate line: join, call, pass over, remove, close (issue 23).

A capped or full flight keeps a line of players who have not paid. When a place
opens (a bust, an unregistration, a table added, the cap raised...), the next in
line is called and has ``Tournament.line_call_minutes`` to pay at the desk; the
payment is the normal buy-in (``registration.entry_register(line_spot_id=...)``),
which seats them as any buy-in does (house rule 7). One who does not come is
passed over and the next is called. The close of late registration ends the line.

Nobody has to click for a deadline to pass: ``line_reconcile`` runs
- after every change that can open a place (``line_follows``, registered with
  ``audit.after_record``: a task sent on commit);
- at each call's deadline (an ETA task, ``tournament.tasks.line_deadline``);
- every 15 s from beat (``line_reconcile_all``), the safety net, as the clock's
  ``clock-reconcile`` is for level starts;
- when the desk or a player's line page reads a call whose deadline has passed
  (as a screen reading the clock records a level start it finds due).
Every write locks the tournament, so two desks can never call two players for one
place, nor seat one alternate twice.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _
from rapidfuzz import fuzz, process

from tournament.domain import line as line_domain
from tournament.models import AuditEvent, LineSpot, PushSubscription, Tournament
from tournament.runtime import broker
from tournament.services.audit import record
from tournament.services.base import Actor, ServiceError, lock_tournament, now
from tournament.services.contacts import clean_email, clean_name, clean_phone
from tournament.services.line_room import line_room
from tournament.services.players import live_entries_named, name_key
from tournament.services.push import SUBSCRIPTIONS_PER_ENTRY
from tournament.services.registration import registration_closed_reason

LINE_RECONCILE = "tournament.tasks.line_reconcile"
LINE_DEADLINE = "tournament.tasks.line_deadline"
LINE_PUSH_SEND = "tournament.tasks.line_push_send"
# A line longer than this is refused: a festival's biggest lines were a few hundred.
LINE_MAX = 2000
SIMILAR_CUTOFF = 85
# Changes that can open a place for the line, or end it.
OPENING_KINDS = frozenset({
    AuditEvent.Kind.ENTRY_BUSTED, AuditEvent.Kind.ENTRY_UNREGISTERED,
    AuditEvent.Kind.TABLES_ADDED, AuditEvent.Kind.TABLES_RESTORED,
    AuditEvent.Kind.TABLE_SEATS_SET, AuditEvent.Kind.TOURNAMENT_UPDATED,
    AuditEvent.Kind.SEATS_DRAWN, AuditEvent.Kind.CLOCK_START,
    AuditEvent.Kind.LATE_REGISTRATION_CLOSED,
    AuditEvent.Kind.DAY_ENDED, AuditEvent.Kind.TOURNAMENT_FINISHED,
})


def _spot_row(spot: LineSpot) -> dict:
    """A spot as an audit payload and the API show it: never the contact."""
    return {"spot": spot.pk, "name": spot.name}


def _call_next(tournament: Tournament, at: datetime) -> list[LineSpot]:
    """Call as many in line as places are open and not held by a call (the tournament
    locked). Each gets the tournament's minutes to pay; their phones hear it on commit."""
    waiting = LineSpot.objects.filter(tournament=tournament, status=LineSpot.Status.WAITING)
    called = LineSpot.objects.filter(tournament=tournament,
                                     status=LineSpot.Status.CALLED).count()
    count = line_domain.to_call(places=line_room(tournament).places, called=called,
                                waiting=waiting.count())
    if not count:
        return []
    spots = list(waiting.order_by("joined_at", "id")[:count])
    deadline = at + timedelta(minutes=tournament.line_call_minutes)
    LineSpot.objects.filter(pk__in=[s.pk for s in spots]).update(
        status=LineSpot.Status.CALLED, called_at=at, call_deadline=deadline)
    for spot in spots:
        spot.status, spot.called_at, spot.call_deadline = LineSpot.Status.CALLED, at, deadline
    line_push_on_commit(spots, "called", {"deadline": deadline.isoformat(),
                                          "minutes": tournament.line_call_minutes})
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        # The deadline passes with nobody at the desk: a task then (beat if it is lost).
        # In process (embedded mode) there is no worker to wait: the screens' reads do it.
        transaction.on_commit(lambda: broker.enqueue(
            LINE_DEADLINE, args=(tournament.pk,), eta=deadline + timedelta(seconds=1)))
    return spots


def line_push_on_commit(spots: list[LineSpot], kind: str, facts: dict | None = None) -> int:
    """Once the change commits, tell the phones that follow these places in line (one
    query, one task). ``kind``: called, passed or closed."""
    if not spots:
        return 0
    subscribed = set(PushSubscription.objects.filter(
        spot_id__in=[s.pk for s in spots]).values_list("spot_id", flat=True))
    batch = [[s.pk, kind, facts or {}] for s in spots if s.pk in subscribed]
    if batch:
        broker.enqueue_on_commit(LINE_PUSH_SEND, args=(batch,))
    return len(batch)


def line_joinable_refusal(tournament: Tournament) -> str | None:
    """Why nobody may join the line now, or None. The line is for a flight that is capped
    or full while registration is open; anyone may join a line already formed."""
    if reason := registration_closed_reason(tournament):
        return reason
    if tournament.entry_cap is not None:
        return None
    if LineSpot.objects.filter(tournament=tournament,
                               status__in=LineSpot.OPEN_STATUSES).exists():
        return None
    places = line_room(tournament).places
    if places is None or places > 0:
        return _("Seats are open: register at the desk, no need to wait in line.")
    return None


@transaction.atomic
def line_join(*, actor: Actor, tournament_id: int, name: str, email: str = "", phone: str = "",
              language: str = "en", confirm_look_alike: bool = False) -> LineSpot:
    """A player joins the alternate line, from their phone or at the desk.

    A name (bounded as the desk's), an email or a phone to reach them, a language for
    their page and messages. Refused: a name already in line or with a live entry; a
    name that looks like one in line unless the desk confirms (``confirm_look_alike``);
    a line of ``LINE_MAX``.
    """
    tournament = lock_tournament(tournament_id)
    if reason := line_joinable_refusal(tournament):
        raise ServiceError(reason)
    name = clean_name(name)
    email = clean_email((email or "").strip())
    phone = clean_phone((phone or "").strip())
    if not email and not phone:
        raise ServiceError(_("Give an email or a phone number, so that you can be reached."),
                           field="email")
    languages = {code for code, _label in settings.LANGUAGES}
    language = language if language in languages else settings.LANGUAGE_CODE
    if live_entries_named(tournament.pk, [name]):
        raise ServiceError(_("%(name)s already has a live entry in this tournament.")
                           % {"name": name}, field="name")
    in_line = dict(LineSpot.objects.filter(tournament=tournament,
                                           status__in=LineSpot.OPEN_STATUSES)
                   .values_list("pk", "name"))
    if len(in_line) >= LINE_MAX:
        raise ServiceError(_("The line is full: ask at the desk."))
    if any(name_key(other) == name_key(name) for other in in_line.values()):
        raise ServiceError(_("%(name)s is already in line.") % {"name": name}, field="name")
    if not confirm_look_alike and process.extractOne(
            name, in_line, scorer=fuzz.token_sort_ratio, processor=str.lower,
            score_cutoff=SIMILAR_CUTOFF):
        raise ServiceError(_("A name like this one is already in line: ask at the desk."),
                           field="name")
    at = now()
    spot = LineSpot.objects.create(tournament=tournament, name=name, email=email, phone=phone,
                                   language=language, joined_at=at)
    called = _call_next(tournament, at)
    record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.LINE_JOINED,
           payload={**_spot_row(spot), "position": len(in_line) + 1,
                    "called": [_spot_row(s) for s in called]})
    return spot


def _desk_spot(tournament: Tournament, spot_id: int, seen_status: str | None,
               allowed: tuple[str, ...]) -> LineSpot:
    spot = LineSpot.objects.filter(tournament=tournament, pk=spot_id).first()
    if spot is None:
        raise ServiceError(_("That place in the line does not exist."))
    if seen_status is not None and seen_status != spot.status:
        raise ServiceError(_("%(name)s is no longer as your screen shows (now: %(status)s): "
                             "the desk is shown again as it is.")
                           % {"name": spot.name, "status": spot.get_status_display()})
    if spot.status not in allowed:
        raise ServiceError(_("%(name)s is not in line any more (%(status)s).")
                           % {"name": spot.name, "status": spot.get_status_display()})
    return spot


@transaction.atomic
def line_pass_over(*, actor: Actor, tournament_id: int, spot_id: int,
                   seen_status: str | None = None) -> AuditEvent:
    """The desk passes over a called alternate who has not come; the next is called.

    Not undone from the log: the place has gone to the next in line, who was told.
    The desk can add the player to the line again.
    """
    tournament = lock_tournament(tournament_id)
    spot = _desk_spot(tournament, spot_id, seen_status, (LineSpot.Status.CALLED,))
    at = now()
    _end(spot, LineSpot.Status.PASSED, at)
    line_push_on_commit([spot], "passed")
    called = _call_next(tournament, at)
    return record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.LINE_PASSED,
                  payload={"passed": [_spot_row(spot)], "called": [_spot_row(s) for s in called],
                           "by": "desk"})


@transaction.atomic
def line_remove(*, actor: Actor, tournament_id: int, spot_id: int,
                seen_status: str | None = None) -> AuditEvent:
    """The desk takes a player out of the line (they left, or asked to); a called one's
    place goes to the next."""
    tournament = lock_tournament(tournament_id)
    spot = _desk_spot(tournament, spot_id, seen_status, LineSpot.OPEN_STATUSES)
    at = now()
    _end(spot, LineSpot.Status.REMOVED, at)
    called = _call_next(tournament, at)
    return record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.LINE_REMOVED,
                  payload={**_spot_row(spot), "called": [_spot_row(s) for s in called]})


@transaction.atomic
def line_restore(*, actor: Actor, tournament_id: int, spot_id: int) -> AuditEvent:
    """Undo of a removal (``services/undo.py``): the player is back in line at the place
    they joined at, while registration is open; called at once if a place is open.

    A pass-over is not undone: its place went to the next in line, who was told.
    """
    tournament = lock_tournament(tournament_id)
    if reason := registration_closed_reason(tournament):
        raise ServiceError(reason)
    spot = _desk_spot(tournament, spot_id, None, (LineSpot.Status.REMOVED,))
    if LineSpot.objects.filter(tournament=tournament, status__in=LineSpot.OPEN_STATUSES,
                               name__iexact=spot.name).exists():
        raise ServiceError(_("%(name)s is already in line.") % {"name": spot.name})
    spot.status, spot.ended_at = LineSpot.Status.WAITING, None
    spot.save(update_fields=["status", "ended_at"])
    called = _call_next(tournament, now())
    return record(tournament=tournament, actor=actor, kind=AuditEvent.Kind.LINE_REMOVED_UNDONE,
                  payload={**_spot_row(spot), "called": [_spot_row(s) for s in called]})


def line_undo_blockers(events: list[AuditEvent]) -> dict[int, str]:
    """Removals that cannot be undone now: the spot is no longer removed, or the player is
    in line again by another spot. Two queries, none without a removal among ``events``."""
    removals = [e for e in events if e.kind == AuditEvent.Kind.LINE_REMOVED
                and not e.undone_by_id]
    if not removals:
        return {}
    status = dict(LineSpot.objects.filter(pk__in=[e.payload.get("spot") for e in removals])
                  .values_list("pk", "status"))
    in_line = {name_key(n) for n in LineSpot.objects.filter(
        tournament_id=removals[0].tournament_id, status__in=LineSpot.OPEN_STATUSES)
        .values_list("name", flat=True)}
    blockers = {}
    for event in removals:
        if status.get(event.payload.get("spot")) != LineSpot.Status.REMOVED:
            blockers[event.pk] = _("%(name)s is not out of the line any more.") % {
                "name": event.payload["name"]}
        elif name_key(event.payload["name"]) in in_line:
            blockers[event.pk] = _("%(name)s is already in line.") % {
                "name": event.payload["name"]}
    return blockers


def _end(spot: LineSpot, status: str, at: datetime) -> None:
    spot.status, spot.ended_at = status, at
    spot.save(update_fields=["status", "ended_at"])


def line_reconcile(*, tournament_id: int, at: datetime | None = None) -> AuditEvent | None:
    """The system's round for one line: close it once registration is closed, pass over
    the called whose time is up, call the next. One event for what it did, none when
    nothing was due; safe from any number of processes at once (the tournament's lock)."""
    if not LineSpot.objects.filter(tournament_id=tournament_id,
                                   status__in=LineSpot.OPEN_STATUSES).exists():
        return None
    with transaction.atomic():
        try:
            tournament = lock_tournament(tournament_id, bagged_ok=True)
        except ServiceError:
            return None
        at = at or now()
        open_spots = list(LineSpot.objects.filter(tournament=tournament,
                                                  status__in=LineSpot.OPEN_STATUSES))
        if reason := registration_closed_reason(tournament):
            LineSpot.objects.filter(pk__in=[s.pk for s in open_spots]).update(
                status=LineSpot.Status.CLOSED, ended_at=at)
            line_push_on_commit(open_spots, "closed")
            return record(tournament=tournament, actor=None, kind=AuditEvent.Kind.LINE_CLOSED,
                          payload={"told": [_spot_row(s) for s in open_spots], "why": reason},
                          at=at)
        expired = [s for s in open_spots if s.status == LineSpot.Status.CALLED
                   and s.call_deadline <= at]
        for spot in expired:
            _end(spot, LineSpot.Status.PASSED, spot.call_deadline)
        line_push_on_commit(expired, "passed")
        called = _call_next(tournament, at)
        if not expired and not called:
            return None
        kind = AuditEvent.Kind.LINE_PASSED if expired else AuditEvent.Kind.LINE_CALLED
        return record(tournament=tournament, actor=None, kind=kind,
                      payload={"passed": [_spot_row(s) for s in expired],
                               "called": [_spot_row(s) for s in called], "by": "deadline"},
                      at=at)


def line_due(spots: list[LineSpot], at: datetime) -> bool:
    """Whether a screen's read found a call whose time is up (the reconcile is then due)."""
    return any(s.status == LineSpot.Status.CALLED and s.call_deadline <= at for s in spots)


def line_follows(event: AuditEvent) -> None:
    """After a change that may open a place (or close registration) commits, the line
    follows: a task by name (run at once in tests, by a worker in full mode; beat
    makes good a lost one). Registered in ``TournamentConfig.ready()``."""
    if event.kind in OPENING_KINDS and event.tournament_id is not None:
        broker.enqueue_on_commit(LINE_RECONCILE, args=(event.tournament_id,))


@transaction.atomic
def line_push_subscribe(*, tournament_id: int, spot_id: int, endpoint: str, p256dh: str,
                        auth: str, language: str = "en") -> PushSubscription:
    """Keep this phone's subscription for its place in line (as ``push.push_subscribe`` for
    an entry; no audit event: asking for messages changes nothing in the tournament)."""
    spot = LineSpot.objects.filter(pk=spot_id, tournament_id=tournament_id).first()
    if spot is None:
        raise ServiceError(_("That place in the line does not exist."))
    languages = {code for code, _label in settings.LANGUAGES}
    language = language if language in languages else "en"
    subscription, created = PushSubscription.objects.update_or_create(
        spot=spot, endpoint=endpoint,
        defaults={"p256dh": p256dh, "auth": auth, "language": language, "entry": spot.entry})
    if created:
        extra = list(PushSubscription.objects.filter(spot=spot).order_by("-id")
                     .values_list("pk", flat=True)[SUBSCRIPTIONS_PER_ENTRY:])
        if extra:
            PushSubscription.objects.filter(pk__in=extra).delete()
    return subscription

"""The venue's rotation rules, set by the director (issue 24).

One row (``DealerRules``) for every tournament in the room: how long a down
lasts, how many downs a stint has at least and at most, how long a break is,
and house RP-7's quiet seconds before a level change or a break. A change
applies from the next push: the downs being dealt keep the time they were
given. Every bound is checked here too, so a bad value is refused with its
reason and nothing is written.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tables.domain.dealers import RULE_BOUNDS
from tables.services.dealers import venue_lock, version_bump_on_commit
from tournament.models import AuditEvent
from tournament.services.audit import record
from tournament.services.base import Actor, ServiceError

FIELDS = tuple(RULE_BOUNDS)


def _bounded(name: str, value: int) -> None:
    low, high = RULE_BOUNDS[name]
    if not low <= value <= high:
        messages = {
            "down_minutes": _("A down lasts %(low)s to %(high)s minutes."),
            "min_downs": _("A dealer deals %(low)s to %(high)s downs before a break."),
            "max_downs": _("A dealer deals %(low)s to %(high)s downs before a break."),
            "break_minutes": _("A break lasts %(low)s to %(high)s minutes."),
            "quiet_seconds": _("The quiet time before a level change is %(low)s to %(high)s "
                               "seconds."),
        }
        raise ServiceError(messages[name] % {"low": low, "high": high}, field=name)


@transaction.atomic
def dealer_rules_set(*, actor: Actor, down_minutes: int, min_downs: int, max_downs: int,
                     break_minutes: int, quiet_seconds: int) -> AuditEvent:
    """Director: change the rotation rules; they apply from the next push."""
    values = {"down_minutes": down_minutes, "min_downs": min_downs, "max_downs": max_downs,
              "break_minutes": break_minutes, "quiet_seconds": quiet_seconds}
    for name, value in values.items():
        _bounded(name, value)
    if max_downs < min_downs:
        raise ServiceError(_("The most downs before a break cannot be fewer than the least."),
                           field="max_downs")
    row = venue_lock()
    before = {name: getattr(row, name) for name in FIELDS}
    if before == values:
        raise ServiceError(_("Nothing changed: these are the rules already."))
    for name, value in values.items():
        setattr(row, name, value)
    row.save(update_fields=list(FIELDS))
    event = record(tournament=None, actor=actor, kind=AuditEvent.Kind.DEALER_RULES_CHANGED,
                   payload={"before": before, "after": values})
    version_bump_on_commit(event)
    return event

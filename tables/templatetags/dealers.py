"""The floor's view of the dealers: tables waiting for one (``{% load dealers %}``)."""

from __future__ import annotations

from django import template

from tables.models import Dealer, Table

register = template.Library()


@register.simple_tag
def tables_waiting_for_dealer(tournament) -> list[int]:
    """Numbers of the tournament's open tables with no dealer, once dealers are on shift
    (two queries at most, whatever the room)."""
    if not Dealer.objects.exclude(status=Dealer.Status.OFF).exists():
        return []
    dealt = Dealer.objects.filter(status=Dealer.Status.DEALING).values("table_id")
    return list(Table.objects.filter(tournament=tournament, status=Table.Status.OPEN)
                .exclude(pk__in=dealt).order_by("number").values_list("number", flat=True)[:50])

"""Chip-count figures for templates other screens own: one include line there, no view change."""

from __future__ import annotations

from django import template

from tournament.selectors.festival import entry_standing, flight_status, stack_figures

register = template.Library()


@register.simple_tag
def chip_standing(entry):
    """The entry's current count and rank among the counted stacks, or None."""
    return entry_standing(entry)


@register.simple_tag
def chip_figures(tournament, leaders: int = 5):
    """Chip leaders, average stack and the reconciliation line (fixed queries)."""
    return stack_figures(tournament, leaders=leaders)


@register.simple_tag
def day_status(tournament):
    return flight_status(tournament)

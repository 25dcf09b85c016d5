"""Template filters for moves: why a player moves, with the rule (``{% load moves %}``)."""

from django import template

from tables.explain import explain_move

register = template.Library()


@register.filter
def move_why(move) -> str:
    """A move's reason with its rule; a Move or a snapshot's move dict (``explain_move``)."""
    return explain_move(move)

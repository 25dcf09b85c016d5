"""Template filters for moves: why a player moves, with the rule (``{% load moves %}``)."""

from django import template

from tables.explain import move_why as why

register = template.Library()


@register.filter
def move_why(move) -> str:
    """A move's reason with its rule; a Move or a snapshot's move dict."""
    if isinstance(move, dict):
        return why(move.get("reason", ""), from_table=move["from"][0],
                   random_pick=move.get("random", False),
                   before_first_hand=move.get("before_first_hand", False))
    return move.why

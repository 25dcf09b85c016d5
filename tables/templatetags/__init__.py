"""The floor's template filters (``{% load moves %}``: why a move happened, from ``tables.explain``)."""

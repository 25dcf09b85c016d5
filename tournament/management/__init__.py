"""Management commands of the tournament app."""

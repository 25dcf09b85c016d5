"""A demo tournament for a first look (``bootstrap --demo`` runs it on an empty site)."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from tables.demo import load_demo


class Command(BaseCommand):
    help = "Load a demo tournament: a regular structure, four tables, 30 players seated, the clock running."

    def handle(self, *args, **options) -> None:
        tournament = load_demo()
        self.stdout.write(f"Demo tournament loaded: {tournament.name}")

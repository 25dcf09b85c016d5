"""Create an event from a JSON document written by export_event (or the director's download)."""

from __future__ import annotations

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.runtime.backup import BackupError
from tournament.runtime.event_backup import import_event


class Command(BaseCommand):
    help = "Import a tournament exported by export_event; prints the new tournament's id."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="the JSON document, or - for standard input")

    def handle(self, *args, file: str, **options) -> None:
        text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
        try:
            tournament_id = import_event(text)
        except BackupError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(str(tournament_id))

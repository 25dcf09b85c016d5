"""Write one event (tournament, structure, players, entries, payments, tables, moves, audit
log…) as one JSON document."""

from __future__ import annotations

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.runtime.backup import BackupError, write_private
from tournament.runtime.event_backup import export_event


class Command(BaseCommand):
    help = "Export one tournament as a JSON document (to a file readable by its owner only)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("tournament_id", type=int)
        parser.add_argument("-o", "--output", help="file to write (default: standard output)")

    def handle(self, *args, tournament_id: int, output: str | None, **options) -> None:
        try:
            text = export_event(tournament_id)
        except BackupError as error:
            raise CommandError(str(error)) from error
        if output:
            write_private(Path(output), text)
            self.stderr.write(f"Tournament {tournament_id} exported to {output} "
                              f"({len(text.encode()):,} bytes).")
        else:
            sys.stdout.write(text)

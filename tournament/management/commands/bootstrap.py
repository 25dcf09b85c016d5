"""First start: roles, a director account, and (with --demo) a demo tournament."""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import transaction

from tournament.models import Tournament
from tournament.permissions import ROLES
from tournament.runtime.backup import tighten_data_dir


class Command(BaseCommand):
    help = "Create the staff roles, a director account if none, and optionally a demo tournament."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--demo", action="store_true", help="Load a demo tournament if none exists.")
        parser.add_argument("--username", default="director")

    def handle(self, *args, demo: bool, username: str, **options) -> None:
        with transaction.atomic():
            for role in ROLES:
                Group.objects.get_or_create(name=role)
            User = get_user_model()
            if not User.objects.filter(is_superuser=True).exists():
                password = secrets.token_urlsafe(9)
                user = User.objects.create_superuser(username=username, email="", password=password)
                user.groups.add(Group.objects.get(name="Director"))
                self._hand_over(username, password)
        tighten_data_dir()
        if demo and not Tournament.objects.exists():
            # The demo fills the room too: the tables app's command (by name, as
            # the floor is built on this app and not the other way round).
            call_command("load_demo", stdout=self.stdout)

    def _hand_over(self, username: str, password: str) -> None:
        """Show the first password on an interactive terminal only; else write it to a file
        that only its owner can read. Service logs never see it."""
        if sys.stdout.isatty() and self.stdout._out is sys.stdout:
            self.stdout.write(self.style.SUCCESS(
                f"\nDirector account created.\n  user: {username}\n  password: {password}\n"
                "This password is shown once: write it down, then change it after logging in.\n"
            ))
            return
        path = password_file()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.unlink(missing_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(f"user: {username}\npassword: {password}\n")
        self.stdout.write(self.style.SUCCESS(
            f"\nDirector account created: user {username}. Its password is in {path} "
            "(readable by you only): read it, log in, change it, then delete the file.\n"
        ))


def password_file() -> Path:
    return Path(settings.DATA_DIR) / "director-password.txt"

"""First start: roles, a director account, and (with --demo) a demo tournament."""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand
from django.db import transaction

from tournament.models import Tournament
from tournament.permissions import ROLES


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
                self.stdout.write(self.style.SUCCESS(
                    f"\nDirector account created.\n  user: {username}\n  password: {password}\n"
                    "This password is shown once: write it down, then change it under /admin/.\n"
                ))
        if demo and not Tournament.objects.exists():
            from tournament.demo import load_demo

            tournament = load_demo()
            self.stdout.write(f"Demo tournament loaded: {tournament.name}")

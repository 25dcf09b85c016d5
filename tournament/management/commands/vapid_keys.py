"""Create the site's VAPID key pair for Web Push when it is missing (``make run`` does)."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from tournament.runtime.vapid import ensure_vapid_key, vapid_public_key


class Command(BaseCommand):
    help = "Create the VAPID key pair for Web Push in the data dir when missing (0600)."

    def handle(self, *args, **options) -> None:
        path = ensure_vapid_key()
        self.stdout.write(f"VAPID key: {path} (public key {vapid_public_key()[:16]}…)")

"""Celery tasks, one module per subject: thin, idempotent, version-guarded.

``clock`` (level boundaries, the reconcile, a player's seat message) and
``webhooks`` (deliveries), ``push`` (Web Push to players' phones), ``line`` (the alternate line's calls and pushes). Importing this package registers every task, under
the names the tasks had before they moved here (``tournament.tasks.notify_seat``,
``tournament.tasks_webhooks.webhook_deliver``...), so messages already queued
still run. Services send tasks by name (``tournament.runtime.broker``).
"""

from tournament.tasks import clock, line, push, webhooks  # noqa: F401  (registers the tasks)

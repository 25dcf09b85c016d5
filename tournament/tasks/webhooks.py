"""The webhook task: thin, idempotent (a delivered delivery is not sent again)."""

from __future__ import annotations

from celery import shared_task

from tournament.services.webhooks import webhook_attempt


@shared_task(name="tournament.tasks_webhooks.webhook_deliver",
             bind=True, acks_late=True, ignore_result=True, max_retries=None)
def webhook_deliver(self, delivery_id: int) -> str:
    """One attempt; a failure worth retrying comes back after an exponential backoff."""
    wait = webhook_attempt(delivery_id=delivery_id)
    if wait is None:
        return "done"
    # The attempt count lives in the delivery row, which stops the retries at MAX_ATTEMPTS.
    raise self.retry(countdown=wait)

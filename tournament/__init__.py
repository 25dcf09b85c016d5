"""The tournament app: events, clock, registration, money, rulings, and the site around
them (``config``, ``runtime``). Importing it loads the Celery app (``config.celery``).
"""

from tournament.config.celery import app as celery_app

__all__ = ("celery_app",)

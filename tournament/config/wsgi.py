import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.config.settings")
django_application = get_wsgi_application()

from tournament.config.wsgi_polls import HeldClockPolls  # noqa: E402  (needs Django set up)

# Unchanged clock polls (thousands of phones) answered before Django; all else is Django's.
application = HeldClockPolls(django_application)

"""The site's configuration, apart from the app's code.

Settings (``settings``, and ``settings_test`` for the test suite), the root
URLconf (``urls``), the WSGI and ASGI entry points (``wsgi``, ``asgi``), the
WSGI app that answers unchanged clock polls ahead of Django (``wsgi_polls``),
the Celery app (``celery``), the middleware and the template context
processors. The app's code imports nothing from here: Django and Celery load
these modules by the names in the settings (``tournament.config.settings``) and
in bin/run.
"""

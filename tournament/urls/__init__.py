"""The tournament app's routes, one module per subject.

``money``, ``festival``, ``staff``, ``leagues``, ``line`` (the alternate line) and
``reservations``, each included without a
prefix by the root URLconf, ``tournament.config.urls``, which also holds the
tournament's own routes (console, clock, registration, printouts) and includes
``tables.urls``, ``tournament.rulings.urls`` and ``tournament.api.urls``.
"""

"""The rulebook's calculators, one module per calculator.

Each module holds the whole calculator: its GET form (inputs bounded, parsed from
what the floor types), the function from the form's cleaned data to what its result
shows, its answer in one sentence for the rulings log, and its record, ``CALCULATOR``
(``base.Calculator``: slug, title and blurb in both languages, the rules it applies).
``tournament.rulings.registry`` finds every module here that has a ``CALCULATOR``:
the search page, the rule and guide pages, the calculator page and the rulings log
all read that one registry. ``base`` (the record) and ``fields`` (the form fields
they share) are not calculators.
"""

"""The tournament app's forms, one module per subject.

``tournaments`` (a tournament, its structure, its clock and logo), ``desk``
(registration), ``money`` (the cage, deals, bounties), ``festival`` (events,
flights, days) and ``accounts`` (staff). Every input a user types is bounded here.
"""

"""The rulings helper on the web: the Django half of the rulebook.

``calculators/`` (one module per calculator: its form, answer and record),
``registry`` (the one registry of them every screen reads), ``forms``, ``views``
(search, rule pages, the guide, calculators, what search learns), ``log`` (the
rulings log) and ``urls`` (included under ``/rulebook/``). The rules themselves, the rule
catalogue and its search stay pure in ``tournament.rulebook``, which imports
nothing from here.
"""

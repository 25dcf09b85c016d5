"""The rulings helper on the web: the Django half of the rulebook.

``calculators`` (each calculator's form and answer), ``forms``, ``views`` and
``urls`` (included under ``/rulebook/``). The rules themselves, the rule
catalogue and its search stay pure in ``tournament.rulebook``, which imports
nothing from here.
"""

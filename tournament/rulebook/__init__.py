"""The house rulebook, pure: rules and data, no Django (DESIGN §2, §4).

The engines (``betting`` with ``betting_round``, ``wager`` with ``wager_amounts``, ``pots``, ``hands``, ``showdown``,
``misdeal``, ``penalties``, ``button``, ``chiprace``), the rule catalogue as data
(``catalog``, ``data/``, ``editions``, ``floor_talk``) and its search
(``search``). Their web half, the rulings helper, is ``tournament.rulings``.
"""

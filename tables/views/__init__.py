"""The floor's views, one module per screen: ``floor`` (the floor console and its
dialogs: bust, move, balance, hand-for-hand), ``tables`` (the console's tables
added, removed, their button, break order and seats), ``players`` (a player's own
page), ``room`` (the room overview and the find
box), ``public`` (a player's seat and the seating chart) and ``dealers`` (the
dealer coordinator's board, a dealer's own page, the payroll export). Routes: ``tables.urls``.
"""

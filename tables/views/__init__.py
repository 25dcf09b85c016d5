"""The floor's views, one module per screen: ``floor`` (the floor console and its
dialogs: bust, move, balance, break), ``room`` (the room overview and the find
box) and ``public`` (a player's seat and the seating chart). Routes: ``tables.urls``.
"""

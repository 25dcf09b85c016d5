"""Table actions: the only code that writes tables, seats and moves.

``busts`` (a bust) and ``busts_undo`` (its undo and redo), ``floor`` (moves confirmed
or made by hand, a balance, hand-for-hand), ``plans`` (a plan carried out, and the
buttons it waits for), ``buttons`` (a tapped button, hand-for-hand's buttons moved
on), ``seating``, ``reseat``, ``tables``, ``dealers``, ``push``, ``undo``; ``state``
reads the room as the pure engines see it (seats, the level in play, button ages).
"""

from tables.services.seating import seat_entries  # noqa: F401
from tables.services.tables import table_set_button, tables_add, tables_remove  # noqa: F401

"""Table actions: the only code that writes tables, seats and moves."""

from tables.services.seating import seat_entries  # noqa: F401
from tables.services.tables import table_set_button, tables_add, tables_remove  # noqa: F401

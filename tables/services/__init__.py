"""Table actions: the only code that writes tables, seats and moves."""

from tables.services.tables import tables_add, table_set_button  # noqa: F401

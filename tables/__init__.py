"""The floor: tables, seats, moves and dealers, built on the tournament app (imports run
tables -> tournament only; the tournament reaches the floor through its port)."""

"""What the floor shows, read in a fixed number of queries whatever the field size:
one module per subject (the floor console, a player's own page, the dealers)."""

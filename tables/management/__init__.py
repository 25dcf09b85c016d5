"""Management commands of the floor."""

"""Django format overrides per language (dates and numbers as each reader writes them)."""

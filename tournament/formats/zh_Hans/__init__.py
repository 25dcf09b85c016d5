"""Date and number formats for Simplified Chinese."""

"""Template tags and filters of the tournament's pages: event labels (``AuditEvent.Kind``), figures, live roots."""

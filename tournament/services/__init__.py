"""Services: the only code that writes tournament state (DESIGN §2).

One function per user action, keyword-only, typed, with an ``actor``; each runs
in one transaction, locks the tournament row, calls the domain, persists, writes
one AuditEvent and schedules side effects on commit.
"""

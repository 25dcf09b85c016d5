"""The runtime plumbing: what keeps the site running when Redis or the broker is away.

``cache`` (the version counters and snapshot readers every screen polls) over
``cache_backend`` (a Redis cache that never raises), ``broker`` (sending Celery
tasks by name, never failing a committed change), ``in_process`` (embedded mode's
worker thread, with retries after their backoff), ``outages`` (the shared
"is it away, and since when" bookkeeping), ``heartbeats`` (which processes are
alive), ``backup`` (the database backup), ``event_backup`` (one event's export and import) and
``log_filters`` (a 403 logged as one line).
"""

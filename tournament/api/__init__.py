"""The read-only data API, version 1 (``/api/v1/``): JSON for overlays, signage and sites."""

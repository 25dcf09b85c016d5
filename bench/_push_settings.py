"""Settings for bench/push_vs_poll.py: the site's, with `_push_site` (the site plus an SSE stream) as URLconf."""

from tournament.config.settings import *  # noqa: F403

ROOT_URLCONF = "_push_site"
